import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { driverPositions, drivers, orders, runs } from '../../src/server/db/schema';
import type { DispatchSuggestion, RunDetail } from '../../src/shared/schemas/run-schemas';
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

/*
 * Dispatch suggestions (docs/decisions/0024-runs-and-planning.md, "Dispatch suggestions"): the best three truck-driver
 * combinations for a pending order, ranked by the road km the order adds, each with why.
 */
let testApp: TestApp;
let admin: LoggedIn;
let customer: LoggedIn;
const db = () => testApp.database.db;

const CASABLANCA = { lat: 33.5731, lng: -7.5898 };
const MOHAMMEDIA = { lat: 33.6861, lng: -7.3829 };
const RABAT = { lat: 34.0209, lng: -6.8416 };

beforeAll(async () => {
  testApp = await buildTestApp();
  [admin, customer] = await Promise.all([loginAs(testApp, 'admin'), loginAs(testApp, 'company')]);
});
afterAll(() => testApp.close());

// Each test offers its own fleet: the trucks of the ones before leave the field.
beforeEach(async () => {
  await db()
    .update(drivers)
    .set({ deactivatedAt: new Date() })
    .where(isNull(drivers.deactivatedAt));
});

async function truckAt(
  point: { lat: number; lng: number } | null,
  overrides: Parameters<typeof createTruckWithDriver>[1] = {},
): Promise<TruckWithDriver> {
  const truck = await createTruckWithDriver(testApp, overrides);
  if (point) {
    await db()
      .insert(driverPositions)
      .values({ driverId: truck.driverId, ...point, accuracyM: 10, recordedAt: new Date() });
  }
  return truck;
}

function suggest(orderId: string, token = admin.token, language = 'en') {
  return testApp.app.inject({
    method: 'GET',
    url: `/api/admin/orders/${orderId}/suggestions`,
    headers: { ...bearer(token), 'accept-language': language },
  });
}

async function suggestionsFor(orderId: string, language = 'en'): Promise<DispatchSuggestion[]> {
  const response = await suggest(orderId, admin.token, language);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { suggestions: DispatchSuggestion[] }).suggestions;
}

async function runOf(truck: TruckWithDriver, orderIds: string[]): Promise<RunDetail> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/admin/runs',
    headers: bearer(admin.token),
    payload: { truckId: truck.truckId, orderIds },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as RunDetail;
}

describe('GET /api/admin/orders/:id/suggestions', () => {
  it('ranks the three nearest free trucks, then by plate, each explained', async () => {
    const order = await createOrderAs(testApp, customer, { weight: 12 });
    const near = await truckAt(CASABLANCA, { capacityKg: 1_000 });
    const twin = await truckAt(CASABLANCA, { capacityKg: 1_000 });
    const farther = await truckAt(MOHAMMEDIA);
    const far = await truckAt(RABAT);
    const unknown = await truckAt(null);
    const suggestions = await suggestionsFor(order.id);
    const atPickup = [near, twin].map((truck) => truck.truckNumber).sort();
    expect(suggestions.map((s) => s.truckNumber)).toEqual([...atPickup, farther.truckNumber]);
    const ids = suggestions.map((s) => s.truckId);
    for (const left of [far, unknown]) expect(ids).not.toContain(left.truckId);
    const first = suggestions.find((s) => s.truckId === near.truckId)!;
    expect(first).toEqual({
      truckId: near.truckId,
      truckNumber: near.truckNumber,
      driverId: near.driverId,
      driverName: near.driverName,
      distanceKm: 0,
      detourKm: null,
      capacityLeftKg: 988,
      capacityLeftM3: null,
      runId: null,
      reasons: [
        'Fits: 988 kg left at the fullest',
        'Licence and inspection valid',
        'Driver active',
        '0 km from the pickup',
        'Free: a run of its own',
      ],
    });
    const third = suggestions[2]!;
    expect(third.distanceKm).toBeGreaterThan(20);
    expect(third.reasons).toContain(`${third.distanceKm} km from the pickup`);

    const inFrench = await suggestionsFor(order.id, 'fr');
    expect(inFrench[0]!.reasons).toContain('Chauffeur actif');
    const inArabic = await suggestionsFor(order.id, 'ar');
    expect(inArabic[0]!.reasons).toContain('السائق نشط');
  });

  it('puts a truck of unknown distance last, and offers none that cannot take the order', async () => {
    const order = await createOrderAs(testApp, customer, { weight: 500 });
    const unknown = await truckAt(null);
    const known = await truckAt(RABAT);
    await truckAt(CASABLANCA, { capacityKg: 499 });
    await truckAt(CASABLANCA, { licenseExpire: '2000-01-01' });
    await truckAt(CASABLANCA, { capacityM3: 0.01 });
    const suggestions = await suggestionsFor(order.id);
    expect(suggestions.map((s) => s.truckId)).toEqual([known.truckId, unknown.truckId]);
    expect(suggestions[1]).toMatchObject({ distanceKm: null });
    expect(suggestions[1]!.reasons).toContain('No position yet: distance unknown');
  });

  it('does not offer a truck whose run has started', async () => {
    const onTheRoad = await truckAt(CASABLANCA);
    const run = await runOf(onTheRoad, [(await createOrderAs(testApp, customer)).id]);
    await db().update(runs).set({ status: 'started' }).where(eq(runs.id, run.id));
    const free = await truckAt(RABAT);
    const order = await createOrderAs(testApp, customer);
    const suggestions = await suggestionsFor(order.id);
    expect(suggestions.map((s) => s.truckId)).toEqual([free.truckId]);
  });

  it('ranks a planned run by the detour the order adds, and the Confirmation joins that run', async () => {
    const planned = await truckAt(CASABLANCA);
    const run = await runOf(planned, [(await createOrderAs(testApp, customer)).id]);
    const free = await truckAt(MOHAMMEDIA);
    const order = await createOrderAs(testApp, customer);
    const [first, second] = await suggestionsFor(order.id);
    expect(first).toMatchObject({ truckId: planned.truckId, runId: run.id, distanceKm: 0 });
    // Picked up beside the run's own pickup and delivered beside its delivery: a small detour.
    expect(first!.detourKm).toBeGreaterThanOrEqual(0);
    expect(first!.detourKm).toBeLessThan(second!.distanceKm!);
    expect(first!.reasons).toContain(
      `Adds ${first!.detourKm} km to its run of 1 orders not yet started`,
    );
    expect(second).toMatchObject({ truckId: free.truckId, detourKm: null, runId: null });

    const response = await updateOrderStatus(testApp, admin, order.id, {
      status: 'IN_TRANSIT',
      truckNumber: first!.truckNumber,
      driverId: first!.driverId,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [dispatched] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(dispatched!.runId).toBe(run.id);
  });

  it('gives the capacity left at the fullest point of the run once the order is in', async () => {
    const truck = await truckAt(CASABLANCA, { capacityKg: 100, capacityM3: 1 });
    await runOf(truck, [(await createOrderAs(testApp, customer, { weight: 60 })).id]);
    // On board together with the run's order: 90 kg and twice 0.024 m³ at the fullest.
    const alongside = await createOrderAs(testApp, customer, { weight: 30 });
    const [together] = await suggestionsFor(alongside.id);
    expect(together).toMatchObject({ capacityLeftKg: 10, capacityLeftM3: 0.95 });
    expect(together!.reasons[0]).toBe('Fits: 10 kg and 0.95 m³ left at the fullest');
    // Too heavy to ride alongside: it goes after the run's delivery, a longer detour.
    const after = await createOrderAs(testApp, customer, { weight: 50 });
    const [later] = await suggestionsFor(after.id);
    expect(later).toMatchObject({ truckId: truck.truckId, capacityLeftKg: 40 });
    expect(later!.detourKm).toBeGreaterThan(together!.detourKm! + 50);
    // Heavier than the truck: not offered.
    const heavy = await createOrderAs(testApp, customer, { weight: 101 });
    expect(await suggestionsFor(heavy.id)).toEqual([]);
  });

  it('answers 409 for an order that is not pending, 404 for an unknown one', async () => {
    const order = await createOrderAs(testApp, customer);
    await runOf(await truckAt(CASABLANCA), [order.id]);
    const response = await suggest(order.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('runs.suggest_not_pending');
    for (const orderId of ['00000000-0000-4000-8000-000000000000', 'garbage']) {
      expect((await suggest(orderId)).statusCode).toBe(404);
    }
  });

  it('is for the office only: a customer gets 403', async () => {
    const order = await createOrderAs(testApp, customer);
    expect((await suggest(order.id, customer.token)).statusCode).toBe(403);
  });
});
