/**
 * List totals at scale (docs/architecture.md, "Lists at scale"): without a search a list's total
 * comes from the counters and stays exact however large; a search counts up to 10 000 and says
 * so (X-Total-Capped), on the customer's lists and the back office's alike. The customer's lists
 * export CSV through the same route helper as the admin's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_CAP } from '../../src/server/db/list-total';
import { bearer, bulkLoadOrders, createOrderAs, loginAs, type LoggedIn } from './factories';
import { buildTestApp, type TestApp } from './helpers';

/** One more than the cap, and a few on top so the exact totals differ from it. */
const BULK_ORDERS = TOTAL_COUNT_CAP + 25;

describe('list totals past the count cap', () => {
  let testApp: TestApp;
  let customer: LoggedIn;
  let other: LoggedIn;
  let admin: LoggedIn;

  beforeAll(async () => {
    testApp = await buildTestApp();
    customer = await loginAs(testApp, 'company');
    other = await loginAs(testApp, 'individual');
    admin = await loginAs(testApp, 'admin');
    await createOrderAs(testApp, other);
    await bulkLoadOrders(testApp, {
      userId: customer.user.id,
      count: BULK_ORDERS,
      trackingDigit: 9,
    });
  }, 120_000);

  afterAll(async () => {
    await testApp?.close();
  });

  const get = (url: string, token: string) =>
    testApp.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('an unsearched customer list counts every order exactly', async () => {
    const all = await get('/api/dashboard/orders?pageSize=6', customer.token);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['x-total-count']).toBe(String(BULK_ORDERS));
    expect(all.headers['x-total-capped']).toBeUndefined();
    expect(all.json().orders).toHaveLength(6);

    const delivered = await get('/api/dashboard/deliveries?pageSize=6', customer.token);
    const expectedDelivered = Array.from({ length: BULK_ORDERS }, (_, i) => i + 1).filter(
      (i) => i % 3 === 1,
    ).length;
    expect(delivered.headers['x-total-count']).toBe(String(expectedDelivered));
    expect(
      delivered.json().deliveredOrders.every((o: { status: string }) => o.status === 'DELIVERED'),
    ).toBe(true);
  });

  it('a list of four statuses reads pages of two lengths, near and deep', async () => {
    // The statement names of such a list run past PostgreSQL's 63 bytes and are alike up to
    // there (prepared-statements.ts): each read must still get its own statement.
    const statuses = 'CANCELLED,CONFIRMED,DELIVERED,IN_TRANSIT';
    const notPending = Array.from({ length: BULK_ORDERS }, (_, i) => i + 1).filter(
      (i) => i % 3 !== 0,
    ).length;
    const newestFirst = (orders: Array<{ createdAt: string }>) =>
      orders.every((order, n) => n === 0 || orders[n - 1]!.createdAt >= order.createdAt);
    for (const [page, pageSize] of [
      [1, 6],
      [1, 5],
      [2, 6],
      [40, 6],
      [1, 6],
      [40, 5],
    ]) {
      const response = await get(
        `/api/dashboard/orders?status=${statuses}&page=${page}&pageSize=${pageSize}`,
        customer.token,
      );
      expect(response.statusCode, response.body).toBe(200);
      const { orders } = response.json() as {
        orders: Array<{ status: string; createdAt: string }>;
      };
      expect(orders).toHaveLength(pageSize!);
      // The total comes beside the page (order-page-queries.ts): the same on every page.
      expect(response.headers['x-total-count']).toBe(String(notPending));
      expect(orders.every((order) => ['CANCELLED', 'DELIVERED'].includes(order.status))).toBe(true);
      expect(newestFirst(orders)).toBe(true);
    }
    // Past the end: no row to carry the total, which is then read on its own.
    const pastTheEnd = await get(
      `/api/dashboard/orders?status=${statuses}&page=2000&pageSize=6`,
      customer.token,
    );
    expect(pastTheEnd.statusCode, pastTheEnd.body).toBe(200);
    expect(pastTheEnd.json().orders).toEqual([]);
    expect(pastTheEnd.headers['x-total-count']).toBe(String(notPending));
  });

  it('a customer search past the cap says 10 000 and that it was capped', async () => {
    const searched = await get('/api/dashboard/orders?q=MA-9&pageSize=6', customer.token);
    expect(searched.statusCode, searched.body).toBe(200);
    expect(searched.headers['x-total-count']).toBe(String(TOTAL_COUNT_CAP));
    expect(searched.headers['x-total-capped']).toBe('true');

    const narrow = await get('/api/dashboard/orders?q=MA-9000-0001&pageSize=6', customer.token);
    expect(narrow.headers['x-total-count']).toBe('1');
    expect(narrow.headers['x-total-capped']).toBeUndefined();
    expect(narrow.json().orders[0].trackingNumber).toBe('MA-9000-0001');
  });

  it('another customer counts only their own', async () => {
    const theirs = await get('/api/dashboard/orders?q=MA-9000-0001', other.token);
    expect(theirs.headers['x-total-count']).toBe('0');
    const all = await get('/api/dashboard/orders', other.token);
    expect(all.headers['x-total-count']).toBe('1');
  });

  it('the back office counts unsearched lists exactly and caps searches', async () => {
    const all = await get('/api/admin/orders?pageSize=20', admin.token);
    expect(all.headers['x-total-count']).toBe(String(BULK_ORDERS + 1));
    expect(all.headers['x-total-capped']).toBeUndefined();
    // A deep page brings the total beside its ids; a page past the end reads it on its own.
    const deep = await get('/api/admin/orders?page=300&pageSize=20', admin.token);
    expect(deep.json()).toHaveLength(20);
    expect(deep.headers['x-total-count']).toBe(String(BULK_ORDERS + 1));
    const pastTheEnd = await get('/api/admin/orders?page=600&pageSize=20', admin.token);
    expect(pastTheEnd.json()).toEqual([]);
    expect(pastTheEnd.headers['x-total-count']).toBe(String(BULK_ORDERS + 1));

    const searched = await get('/api/admin/orders?q=Casablanca&pageSize=20', admin.token);
    expect(searched.statusCode, searched.body).toBe(200);
    expect(searched.headers['x-total-count']).toBe(String(TOTAL_COUNT_CAP));
    expect(searched.headers['x-total-capped']).toBe('true');
    expect(searched.json()).toHaveLength(20);
  });

  it('a customer exports a list as CSV, narrowed like the list', async () => {
    const response = await get(
      '/api/dashboard/deliveries/export.csv?q=MA-9000-0001',
      customer.token,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="my-orders-delivered-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Order ID,Tracking number,Status,Pickup,Delivery,Weight (kg),Price (MAD),COD amount (MAD),Fee paid by,Declared value (MAD),To collect (MAD),Truck,Payment status,Payment method,Created at,Exit date,Delivery date,Cancellation reason',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('MA-9000-0001');
    expect(lines[1]).toContain('DELIVERED');

    const refused = await get('/api/dashboard/orders/export.csv', admin.token);
    expect(refused.statusCode).toBe(403);
  });
});
