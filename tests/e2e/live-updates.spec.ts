import type { Page } from '@playwright/test';
import { collectPageErrors, expect, test } from './fixtures';
import { bearer, placeOrder } from './support/app-api';
import { searchList } from './support/page-checks';

/**
 * Live updates (GET /api/events and the public /api/track/:number/events): what one person does
 * shows on another person's open screens with no reload. Each test makes its own customer, order
 * and truck, so it sees only its own events whatever runs beside it.
 */

const shortId = (id: string) => `#${id.slice(0, 10)}…`;

const liveIndicator = (page: Page) =>
  page.getByRole('banner').getByRole('status', { name: 'Live updates' });

/** A mark only this document holds: a reload or a navigation would lose it. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    document.documentElement.dataset.liveTestMark = 'still-here';
  });
}

async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => document.documentElement.dataset.liveTestMark)).toBe(
    'still-here',
  );
}

test('an order confirmed in the back office goes on the road on the customer’s open screens', async ({
  page,
  pageErrors,
  admin,
  accounts,
}) => {
  const customer = await accounts.customerInBrowser('live');
  const order = await placeOrder(customer.page.request, customer.token, 'Agadir');
  const { token: adminToken } = admin;
  const { plate } = await accounts.driver(adminToken, 'Rachid Ouali');

  const orderPage = customer.page;
  const dashboard = await orderPage.context().newPage();
  collectPageErrors(orderPage, pageErrors);
  collectPageErrors(dashboard, pageErrors);

  await orderPage.goto(`/orders/${order.id}`);
  await expect(orderPage.getByRole('heading', { level: 1, name: 'Order details' })).toBeVisible();
  const timeline = orderPage.getByRole('region', { name: 'Status timeline' });
  await expect(timeline).toContainText('Pending');
  await expect(timeline).not.toContainText('On the road');

  await dashboard.goto('/dashboard');
  const details = dashboard.getByRole('region', { name: 'Shipping details' });
  await expect(details.getByText('Pending')).toBeVisible();
  const nav = dashboard.getByRole('navigation', { name: 'Dashboard' });
  // Placing the order left one unread notification.
  await expect(nav.getByRole('link', { name: 'Notifications 1 unread' })).toBeVisible();

  // Both streams must be open before the event, or it would happen before they listen.
  await expect(liveIndicator(orderPage)).toHaveText('Live');
  await expect(liveIndicator(dashboard)).toHaveText('Live');
  await markDocument(orderPage);
  await markDocument(dashboard);

  await page.goto('/admin/confirmation-order');
  await expect(liveIndicator(page)).toHaveText('Live');
  await searchList(page, order.trackingNumber);
  await page.getByRole('button', { name: `Confirm order ${shortId(order.id)}` }).click();
  const dialog = page.getByRole('dialog', { name: `Confirm order ${shortId(order.id)}` });
  await dialog.getByRole('radio', { name: new RegExp(plate) }).check();
  await dialog.getByRole('button', { name: 'Confirm and assign' }).click();
  await expect(
    page.locator('.Toastify').getByRole('alert').filter({ hasText: 'Order confirmed' }),
  ).toBeVisible();

  await expect(timeline).toContainText('On the road');
  await expect(orderPage.getByRole('main').getByText(plate, { exact: true })).toBeVisible();
  await expect(details.getByText('On the road')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Notifications 2 unread' })).toBeVisible();
  await expectSameDocument(orderPage);
  await expectSameDocument(dashboard);

  // Reading them clears the badge.
  await nav.getByRole('link', { name: /^Notifications/ }).click();
  await dashboard.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(nav.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await orderPage.context().close();
});

test('Track Shipment follows a shipment live, without signing in', async ({
  page,
  request,
  accounts,
}) => {
  const customer = await accounts.customerInBrowser('live-track');
  const order = await placeOrder(customer.page.request, customer.token, 'Fes');
  await customer.page.context().close();
  const { token: adminToken } = await accounts.admin();

  const streamOpened = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/track/${order.trackingNumber}/events`) &&
      response.headers()['content-type']?.startsWith('text/event-stream') === true,
  );
  await page.goto(`/track-shipment?number=${order.trackingNumber}`);
  const result = page.getByRole('main');
  await expect(result.getByText('Pending').first()).toBeVisible();
  await expect(result.getByText('On the road')).toHaveCount(0);
  await streamOpened;
  await markDocument(page);

  const { plate, driverId } = await accounts.driver(adminToken, 'Hassan Idrissi');
  const confirmed = await request.put(`/api/admin/orders/${order.id}/update-status`, {
    headers: bearer(adminToken),
    data: { status: 'IN_TRANSIT', truckNumber: plate, driverId },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  await expect(result.getByText('On the road').first()).toBeVisible();
  await expectSameDocument(page);
});
