import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import { collectPageErrors, expect, test } from './fixtures';
import { dispatchRunThroughApi, placeOrders, type TestDriver } from './support/app-api';
import { waitForSms } from './support/catchers';
import { expectTranslatedScreen } from './support/translations';

/**
 * The driver's run on a phone (docs/decisions/0024-runs-and-planning.md, "The driver's run"): the
 * office dispatches three orders as one run; the driver works its stops in order, next first,
 * picks the three parcels up, delivers one with the receiver's code, cannot deliver the next
 * (a failed attempt skips the stop) and delivers the last: the run is finished. The customer's
 * open order page follows its parcel live, with no reload.
 */

/** The receiver every test order names (tests/e2e/support/app-api.ts, placeOrders). */
const RECEIVER_PHONE = '+212612345678';

test.use({
  permissions: ['geolocation'],
  geolocation: { latitude: 33.5731, longitude: -7.5898, accuracy: 25 },
});

/** The office dispatches these orders as one run of the driver's truck: all pickups, then all deliveries. */
function dispatchRun(
  request: APIRequestContext,
  adminToken: string,
  driver: TestDriver,
  orders: readonly CustomerOrderDetail[],
) {
  return dispatchRunThroughApi(
    request,
    adminToken,
    driver,
    orders.map((order) => order.id),
    [
      ...orders.map((order) => ({ orderId: order.id, kind: 'pickup' as const })),
      ...orders.map((order) => ({ orderId: order.id, kind: 'delivery' as const })),
    ],
  );
}

const nextStop = (run: Locator) => run.locator('li[aria-current="step"]');

async function deliverWithCode(page: Page, stop: Locator, trackingNumber: string, cash: number) {
  const sms = await waitForSms(RECEIVER_PHONE, new RegExp(trackingNumber));
  const code = /delivery code: (\d{6})/.exec(sms)![1]!;
  await stop.getByRole('button', { name: 'Deliver', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Deliver ${trackingNumber}` });
  await dialog.getByLabel('Delivery code').fill(code);
  await dialog.getByLabel('Cash collected (MAD)').fill(String(cash));
  await dialog.getByRole('button', { name: 'Confirm delivery' }).click();
  await expect(dialog).toBeHidden();
}

test('a driver works a run of three orders stop by stop; the customer sees their parcel move live', async ({
  page,
  request,
  pageErrors,
  accounts,
  driver,
}) => {
  const customer = await accounts.customerInBrowser('run');
  collectPageErrors(customer.page, pageErrors);
  const [toRabat, toKenitra, toTanger] = await placeOrders(customer.page.request, customer.token, [
    'Rabat',
    'Kenitra',
    'Tanger',
  ]);
  const orders = [toRabat!, toKenitra!, toTanger!];
  const { token: adminToken } = await accounts.admin();
  const dispatched = await dispatchRun(request, adminToken, driver, orders);
  expect(dispatched.stops).toHaveLength(6);

  // The customer's page of the first order is open before the driver moves.
  const orderPage = customer.page;
  await orderPage.goto(`/orders/${toRabat!.id}`);
  const timeline = orderPage.getByRole('region', { name: 'Status timeline' });
  await expect(timeline).toContainText('On the road');
  await expect(
    orderPage.getByRole('banner').getByRole('status', { name: 'Live updates' }),
  ).toHaveText('Live');
  await orderPage.evaluate(() => {
    document.documentElement.dataset.runTestMark = 'still-here';
  });

  await page.goto('/driver');
  const run = page.getByRole('region', { name: 'Your run' });
  await expect(run.getByText('0 of 6 stops done')).toBeVisible();
  await expect(run.getByText(`Truck ${driver.plate}`)).toBeVisible();
  // Its orders show on the run, not again in the list under it.
  await expect(page.getByRole('article', { name: toRabat!.trackingNumber })).toHaveCount(0);
  const first = nextStop(run);
  await expect(first).toContainText(toRabat!.trackingNumber);
  await expect(first).toContainText('Pickup at');
  await expect(first).toContainText('Casablanca');
  await expect(first).toContainText('Expected');
  await expect(first.getByRole('link', { name: 'Navigate' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=33\.\d+,-7\.\d+$/,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

  // The three pickups, next stop after next stop.
  for (const [index, order] of orders.entries()) {
    const stop = nextStop(run);
    await expect(stop).toContainText(order.trackingNumber);
    await expect(stop).toContainText('Pickup at');
    await stop.getByRole('button', { name: 'Picked up' }).click();
    await expect(run.getByText(`${index + 1} of 6 stops done`)).toBeVisible();
  }
  await expect(timeline).toContainText('Picked up');

  // The first delivery, proven by the receiver's code.
  const rabat = nextStop(run);
  await expect(rabat).toContainText(toRabat!.trackingNumber);
  await expect(rabat).toContainText('Delivery to');
  await expect(rabat).toContainText('Rabat');
  await deliverWithCode(page, rabat, toRabat!.trackingNumber, toRabat!.price);
  await expect(run.getByText('4 of 6 stops done')).toBeVisible();
  await expect(timeline).toContainText('Delivered');

  // The receiver in Kénitra is away: the stop is skipped, the last one is next.
  const kenitra = nextStop(run);
  await expect(kenitra).toContainText(toKenitra!.trackingNumber);
  await kenitra.getByRole('button', { name: 'Delivery failed' }).click();
  const failed = page.getByRole('dialog', {
    name: `Delivery failed: ${toKenitra!.trackingNumber}`,
  });
  await failed.getByLabel('Reason').selectOption({ label: 'Receiver absent' });
  await failed.getByRole('button', { name: 'Record failed attempt' }).click();
  await expect(failed).toBeHidden();
  await expect(run.getByText('5 of 6 stops done')).toBeVisible();
  const tanger = nextStop(run);
  await expect(tanger).toContainText(toTanger!.trackingNumber);
  await expect(tanger).toContainText('Expected');
  await run.getByText('5 stops done').click();
  await expect(run.getByRole('listitem').filter({ hasText: 'Couldn’t deliver' })).toContainText(
    toKenitra!.trackingNumber,
  );

  await deliverWithCode(page, tanger, toTanger!.trackingNumber, toTanger!.price);
  await expect(page.getByRole('status').filter({ hasText: 'Run finished' })).toBeVisible();
  await expect(run).toBeHidden();
  // The parcel not delivered stays with the driver for its next attempt.
  await expect(page.getByRole('article', { name: toKenitra!.trackingNumber })).toContainText(
    '1 failed attempt',
  );

  expect(
    await orderPage.evaluate(() => document.documentElement.dataset.runTestMark),
    'the customer page was not reloaded',
  ).toBe('still-here');
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar-MA' });

  test('a driver reads their run right to left, without sideways scroll', async ({
    page,
    request,
    accounts,
    driver,
  }) => {
    const customer = await accounts.customer({ prefix: 'run-arabic' });
    const orders = await placeOrders(request, customer.token, ['Rabat', 'Fes']);
    const { token: adminToken } = await accounts.admin();
    await dispatchRun(request, adminToken, driver, orders);
    await page.goto('/driver');
    const run = page.getByRole('region', { name: 'جولتك' });
    await expect(run.getByText('تم 0 من 4 توقفات')).toBeVisible();
    await expectTranslatedScreen(page, 'ar', '/driver');
    await expect(nextStop(run)).toContainText('الاستلام في');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
  });
});
