import { expectHandledHttpError } from './support/page-checks';
import { expect, test } from './fixtures';

/** The static pages of docs/product.md, section 2 ("Public layout"), on a desktop screen. */

test('About Us', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Us');
  await expect(page).toHaveTitle('About Us · Atlas Freight');
  await expect(page.getByRole('heading', { name: 'Our story' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Agadir');
});

test('Our Services lists exactly four services', async ({ page }) => {
  await page.goto('/services');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Services');
  await expect(page).toHaveTitle('Our Services · Atlas Freight');
  const services = page.getByRole('list', { name: 'Services' }).getByRole('listitem');
  await expect(services.getByRole('heading')).toHaveText([
    'City-to-city parcel delivery',
    'Freight truck transport',
    'Express and urgent delivery',
    'Real-time tracking',
  ]);
});

test('Privacy Policy covers data, card payments, retention and rights under law 09-08', async ({
  page,
}) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  await expect(page).toHaveTitle('Privacy Policy · Atlas Freight');
  const main = page.getByRole('main');
  for (const heading of [
    'Data we collect',
    'Card payments',
    'How long we keep it',
    'Your rights under law 09-08',
  ]) {
    await expect(main.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
  }
  await expect(main).toContainText('never stores your card data');

  await page
    .getByRole('navigation', { name: 'On this page' })
    .getByRole('link', { name: 'Your rights under law 09-08' })
    .click();
  await expect(page).toHaveURL(/\/privacy-policy#your-rights$/);
  await expect(main.getByRole('heading', { name: 'Your rights under law 09-08' })).toBeInViewport();
});

test('FAQ answers exactly three questions in disclosures', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('FAQ');
  await expect(page).toHaveTitle('FAQ · Atlas Freight');
  const questions = page.getByRole('main').locator('details > summary');
  await expect(questions).toHaveText([
    'How do I track my shipment?',
    'How can I contact support?',
    'What services do you offer?',
  ]);

  const answer = page.getByText('write to contact@atlasfreight.example or call +212 5 28 00 00 00');
  await expect(answer).toBeHidden();
  await questions.nth(1).click();
  await expect(answer).toBeVisible();
});

test('Our Team shows three members with their roles and social links', async ({ page }) => {
  await page.goto('/team');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Team');
  await expect(page).toHaveTitle('Our Team · Atlas Freight');
  const members = page.getByRole('main').getByRole('list').first().locator('> li');
  await expect(members).toHaveCount(3);
  for (const [index, role] of ['Designer', 'Front-End', 'Back-End'].entries()) {
    await expect(members.nth(index).getByText(role, { exact: true })).toBeVisible();
    await expect(members.nth(index).getByRole('link', { name: /website$/ })).toHaveAttribute(
      'href',
      /^https:\/\//,
    );
    await expect(members.nth(index).getByRole('link', { name: /^Email / })).toHaveAttribute(
      'href',
      /^mailto:/,
    );
  }
});

test('Contact Us shows Agadir, Morocco and thanks the sender without calling the API', async ({
  page,
}) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api')) apiCalls.push(request.url());
  });
  await page.goto('/contact-us');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
  await expect(page).toHaveTitle('Contact Us · Atlas Freight');
  await expect(page.getByRole('main').getByText('Agadir, Morocco')).toBeVisible();

  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  await expect(page.getByLabel('Your name', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );

  await page.getByLabel('Your name', { exact: true }).fill('Fatima Zahra');
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page
    .getByLabel('Message', { exact: true })
    .fill('I need a truck from Agadir to Rabat next week.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();

  await page.getByLabel('Email', { exact: true }).fill('fatima@example.ma');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(
    page.getByText('Thank you for your message, Fatima Zahra. We will get back to you soon.'),
  ).toBeFocused();
  expect(apiCalls).toEqual([]);
});

test('Track Shipment asks for a number, then looks it up and reports an unknown one', async ({
  page,
  pageErrors,
}) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api')) apiCalls.push(url.pathname);
  });
  await page.goto('/track-shipment');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Track Shipment');
  await expect(page).toHaveTitle('Track Shipment · Atlas Freight');

  await page.getByRole('button', { name: 'Track' }).click();
  await expect(page.getByText('Please enter a tracking number.')).toBeVisible();
  await expect(page.getByLabel('Tracking number')).toHaveAttribute('aria-invalid', 'true');
  expect(apiCalls).toEqual([]);

  await page.getByLabel('Tracking number').fill('  ma-2222-2222 ');
  await page.getByLabel('Tracking number').press('Enter');
  await expect(page.getByText('No shipment found with that number')).toBeVisible();
  await expectHandledHttpError(pageErrors, 404);
  await expect(page).toHaveURL(/\/track-shipment\?number=MA-2222-2222$/);
  await expect(page.getByText('Please enter a tracking number.')).toBeHidden();
  expect(apiCalls).toEqual(['/api/track/MA-2222-2222']);
});

test('an unknown path shows Page Not Found with a working link home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page).toHaveTitle('Page Not Found · Atlas Freight');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();

  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('#home').getByRole('heading', { level: 1 })).toBeVisible();
});

test('each footer link opens its page at the top', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const pages: [string, string, RegExp][] = [
    ['Our Services', 'Our Services', /\/services$/],
    ['Track Shipment', 'Track Shipment', /\/track-shipment$/],
    ['Contact Us', 'Contact Us', /\/contact-us$/],
    ['Privacy Policy', 'Privacy Policy', /\/privacy-policy$/],
    ['About Us', 'About Us', /\/about$/],
    ['Our Team', 'Our Team', /\/team$/],
    ['FAQ', 'FAQ', /\/faq$/],
    ['Home', 'Parcels and freight across Morocco, delivered with care.', /\/$/],
  ];
  for (const [link, heading, url] of pages) {
    await footer.getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  }
});

test('the mobile menu is hidden on a desktop screen', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  await expect(page.getByRole('banner').getByRole('navigation', { name: 'Main' })).toBeVisible();
});
