import type { APIRequestContext } from '@playwright/test';
import type { CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import type { RunDetail } from '../../src/shared/schemas/run-schemas';
import { expect, test } from './fixtures';
import { bearer, dispatchRunThroughApi, pointOf } from './support/app-api';

/*
 * The office's runs (docs/decisions/0024-runs-and-planning.md, "The runs screens"): the Confirmation's suggestions pick
 * a truck; the runs list finds a run by its day, and its page shows its stops, takes more orders
 * and follows the driver live.
 */

/** Orders picked up at Taza, where few other tests place trucks: the suggestions are ours. */
async function placeFromTaza(
  request: APIRequestContext,
  token: string,
  count: number,
): Promise<CustomerOrderDetail[]> {
  const placed: CustomerOrderDetail[] = [];
  for (let index = 0; index < count; index += 1) {
    const response = await request.post('/api/dashboard/neworder', {
      headers: bearer(token),
      data: {
        pickup_loc: 'Taza',
        delivery_loc: 'Oujda',
        weight: 40,
        leingth: 60,
        width: 40,
        height: 40,
        payment_method: 'cash_on_delivery',
        receiver_name: 'Youssef Alami',
        receiver_phone: '+212612345678',
        shipment_info: 'Olive oil, one pallet',
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    placed.push(((await response.json()) as { order: CustomerOrderDetail }).order);
  }
  return placed;
}

async function postPosition(request: APIRequestContext, driverToken: string, city: string) {
  const response = await request.post('/api/driver/position', {
    headers: bearer(driverToken),
    data: { ...pointOf(city), accuracy: 20 },
  });
  expect(response.status(), await response.text()).toBe(204);
}

const shortId = (id: string) => `#${id.slice(0, 10)}…`;

test('the Confirmation suggests the truck at the pickup, explained, and one click picks it', async ({
  page,
  admin,
  accounts,
}) => {
  const customer = await accounts.customer({ prefix: 'suggested' });
  const [first, order] = await placeFromTaza(page.request, customer.token, 2);
  const driver = await accounts.driver(admin.token, 'Idriss Suggested');
  // A run not yet started, its driver at Taza: a position is kept while orders are on the road.
  const run = await dispatchRunThroughApi(page.request, admin.token, driver, [first!.id]);
  const { token: driverToken } = await accounts.signInDriver(driver.phone);
  await postPosition(page.request, driverToken, 'Taza');

  await page.goto(`/admin/orders/${order!.id}`);
  const card = page.getByRole('region', { name: 'Suggested' });
  const ours = card.getByTestId('dispatch-suggestion').filter({ hasText: driver.plate });
  await expect(ours).toContainText('Idriss Suggested');
  await expect(ours).toContainText('Joins its planned run');
  await expect(ours).toContainText('0 km from the pickup');
  await expect(ours).toContainText('Licence and inspection valid');
  await expect(ours).toContainText('Driver active');
  await expect(ours).toContainText(/Adds [\d.]+ km to its run of 1 orders not yet started/);

  // From the order page, choosing it opens the Confirmation with the pair picked.
  await ours.getByRole('button', { name: `Choose ${driver.plate}` }).click();
  const dialog = page.getByRole('dialog', { name: `Confirm order ${shortId(order!.id)}` });
  await expect(dialog).toBeVisible();
  const inDialog = dialog.getByTestId('dispatch-suggestion').filter({ hasText: driver.plate });
  await expect(inDialog.getByRole('button', { name: 'Chosen' })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: new RegExp(driver.plate) })).toBeChecked();
  await dialog.getByRole('button', { name: 'Confirm and assign' }).click();
  await expect(page.getByText('Order confirmed and assigned successfully')).toBeVisible();
  await expect(card).toBeHidden();
  // The order joined the truck's run.
  const joined = await page.request.get(`/api/admin/runs/${run.id}`, {
    headers: bearer(admin.token),
  });
  expect(((await joined.json()) as RunDetail).orderCount).toBe(2);
});

test('the runs list finds a run by its day; its page shows the stops, takes orders and follows the driver live', async ({
  page,
  admin,
  accounts,
}) => {
  const customer = await accounts.customer({ prefix: 'runs' });
  const orders = await placeFromTaza(page.request, customer.token, 3);
  const driver = await accounts.driver(admin.token, 'Hamza Runner');
  // A day of its own, far ahead: the list filtered by it shows this run alone.
  const day = `2031-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`;
  const created = await page.request.post('/api/admin/runs', {
    headers: bearer(admin.token),
    data: { truckId: driver.truckId, orderIds: [orders[0]!.id, orders[1]!.id], date: day },
  });
  expect(created.status(), await created.text()).toBe(201);
  const run = (await created.json()) as RunDetail;

  await page.goto('/admin');
  await page.getByRole('link', { name: 'Runs', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Runs' })).toBeVisible();
  await page.getByLabel('Day').fill(day);
  const table = page.getByRole('table', { name: 'Runs' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Hamza Runner');
  await expect(table).toContainText('Planned');
  await expect(table).toContainText('0 of 4 stops');
  await table.getByRole('link', { name: `Open the run of ${driver.plate}` }).click();

  await expect(page).toHaveURL(new RegExp(`/admin/runs/${run.id}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: `Run of ${driver.plate}` }),
  ).toBeVisible();
  const stops = page.getByRole('table', { name: "The run's stops in order" });
  await expect(stops.getByRole('row')).toHaveCount(5);
  await expect(stops.getByRole('row').nth(1)).toContainText('Pickup');
  await expect(stops.getByRole('row').nth(1)).toContainText('Taza');
  await expect(stops).toContainText('Delivery');
  await expect(stops).toContainText('Oujda');
  await expect(stops).toContainText(orders[0]!.trackingNumber);
  await expect(stops).toContainText('of 12,000 Kg');
  await expect(stops).toContainText('To do');

  // Add orders: the solver places the third one among the run's stops.
  await page.getByRole('button', { name: 'Add orders' }).click();
  const dialog = page.getByRole('dialog', { name: `Add orders to the run of ${driver.plate}` });
  await dialog.getByRole('searchbox').fill(orders[2]!.trackingNumber);
  await dialog.getByRole('checkbox', { name: `Add ${orders[2]!.trackingNumber}` }).check();
  await dialog.getByRole('button', { name: 'Add to the run' }).click();
  await expect(page.getByText('Orders added to the run.')).toBeVisible();
  await expect(stops.getByRole('row')).toHaveCount(7);
  await expect(stops).toContainText(orders[2]!.trackingNumber);

  // The driver picks up the first order: the page follows without a reload.
  const { token: driverToken } = await accounts.signInDriver(driver.phone);
  const widened = await page.request.get(`/api/admin/runs/${run.id}`, {
    headers: bearer(admin.token),
  });
  const firstPickup = ((await widened.json()) as RunDetail).stops[0]!.orderId;
  const pickedUp = await page.request.post(`/api/driver/orders/${firstPickup}/pickup`, {
    headers: bearer(driverToken),
  });
  expect(pickedUp.status(), await pickedUp.text()).toBe(200);
  await expect(stops.getByRole('row').nth(1)).toContainText('Done', { timeout: 15_000 });
  // Under way, each stop still to do has the time the truck should reach it.
  await expect(stops.getByRole('row').nth(2)).toContainText('Expected');
  await expect(page.getByText('Under way')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add orders' })).toBeHidden();
  // The order links to its page.
  await stops
    .getByRole('link', { name: shortId(firstPickup) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${firstPickup}$`));
});
