import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBusinessDate } from '../../src/shared/business-calendar';
import type { AdminOrder } from '../../src/shared/schemas/admin-schemas';
import type { CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import {
  bearer,
  companyPayload,
  createOrderAs,
  createTruckWithDriver,
  dispatchOrder,
  login,
  loginAs,
  updateOrderStatus,
  type LoggedIn,
} from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { createTestLifecycle, driverActor, officeActor } from './lifecycle-helpers';

let testApp: TestApp;
let admin: LoggedIn;
let atlas: LoggedIn;
let salma: LoggedIn;
/** Oldest first: o[0] … o[4]. */
const o: CustomerOrderDetail[] = [];

async function registerCompany(companyName: string): Promise<LoggedIn> {
  const payload = companyPayload({ companyName });
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return login(testApp, payload.email, payload.password);
}

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await loginAs(testApp, 'admin');
  atlas = await registerCompany('Atlas Cargo SARL');
  salma = await loginAs(testApp, 'individual');
  const place = async (who: LoggedIn, pickup_loc: string, delivery_loc: string) =>
    o.push(await createOrderAs(testApp, who, { pickup_loc, delivery_loc }));
  await place(atlas, 'Casablanca', 'Agadir');
  await place(atlas, 'Tangier', 'Oujda');
  await place(salma, 'Fes', 'Rabat');
  await place(salma, 'Rabat', 'Marrakech');
  await place(salma, 'Meknes', 'Agadir');
  await dispatchOrder(testApp, admin, o[1]!.id, await createTruckWithDriver(testApp));
  await dispatchOrder(testApp, admin, o[2]!.id, await createTruckWithDriver(testApp));
  expect((await setStatus(o[2]!.id, { status: 'DELIVERED' })).statusCode).toBe(200);
  expect((await setStatus(o[3]!.id, { status: 'CANCELLED', reason: 'Duplicate' })).statusCode).toBe(
    200,
  );
});
afterAll(() => testApp.close());

const setStatus = (orderId: string, body: Parameters<typeof updateOrderStatus>[3]) =>
  updateOrderStatus(testApp, admin, orderId, body);

const get = (url: string) =>
  testApp.app.inject({ method: 'GET', url, headers: bearer(admin.token) });

async function listIds(url: string): Promise<string[]> {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as AdminOrder[]).map((order) => order.id);
}

const ids = (...indexes: number[]) => indexes.map((i) => o[i]!.id);

describe('admin order lists', () => {
  it('all orders, newest first, as a plain array with X-Total-Count', async () => {
    const response = await get('/api/admin/orders');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('5');
    expect((response.json() as AdminOrder[]).map((order) => order.id)).toEqual(ids(4, 3, 2, 1, 0));
  });

  it('each fixed list keeps only its status', async () => {
    expect(await listIds('/api/admin/orders/pending')).toEqual(ids(4, 0));
    expect(await listIds('/api/admin/in-transit')).toEqual(ids(1));
    expect(await listIds('/api/admin/orders/delivered')).toEqual(ids(2));
    expect(await listIds('/api/admin/orders/cancelled')).toEqual(ids(3));
  });

  it('gives every field the admin screens read', async () => {
    const [onTheRoad] = (await get('/api/admin/in-transit')).json() as AdminOrder[];
    expect(onTheRoad).toMatchObject({
      id: o[1]!.id,
      orderId: o[1]!.id,
      trackingNumber: o[1]!.trackingNumber,
      status: 'IN_TRANSIT',
      tracking: { status: 'IN_TRANSIT', currentLocation: 'Tangier' },
      user: {
        id: atlas.user.id,
        company: 'Atlas Cargo SARL',
        name: 'Atlas Cargo SARL',
        email: atlas.email,
        userType: 'COMPANY',
      },
      customer: { email: atlas.email },
      origin: { city: 'Tangier', address: 'Tangier' },
      destination: { city: 'Oujda', address: 'Oujda' },
      pickup_loc: 'Tangier',
      delivery_loc: 'Oujda',
      weight: 12,
      price: o[1]!.price,
      truck: { truckNumber: expect.any(String), fullName: expect.any(String) },
      driver: { name: expect.any(String) },
      cancellationReason: null,
      payment: { amount: o[1]!.price, status: 'unpaid', method: 'cash_on_delivery' },
    });
    expect(onTheRoad!.truckNumber).toBe(onTheRoad!.truck!.truckNumber);
    const [cancelled] = (await get('/api/admin/orders/cancelled')).json() as AdminOrder[];
    expect(cancelled).toMatchObject({
      user: { company: null, name: 'Salma Benali', email: salma.email, userType: 'INDIVIDUAL' },
      cancellationReason: 'Duplicate',
      truck: null,
      driver: null,
      truckNumber: null,
    });
  });

  it('narrows by status (stored names, any case, CANCELED too) and refuses unknown ones', async () => {
    expect(await listIds('/api/admin/orders?status=pending,in_transit')).toEqual(ids(4, 1, 0));
    expect(await listIds('/api/admin/orders?status=CANCELED')).toEqual(ids(3));
    const narrowed = await get('/api/admin/orders/pending?status=DELIVERED');
    expect(narrowed.json()).toEqual([]);
    expect(narrowed.headers['x-total-count']).toBe('0');
    const bad = await get('/api/admin/orders?status=LOADING');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['status.0']).toMatch(/^status must be one of PENDING/);
  });

  it.each([
    ['a delivery city, in part', 'agad', [4, 0]],
    ['a pickup city by another spelling', 'Tanger', [1]],
    ['a city with accents', 'Fès', [2]],
    ['part of a company name', 'atlas cargo', [1, 0]],
    ["part of an individual's name", 'benali', [4, 3, 2]],
  ])('searches %s', async (_case, q, expected) => {
    expect(await listIds(`/api/admin/orders?q=${encodeURIComponent(q)}`)).toEqual(ids(...expected));
  });

  it('searches the start of an id (with or without #) and the tracking number in any form', async () => {
    const target = o[2]!;
    for (const q of [
      target.id.slice(0, 8),
      `#${target.id.slice(0, 13)}`,
      target.id.toUpperCase(),
      target.trackingNumber.toLowerCase(),
      target.trackingNumber.slice(3),
      target.trackingNumber.replaceAll('-', ''),
    ]) {
      expect(await listIds(`/api/admin/orders?q=${encodeURIComponent(q)}`), q).toEqual([target.id]);
    }
    expect(await listIds(`/api/admin/orders?q=${encodeURIComponent(salma.email)}`)).toEqual(
      ids(4, 3, 2),
    );
  });

  it('finds nothing, without an error, for text that matches nothing or holds wildcards', async () => {
    for (const q of ['zzzz', '%', '_', "O'Brien", '\\']) {
      const response = await get(`/api/admin/orders?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, q).toBe(200);
      expect(response.json(), q).toEqual([]);
    }
  });

  it('pages on the server and refuses bad paging with field messages', async () => {
    const all = await listIds('/api/admin/orders');
    expect(await listIds('/api/admin/orders?page=2&pageSize=2')).toEqual(all.slice(2, 4));
    expect(await listIds('/api/admin/orders?page=9&pageSize=2')).toEqual([]);
    for (const [query, field, message] of [
      ['pageSize=101', 'pageSize', 'pageSize must be 100 or less'],
      ['page=0', 'page', 'page must be 1 or more'],
      ['pageSize=many', 'pageSize', 'pageSize must be a number'],
    ]) {
      const response = await get(`/api/admin/orders?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[field!]).toBe(message);
    }
  });
});

describe('revenue', () => {
  it('GET /admin/payments shows the delivered order paid, the others not', async () => {
    const response = await get('/api/admin/payments');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('5');
    const payments = response.json() as Array<Record<string, unknown>>;
    expect(payments.map((p) => p.orderId)).toEqual(ids(4, 3, 2, 1, 0));
    const delivered = payments.find((p) => p.orderId === o[2]!.id)!;
    expect(delivered).toMatchObject({
      id: expect.any(String),
      trackingNumber: o[2]!.trackingNumber,
      amount: o[2]!.price,
      currency: 'MAD',
      status: 'paid',
      paymentMethod: 'cash_on_delivery',
      paidAt: expect.any(String),
    });
    expect(delivered.date).toBe(delivered.paidAt);
    expect(payments.filter((p) => p.status === 'paid')).toHaveLength(1);

    const paid = await get('/api/admin/payments?status=PAID');
    expect(paid.json().map((p: { orderId: string }) => p.orderId)).toEqual(ids(2));
    const byTracking = await get(`/api/admin/payments?q=${o[3]!.trackingNumber}`);
    expect(byTracking.json().map((p: { orderId: string }) => p.orderId)).toEqual(ids(3));
    const byName = await get('/api/admin/payments?q=benali');
    expect(byName.json()).toEqual([]);
    expect((await get('/api/admin/payments?status=refunded')).statusCode).toBe(400);
  });

  it('the dashboard counts everything and charts today’s orders and revenue', async () => {
    const response = await get('/api/admin/dashboard');
    expect(response.statusCode).toBe(200);
    const dashboard = response.json();
    expect(dashboard).toMatchObject({
      totalOrders: 5,
      totalTrucks: 2,
      totalUsers: 3,
      totalPayments: o[2]!.price,
      statusCounts: { PENDING: 2, CONFIRMED: 0, IN_TRANSIT: 1, DELIVERED: 1, CANCELLED: 1 },
    });
    expect(dashboard.recentOrders.map((order: AdminOrder) => order.id)).toEqual(ids(4, 3, 2, 1, 0));
    expect(dashboard.series).toHaveLength(30);
    const today = toBusinessDate(new Date());
    expect(dashboard.series.at(-1)).toEqual({ date: today, orders: 5, revenue: o[2]!.price });
    expect(dashboard.series[0].date < today).toBe(true);
    const totalRevenue = dashboard.series.reduce(
      (sum: number, day: { revenue: number }) => sum + day.revenue,
      0,
    );
    expect(totalRevenue).toBe(o[2]!.price);
  });
});

describe('users', () => {
  it('lists each account with its name, and finds a company by name', async () => {
    const users = (await get('/api/admin/users')).json() as Array<Record<string, string>>;
    expect(users).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: atlas.email, name: 'Atlas Cargo SARL' }),
        expect.objectContaining({ email: salma.email, name: 'Salma Benali' }),
        expect.objectContaining({ email: admin.email, name: 'Administrator', userType: null }),
      ]),
    );
    const found = (await get('/api/admin/users?q=atlas')).json() as Array<{ email: string }>;
    expect(found.map((user) => user.email)).toEqual([atlas.email]);
  });
});

describe('CSV export', () => {
  const csvLines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');

  it('exports the filtered orders as an attachment', async () => {
    const response = await get('/api/admin/orders/export.csv?q=atlas&page=2&pageSize=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="orders-${toBusinessDate(new Date())}.csv"`,
    );
    expect(response.headers['x-total-count']).toBe('2');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = csvLines(response.body);
    expect(header).toBe(
      'Order ID,Tracking number,Status,Customer,Customer email,Pickup,Delivery,Weight (kg),Price (MAD),COD amount (MAD),Fee paid by,Declared value (MAD),To collect (MAD),Truck,Driver,Payment status,Payment method,Created at,Exit date,Delivery date,Cancellation reason',
    );
    // page and pageSize do not cut an export.
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(
      new RegExp(`^${o[1]!.id},${o[1]!.trackingNumber},IN_TRANSIT,Atlas Cargo SARL,`),
    );
  });

  it('names each list’s file and keeps its filters', async () => {
    const delivered = await get('/api/admin/orders/delivered/export.csv');
    expect(delivered.headers['content-disposition']).toMatch(/filename="orders-delivered-/);
    expect(csvLines(delivered.body)).toHaveLength(2);
    const payments = await get('/api/admin/payments/export.csv?status=paid');
    expect(csvLines(payments.body)[0]).toBe(
      'Transaction ID,Order ID,Tracking number,Date,Amount (MAD),Currency,Payment status,Payment method',
    );
    expect(csvLines(payments.body)).toHaveLength(2);
    const users = await get('/api/admin/users/export.csv');
    expect(csvLines(users.body)[0]).toBe('Email,Name,User Type,Role,Created At,Disabled at');
    const trucks = await get('/api/admin/trucks/export.csv?status=ON_DELIVERY');
    expect(csvLines(trucks.body)).toHaveLength(2);
  });

  it('keeps a customer-typed formula as text', async () => {
    const prankster = await registerCompany('=HYPERLINK("http://x","y")');
    const order = await createOrderAs(testApp, prankster);
    const response = await get(`/api/admin/orders/export.csv?q=${order.trackingNumber}`);
    expect(csvLines(response.body)[1]).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
  });
});

describe('at volume', () => {
  it('without page answers the newest 100, with the total of all', async () => {
    const total = Number((await get('/api/admin/orders')).headers['x-total-count']);
    await testApp.database.db.execute(sql`
      insert into orders (tracking_number, user_id, organization_id, pickup_loc, delivery_loc,
        pickup_lat, pickup_lng, delivery_lat, delivery_lng, weight_kg, length_cm, width_cm,
        height_cm, price_centimes, distance_km, duration_minutes, created_at)
      select 'MA-BULK-' || lpad(i::text, 4, '0'), ${salma.user.id},
        ${salma.user.organization!.id}, 'Safi', 'Essaouira',
        32.3, -9.2, 31.5, -9.8, 5, 10, 10, 10, 10000, 100, 100,
        now() + (i || ' seconds')::interval
      from generate_series(1, 150) as i`);
    const response = await get('/api/admin/orders');
    const orders = response.json() as AdminOrder[];
    expect(orders).toHaveLength(100);
    expect(response.headers['x-total-count']).toBe(String(total + 150));
    expect(orders[0]!.trackingNumber).toBe('MA-BULK-0150');
    expect(orders[99]!.trackingNumber).toBe('MA-BULK-0051');
    const secondPage = (await get('/api/admin/orders?page=2&pageSize=100')).json() as AdminOrder[];
    expect(secondPage).toHaveLength(total + 50);
    // An order without a payment row (older data) still lists, as unpaid.
    expect(orders[0]!.payment).toMatchObject({ status: 'unpaid', amount: 100 });
    expect(await listIds('/api/admin/orders?q=essaou&pageSize=5')).toHaveLength(5);
  });
});

describe('returns in the lists (docs/decisions/0023-failed-deliveries-and-returns.md)', () => {
  it('filters on RETURNING and RETURNED, and shows returning parcels on the Tracking list', async () => {
    const lifecycle = createTestLifecycle(testApp);
    const [refused, sentBack] = [
      await createOrderAs(testApp, salma),
      await createOrderAs(testApp, salma),
    ];
    const fleet = [await createTruckWithDriver(testApp), await createTruckWithDriver(testApp)];
    await dispatchOrder(testApp, admin, refused.id, fleet[0]!);
    await dispatchOrder(testApp, admin, sentBack.id, fleet[1]!);
    await lifecycle.failDelivery(refused.id, driverActor(fleet[0]!.driverId), {
      reason: 'refused',
    });
    await lifecycle.startReturn(sentBack.id, officeActor(admin), { reason: 'Wrong parcel' });
    await lifecycle.deliverReturn(sentBack.id, officeActor(admin), { reason: 'Signed slip' });

    expect(await listIds('/api/admin/orders?status=returning')).toEqual([refused.id]);
    expect(await listIds('/api/admin/orders?status=RETURNED,returning')).toEqual([
      sentBack.id,
      refused.id,
    ]);
    const [returning] = (await get('/api/admin/orders?status=RETURNING')).json() as AdminOrder[];
    expect(returning).toMatchObject({ status: 'RETURNING' });
    expect(await listIds('/api/admin/in-transit')).toContain(refused.id);
    expect(await listIds('/api/admin/in-transit')).not.toContain(sentBack.id);
  });
});
