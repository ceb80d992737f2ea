import type { APIRequestContext, Page } from '@playwright/test';
import { collectPageErrors, expect, test } from './fixtures';
import {
  addDriverAndDispatch,
  addDriverThroughApi,
  bearer,
  dispatchRunThroughApi,
  placeOrder,
} from './support/app-api';
import { expectNoHorizontalScroll } from './support/page-checks';

/**
 * The maps (docs/decisions/0009-drivers.md, "Positions, ETA and maps"): a truck appears where its
 * driver's phone says it is and moves with each new position, without a reload. The tiles cannot
 * load offline; the markers draw all the same.
 */

async function postPosition(
  request: APIRequestContext,
  driverToken: string,
  position: { lat: number; lng: number },
) {
  const response = await request.post('/api/driver/position', {
    headers: bearer(driverToken),
    data: { ...position, accuracy: 20 },
  });
  expect(response.status(), await response.text()).toBe(204);
}

/** Leaflet places each marker with a CSS translation of the map's pane. */
const placeOf = (marker: ReturnType<Page['locator']>) =>
  marker.evaluate((element) => (element as HTMLElement).style.transform);

test('/admin/map shows the truck of a dispatched order at its driver’s position and follows it live', async ({
  page,
  admin,
  accounts,
}) => {
  const customer = await accounts.customer({ prefix: 'mapped' });
  const order = await placeOrder(page.request, customer.token, 'Marrakech');
  const driver = await addDriverAndDispatch(page.request, admin.token, order.id, 'Nabil Tazi');
  const { token: driverToken } = await accounts.signInDriver(driver.phone);
  // On the road south of Casablanca.
  await postPosition(page.request, driverToken, { lat: 33.2, lng: -7.9 });

  await page.goto('/admin');
  await page.getByRole('link', { name: 'Map', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/map$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Map' })).toBeVisible();

  const truck = page.locator('.leaflet-marker-icon[title="Truck"]', { hasText: driver.plate });
  await expect(truck).toBeVisible();
  const list = page.getByRole('region', { name: 'Trucks on the road' });
  const listed = list.getByRole('listitem').filter({ hasText: driver.plate });
  await expect(listed).toContainText('Nabil Tazi');
  await expect(listed).toContainText(order.trackingNumber);
  await expect(listed).toContainText('Casablanca → Marrakech');

  await truck.click();
  const popup = page.locator('.leaflet-popup');
  await expect(popup).toContainText(driver.plate);
  await expect(popup).toContainText('Nabil Tazi');
  await expect(popup).toContainText(order.trackingNumber);
  await expect(popup).toContainText('Expected arrival');
  await page.keyboard.press('Escape');

  // The driver moves on: the marker follows without a reload.
  const before = await placeOf(truck);
  await postPosition(page.request, driverToken, { lat: 32.3, lng: -8.2 });
  await expect.poll(() => placeOf(truck), { timeout: 10_000 }).not.toBe(before);
  await expect(
    page.locator('.leaflet-marker-icon[title="Truck"]', { hasText: driver.plate }),
  ).toHaveCount(1);

  await listed.getByRole('link', { name: 'Open order' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}$`));
  // The order's own map shows its route and the truck.
  for (const title of ['Pickup', 'Delivery', 'Truck']) {
    await expect(page.locator(`.leaflet-marker-icon[title="${title}"]`)).toBeVisible();
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('Track Shipment draws pickup, delivery and the truck on a map that fits the screen', async ({
    page,
    admin,
    accounts,
    pageErrors,
  }) => {
    const customer = await accounts.customerInBrowser('tracked');
    collectPageErrors(customer.page, pageErrors);
    const order = await placeOrder(customer.page.request, customer.token, 'Rabat');
    const driver = await addDriverAndDispatch(page.request, admin.token, order.id);
    const { token: driverToken } = await accounts.signInDriver(driver.phone);
    // Public tracking shows the truck once the shipment is picked up (rounded to about 1 km).
    const pickup = await page.request.post(`/api/driver/orders/${order.id}/pickup`, {
      headers: bearer(driverToken),
    });
    expect(pickup.status(), await pickup.text()).toBe(200);
    await postPosition(page.request, driverToken, { lat: 33.8, lng: -7.2 });

    await page.goto(`/track-shipment?number=${order.trackingNumber}`);
    const map = page.getByRole('region', { name: 'Map of the route from Casablanca to Rabat' });
    await expect(map).toBeVisible();
    for (const title of ['Pickup', 'Delivery', 'Truck']) {
      await expect(map.locator(`.leaflet-marker-icon[title="${title}"]`)).toBeVisible();
    }
    const box = (await map.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(240);
    expect(box.width).toBeLessThanOrEqual(360);
    await expect(page.getByText('Expected arrival')).toBeVisible();
    await expectNoHorizontalScroll(page);

    // The customer's own order page shows the same truck.
    await customer.page.setViewportSize({ width: 360, height: 780 });
    await customer.page.goto(`/orders/${order.id}`);
    // The map library is a chunk of its own, fetched on this first visit of the new context.
    await expect(customer.page.locator('.leaflet-marker-icon[title="Truck"]')).toBeVisible({
      timeout: 15_000,
    });
    await expectNoHorizontalScroll(customer.page);
    await customer.page.context().close();
  });
});

test('/admin/map draws each run on the road through its stops and follows its progress live', async ({
  page,
  admin,
  accounts,
}) => {
  const customer = await accounts.customer({ prefix: 'run-mapped' });
  const first = await placeOrder(page.request, customer.token, 'Rabat');
  const second = await placeOrder(page.request, customer.token, 'Kenitra');
  const driver = await addDriverThroughApi(page.request, admin.token, 'Rachid Alaoui');
  await dispatchRunThroughApi(
    page.request,
    admin.token,
    driver,
    [first.id, second.id],
    [
      { orderId: first.id, kind: 'pickup' },
      { orderId: second.id, kind: 'pickup' },
      { orderId: first.id, kind: 'delivery' },
      { orderId: second.id, kind: 'delivery' },
    ],
  );
  const { token: driverToken } = await accounts.signInDriver(driver.phone);
  await postPosition(page.request, driverToken, { lat: 33.6, lng: -7.5 });

  await page.goto('/admin/map');
  const runs = page.getByRole('region', { name: 'Runs on the road' });
  const run = runs.getByRole('listitem').filter({ hasText: driver.plate });
  await expect(run).toContainText('Rachid Alaoui');
  await expect(run.getByTestId('run-progress')).toHaveText('0 of 4 stops done');
  // Dispatched for today: the next stop comes with the time the truck should reach it.
  await expect(run).toContainText(/Next: stop 1, Casablanca, expected /);
  for (const number of [1, 2, 3, 4]) {
    await expect(page.locator(`.leaflet-marker-icon[title^="Stop ${number}: "]`)).not.toHaveCount(
      0,
    );
  }
  await expect(page.locator('.leaflet-overlay-pane path')).not.toHaveCount(0);
  // The truck carries both orders: one marker, one entry listing both.
  await expect(
    page.locator('.leaflet-marker-icon[title="Truck"]', { hasText: driver.plate }),
  ).toHaveCount(1);
  const carried = page
    .getByRole('region', { name: 'Trucks on the road' })
    .getByRole('listitem')
    .filter({ hasText: driver.plate });
  await expect(carried).toHaveCount(1);
  for (const order of [first, second]) {
    await expect(
      carried.getByRole('link', { name: `Open order ${order.trackingNumber}` }),
    ).toBeVisible();
  }
  const legend = page.getByRole('list', { name: 'Map legend' });
  for (const entry of [driver.plate, 'Done', 'Next stop', 'To come']) {
    await expect(legend).toContainText(entry);
  }

  // The driver picks up the first parcel: the run moves on without a reload.
  const pickup = await page.request.post(`/api/driver/orders/${first.id}/pickup`, {
    headers: bearer(driverToken),
  });
  expect(pickup.status(), await pickup.text()).toBe(200);
  await expect(run.getByTestId('run-progress')).toHaveText('1 of 4 stops done', {
    timeout: 10_000,
  });
  await expect(run).toContainText('Next: stop 2, Casablanca');
});
