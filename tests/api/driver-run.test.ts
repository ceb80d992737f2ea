import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, runs, trucks } from '../../src/server/db/schema';
import { estimateDurationMinutes, straightLineDistanceKm } from '../../src/shared/pricing';
import type { DriverRun, DriverRunAnswer } from '../../src/shared/schemas/driver-run-schemas';
import type { CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import type { RunDetail } from '../../src/shared/schemas/run-schemas';
import {
  addDriver,
  signInDriver,
  startSmsCatcher,
  type AddedDriver,
  type SmsCatcher,
} from './driver-helpers';
import { bearer, createOrderAs, loginAs, type LoggedIn } from './factories';
import { buildTestApp, createTestClock, type TestApp, type TestClock } from './helpers';

/*
 * The driver's run (docs/decisions/0024-runs-and-planning.md, "The driver's run"): GET
 * /api/driver/run answers the signed-in driver's run not ended, its stops in order with an ETA
 * for each still to do, from their latest position or their last stop; a failed attempt skips its
 * stop and the rest are timed again; the last stop ends the run and the answer is null again.
 */
const MINUTE_MS = 60_000;
/** On the coast road between Casablanca and Rabat. */
const onTheWay = { lat: 33.8, lng: -7.2 };

let sms: SmsCatcher;
let clock: TestClock;
let testApp: TestApp;
let admin: LoggedIn;
let customer: LoggedIn;

interface SignedInDriver extends AddedDriver {
  token: string;
  truckId: string;
}

beforeAll(async () => {
  sms = await startSmsCatcher();
  clock = createTestClock();
  testApp = await buildTestApp({ env: { SMS_URL: sms.url }, clock });
  [admin, customer] = await Promise.all([loginAs(testApp, 'admin'), loginAs(testApp, 'company')]);
});
afterAll(async () => {
  await testApp?.close();
  await sms?.stop();
});

let phoneCounter = 0;
/** Moroccan mobile numbers no other test file uses. */
function uniquePhone() {
  phoneCounter += 1;
  return `+2126${String(Date.now() % 1_000_000).padStart(6, '0')}${String(phoneCounter).padStart(2, '0')}`;
}

async function newDriver(): Promise<SignedInDriver> {
  const driver = await addDriver(testApp, admin.token, { phone: uniquePhone() });
  const { token } = await signInDriver(testApp, driver.phone, sms);
  const [truck] = await testApp.database.db
    .select({ id: trucks.id })
    .from(trucks)
    .where(eq(trucks.truckNumber, driver.truckNumber));
  return { ...driver, token, truckId: truck!.id };
}

async function readRun(driver: { token: string }): Promise<DriverRun | null> {
  const response = await testApp.app.inject({
    url: '/api/driver/run',
    headers: bearer(driver.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as DriverRunAnswer).run;
}

/** Orders placed by the customer, each to its city, with the facts the ETAs are measured by. */
async function placeOrders(deliveryCities: readonly string[]) {
  const placed = [];
  for (const delivery_loc of deliveryCities) {
    const order = await createOrderAs(testApp, customer, {
      delivery_loc,
      payment_method: 'online',
    });
    const [row] = await testApp.database.db.select().from(orders).where(eq(orders.id, order.id));
    placed.push(row!);
  }
  return placed;
}
/** The receiver's code, as the customer's order page shows it once the order is on the road. */
async function deliveryCodeOf(orderId: string): Promise<string> {
  const response = await testApp.app.inject({
    url: `/api/dashboard/orders/${orderId}`,
    headers: bearer(customer.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { order: CustomerOrderDetail }).order.deliveryCode!;
}

type Placed = Awaited<ReturnType<typeof placeOrders>>[number];

const pickupOf = (order: Placed) => ({ lat: order.pickupLat, lng: order.pickupLng });
const deliveryOf = (order: Placed) => ({ lat: order.deliveryLat, lng: order.deliveryLng });
/** A leg that is not an order's own route: the straight line times the road factor. */
const legMinutes = (from: { lat: number; lng: number }, to: { lat: number; lng: number }) =>
  estimateDurationMinutes(straightLineDistanceKm(from, to));
const at = (minutes: number) => new Date(clock.now().getTime() + minutes * MINUTE_MS).toISOString();

async function dispatchRun(driver: SignedInDriver, placed: readonly Placed[]) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/admin/runs',
    headers: bearer(admin.token),
    payload: {
      truckId: driver.truckId,
      orderIds: placed.map((order) => order.id),
      stops: placed.flatMap((order) => [
        { orderId: order.id, kind: 'pickup' },
        { orderId: order.id, kind: 'delivery' },
      ]),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as RunDetail;
}

function step(driver: { token: string }, orderId: string, action: string, payload: object = {}) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/driver/orders/${orderId}/${action}`,
    headers: bearer(driver.token),
    payload,
  });
}

async function postPosition(driver: { token: string }, point: { lat: number; lng: number }) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/driver/position',
    headers: bearer(driver.token),
    payload: point,
  });
  expect(response.statusCode, response.body).toBe(204);
}

describe('GET /api/driver/run', () => {
  it('answers null to a driver without a run, and refuses anyone but a driver', async () => {
    const driver = await newDriver();
    expect(await readRun(driver)).toBeNull();
    const refused = await testApp.app.inject({
      url: '/api/driver/run',
      headers: bearer(customer.token),
    });
    expect(refused.statusCode).toBe(403);
    expect((await testApp.app.inject({ url: '/api/driver/run' })).statusCode).toBe(401);
  });

  it("gives the run's stops in order, timed from now, then from the position and each stop", async () => {
    const driver = await newDriver();
    const other = await newDriver();
    const [toRabat, toKenitra] = await placeOrders(['Rabat', 'Kenitra']);
    const a = toRabat!;
    const b = toKenitra!;
    const dispatched = await dispatchRun(driver, [a, b]);

    // Nowhere known yet: the first stop is reached now, an order's own leg takes its priced time.
    const planned = (await readRun(driver))!;
    const toB = legMinutes(deliveryOf(a), pickupOf(b));
    expect(planned).toMatchObject({
      id: dispatched.id,
      status: 'planned',
      truckNumber: driver.truckNumber,
      nextStopPosition: 1,
      progress: { done: 0, total: 4 },
      etaFrom: 'first-stop',
    });
    expect(
      planned.stops.map(({ position, orderId, trackingNumber, kind, city, outcome }) => ({
        position,
        orderId,
        trackingNumber,
        kind,
        city,
        outcome,
      })),
    ).toEqual([
      {
        position: 1,
        orderId: a.id,
        trackingNumber: a.trackingNumber,
        kind: 'pickup',
        city: 'Casablanca',
        outcome: null,
      },
      {
        position: 2,
        orderId: a.id,
        trackingNumber: a.trackingNumber,
        kind: 'delivery',
        city: 'Rabat',
        outcome: null,
      },
      {
        position: 3,
        orderId: b.id,
        trackingNumber: b.trackingNumber,
        kind: 'pickup',
        city: 'Casablanca',
        outcome: null,
      },
      {
        position: 4,
        orderId: b.id,
        trackingNumber: b.trackingNumber,
        kind: 'delivery',
        city: 'Kenitra',
        outcome: null,
      },
    ]);
    expect(planned.stops.map((stop) => stop.etaAt)).toEqual([
      at(0),
      at(a.durationMinutes),
      at(a.durationMinutes + toB),
      at(a.durationMinutes + toB + b.durationMinutes),
    ]);
    expect(planned.stops[1]).toMatchObject({
      lat: a.deliveryLat,
      lng: a.deliveryLng,
      address: a.deliveryAddress,
      doneAt: null,
      navigationUrl: `https://www.google.com/maps/dir/?api=1&destination=${a.deliveryLat},${a.deliveryLng}`,
    });

    // Another driver sees none of it.
    expect(await readRun(other)).toBeNull();

    // From the driver's position.
    clock.advance(2 * MINUTE_MS);
    await postPosition(driver, onTheWay);
    const followed = (await readRun(driver))!;
    const toA = legMinutes(onTheWay, pickupOf(a));
    expect(followed.etaFrom).toBe('position');
    expect(followed.stops.map((stop) => stop.etaAt)).toEqual([
      at(toA),
      at(toA + a.durationMinutes),
      at(toA + a.durationMinutes + toB),
      at(toA + a.durationMinutes + toB + b.durationMinutes),
    ]);

    // The pickup done since the position: timed from there, the order's own leg as priced.
    clock.advance(10 * MINUTE_MS);
    expect((await step(driver, a.id, 'pickup')).statusCode).toBe(200);
    const started = (await readRun(driver))!;
    expect(started).toMatchObject({
      status: 'started',
      etaFrom: 'last-stop',
      nextStopPosition: 2,
      progress: { done: 1, total: 4 },
    });
    expect(started.stops[0]).toMatchObject({
      outcome: 'done',
      doneAt: clock.now().toISOString(),
      etaAt: null,
    });
    expect(started.stops.slice(1).map((stop) => stop.etaAt)).toEqual([
      at(a.durationMinutes),
      at(a.durationMinutes + toB),
      at(a.durationMinutes + toB + b.durationMinutes),
    ]);

    // A failed delivery skips its stop: the rest are timed again from where it failed.
    clock.advance(15 * MINUTE_MS);
    const failed = await step(driver, a.id, 'attempt-failed', { reason: 'receiver-absent' });
    expect(failed.statusCode, failed.body).toBe(200);
    const skipped = (await readRun(driver))!;
    expect(skipped).toMatchObject({
      status: 'started',
      etaFrom: 'last-stop',
      nextStopPosition: 3,
      progress: { done: 2, total: 4 },
    });
    expect(skipped.stops[1]).toMatchObject({ outcome: 'failed', etaAt: null });
    expect(skipped.stops.slice(2).map((stop) => stop.etaAt)).toEqual([
      at(toB),
      at(toB + b.durationMinutes),
    ]);
    expect(await readRun(other)).toBeNull();

    // The last stop ends the run: the driver has none to work any more.
    clock.advance(5 * MINUTE_MS);
    expect((await step(driver, b.id, 'pickup')).statusCode).toBe(200);
    clock.advance(5 * MINUTE_MS);
    const delivered = await step(driver, b.id, 'deliver', { code: await deliveryCodeOf(b.id) });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(await readRun(driver)).toBeNull();
    const [ended] = await testApp.database.db.select().from(runs).where(eq(runs.id, dispatched.id));
    expect(ended).toMatchObject({ status: 'ended', endedAt: clock.now() });
    const [truck] = await testApp.database.db
      .select({ status: trucks.status })
      .from(trucks)
      .where(eq(trucks.id, driver.truckId));
    expect(truck!.status).toBe('AVAILABLE');
  });

  it("times stops from a position sent after the driver's last stop", async () => {
    const driver = await newDriver();
    const [toRabat, toKenitra] = await placeOrders(['Rabat', 'Kenitra']);
    const a = toRabat!;
    const b = toKenitra!;
    await dispatchRun(driver, [a, b]);
    clock.advance(MINUTE_MS);
    expect((await step(driver, a.id, 'pickup')).statusCode).toBe(200);
    clock.advance(20 * MINUTE_MS);
    await postPosition(driver, onTheWay);
    const run = (await readRun(driver))!;
    const toRabatNow = legMinutes(onTheWay, deliveryOf(a));
    expect(run.etaFrom).toBe('position');
    expect(run.stops.slice(1).map((stop) => stop.etaAt)).toEqual([
      at(toRabatNow),
      at(toRabatNow + legMinutes(deliveryOf(a), pickupOf(b))),
      at(toRabatNow + legMinutes(deliveryOf(a), pickupOf(b)) + b.durationMinutes),
    ]);
  });
});
