import { expect, test } from './fixtures';
import { placeOrders, sevenDestinations } from './support/app-api';
import { expectNoHorizontalScroll } from './support/page-checks';

/**
 * The customer dashboard on a 360 px phone (docs/product.md, section 2,
 * docs/product.md (UI) "Phones first").
 */

test('the burger opens the slide-in menu, which closes on Escape, backdrop and navigation', async ({
  page,
  customer,
}) => {
  await placeOrders(page.request, customer.token, sevenDestinations);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // The desktop sidebar is out of the way on a phone.
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden();

  const burger = page.getByRole('button', { name: 'Open menu' });
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await burger.click();
  await expect(menu).toBeVisible();
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
  // Tab stays inside the open panel.
  await page.keyboard.press('Shift+Tab');
  await expect(menu.getByRole('link', { name: 'Atlas Freight home page' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(menu.getByRole('button', { name: 'Logout' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('link', { name: 'Atlas Freight home page' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(burger).toBeFocused();

  await burger.click();
  await expect(menu).toBeVisible();
  // A tap beside the panel, on the backdrop.
  await page.mouse.click(340, 400);
  await expect(menu).toBeHidden();

  await burger.click();
  await menu.getByRole('link', { name: 'Tracking' }).click();
  await expect(page).toHaveURL(/\/dashboard\/tracking$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Tracking' })).toBeVisible();
});

test('the slide-in menu works without motion too', async ({ page, customer }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await placeOrders(page.request, customer.token, sevenDestinations);
  await page.goto('/dashboard/orders');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(menu).toBeHidden();
});

test('tracking shows cards on a phone and nothing scrolls sideways', async ({ page, customer }) => {
  const orders = await placeOrders(page.request, customer.token, sevenDestinations);
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
  await expectNoHorizontalScroll(page);

  await page.goto('/dashboard/tracking');
  const cards = page.getByRole('list', { name: 'Orders to track' });
  await expect(cards.getByRole('listitem')).toHaveCount(6);
  await expect(page.getByRole('table')).toBeHidden();
  // Phones show the last 10 characters of the id.
  const newest = orders.at(-1)!;
  await expect(cards.getByRole('listitem').first().getByRole('link')).toHaveText(
    newest.id.slice(-10),
  );
  await expect(page.getByRole('navigation', { name: 'Pages' })).toBeVisible();
  await expectNoHorizontalScroll(page);

  await page.goto('/dashboard/orders');
  const firstOrder = page.getByRole('list', { name: 'Orders' }).getByRole('listitem').first();
  await firstOrder.getByRole('button', { name: /Details/ }).click();
  await expect(firstOrder.getByText('Shipment range')).toBeVisible();
  await expectNoHorizontalScroll(page);

  await page.goto(`/orders/${newest.id}`);
  await expect(page.getByRole('region', { name: 'Status timeline' })).toBeVisible();
  await expectNoHorizontalScroll(page);

  await page.goto('/dashboard/profile');
  await expect(page.getByRole('region', { name: 'Company' })).toBeVisible();
  await expectNoHorizontalScroll(page);
});
