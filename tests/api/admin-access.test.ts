import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, trucks } from '../../src/server/db/schema';
import { bearer, createOrderAs, driverTruckPayload, loginAs, type LoggedIn } from './factories';
import { buildTestApp, type TestApp } from './helpers';

let testApp: TestApp;
const callers: Partial<Record<'company' | 'individual' | 'admin', LoggedIn>> = {};

beforeAll(async () => {
  testApp = await buildTestApp();
  callers.company = await loginAs(testApp, 'company');
  callers.individual = await loginAs(testApp, 'individual');
  callers.admin = await loginAs(testApp, 'admin');
});
afterAll(() => testApp.close());

const lists = [
  '/api/admin/orders',
  '/api/admin/orders/pending',
  '/api/admin/orders/delivered',
  '/api/admin/orders/cancelled',
  '/api/admin/in-transit',
  '/api/admin/payments',
  '/api/admin/users',
  '/api/admin/trucks',
  '/api/admin/audit',
  '/api/admin/invoices',
  '/api/admin/manifests',
];
const reads = [
  '/api/admin/dashboard',
  '/api/admin/truck-driver',
  '/api/admin/manifests/drivers',
  ...lists,
  ...lists.map((path) => `${path}/export.csv`),
];

async function countRows() {
  const { db } = testApp.database;
  const [truckCount] = await db.select({ n: count() }).from(trucks);
  const [pending] = await db
    .select({ n: count() })
    .from(orders)
    .where(eq(orders.status, 'PENDING'));
  return { trucks: truckCount!.n, pendingOrders: pending!.n };
}

describe('every admin route: 401 without a token, 403 for customers, 2xx for the admin', () => {
  it.each(reads)('GET %s', async (url) => {
    const get = (headers: Record<string, string> = {}) =>
      testApp.app.inject({ method: 'GET', url, headers });
    const anonymous = await get();
    expect(anonymous.statusCode).toBe(401);
    for (const kind of ['company', 'individual'] as const) {
      const refused = await get(bearer(callers[kind]!.token));
      expect(refused.statusCode, kind).toBe(403);
      expect(refused.json()).toEqual({
        code: 'auth.admins_only',
        message: 'Admin privileges are required',
      });
    }
    const allowed = await get(bearer(callers.admin!.token));
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('PUT /api/admin/orders/:id/update-status changes nothing unless the admin asks', async () => {
    const order = await createOrderAs(testApp, callers.company!);
    const cancel = (headers: Record<string, string> = {}) =>
      testApp.app.inject({
        method: 'PUT',
        url: `/api/admin/orders/${order.id}/update-status`,
        headers,
        payload: { status: 'CANCELLED', reason: 'Customer asked' },
      });
    const before = await countRows();
    expect((await cancel()).statusCode).toBe(401);
    expect((await cancel(bearer(callers.company!.token))).statusCode).toBe(403);
    expect((await cancel(bearer(callers.individual!.token))).statusCode).toBe(403);
    expect(await countRows()).toEqual(before);
    const allowed = await cancel(bearer(callers.admin!.token));
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().order.status).toBe('CANCELLED');
  });

  it('POST /api/admin/trucks/add creates nothing unless the admin asks', async () => {
    const add = (headers: Record<string, string> = {}) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/admin/trucks/add',
        headers,
        payload: driverTruckPayload(),
      });
    const before = await countRows();
    expect((await add()).statusCode).toBe(401);
    expect((await add(bearer(callers.company!.token))).statusCode).toBe(403);
    expect((await add(bearer(callers.individual!.token))).statusCode).toBe(403);
    expect(await countRows()).toEqual(before);
    const allowed = await add(bearer(callers.admin!.token));
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect((await countRows()).trucks).toBe(before.trucks + 1);
  });

  it('lists every admin route in the OpenAPI document under the admin tag', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, Record<string, { tags?: string[] }>>;
    const adminOperations = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.tags?.includes('admin'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(adminOperations).toEqual(
      expect.arrayContaining([
        ...reads.map((path) => `GET ${path}`),
        'PUT /api/admin/orders/{id}/update-status',
        'POST /api/admin/trucks/add',
        'POST /api/admin/users/{id}/disable',
        'POST /api/admin/users/{id}/enable',
      ]),
    );
  });
});
