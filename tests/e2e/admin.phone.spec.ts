import { BOUNCING_DOMAIN } from './bouncing-mail';
import { expect, test } from './fixtures';
import { placeOrder, uniqueEmail } from './support/app-api';
import { expectNoHorizontalScroll, searchList } from './support/page-checks';

/** The back office on a 360 px phone (docs/product.md, "Screens and look (UI)", "Phones first"). */

test('the burger opens the slide-in menu, which closes on Escape, backdrop and navigation', async ({
  page,
  admin: _signedIn,
}) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  // The desktop sidebar is out of the way on a phone.
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();

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
  await menu.getByRole('link', { name: 'Trucks Active' }).click();
  await expect(page).toHaveURL(/\/admin\/trucks-active$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Trucks Active' })).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test('the lists turn into cards on a phone and nothing scrolls sideways', async ({
  page,
  accounts,
  admin: _signedIn,
}) => {
  const customer = await accounts.customer({ prefix: 'phone-admin' });
  const order = await placeOrder(page.request, customer.token, 'Rabat');

  await page.goto('/admin/orders');
  await searchList(page, order.trackingNumber);
  const cards = page.getByRole('list', { name: 'All orders' });
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  await expect(cards.getByRole('listitem')).toContainText(customer.email);
  await expect(page.getByRole('table')).toBeHidden();
  await expectNoHorizontalScroll(page);

  await page.goto('/admin/confirmation-order');
  await searchList(page, order.trackingNumber);
  const pending = page.getByRole('list', { name: 'Pending orders' }).getByRole('listitem');
  await pending.getByRole('button', { name: /^Confirm order/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Confirm order/ });
  await expect(dialog).toBeVisible();
  await expectNoHorizontalScroll(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/admin');
  await expect(page.getByRole('region', { name: 'Orders by status' })).toBeVisible();
  await expectNoHorizontalScroll(page);

  await page.goto('/admin/add-new');
  await expect(page.getByLabel('Full Name')).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test('Messages shows cards with Retry on a phone, and the top bar says the updates are live', async ({
  page,
  accounts,
  admin: _signedIn,
}) => {
  // The e2e SMTP catcher bounces this domain (550): the customer's first mail fails for real.
  const email = uniqueEmail('phone').replace('@atlas.test', `@${BOUNCING_DOMAIN}`);
  const { token } = await accounts.customer({ email });
  await placeOrder(page.request, token, 'Oujda');

  const card = page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
  await expect(async () => {
    await page.goto('/admin/messages');
    await searchList(page, email);
    await expect(card.getByText('Failed', { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Email');
  await expect(card).toContainText('550 Mailbox unavailable');
  await expect(
    card.getByRole('button', { name: 'Retry the order-placed message to p***@bounce.atlas.test' }),
  ).toBeVisible();
  await expect(page.getByRole('table')).toBeHidden();
  await expect(page.getByRole('banner').getByRole('status', { name: 'Live updates' })).toHaveText(
    'Live',
  );
  await expectNoHorizontalScroll(page);
});
