import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The landing page of docs/product.md, section 1 and the header and footer of its public layout.
 */

const firstTestimonial = 'Fatima Zahra Benali';
const secondTestimonial = 'Youssef El Amrani';
const thirdTestimonial = 'Khadija Ouazzani';
const lastTestimonial = 'Salma Berrada';

/**
 * A signed-in visitor as the app stores one: the token the header looks for, and its user,
 * without which the session provider drops a lone token as a broken leftover.
 */
async function storeSignedInSession(page: Page) {
  await page.addInitScript(() => {
    window.localStorage.setItem('token', 'stored-token');
    window.localStorage.setItem(
      'user',
      JSON.stringify({ id: 'user-1', email: 'shop@example.ma', role: 'USER', userType: 'COMPANY' }),
    );
  });
}

test('shows the hero, the three steps, the four features and the contact section', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Atlas Freight · Delivery and freight across Morocco');

  const hero = page.locator('#home');
  await expect(hero.getByRole('heading', { level: 1 })).toHaveText(
    'Parcels and freight across Morocco, delivered with care.',
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(hero.getByRole('link', { name: 'Start Now' })).toHaveAttribute('href', '/register');

  const steps = page.locator('#how-it-works').getByRole('listitem');
  await expect(steps).toHaveCount(3);
  for (const [index, step] of ['Order processing', 'Packaging', 'Delivery'].entries()) {
    await expect(steps.nth(index).getByRole('heading', { level: 3 })).toHaveText(step);
  }

  const features = page.locator('#features').getByRole('listitem');
  await expect(features).toHaveCount(4);
  for (const [index, feature] of [
    'Fast and reliable',
    'Instant notifications',
    'Live map tracking',
    'Secure and private',
  ].entries()) {
    await expect(features.nth(index).getByRole('heading', { level: 3 })).toHaveText(feature);
  }
  await expect(features.nth(1)).toContainText('email or SMS');

  const contact = page.locator('#contact-us');
  await expect(contact.getByRole('heading', { name: 'Talk to our team in Agadir' })).toBeVisible();
  await expect(contact.getByText('Agadir, Morocco')).toBeVisible();
  await expect(contact.getByRole('link', { name: 'contact@atlasfreight.example' })).toHaveAttribute(
    'href',
    'mailto:contact@atlasfreight.example',
  );
  await expect(contact.getByRole('link', { name: '+212 5 28 00 00 00' })).toHaveAttribute(
    'href',
    'tel:+212528000000',
  );

  await page.screenshot({ path: testInfo.outputPath('landing.png'), fullPage: true });
  await page.screenshot({ path: 'test-results/landing.png', fullPage: true });
});

test('Start Now opens the sign-up page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Start Now' }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test('a visitor sees Login and Get Started in the header', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  await expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute(
    'href',
    '/register/company',
  );
  await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(header.getByRole('link', { name: 'Atlas Freight' })).toHaveAttribute('href', '/');
});

test('a stored token shows Dashboard instead of Login and Get Started', async ({ page }) => {
  await storeSignedInSession(page);
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'href',
    '/dashboard',
  );
  await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(header.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
});

test('the footer links to exactly the eight pages of the specification', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link')).toHaveCount(8);
  const hrefs = await footer
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs.sort()).toEqual(
    [
      '/',
      '/services',
      '/track-shipment',
      '/contact-us',
      '/privacy-policy',
      '/about',
      '/team',
      '/faq',
    ].sort(),
  );
  await expect(footer.getByText('Agadir, Morocco')).toBeVisible();
  await expect(footer.getByText(/© \d{4} Atlas Freight/)).toBeVisible();
});

test('the section links scroll to their section, also from another page', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText([
    'Home',
    'How it works',
    'Features',
    'Contact us',
  ]);

  await nav.getByRole('link', { name: 'Features', exact: true }).click();
  await expect(page).toHaveURL(/\/#features$/);
  await expect(
    page.getByRole('heading', { name: 'Everything you need to ship with confidence' }),
  ).toBeInViewport();
  await expect(page.getByRole('heading', { level: 1 })).not.toBeInViewport();

  await nav.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();

  await page.goto('/about');
  await nav.getByRole('link', { name: 'Contact us', exact: true }).click();
  await expect(page).toHaveURL(/\/#contact-us$/);
  await expect(page.getByRole('heading', { name: 'Talk to our team in Agadir' })).toBeInViewport();
});

test('the landing page loads no dashboard or admin code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('.js')) scripts.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => /dashboard|admin/.test(url))).toEqual([]);
});

test.describe('testimonials carousel', () => {
  const carousel = (page: Page) => page.getByRole('region', { name: 'Customer testimonials' });

  test('Next and Previous change the testimonial and wrap at both ends', async ({ page }) => {
    await page.goto('/');
    const region = carousel(page);
    await expect(region.getByText(firstTestimonial)).toBeVisible();

    await region.getByRole('button', { name: 'Next testimonial' }).click();
    await expect(region.getByText(secondTestimonial)).toBeVisible();
    await expect(region.getByText(firstTestimonial)).toBeHidden();

    await region.getByRole('button', { name: 'Previous testimonial' }).click();
    await expect(region.getByText(firstTestimonial)).toBeVisible();

    // Before the first comes the last…
    await region.getByRole('button', { name: 'Previous testimonial' }).click();
    await expect(region.getByText(lastTestimonial)).toBeVisible();
    await expect(region.getByRole('button', { name: 'Show testimonial 5' })).toHaveAttribute(
      'aria-current',
      'true',
    );

    // …and after the last comes the first again.
    await region.getByRole('button', { name: 'Next testimonial' }).click();
    await expect(region.getByText(firstTestimonial)).toBeVisible();
    await expect(region.getByText(lastTestimonial)).toBeHidden();

    await region.getByRole('button', { name: 'Show testimonial 3' }).click();
    await expect(region.getByText(thirdTestimonial)).toBeVisible();
  });

  test('advances every 5 seconds on its own', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const region = carousel(page);
    await expect(region.getByText(firstTestimonial)).toBeVisible();

    await page.clock.runFor(4000);
    await expect(region.getByText(firstTestimonial)).toBeVisible();
    await page.clock.runFor(1000);
    await expect(region.getByText(secondTestimonial)).toBeVisible();
    await page.clock.runFor(5000);
    await expect(region.getByText(thirdTestimonial)).toBeVisible();
  });

  test('pauses while the pointer is on it and when stopped', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const region = carousel(page);
    await expect(region.getByText(firstTestimonial)).toBeVisible();

    // aria-live turns polite once rotation has stopped, so the time runs only after that.
    const slides = region.locator('[aria-live]');
    await expect(slides).toHaveAttribute('aria-live', 'off');
    await region.getByText(firstTestimonial).hover();
    await expect(slides).toHaveAttribute('aria-live', 'polite');
    await page.clock.runFor(10_000);
    await expect(region.getByText(firstTestimonial)).toBeVisible();

    await region.getByRole('button', { name: 'Stop automatic rotation' }).click();
    await page.mouse.move(0, 0);
    await page.getByRole('heading', { level: 1 }).click();
    await expect(region.getByRole('button', { name: 'Start automatic rotation' })).toBeVisible();
    await expect(slides).toHaveAttribute('aria-live', 'polite');
    await page.clock.runFor(10_000);
    await expect(region.getByText(firstTestimonial)).toBeVisible();
    await expect(region.getByRole('button', { name: 'Start automatic rotation' })).toBeVisible();
  });

  test('does not move on its own when reduced motion is asked for', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    const region = carousel(page);
    await expect(region.getByText(firstTestimonial)).toBeVisible();
    await page.clock.runFor(15_000);
    await expect(region.getByText(firstTestimonial)).toBeVisible();
    await expect(region.getByRole('button', { name: /automatic rotation/ })).toHaveCount(0);

    await region.getByRole('button', { name: 'Next testimonial' }).click();
    await expect(region.getByText(secondTestimonial)).toBeVisible();
  });
});
