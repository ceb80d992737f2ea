import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverPositions, orders, runStops, runs, trucks } from '../../src/server/db/schema';
import { checkRunStops, type RunStopRef } from '../../src/shared/run-loads';
import type { CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import type { RunDetail, RunSummary } from '../../src/shared/schemas/run-schemas';
import {
  bearer,
  createOrderAs,
  createTruckWithDriver,
  loginAs,
  updateOrderStatus,
  type LoggedIn,
  type TruckWithDriver,
} from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { usesPostgres } from './test-database-mode';

/*
 * Runs (docs/decisions/0024-runs-and-planning.md): many orders on one truck's run, dispatched in
 * one transaction through the lifecycle, all or none; adding to a run that has not started; the
 * run's end freeing its truck.
 */
let testApp: TestApp;
let admin: LoggedIn;
let customer: LoggedIn;
const db = () => testApp.database.db;

beforeAll(async () => {
  testApp = await buildTestApp();
  [admin, customer] = await Promise.all([loginAs(testApp, 'admin'), loginAs(testApp, 'company')]);
});
afterAll(() => testApp.close());

const placeOrders = async (count: number, weight = 12) => {
  const placed: string[] = [];
  for (let index = 0; index < count; index += 1) {
    placed.push((await createOrderAs(testApp, customer, { weight })).id);
  }
  return placed;
};

function postRun(body: object, app: TestApp = testApp, token = admin.token) {
  return app.app.inject({
    method: 'POST',
    url: '/api/admin/runs',
    headers: bearer(token),
    payload: body,
  });
}

/** The run without its arrival times, which are measured from the moment it is read. */
const untimed = (run: RunDetail) => ({
  ...run,
  stops: run.stops.map(({ etaAt: _measuredNow, ...stop }) => stop),
});

async function readRunOf(orderId: string) {
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  return order!;
}

async function truckStatus(truckId: string) {
  const [truck] = await db().select().from(trucks).where(eq(trucks.id, truckId));
  return truck!.status;
}

describe('POST /api/admin/runs', () => {
  it('dispatches 30 orders on one run in one transaction: stops, loads, events', async () => {
    const truck = await createTruckWithDriver(testApp, { capacityKg: 1_000 });
    const orderIds = await placeOrders(30);
    const response = await postRun({ truckId: truck.truckId, orderIds });
    expect(response.statusCode, response.body).toBe(201);
    const run = response.json() as RunDetail;
    expect(run).toMatchObject({
      status: 'planned',
      truck: { id: truck.truckId, capacityKg: 1_000 },
      driver: { id: truck.driverId },
      orderCount: 30,
      progress: { done: 0, total: 60 },
    });
    expect(run.stops).toHaveLength(60);
    const refs: RunStopRef[] = run.stops.map(({ orderId, kind }) => ({ orderId, kind }));
    const items = orderIds.map((orderId) => ({ orderId, kg: 12, m3: 0.024, onBoard: false }));
    expect(checkRunStops(refs, items, { kg: 1_000, m3: null })).toEqual([]);
    expect(Math.max(...run.stops.map((stop) => stop.loadAfter.kg))).toBeLessThanOrEqual(1_000);
    expect(run.distanceKm).toBeGreaterThan(0);
    for (const orderId of orderIds) {
      const order = await readRunOf(orderId);
      expect(order).toMatchObject({ status: 'IN_TRANSIT', runId: run.id, truckId: truck.truckId });
    }
    expect(await truckStatus(truck.truckId)).toBe('ON_DELIVERY');

    const detail = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/runs/${run.id}`,
      headers: bearer(admin.token),
    });
    expect(detail.statusCode).toBe(200);
    // The same run; its arrival times run from the moment of each read.
    expect(untimed(detail.json() as RunDetail)).toEqual(untimed(run));
  });

  it('all or none: one order that cannot go refuses the run with 409 naming it and why', async () => {
    const truck = await createTruckWithDriver(testApp);
    const orderIds = await placeOrders(5);
    const cancelled = orderIds[3]!;
    const cancelling = await updateOrderStatus(testApp, admin, cancelled, {
      status: 'CANCELLED',
      reason: 'Customer changed plans',
    });
    expect(cancelling.statusCode).toBe(200);
    const { trackingNumber } = await readRunOf(cancelled);
    const response = await postRun({ truckId: truck.truckId, orderIds });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      `Order ${trackingNumber} cannot go on this run. This order is CANCELLED and can no longer change`,
    );
    for (const orderId of orderIds.filter((id) => id !== cancelled)) {
      expect((await readRunOf(orderId)).status).toBe('PENDING');
    }
    expect(await db().select().from(runs).where(eq(runs.truckId, truck.truckId))).toEqual([]);
    expect(await truckStatus(truck.truckId)).toBe('AVAILABLE');
  });

  it('checks given stops against the truck: capacity at every stop, pickup before delivery', async () => {
    const truck = await createTruckWithDriver(testApp, { capacityKg: 100 });
    const [a, b] = await placeOrders(2, 60);
    const both = [a!, b!];
    const overloaded = await postRun({
      truckId: truck.truckId,
      orderIds: both,
      stops: [
        { orderId: a, kind: 'pickup' },
        { orderId: b, kind: 'pickup' },
        { orderId: a, kind: 'delivery' },
        { orderId: b, kind: 'delivery' },
      ],
    });
    expect(overloaded.statusCode).toBe(409);
    expect(overloaded.json().message).toBe(
      "At stop 2 the load would be 120 kg, over the truck's 100 kg",
    );
    const backwards = await postRun({
      truckId: truck.truckId,
      orderIds: both,
      stops: [
        { orderId: a, kind: 'delivery' },
        { orderId: a, kind: 'pickup' },
        { orderId: b, kind: 'pickup' },
        { orderId: b, kind: 'delivery' },
      ],
    });
    expect(backwards.statusCode).toBe(409);
    const { trackingNumber } = await readRunOf(a!);
    expect(backwards.json().message).toContain(
      `Order ${trackingNumber} would be delivered before it is picked up`,
    );
    expect((await readRunOf(a!)).status).toBe('PENDING');

    const accepted = await postRun({
      truckId: truck.truckId,
      orderIds: both,
      stops: [
        { orderId: b, kind: 'pickup' },
        { orderId: b, kind: 'delivery' },
        { orderId: a, kind: 'pickup' },
        { orderId: a, kind: 'delivery' },
      ],
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect((accepted.json() as RunDetail).stops.map((stop) => stop.loadAfter.kg)).toEqual([
      60, 0, 60, 0,
    ]);
  });

  it('two admins giving one truck a run at once: one wins, the other gets 409', async () => {
    const second = usesPostgres() ? await buildTestApp({ sameDatabaseAs: testApp }) : testApp;
    try {
      const truck = await createTruckWithDriver(testApp);
      const [mine, theirs] = [await placeOrders(3), await placeOrders(3)];
      const responses = await Promise.all([
        postRun({ truckId: truck.truckId, orderIds: mine }),
        postRun({ truckId: truck.truckId, orderIds: theirs }, second),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
      const refused = responses.find((response) => response.statusCode === 409)!;
      expect(refused.json().code).toMatch(/^runs\.truck_(has_run|taken)$/);
      const truckRuns = await db().select().from(runs).where(eq(runs.truckId, truck.truckId));
      expect(truckRuns).toHaveLength(1);
      const onRoad = await db()
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.runId, truckRuns[0]!.id), eq(orders.status, 'IN_TRANSIT')));
      expect(onRoad).toHaveLength(3);
    } finally {
      if (second !== testApp) await second.close();
    }
  });

  it('refuses a customer (403) and bad bodies (400 with field messages)', async () => {
    const forbidden = await postRun(
      { truckId: crypto.randomUUID(), orderIds: [crypto.randomUUID()] },
      testApp,
      customer.token,
    );
    expect(forbidden.statusCode).toBe(403);
    const bad = await postRun({ truckId: 'truck', orderIds: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      truckId: "Not a truck's id",
      orderIds: 'Choose at least one order',
    });
    const unknownTruck = await postRun({
      truckId: crypto.randomUUID(),
      orderIds: await placeOrders(1),
    });
    expect(unknownTruck.statusCode).toBe(404);
  });
});

describe('a run after its dispatch', () => {
  async function newRun(truck: TruckWithDriver, count: number): Promise<RunDetail> {
    const response = await postRun({ truckId: truck.truckId, orderIds: await placeOrders(count) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as RunDetail;
  }

  it('takes more orders until it starts, then refuses them (409)', async () => {
    const truck = await createTruckWithDriver(testApp);
    const run = await newRun(truck, 2);
    const added = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/runs/${run.id}/orders`,
      headers: bearer(admin.token),
      payload: { orderIds: await placeOrders(2) },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ orderCount: 4, progress: { done: 0, total: 8 } });

    await db().update(runs).set({ status: 'started' }).where(eq(runs.id, run.id));
    const late = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/runs/${run.id}/orders`,
      headers: bearer(admin.token),
      payload: { orderIds: await placeOrders(1) },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This run has started: no order can be added');
  });

  it("times each stop still to do from the driver's position; a run for a later day is not timed", async () => {
    const truck = await createTruckWithDriver(testApp);
    const run = await newRun(truck, 2);
    const times = (detail: RunDetail) =>
      detail.stops.map((stop) => (stop.etaAt ? Date.parse(stop.etaAt) : null));
    const ascending = (values: ReadonlyArray<number | null>) =>
      values.every((value, index) => index === 0 || value! >= values[index - 1]!);
    // Dispatched today, no position yet: timed from the first stop, reached now.
    const fromFirstStop = times(run);
    expect(fromFirstStop.every((time) => time !== null)).toBe(true);
    expect(ascending(fromFirstStop)).toBe(true);

    // The driver is in Agadir, hours from the pickups in Casablanca: every stop is later.
    await db()
      .insert(driverPositions)
      .values({ driverId: truck.driverId, lat: 30.42, lng: -9.59, accuracyM: 10 });
    const read = async () => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/admin/runs/${run.id}`,
        headers: bearer(admin.token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as RunDetail;
    };
    const fromAgadir = times(await read());
    expect(fromAgadir[0]! - fromFirstStop[0]!).toBeGreaterThan(3 * 60 * 60_000);
    expect(ascending(fromAgadir)).toBe(true);

    // The first order delivered: its stops are done, with no time to come; the others stay timed.
    const delivered = run.stops[0]!.orderId;
    expect(
      (await updateOrderStatus(testApp, admin, delivered, { status: 'DELIVERED' })).statusCode,
    ).toBe(200);
    const midway = await read();
    for (const stop of midway.stops) {
      if (stop.orderId === delivered) expect(stop).toMatchObject({ outcome: 'done', etaAt: null });
      else expect(stop.etaAt).not.toBeNull();
    }
    const active = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/runs/active',
      headers: bearer(admin.token),
    });
    const onTheMap = (active.json() as RunDetail[]).find((item) => item.id === run.id)!;
    expect(times(onTheMap).map((time) => time !== null)).toEqual(
      midway.stops.map((stop) => stop.etaAt !== null),
    );

    // A run for a later day has no arrival to give yet.
    const later = await postRun({
      truckId: (await createTruckWithDriver(testApp)).truckId,
      orderIds: await placeOrders(1),
      date: '2031-01-15',
    });
    expect(later.statusCode, later.body).toBe(201);
    expect(times(later.json() as RunDetail)).toEqual([null, null]);
    // Once under way, whatever its day, it is.
    const laterRun = later.json() as RunDetail;
    await db().update(runs).set({ status: 'started' }).where(eq(runs.id, laterRun.id));
    const started = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/runs/${laterRun.id}`,
      headers: bearer(admin.token),
    });
    expect(times(started.json() as RunDetail).every((time) => time !== null)).toBe(true);
  });

  it('tells the customer and the map when the run reaches the order, not straight from the truck', async () => {
    const truck = await createTruckWithDriver(testApp);
    const toTangier = await createOrderAs(testApp, customer, { delivery_loc: 'Tangier' });
    const toRabat = await createOrderAs(testApp, customer, { delivery_loc: 'Rabat' });
    // Both picked up in Casablanca, Tangier delivered first: Rabat comes hours after it.
    const created = await postRun({
      truckId: truck.truckId,
      orderIds: [toTangier.id, toRabat.id],
      stops: [
        { orderId: toTangier.id, kind: 'pickup' },
        { orderId: toRabat.id, kind: 'pickup' },
        { orderId: toTangier.id, kind: 'delivery' },
        { orderId: toRabat.id, kind: 'delivery' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const run = created.json() as RunDetail;
    await db()
      .insert(driverPositions)
      .values({ driverId: truck.driverId, lat: 33.57, lng: -7.59, accuracyM: 10 });

    const get = async (url: string, token: string) => {
      const response = await testApp.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const detail = (await get(`/api/admin/runs/${run.id}`, admin.token)) as RunDetail;
    const runEta = Date.parse(
      detail.stops.find((stop) => stop.orderId === toRabat.id && stop.kind === 'delivery')!.etaAt!,
    );
    const { order: shown } = (await get(`/api/dashboard/orders/${toRabat.id}`, customer.token)) as {
      order: CustomerOrderDetail;
    };
    const onTheMap = (
      (await get('/api/admin/map', admin.token)) as Array<{ orderId: string; eta: string }>
    ).find((row) => row.orderId === toRabat.id)!;
    for (const eta of [shown.eta!, onTheMap.eta]) {
      // The same time along the run, give or take the moments between the reads.
      expect(Math.abs(Date.parse(eta) - runEta)).toBeLessThan(60_000);
    }
    // Straight from Casablanca, Rabat is under two hours away; by way of Tangier it is not.
    expect(Date.parse(shown.eta!) - Date.now()).toBeGreaterThan(4 * 60 * 60_000);
  });

  it('ends with its last stop and frees its truck; the list shows it', async () => {
    const truck = await createTruckWithDriver(testApp);
    const run = await newRun(truck, 2);
    const [first, second] = [...new Set(run.stops.map((stop) => stop.orderId))];
    const delivered = await updateOrderStatus(testApp, admin, first!, { status: 'DELIVERED' });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const [midway] = await db().select().from(runs).where(eq(runs.id, run.id));
    expect(midway!.status).toBe('started');
    expect(await truckStatus(truck.truckId)).toBe('ON_DELIVERY');

    const cancelled = await updateOrderStatus(testApp, admin, second!, { status: 'CANCELLED' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [ended] = await db().select().from(runs).where(eq(runs.id, run.id));
    expect(ended).toMatchObject({ status: 'ended' });
    expect(ended!.endedAt).not.toBeNull();
    expect(await truckStatus(truck.truckId)).toBe('AVAILABLE');
    const outcomes = await db()
      .select({ orderId: runStops.orderId, kind: runStops.kind, outcome: runStops.outcome })
      .from(runStops)
      .where(eq(runStops.runId, run.id))
      .orderBy(asc(runStops.position));
    expect(outcomes).toHaveLength(4);
    expect(outcomes).toEqual(
      expect.arrayContaining([
        { orderId: first, kind: 'pickup', outcome: 'done' },
        { orderId: first, kind: 'delivery', outcome: 'done' },
        { orderId: second, kind: 'pickup', outcome: 'dropped' },
        { orderId: second, kind: 'delivery', outcome: 'dropped' },
      ]),
    );

    const list = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/runs?status=ended&date=${run.runDate}`,
      headers: bearer(admin.token),
    });
    expect(list.statusCode).toBe(200);
    const listed = (list.json() as RunSummary[]).find((item) => item.id === run.id);
    expect(listed).toMatchObject({ status: 'ended', progress: { done: 4, total: 4 } });

    // A new run for the freed truck.
    expect((await newRun(truck, 1)).status).toBe('planned');
  });
});
