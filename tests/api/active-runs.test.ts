import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunDetail } from '../../src/shared/schemas/run-schemas';
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
 * GET /api/admin/runs/active (docs/decisions/0024-runs-and-planning.md, "Runs on the live
 * map"): every run not ended with its stops in order and their outcomes, as the map draws them.
 */
let testApp: TestApp;
let admin: LoggedIn;
let customer: LoggedIn;

beforeAll(async () => {
  testApp = await buildTestApp();
  [admin, customer] = await Promise.all([loginAs(testApp, 'admin'), loginAs(testApp, 'company')]);
});
afterAll(() => testApp.close());

async function newRun(truck: TruckWithDriver, count: number): Promise<RunDetail> {
  const orderIds: string[] = [];
  for (let index = 0; index < count; index += 1) {
    orderIds.push((await createOrderAs(testApp, customer, { weight: 10 })).id);
  }
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/admin/runs',
    headers: bearer(admin.token),
    payload: { truckId: truck.truckId, orderIds },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as RunDetail;
}

async function readActiveRuns(token = admin.token) {
  return testApp.app.inject({
    method: 'GET',
    url: '/api/admin/runs/active',
    headers: bearer(token),
  });
}

describe('GET /api/admin/runs/active', () => {
  it('lists every run not ended with its stops in order, and follows their progress', async () => {
    const [firstTruck, secondTruck] = [
      await createTruckWithDriver(testApp),
      await createTruckWithDriver(testApp),
    ];
    const first = await newRun(firstTruck!, 2);
    const second = await newRun(secondTruck!, 1);

    const before = await readActiveRuns();
    expect(before.statusCode, before.body).toBe(200);
    const listed = before.json() as RunDetail[];
    const firstListed = listed.find((run) => run.id === first.id);
    expect(firstListed).toMatchObject({ status: 'planned', progress: { done: 0, total: 4 } });
    // The same stops, in the same order, as the run's own page (arrival times apart: they run
    // from the moment of each read).
    const untimed = (stops: RunDetail['stops']) =>
      stops.map(({ etaAt: _measuredNow, ...stop }) => stop);
    expect(untimed(firstListed!.stops)).toEqual(untimed(first.stops));
    expect(untimed(listed.find((run) => run.id === second.id)!.stops)).toEqual(
      untimed(second.stops),
    );

    const delivered = first.stops[0]!.orderId;
    expect(
      (await updateOrderStatus(testApp, admin, delivered, { status: 'DELIVERED' })).statusCode,
    ).toBe(200);
    const midway = ((await readActiveRuns()).json() as RunDetail[]).find(
      (run) => run.id === first.id,
    )!;
    expect(midway).toMatchObject({ status: 'started', progress: { done: 2, total: 4 } });
    expect(
      midway.stops.filter((stop) => stop.orderId === delivered).map((stop) => stop.outcome),
    ).toEqual(['done', 'done']);
    expect(
      midway.stops.filter((stop) => stop.orderId !== delivered).map((stop) => stop.outcome),
    ).toEqual([null, null]);

    const [secondOrder] = second.stops.map((stop) => stop.orderId);
    expect(
      (await updateOrderStatus(testApp, admin, secondOrder!, { status: 'CANCELLED' })).statusCode,
    ).toBe(200);
    const after = (await readActiveRuns()).json() as RunDetail[];
    expect(after.map((run) => run.id)).toContain(first.id);
    expect(after.map((run) => run.id)).not.toContain(second.id);
  });

  it('is for admins only', async () => {
    expect((await readActiveRuns(customer.token)).statusCode).toBe(403);
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/admin/runs/active' });
    expect(anonymous.statusCode).toBe(401);
  });
});
