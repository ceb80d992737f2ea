import type { AdminMessage } from '../../src/shared/schemas/message-schemas';
import { openCustomer, placeOrder, searchList, signInAsAdmin } from './admin-helpers';
import { expectNoHorizontalScroll } from './dashboard-helpers';
import { expect, test } from './fixtures';

/** The back office on a 360 px phone (UI brief "Phones first"). */

test('the burger opens the slide-in menu, which closes on Escape, backdrop and navigation', async ({
  page,
}) => {
  await signInAsAdmin(page);
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
  browser,
}) => {
  const customer = await openCustomer(browser, 'phone-admin');
  const order = await placeOrder(customer.page.request, customer.token, 'Rabat');
  await signInAsAdmin(page);

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
  await customer.page.context().close();
});

test('Messages shows cards with Retry on a phone, and the top bar says the updates are live', async ({
  page,
}) => {
  // A failed message with a long error: the e2e server's mail never fails (see admin-messages.spec.ts).
  const failed: AdminMessage = {
    id: '5d0c7a8e-9b1f-4c2d-8e3a-6f7b8c9d0e1f',
    channel: 'sms',
    recipient: '+*********78',
    template: 'receiver-dispatched',
    status: 'failed',
    attempts: 5,
    lastError: 'SMS gateway unreachable: connect ECONNREFUSED 10.20.30.40:443 after 15000 ms',
    createdAt: '2026-05-04T08:30:00.000Z',
    updatedAt: '2026-05-04T09:10:00.000Z',
    nextAttemptAt: null,
    sentAt: null,
  };
  await page.route('**/api/admin/messages?*', (route) =>
    route.fulfill({ json: [failed], headers: { 'x-total-count': '1' } }),
  );
  await signInAsAdmin(page);
  await page.goto('/admin/messages');

  const card = page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('SMS');
  await expect(card).toContainText('ECONNREFUSED');
  await expect(
    card.getByRole('button', { name: 'Retry the receiver-dispatched message to +*********78' }),
  ).toBeVisible();
  await expect(page.getByRole('table')).toBeHidden();
  await expect(page.getByRole('banner').getByRole('status', { name: 'Live updates' })).toHaveText(
    'Live',
  );
  await expectNoHorizontalScroll(page);
});
