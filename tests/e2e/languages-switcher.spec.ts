import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { bearer } from './support/app-api';
import { stringOf, stringsOf } from './support/translations';

/**
 * The language switcher (docs/decisions/0010-languages.md): the choice changes the screen at
 * once, survives a reload, and a signed-in customer's choice is saved on the account.
 */

const ar = stringsOf('ar');
const fr = stringsOf('fr');

/** Requests for the Arabic face's files (its CSS and fonts carry its package's name). */
function watchArabicFont(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (/noto-sans-arabic/i.test(request.url())) requested.push(request.url());
  });
  return requested;
}

test('a visitor switches to Arabic in the header and keeps it after a reload', async ({ page }) => {
  const arabicFont = watchArabicFont(page);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // An English visitor never downloads the Arabic face.
  expect(arabicFont).toEqual([]);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page
    .getByRole('banner')
    .getByRole('combobox', { name: 'Language' })
    .first()
    .selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect
    .poll(() => arabicFont.length, { message: 'the Arabic face loads' })
    .toBeGreaterThan(0);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(
    page
      .getByRole('banner')
      .getByRole('combobox', { name: stringOf(ar, 'ui.language') })
      .first(),
  ).toHaveValue('ar');
});

test("a customer's choice on the Profile page is saved on the account", async ({
  page,
  request,
  customer,
}) => {
  const { token } = customer;
  await page.goto('/dashboard/profile');
  await page.getByRole('main').getByRole('combobox', { name: 'Language' }).selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    stringOf(fr, 'dashboard.profile.title'),
  );
  await expect
    .poll(async () => {
      const response = await request.get('/api/auth/profile', { headers: bearer(token) });
      return ((await response.json()) as { user: { locale: string } }).user.locale;
    })
    .toBe('fr');
});
