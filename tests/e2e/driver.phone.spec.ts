import type { APIRequestContext, Page } from '@playwright/test';
import type { CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import { collectPageErrors, expect, test } from './fixtures';
import { addDriverAndDispatch, bearer, dispatchThroughApi, placeOrder } from './support/app-api';
import { waitForSms } from './support/catchers';
import { expectHandledHttpError, signInDriverThroughForm } from './support/page-checks';

/**
 * The driver's page on a phone (docs/decisions/0009-drivers.md, "The driver's orders"):
 * sign-in with the code from the SMS, the steps, the position on the
 * customer's map and the delivery on the customer's open page; then a step taken without
 * network, replayed once when it returns. Each test has its own customer, order and driver.
 */

/** Casablanca, where the orders start: inside Morocco's bounds. */
test.use({
  permissions: ['geolocation'],
  geolocation: { latitude: 33.5731, longitude: -7.5898, accuracy: 25 },
});

/** The receiver every test order names (tests/e2e/dashboard-helpers.ts). */
const RECEIVER_PHONE = '+212612345678';

async function customerOrder(request: APIRequestContext, token: string, id: string) {
  const response = await request.get(`/api/dashboard/orders/${id}`, { headers: bearer(token) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { order: CustomerOrderDetail }).order;
}

const orderCard = (page: Page, trackingNumber: string) =>
  page.getByRole('article', { name: trackingNumber });

test('a driver signs in with the SMS code, picks up and delivers; the customer sees the truck and Delivered live', async ({
  page,
  request,
  pageErrors,
  accounts,
}) => {
  const customer = await accounts.customerInBrowser('driven');
  collectPageErrors(customer.page, pageErrors);
  const order = await placeOrder(customer.page.request, customer.token, 'Agadir');
  const admin = await accounts.admin();
  const driver = await addDriverAndDispatch(request, admin.token, order.id);

  await signInDriverThroughForm(page, driver.phone);
  await expect(page.getByRole('heading', { level: 1, name: 'My deliveries' })).toBeVisible();
  const card = orderCard(page, order.trackingNumber);
  await expect(card.getByText('Agadir')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Call Youssef Alami' })).toHaveAttribute(
    'href',
    `tel:${RECEIVER_PHONE}`,
  );
  await expect(card.getByRole('link', { name: 'Navigate' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=30\.\d+,-9\.\d+$/,
  );
  await expect(card.getByText('Cash to collect')).toBeVisible();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

  // The customer's order page is open before the driver moves.
  const orderPage = customer.page;
  await orderPage.goto(`/orders/${order.id}`);
  const timeline = orderPage.getByRole('region', { name: 'Status timeline' });
  await expect(timeline).toContainText('On the road');
  await expect(
    orderPage.getByRole('banner').getByRole('status', { name: 'Live updates' }),
  ).toHaveText('Live');
  await orderPage.evaluate(() => {
    document.documentElement.dataset.driverTestMark = 'still-here';
  });

  await card.getByRole('button', { name: 'Picked up' }).click();
  await expect(card.getByRole('button', { name: 'Deliver', exact: true })).toBeVisible();
  await expect(orderPage.locator('.leaflet-marker-icon[title="Truck"]')).toBeVisible({
    timeout: 15_000,
  });

  // The receiver's SMS carries the code the driver asks for.
  const sms = await waitForSms(RECEIVER_PHONE, new RegExp(order.trackingNumber));
  const deliveryCode = /delivery code: (\d{6})/.exec(sms)![1]!;
  await card.getByRole('button', { name: 'Deliver', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Deliver ${order.trackingNumber}` });
  const codeInput = dialog.getByLabel('Delivery code');
  await expect(codeInput).toHaveAttribute('inputmode', 'numeric');
  const cashInput = dialog.getByLabel('Cash collected (MAD)');
  await expect(cashInput).toHaveValue('');
  // A wrong code: the server's refusal shows in the dialog and nothing changes.
  const wrongCode = String((Number(deliveryCode) + 1) % 1_000_000).padStart(6, '0');
  await codeInput.fill(wrongCode);
  await cashInput.fill(String(order.price));
  await dialog.getByRole('button', { name: 'Confirm delivery' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The delivery code is not correct.');
  await expectHandledHttpError(pageErrors, 400);
  await codeInput.fill(deliveryCode);
  await dialog.getByRole('button', { name: 'Confirm delivery' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toBeHidden();
  await expect(
    page.getByRole('region', { name: 'Last delivered' }).getByText(order.trackingNumber),
  ).toBeVisible();

  await expect(timeline).toContainText('Delivered');
  expect(
    await orderPage.evaluate(() => document.documentElement.dataset.driverTestMark),
    'the customer page was not reloaded',
  ).toBe('still-here');
});

test('a step taken without network waits in the queue and is applied once when the network returns', async ({
  page,
  request,
  pageErrors,
  accounts,
  driver,
}) => {
  const customer = await accounts.customer({ prefix: 'driven' });
  const order = await placeOrder(request, customer.token, 'Marrakech');
  await dispatchThroughApi(request, (await accounts.admin()).token, order.id, driver);
  await page.goto('/driver');
  const card = orderCard(page, order.trackingNumber);
  await expect(card.getByRole('button', { name: 'Picked up' })).toBeVisible();

  await page.context().setOffline(true);
  await card.getByRole('button', { name: 'Picked up' }).click();
  await expect(page.getByText('Waiting for network — 1 action queued')).toBeVisible();
  await expect(card.getByText('Picked up: waiting for network')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Deliver', exact: true })).toBeVisible();

  await page.context().setOffline(false);
  await expect(page.getByText(/Waiting for network/)).toBeHidden({ timeout: 15_000 });
  await expect(card.getByText('Picked up: waiting for network')).toBeHidden();
  await expect(card.getByRole('button', { name: 'Deliver', exact: true })).toBeVisible();

  const { timeline } = await customerOrder(request, customer.token, order.id);
  expect(timeline.filter((event) => event.kind === 'picked-up')).toHaveLength(1);

  // Chromium logs the requests the offline spell cut (the live stream's) as console errors.
  for (let index = pageErrors.length - 1; index >= 0; index -= 1) {
    if (/ERR_INTERNET_DISCONNECTED/.test(pageErrors[index]!)) pageErrors.splice(index, 1);
  }
});

test('a step whose answer was lost is kept across a reload and applied once with its key', async ({
  page,
  request,
  pageErrors,
  accounts,
  driver,
}) => {
  const customer = await accounts.customer({ prefix: 'driven' });
  const order = await placeOrder(request, customer.token, 'Rabat');
  await dispatchThroughApi(request, (await accounts.admin()).token, order.id, driver);

  // The first pickup reaches the server and its answer is lost on the way back; the network
  // then stays bad until the test lets it through.
  const keys: string[] = [];
  let networkBack = false;
  await page.route('**/api/driver/orders/*/pickup', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (networkBack) return route.continue();
    if (keys.length === 1) await route.fetch();
    return route.abort('internetdisconnected');
  });
  await page.goto('/driver');
  const card = orderCard(page, order.trackingNumber);
  await card.getByRole('button', { name: 'Picked up' }).click();
  const queued = page.getByText('Waiting for network — 1 action queued');
  await expect(queued).toBeVisible();

  await page.reload();
  await expect(queued).toBeVisible();
  await expect(card.getByText('Picked up: waiting for network')).toBeVisible();

  networkBack = true;
  await expect(queued).toBeHidden({ timeout: 15_000 });
  await expect(card.getByRole('button', { name: 'Deliver', exact: true })).toBeVisible();

  // A failed attempt: "Other" needs a note; the order stays on the driver's page.
  await card.getByRole('button', { name: 'Delivery failed' }).click();
  const dialog = page.getByRole('dialog', { name: `Delivery failed: ${order.trackingNumber}` });
  await dialog.getByLabel('Reason').selectOption({ label: 'Other' });
  await dialog.getByRole('button', { name: 'Record failed attempt' }).click();
  await expect(dialog.getByText('Please describe what happened')).toBeVisible();
  await dialog.getByLabel('Note').fill('Gate closed, nobody answered the bell');
  await dialog.getByRole('button', { name: 'Record failed attempt' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('1 failed attempt')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Deliver', exact: true })).toBeVisible();

  expect(keys.length).toBeGreaterThanOrEqual(2);
  expect(new Set(keys).size, 'every try carries the first key').toBe(1);
  const { timeline } = await customerOrder(request, customer.token, order.id);
  expect(timeline.filter((event) => event.kind === 'picked-up')).toHaveLength(1);
  for (let index = pageErrors.length - 1; index >= 0; index -= 1) {
    if (/ERR_INTERNET_DISCONNECTED/.test(pageErrors[index]!)) pageErrors.splice(index, 1);
  }
});

test.describe('with the location permission refused', () => {
  test.use({ permissions: [] });

  test('the page says so gently and the steps still work', async ({
    page,
    request,
    accounts,
    driver,
  }) => {
    const { token } = await accounts.customer({ prefix: 'driven' });
    const order = await placeOrder(request, token, 'Fes');
    await dispatchThroughApi(request, (await accounts.admin()).token, order.id, driver);
    await page.goto('/driver');

    await expect(page.getByText(/^Location is off\./)).toBeVisible();
    const card = orderCard(page, order.trackingNumber);
    await card.getByRole('button', { name: 'Picked up' }).click();
    await expect(card.getByRole('button', { name: 'Deliver', exact: true })).toBeVisible();
    const { timeline } = await customerOrder(request, token, order.id);
    expect(timeline.filter((event) => event.kind === 'picked-up')).toHaveLength(1);
  });
});
