import type { APIRequestContext } from '@playwright/test';
import type { RunDetail } from '../../src/shared/schemas/run-schemas';
import { expect, test } from './fixtures';
import { addDriverThroughApi, bearer } from './support/app-api';

/*
 * The planning screen (docs/decisions/0024-runs-and-planning.md, "The planning screen"): the
 * office plans twelve orders on two trucks, moves one stop with its buttons and sees the load and
 * the distance change, drags an order onto the other truck, confirms; the runs exist with the
 * stops as edited.
 */

const DESTINATIONS = [
  'Rabat',
  'Fes',
  'Marrakech',
  'Tangier',
  'Meknes',
  'Oujda',
  'Kenitra',
  'Agadir',
  'Tetouan',
  'Safi',
  'El Jadida',
  'Beni Mellal',
] as const;

/** Twelve orders from Casablanca, each its own city and weight, so any two stops differ. */
async function placeTwelveOrders(request: APIRequestContext, token: string) {
  const placed: Array<{ id: string; trackingNumber: string }> = [];
  for (const [index, destination] of DESTINATIONS.entries()) {
    const response = await request.post('/api/dashboard/neworder', {
      headers: bearer(token),
      data: {
        pickup_loc: 'Casablanca',
        delivery_loc: destination,
        weight: 20 + index * 7,
        leingth: 30,
        width: 20,
        height: 10,
        payment_method: 'cash_on_delivery',
        fee_paid_by: 'receiver',
        receiver_name: 'Youssef Alami',
        receiver_phone: '+212612345678',
        shipment_info: 'Cartons',
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    placed.push(
      ((await response.json()) as { order: { id: string; trackingNumber: string } }).order,
    );
  }
  return placed;
}

/** "Pickup MA-…" or "Delivery MA-…": a stop's kind and order, as its card reads. */
const STOP_TEXT = /(Pickup|Delivery) (MA-[A-Z0-9]{4}-[A-Z0-9]{4})/;

test('the office plans 12 orders on 2 trucks, moves a stop and drags an order over, sees load and distance change, confirms', async ({
  page,
  admin,
  accounts,
}) => {
  const customer = await accounts.customer({ prefix: 'planned' });
  const orders = await placeTwelveOrders(page.request, customer.token);
  const trucks = [
    await addDriverThroughApi(page.request, admin.token, 'Karim Bennani'),
    await addDriverThroughApi(page.request, admin.token, 'Salma Idrissi'),
  ];
  const plates = trucks.map((truck) => truck.plate);

  await page.goto('/admin');
  await page.getByRole('link', { name: 'Plan runs' }).click();
  await expect(page).toHaveURL(/\/admin\/runs\/plan$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Plan runs' })).toBeVisible();

  for (const order of orders) {
    await page.getByRole('checkbox', { name: `Plan order ${order.trackingNumber}` }).check();
  }
  await expect(page.getByText(/^12 of \d+ selected$/)).toBeVisible();
  const truckList = page.getByRole('region', { name: 'Trucks' });
  const truckBoxes = truckList.getByRole('checkbox');
  for (let index = 0; index < (await truckBoxes.count()); index += 1) {
    const box = truckBoxes.nth(index);
    const label = (await box.locator('xpath=..').textContent()) ?? '';
    await box.setChecked(plates.some((plate) => label.includes(plate)));
  }
  await page.getByRole('button', { name: 'Plan', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Proposal' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Map of the proposed runs' })).toBeVisible();
  const cards = plates.map((plate) => page.getByRole('region', { name: `Truck ${plate}` }));
  const stopCounts = await Promise.all(cards.map((card) => card.getByTestId('plan-stop').count()));
  expect(stopCounts[0]! + stopCounts[1]!).toBe(24);
  await expect(page.getByText('Every order has a truck.')).toBeVisible();

  // Two neighbouring stops of different orders, one a delivery: swapping them keeps every pickup
  // before its delivery, and changes both the load after the first and the road driven.
  let chosen: { card: number; index: number } | undefined;
  for (const [cardIndex, card] of cards.entries()) {
    const texts = await card.getByTestId('plan-stop').allTextContents();
    const stops = texts.map((text) => STOP_TEXT.exec(text)!);
    const index = stops.findIndex(
      (stop, at) =>
        at + 1 < stops.length &&
        stop[2] !== stops[at + 1]![2] &&
        (stop[1] === 'Delivery' || stops[at + 1]![1] === 'Delivery'),
    );
    if (index >= 0) {
      chosen = { card: cardIndex, index };
      break;
    }
  }
  expect(chosen, 'two neighbouring stops to swap').toBeDefined();
  const card = cards[chosen!.card]!;
  const summary = card.getByTestId('run-summary');
  const loadAt = card.getByTestId('stop-load').nth(chosen!.index);
  const summaryBefore = await summary.textContent();
  const loadBefore = await loadAt.textContent();
  await card.getByRole('button', { name: `Move stop ${chosen!.index + 2} up` }).click();
  await expect(page.getByText('Edited', { exact: true })).toBeVisible();
  await expect(loadAt).not.toHaveText(loadBefore!);
  await expect(summary).not.toHaveText(summaryBefore!);
  await expect(card.getByRole('alert')).toHaveCount(0);

  // A stop dragged onto the other truck's card takes its order there, both its stops.
  const [from, to] = (await cards[1 - chosen!.card]!.getByTestId('plan-stop').count())
    ? [cards[1 - chosen!.card]!, card]
    : [card, cards[1 - chosen!.card]!];
  const [fromCount, toCount] = [
    await from.getByTestId('plan-stop').count(),
    await to.getByTestId('plan-stop').count(),
  ];
  const draggedStop = from.getByTestId('plan-stop').first();
  const [, , draggedTracking] = STOP_TEXT.exec((await draggedStop.textContent())!)!;
  await draggedStop.dragTo(to.getByRole('heading', { level: 3 }));
  await expect(from.getByTestId('plan-stop')).toHaveCount(fromCount - 2);
  await expect(to.getByTestId('plan-stop')).toHaveCount(toCount + 2);
  await expect(to.getByTestId('plan-stop').filter({ hasText: draggedTracking! })).toHaveCount(2);
  await expect(to.getByRole('alert')).toHaveCount(0);
  const editedStops = (await card.getByTestId('plan-stop').allTextContents()).map((text) => {
    const [, kind, trackingNumber] = STOP_TEXT.exec(text)!;
    return { kind: kind!.toLowerCase(), trackingNumber };
  });

  await page.getByRole('button', { name: 'Confirm the runs' }).click();
  await expect(page.getByRole('heading', { name: 'Runs dispatched' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('link', { name: 'Open the runs' })).toHaveAttribute(
    'href',
    '/admin/runs',
  );

  // The runs exist, with the stops as the office left them.
  const response = await page.request.get('/api/admin/runs/active', {
    headers: bearer(admin.token),
  });
  expect(response.status()).toBe(200);
  const runs = ((await response.json()) as RunDetail[]).filter((run) =>
    plates.includes(run.truck.truckNumber),
  );
  const planned = new Set(orders.map((order) => order.id));
  expect(
    runs.flatMap((run) => run.stops.map((stop) => stop.orderId)).filter((id) => planned.has(id)),
  ).toHaveLength(24);
  const editedRun = runs.find((run) => run.truck.truckNumber === plates[chosen!.card])!;
  expect(
    editedRun.stops.map((stop) => ({ kind: stop.kind, trackingNumber: stop.trackingNumber })),
  ).toEqual(editedStops);
});
