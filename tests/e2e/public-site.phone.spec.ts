import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The public site on a 360 × 780 phone (docs/product.md, section 2; docs/product.md (UI):
 * every screen works at 360 px).
 */

const pages: [string, string][] = [
  ['/', 'Parcels and freight across Morocco, delivered with care.'],
  ['/about', 'About Us'],
  ['/services', 'Our Services'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/faq', 'FAQ'],
  ['/team', 'Our Team'],
  ['/track-shipment', 'Track Shipment'],
  ['/contact-us', 'Contact Us'],
  ['/no-such-page', 'Page Not Found'],
];

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

async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

for (const [path, heading] of pages) {
  test(`${path} fits the screen without horizontal scrolling`, async ({ page }, testInfo) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expectNoHorizontalScroll(page);
    const name = path === '/' ? 'landing' : path.slice(1);
    await page.screenshot({ path: testInfo.outputPath(`${name}-phone.png`), fullPage: true });
    if (path === '/')
      await page.screenshot({ path: 'test-results/landing-phone.png', fullPage: true });
  });
}

test('the burger opens the menu, its links work and Escape closes it', async ({ page }) => {
  await page.goto('/about');
  const burger = page.getByRole('button', { name: 'Menu' });
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeHidden();

  await burger.tap();
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  const menu = page.locator(`#${await burger.getAttribute('aria-controls')}`);
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  await expect(menu.getByRole('link', { name: 'Get Started' })).toHaveAttribute(
    'href',
    '/register/company',
  );

  await menu.getByRole('link', { name: 'Features', exact: true }).tap();
  await expect(page).toHaveURL(/\/#features$/);
  await expect(menu).toBeHidden();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await expect(
    page.getByRole('heading', { name: 'Everything you need to ship with confidence' }),
  ).toBeInViewport();

  await burger.tap();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(burger).toBeFocused();

  await burger.tap();
  await menu.getByRole('link', { name: 'Get Started' }).tap();
  await expect(page).toHaveURL(/\/register\/company$/);
});

test('a stored token shows Dashboard in the menu', async ({ page }) => {
  await storeSignedInSession(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).tap();
  const menu = page.locator('#public-mobile-menu');
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(menu.getByRole('link', { name: 'Login' })).toHaveCount(0);
});

test('the carousel buttons are usable on a phone', async ({ page }) => {
  await page.goto('/');
  const region = page.getByRole('region', { name: 'Customer testimonials' });
  await expect(region.getByText('Fatima Zahra Benali')).toBeVisible();
  const next = region.getByRole('button', { name: 'Next testimonial' });
  const box = await next.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(40);
  expect(box?.height).toBeGreaterThanOrEqual(40);

  await next.tap();
  await expect(region.getByText('Youssef El Amrani')).toBeVisible();
  await expect(region.getByText('2 / 5')).toBeVisible();
  await region.getByRole('button', { name: 'Previous testimonial' }).tap();
  await region.getByRole('button', { name: 'Previous testimonial' }).tap();
  await expect(region.getByText('Salma Berrada')).toBeVisible();
  await expectNoHorizontalScroll(page);
});
