import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverPositions, orders, runPlans, runs, trucks } from '../../src/server/db/schema';
import { generateTrackingNumber } from '../../src/server/orders/tracking-number';
import { checkRunStops, type RunStopRef } from '../../src/shared/run-loads';
import { loadItemOf } from '../../src/shared/run-stops';
import type { RunDetail, RunPlan } from '../../src/shared/schemas/run-schemas';
import { bearer, createTruckWithDriver, loginAs, type LoggedIn } from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { usesPostgres } from './test-database-mode';

/*
 * Planning (docs/decisions/0024-runs-and-planning.md, "Planning"): the solver's proposal, the
 * office's confirmation as proposed or edited, and the property every accepted plan and run
 * keeps: within capacity at every stop, each pickup before its delivery.
 */
let testApp: TestApp;
let admin: LoggedIn;
let customer: LoggedIn;
const db = () => testApp.database.db;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  testApp = await buildTestApp();
  [admin, customer] = await Promise.all([loginAs(testApp, 'admin'), loginAs(testApp, 'company')]);
});
afterAll(() => testApp.close());

interface NewOrder {
  kg: number;
  /** Edge of a cubic parcel, cm. */
  edgeCm?: number;
  pickup?: [number, number];
  delivery?: [number, number];
}

/** Pending orders of the customer written in one statement (the planner reads nothing else). */
async function pendingOrders(items: readonly NewOrder[]): Promise<string[]> {
  const rows = await db()
    .insert(orders)
    .values(
      items.map((item, index) => ({
        trackingNumber: generateTrackingNumber(),
        organizationId: customer.user.organization!.id,
        userId: customer.user.id,
        status: 'PENDING' as const,
        pickupLoc: 'Casablanca',
        deliveryLoc: 'Rabat',
        pickupLat: item.pickup?.[0] ?? 33.57 + index * 0.01,
        pickupLng: item.pickup?.[1] ?? -7.59 + index * 0.01,
        deliveryLat: item.delivery?.[0] ?? 34.02 - index * 0.01,
        deliveryLng: item.delivery?.[1] ?? -6.83 - index * 0.01,
        weightKg: String(item.kg),
        lengthCm: String(item.edgeCm ?? 40),
        widthCm: String(item.edgeCm ?? 40),
        heightCm: String(item.edgeCm ?? 40),
        priceCentimes: 30_000,
        distanceKm: '87.00',
        durationMinutes: 90,
      })),
    )
    .returning({ id: orders.id });
  return rows.map((row) => row.id);
}

function post(url: string, payload: object) {
  return testApp.app.inject({ method: 'POST', url, headers: bearer(admin.token), payload });
}

const refsOf = (stops: ReadonlyArray<{ orderId: string; kind: RunStopRef['kind'] }>) =>
  stops.map(({ orderId, kind }) => ({ orderId, kind }));

async function itemsOf(orderIds: readonly string[]) {
  const rows = await db()
    .select()
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
  return rows.map(loadItemOf);
}

describe('POST /api/admin/runs/plan', () => {
  it('plans 12 orders on 2 trucks, leaves out what fits no truck and what is not pending', async () => {
    const [small, large] = [
      await createTruckWithDriver(testApp, { capacityKg: 400 }),
      await createTruckWithDriver(testApp, { capacityKg: 900, capacityM3: 10 }),
    ];
    const orderIds = await pendingOrders(
      Array.from({ length: 12 }, (_, i) => ({ kg: 50 + i * 10 })),
    );
    const [heavy] = await pendingOrders([{ kg: 2_000 }]);
    const [gone] = await pendingOrders([{ kg: 10 }]);
    await db().update(orders).set({ status: 'CANCELLED' }).where(eq(orders.id, gone!));
    const request = {
      orderIds: [...orderIds, heavy!, gone!],
      truckIds: [small.truckId, large.truckId],
      date: today,
    };
    const response = await post('/api/admin/runs/plan', request);
    expect(response.statusCode, response.body).toBe(201);
    const plan = response.json() as RunPlan;
    expect(plan.unplanned).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          orderId: heavy,
          reason: 'too-heavy',
          message: 'Heavier than any of the trucks can carry',
        }),
        expect.objectContaining({ orderId: gone, reason: 'not-pending' }),
      ]),
    );
    const planned = plan.runs.flatMap((run) => run.stops.map((stop) => stop.orderId));
    expect(new Set(planned)).toEqual(new Set(orderIds));
    // A proposal's stops are not on the road: no outcome, no time.
    for (const stop of plan.runs.flatMap((run) => run.stops)) {
      expect(Object.keys(stop)).not.toEqual(expect.arrayContaining(['outcome']));
      expect(Object.keys(stop)).not.toEqual(expect.arrayContaining(['etaAt']));
    }
    const items = await itemsOf(orderIds);
    for (const run of plan.runs) {
      expect(
        checkRunStops(
          refsOf(run.stops),
          items.filter((item) => run.stops.some((stop) => stop.orderId === item.orderId)),
          { kg: run.truck.capacityKg, m3: run.truck.capacityM3 },
        ),
      ).toEqual([]);
      expect(run.distanceKm).toBeGreaterThan(0);
    }
    expect(plan.orders).toHaveLength(14);

    // The same request gives the same plan; nothing was dispatched.
    const again = (await post('/api/admin/runs/plan', request)).json() as RunPlan;
    expect(again.runs.map((run) => refsOf(run.stops))).toEqual(
      plan.runs.map((run) => refsOf(run.stops)),
    );
    const stillPending = await db().select().from(orders).where(inArray(orders.id, orderIds));
    expect(stillPending.every((order) => order.status === 'PENDING')).toBe(true);

    // In Arabic, the reasons follow the request's language.
    const arabic = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/runs/plan',
      headers: { ...bearer(admin.token), 'accept-language': 'ar' },
      payload: request,
    });
    expect(
      (arabic.json() as RunPlan).unplanned.find((item) => item.orderId === heavy)!.message,
    ).toBe('أثقل مما تستطيع أي شاحنة حمله');
  });

  it('starts each truck where its driver last was: the orders near it go on it', async () => {
    const [first, second] = [
      await createTruckWithDriver(testApp, { capacityKg: 1_000 }),
      await createTruckWithDriver(testApp, { capacityKg: 1_000 }),
    ];
    const tangier: [number, number] = [35.76, -5.83];
    const agadir: [number, number] = [30.42, -9.59];
    const near = ([lat, lng]: [number, number], step: number): [number, number] => [
      lat + step * 0.01,
      lng + step * 0.01,
    ];
    const inTangier = await pendingOrders(
      [1, 2].map((step) => ({
        kg: 50,
        pickup: near(tangier, step),
        delivery: near(tangier, -step),
      })),
    );
    const inAgadir = await pendingOrders(
      [1, 2].map((step) => ({ kg: 50, pickup: near(agadir, step), delivery: near(agadir, -step) })),
    );
    const planWith = async (firstAt: [number, number], secondAt: [number, number]) => {
      await db()
        .insert(driverPositions)
        .values([
          { driverId: first.driverId, lat: firstAt[0], lng: firstAt[1], accuracyM: 10 },
          { driverId: second.driverId, lat: secondAt[0], lng: secondAt[1], accuracyM: 10 },
        ]);
      const response = await post('/api/admin/runs/plan', {
        orderIds: [...inTangier, ...inAgadir],
        truckIds: [first.truckId, second.truckId],
        date: today,
      });
      expect(response.statusCode, response.body).toBe(201);
      const plan = response.json() as RunPlan;
      const ordersOf = (truckId: string) =>
        new Set(
          plan.runs.find((run) => run.truck.id === truckId)!.stops.map((stop) => stop.orderId),
        );
      return { first: ordersOf(first.truckId), second: ordersOf(second.truckId) };
    };

    expect(await planWith(tangier, agadir)).toEqual({
      first: new Set(inTangier),
      second: new Set(inAgadir),
    });
    // The drivers' newer positions swap them: so do their orders.
    expect(await planWith(agadir, tangier)).toEqual({
      first: new Set(inAgadir),
      second: new Set(inTangier),
    });
  });

  it('confirms the proposal: every run dispatched in one go; a plan is confirmed once', async () => {
    const truck = await createTruckWithDriver(testApp, { capacityKg: 1_000 });
    const orderIds = await pendingOrders([{ kg: 100 }, { kg: 200 }, { kg: 300 }]);
    const plan = (
      await post('/api/admin/runs/plan', { orderIds, truckIds: [truck.truckId], date: today })
    ).json() as RunPlan;
    const confirmed = await post(`/api/admin/runs/plan/${plan.id}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [run] = (confirmed.json() as { runs: RunDetail[] }).runs;
    expect(refsOf(run!.stops)).toEqual(refsOf(plan.runs[0]!.stops));
    expect(run).toMatchObject({ status: 'planned', runDate: today, orderCount: 3 });
    const [stored] = await db().select().from(runs).where(eq(runs.id, run!.id));
    expect(stored!.planId).toBe(plan.id);
    const [savedPlan] = await db().select().from(runPlans).where(eq(runPlans.id, plan.id));
    expect(savedPlan!.confirmedAt).not.toBeNull();

    const twice = await post(`/api/admin/runs/plan/${plan.id}/confirm`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This plan was already confirmed');
  });

  it('refuses an edit over capacity or with a delivery first, and keeps the plan open for another', async () => {
    const truck = await createTruckWithDriver(testApp, { capacityKg: 100 });
    const [a, b] = await pendingOrders([{ kg: 60 }, { kg: 60 }]);
    const plan = (
      await post('/api/admin/runs/plan', {
        orderIds: [a!, b!],
        truckIds: [truck.truckId],
        date: today,
      })
    ).json() as RunPlan;
    const edit = (stops: RunStopRef[]) => ({ runs: [{ truckId: truck.truckId, stops }] });
    const overloaded = await post(
      `/api/admin/runs/plan/${plan.id}/confirm`,
      edit([
        { orderId: a!, kind: 'pickup' },
        { orderId: b!, kind: 'pickup' },
        { orderId: a!, kind: 'delivery' },
        { orderId: b!, kind: 'delivery' },
      ]),
    );
    expect(overloaded.statusCode).toBe(409);
    expect(overloaded.json().message).toContain(
      "At stop 2 the load would be 120 kg, over the truck's 100 kg",
    );
    const foreign = await post(`/api/admin/runs/plan/${plan.id}/confirm`, {
      runs: [
        { truckId: crypto.randomUUID(), stops: [] },
        { truckId: truck.truckId, stops: [{ orderId: crypto.randomUUID(), kind: 'pickup' }] },
      ],
    });
    expect(foreign.statusCode).toBe(400);
    const fine = await post(
      `/api/admin/runs/plan/${plan.id}/confirm`,
      edit([
        { orderId: b!, kind: 'pickup' },
        { orderId: b!, kind: 'delivery' },
        { orderId: a!, kind: 'pickup' },
        { orderId: a!, kind: 'delivery' },
      ]),
    );
    expect(fine.statusCode, fine.body).toBe(200);
    expect(
      (fine.json() as { runs: RunDetail[] }).runs[0]!.stops.map((stop) => stop.loadAfter.kg),
    ).toEqual([60, 0, 60, 0]);
  });

  it('two offices confirming plans with the same truck at once: one wins, the other gets 409', async () => {
    const second = usesPostgres() ? await buildTestApp({ sameDatabaseAs: testApp }) : testApp;
    try {
      const truck = await createTruckWithDriver(testApp);
      const plans = await Promise.all(
        [await pendingOrders([{ kg: 10 }]), await pendingOrders([{ kg: 20 }])].map(
          async (orderIds) =>
            (
              await post('/api/admin/runs/plan', {
                orderIds,
                truckIds: [truck.truckId],
                date: today,
              })
            ).json() as RunPlan,
        ),
      );
      const responses = await Promise.all([
        post(`/api/admin/runs/plan/${plans[0]!.id}/confirm`, {}),
        second.app.inject({
          method: 'POST',
          url: `/api/admin/runs/plan/${plans[1]!.id}/confirm`,
          headers: bearer(admin.token),
          payload: {},
        }),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      expect(await db().select().from(runs).where(eq(runs.truckId, truck.truckId))).toHaveLength(1);
    } finally {
      if (second !== testApp) await second.close();
    }
  });

  it('refuses a customer (403), a truck with a run (409) and bad requests (400)', async () => {
    const forbidden = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/runs/plan',
      headers: bearer(customer.token),
      payload: { orderIds: [crypto.randomUUID()], date: today },
    });
    expect(forbidden.statusCode).toBe(403);
    const bad = await post('/api/admin/runs/plan', { orderIds: [], date: '27/11/2026' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['date', 'orderIds']);
    const busy = await createTruckWithDriver(testApp);
    const first = await post('/api/admin/runs', {
      truckId: busy.truckId,
      orderIds: await pendingOrders([{ kg: 5 }]),
    });
    expect(first.statusCode, first.body).toBe(201);
    const refused = await post('/api/admin/runs/plan', {
      orderIds: await pendingOrders([{ kg: 5 }]),
      truckIds: [busy.truckId],
      date: today,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `Truck ${busy.truckNumber} already has a run that has not ended`,
    );
  });
});

describe('every plan and run the API accepts keeps loads within capacity and pickups first', () => {
  const orderArb = fc.record({
    kg: fc.integer({ min: 1, max: 400 }),
    edgeCm: fc.integer({ min: 10, max: 150 }),
    pickup: fc.tuple(
      fc.double({ min: 33.4, max: 34.1, noNaN: true }),
      fc.double({ min: -7.7, max: -6.7, noNaN: true }),
    ),
    delivery: fc.tuple(
      fc.double({ min: 33.4, max: 34.1, noNaN: true }),
      fc.double({ min: -7.7, max: -6.7, noNaN: true }),
    ),
  });
  const truckArb = fc.record({
    capacityKg: fc.integer({ min: 100, max: 900 }),
    capacityM3: fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }),
  });
  /** An edit of the proposal: swap two stops of one run, or move an order to another run's end. */
  const editArb = fc.record({
    kind: fc.constantFrom('swap', 'move'),
    run: fc.nat(),
    a: fc.nat(),
    b: fc.nat(),
    to: fc.nat(),
  });

  it('plans, then confirms random edits: refused with a reason exactly when a run breaks a rule', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(truckArb, { minLength: 1, maxLength: 3 }),
        fc.array(orderArb, { minLength: 1, maxLength: 8 }),
        editArb,
        async (truckSpecs, orderSpecs, change) => {
          const fleet = await Promise.all(
            truckSpecs.map((spec) => createTruckWithDriver(testApp, spec)),
          );
          const orderIds = await pendingOrders(orderSpecs);
          const items = await itemsOf(orderIds);
          const itemsOfRun = (stops: RunStopRef[]) =>
            items.filter((item) => stops.some((stop) => stop.orderId === item.orderId));
          const response = await post('/api/admin/runs/plan', {
            orderIds,
            truckIds: fleet.map((truck) => truck.truckId),
            date: today,
          });
          expect(response.statusCode, response.body).toBe(201);
          const plan = response.json() as RunPlan;
          const capacityOf = (truckId: string) => {
            const spec = truckSpecs[fleet.findIndex((truck) => truck.truckId === truckId)]!;
            return { kg: spec.capacityKg, m3: spec.capacityM3 ?? null };
          };
          for (const run of plan.runs) {
            expect(
              checkRunStops(
                refsOf(run.stops),
                itemsOfRun(refsOf(run.stops)),
                capacityOf(run.truck.id),
              ),
            ).toEqual([]);
          }
          const placed = plan.runs.flatMap((run) =>
            run.stops.filter((stop) => stop.kind === 'pickup').map((stop) => stop.orderId),
          );
          expect(placed.length + plan.unplanned.length).toBe(orderIds.length);

          // Every truck of the plan has a run in it, one given no order too.
          expect(plan.runs.map((run) => run.truck.id).sort()).toEqual(
            fleet.map((truck) => truck.truckId).sort(),
          );
          const edited = plan.runs.map((run) => ({
            truckId: run.truck.id,
            stops: refsOf(run.stops),
          }));
          const withStops = edited.filter((run) => run.stops.length > 0);
          if (withStops.length === 0) return;
          const target = withStops[change.run % withStops.length]!;
          if (change.kind === 'swap') {
            const i = change.a % target.stops.length;
            const j = change.b % target.stops.length;
            [target.stops[i], target.stops[j]] = [target.stops[j]!, target.stops[i]!];
          } else {
            const moved = target.stops[change.a % target.stops.length]!.orderId;
            target.stops = target.stops.filter((stop) => stop.orderId !== moved);
            const other = edited[change.to % edited.length]!;
            other.stops.push(
              { orderId: moved, kind: 'pickup' },
              { orderId: moved, kind: 'delivery' },
            );
          }
          const broken = edited.some(
            (run) =>
              checkRunStops(run.stops, itemsOfRun(run.stops), capacityOf(run.truckId)).length > 0,
          );
          const confirmed = await post(`/api/admin/runs/plan/${plan.id}/confirm`, { runs: edited });
          if (broken) {
            expect(confirmed.statusCode, confirmed.body).toBe(409);
            expect(confirmed.json().message).toMatch(
              /over the truck's|delivered before it is picked up|below the order weight/,
            );
            const untouched = await db().select().from(orders).where(inArray(orders.id, orderIds));
            expect(untouched.every((order) => order.status === 'PENDING')).toBe(true);
          } else {
            expect(confirmed.statusCode, confirmed.body).toBe(200);
            const made = (confirmed.json() as { runs: RunDetail[] }).runs;
            for (const run of made) {
              expect(
                checkRunStops(
                  refsOf(run.stops),
                  itemsOfRun(refsOf(run.stops)),
                  capacityOf(run.truck.id),
                ),
              ).toEqual([]);
            }
            const busy = await db()
              .select()
              .from(trucks)
              .where(
                inArray(
                  trucks.id,
                  made.map((run) => run.truck.id),
                ),
              );
            expect(busy.every((truck) => truck.status === 'ON_DELIVERY')).toBe(true);
          }
        },
      ),
      { numRuns: usesPostgres() ? 15 : 6 },
    );
  }, 180_000);
});
