import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBusinessDate } from '../../src/shared/business-calendar';
import { centimesToMad } from '../../src/shared/money';
import {
  bearer,
  createOrderAs,
  createTruckWithDriver,
  dispatchOrder,
  loginAs,
  orderPayload,
  updateOrderStatus,
  type LoggedIn,
  type TruckWithDriver,
} from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { summarizeStatusCounts } from '../../src/web/features/dashboard/dashboard-summary';
import { createTestLifecycle, driverActor, officeActor } from './lifecycle-helpers';

/**
 * The counters of migration 0007 (docs/architecture.md, "Counters") against what counting the
 * orders and payments themselves says, after every kind of write: the lifecycle through the API,
 * bulk SQL, concurrent placements, deletes and TRUNCATE.
 */
let testApp: TestApp;
let admin: LoggedIn;
let atlas: LoggedIn;
let salma: LoggedIn;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await loginAs(testApp, 'admin');
  atlas = await loginAs(testApp, 'company');
  salma = await loginAs(testApp, 'individual');
});

afterAll(async () => {
  await testApp.close();
});

async function rows<Row>(query: SQL): Promise<Row[]> {
  const result = (await testApp.database.db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const hourText = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD"T"HH24:00:00"Z"')`;
const utcHourOf = (instant: SQL) => sql`date_trunc('hour', ${instant} at time zone 'UTC')`;

/** Each counter table equals the same figures counted from orders and payments (0s left out). */
async function expectCountersExact(): Promise<void> {
  const [orderCounts, expectedOrderCounts] = await Promise.all([
    rows(sql`select status::text, orders::text from order_counts
      where orders <> 0 order by status`),
    rows(sql`select status::text, count(*)::text as orders from orders
      group by status order by status`),
  ]);
  expect(orderCounts).toEqual(expectedOrderCounts);

  const [customerCounts, expectedCustomerCounts] = await Promise.all([
    rows(sql`select organization_id::text, status::text, orders::text
      from organization_order_counts
      where orders <> 0 order by organization_id, status`),
    rows(sql`select organization_id::text, status::text, count(*)::text as orders from orders
      group by organization_id, status order by organization_id, status`),
  ]);
  expect(customerCounts).toEqual(expectedCustomerCounts);

  const [paymentTotals, expectedPaymentTotals] = await Promise.all([
    rows(sql`select status::text, payments::text, amount_centimes::text from payment_totals
      where payments <> 0 or amount_centimes <> 0 order by status`),
    rows(sql`select status::text, count(*)::text as payments,
        sum(amount_centimes)::text as amount_centimes
      from payments group by status order by status`),
  ]);
  expect(paymentTotals).toEqual(expectedPaymentTotals);

  const [hourlyTotals, expectedHourlyTotals] = await Promise.all([
    rows(sql`select ${hourText(sql`hour`)} as hour, orders::text, paid_centimes::text
      from order_hourly_totals where orders <> 0 or paid_centimes <> 0 order by 1`),
    rows(sql`select ${hourText(sql`hour`)} as hour, sum(orders)::text as orders,
        sum(paid_centimes)::text as paid_centimes
      from (
        select ${utcHourOf(sql`created_at`)} as hour, 1 as orders, 0 as paid_centimes
        from orders
        union all
        select ${utcHourOf(sql`paid_at`)}, 0, amount_centimes
        from payments where status = 'paid' and paid_at is not null
      ) as figures
      group by hour order by 1`),
  ]);
  expect(hourlyTotals).toEqual(expectedHourlyTotals);
}

const getAs = (user: LoggedIn, url: string) =>
  testApp.app.inject({ method: 'GET', url, headers: bearer(user.token) });

async function setStatus(orderId: string, body: Parameters<typeof updateOrderStatus>[3]) {
  const response = await updateOrderStatus(testApp, admin, orderId, body);
  expect(response.statusCode, response.body).toBe(200);
}

/** The admin dashboard's chart computed the old way: from every order and paid payment. */
async function expectedSeries(days: string[]) {
  const [created, paid] = await Promise.all([
    rows<{ at: string }>(sql`select to_char(created_at at time zone 'UTC',
      'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at from orders`),
    rows<{ at: string; amount: string }>(sql`select to_char(paid_at at time zone 'UTC',
      'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at, amount_centimes::text as amount
      from payments where status = 'paid' and paid_at is not null`),
  ]);
  return days.map((date) => ({
    date,
    orders: created.filter(({ at }) => toBusinessDate(new Date(at)) === date).length,
    revenue: centimesToMad(
      paid
        .filter(({ at }) => toBusinessDate(new Date(at)) === date)
        .reduce((sum, { amount }) => sum + Number(amount), 0),
    ),
  }));
}

describe('the counters follow every write', () => {
  let trucks: TruckWithDriver[];

  beforeAll(async () => {
    trucks = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createTruckWithDriver(testApp)));
  });

  it('through the lifecycle: placing, dispatching, delivering, cancelling, paying', async () => {
    await expectCountersExact();
    const a = [];
    for (let i = 0; i < 3; i += 1) a.push(await createOrderAs(testApp, atlas));
    const s = [
      await createOrderAs(testApp, salma, { payment_method: 'online' }),
      await createOrderAs(testApp, salma, { payment_method: 'online' }),
      await createOrderAs(testApp, salma),
    ];
    await expectCountersExact();

    // Cash collected on delivery, and an online payment settled on delivery.
    await dispatchOrder(testApp, admin, a[0]!.id, trucks[0]!);
    await dispatchOrder(testApp, admin, s[0]!.id, trucks[1]!);
    await expectCountersExact();
    await setStatus(a[0]!.id, { status: 'DELIVERED' });
    await setStatus(s[0]!.id, { status: 'DELIVERED' });
    // Cancelled while pending, and once on the road.
    await setStatus(a[1]!.id, { status: 'CANCELLED', reason: 'Customer asked' });
    await dispatchOrder(testApp, admin, s[1]!.id, trucks[2]!);
    await setStatus(s[1]!.id, { status: 'CANCELLED' });
    await expectCountersExact();

    const [paid] = await rows<{ payments: string; amount: string }>(sql`
      select payments::text, amount_centimes::text as amount from payment_totals
      where status = 'paid'`);
    expect(paid).toEqual({
      payments: '2',
      amount: String(Math.round((a[0]!.price + s[0]!.price) * 100)),
    });

    const dashboard = (await getAs(admin, '/api/admin/dashboard')).json();
    const [total] = await rows<{ orders: number }>(sql`select count(*)::int as orders from orders`);
    expect(dashboard.totalOrders).toBe(total!.orders);
    expect(dashboard.totalPayments).toBe(a[0]!.price + s[0]!.price);
    expect(dashboard.statusCounts).toMatchObject({ DELIVERED: 2, CANCELLED: 2, PENDING: 2 });
    const mine = (await getAs(salma, '/api/dashboard')).json();
    expect(mine).toMatchObject({
      totalOrders: 3,
      statusCounts: { PENDING: 1, CONFIRMED: 0, IN_TRANSIT: 0, DELIVERED: 1, CANCELLED: 1 },
    });
  });

  it('through a return: RETURNING and RETURNED counted, in the Returns figure and the Tracking lists', async () => {
    const lifecycle = createTestLifecycle(testApp);
    const omar = await loginAs(testApp, 'individual');
    const [refused, sentBack, onTheRoad] = [
      await createOrderAs(testApp, omar),
      await createOrderAs(testApp, omar),
      await createOrderAs(testApp, omar),
    ];
    const fleet = await Promise.all([1, 2, 3].map(() => createTruckWithDriver(testApp)));
    for (const [index, order] of [refused, sentBack, onTheRoad].entries()) {
      await dispatchOrder(testApp, admin, order!.id, fleet[index]!);
    }
    await lifecycle.failDelivery(refused!.id, driverActor(fleet[0]!.driverId), {
      reason: 'refused',
    });
    const office = officeActor(admin);
    await lifecycle.startReturn(sentBack!.id, office, { reason: 'Wrong parcel loaded' });
    await lifecycle.deliverReturn(sentBack!.id, office, { reason: 'Signed slip' });
    await expectCountersExact();

    const mine = (await getAs(omar, '/api/dashboard')).json();
    expect(mine.statusCounts).toMatchObject({ IN_TRANSIT: 1, RETURNING: 1, RETURNED: 1 });
    expect(summarizeStatusCounts(mine.statusCounts)).toMatchObject({ onTheRoad: 1, returns: 2 });
    const { trackingOrders } = (await getAs(omar, '/api/dashboard/tracking')).json() as {
      trackingOrders: Array<{ id: string }>;
    };
    expect(trackingOrders.map((order) => order.id).sort()).toEqual(
      [refused!.id, onTheRoad!.id].sort(),
    );
    const inTransit = (await getAs(admin, '/api/admin/in-transit')).json() as Array<{ id: string }>;
    expect(inTransit.map((order) => order.id)).toEqual(
      expect.arrayContaining([refused!.id, onTheRoad!.id]),
    );
    expect(inTransit.map((order) => order.id)).not.toContain(sentBack!.id);
  });

  it('through SQL that moves a figure: a payment’s amount or hour, an order’s customer or date', async () => {
    await testApp.database.db.execute(sql`
      update payments set amount_centimes = amount_centimes + 150,
        paid_at = paid_at - interval '5 hours'
      where status = 'paid'`);
    await expectCountersExact();
    await testApp.database.db.execute(sql`
      update payments set status = 'unpaid', paid_at = null
      where id = (select id from payments where status = 'paid' order by id limit 1)`);
    await expectCountersExact();
    await testApp.database.db.execute(sql`
      update orders set user_id = ${salma.user.id}, organization_id = ${salma.user.organization!.id},
        created_at = created_at - interval '3 days'
      where id = (select id from orders where user_id = ${atlas.user.id} order by id limit 1)`);
    await expectCountersExact();
    // An update that changes none of the counted columns leaves every figure as it was.
    await testApp.database.db.execute(sql`update orders set shipment_note = 'Ring twice'`);
    await testApp.database.db.execute(sql`update payments set currency = 'MAD'`);
    await expectCountersExact();
  });

  it('when a customer’s orders and then the customer are deleted', async () => {
    const leaving = await loginAs(testApp, 'individual');
    await createOrderAs(testApp, leaving);
    await createOrderAs(testApp, leaving, { payment_method: 'online' });
    await expectCountersExact();
    // The app deletes no account; an operator would, in this order (orders.user_id restricts).
    await testApp.database.db.execute(sql`delete from orders where user_id = ${leaving.user.id}`);
    await expectCountersExact();
    await testApp.database.db.execute(sql`delete from users where id = ${leaving.user.id}`);
    await testApp.database.db.execute(
      sql`delete from organizations where id = ${leaving.user.organization!.id}`,
    );
    await expectCountersExact();
    const left = await rows(sql`
      select 1 from organization_order_counts
      where organization_id = ${leaving.user.organization!.id}`);
    expect(left).toEqual([]);
  });

  it('through bulk statements of a thousand rows each', async () => {
    const db = testApp.database.db;
    await db.execute(sql`
      insert into orders (tracking_number, user_id, organization_id, status, pickup_loc,
        delivery_loc, pickup_lat, pickup_lng, delivery_lat, delivery_lng, weight_kg, length_cm,
        width_cm, height_cm, price_centimes, distance_km, duration_minutes, created_at)
      select 'MA-BULK-' || lpad(i::text, 4, '0'),
        case when i % 3 = 0 then ${atlas.user.id}::uuid else ${salma.user.id}::uuid end,
        case when i % 3 = 0 then ${atlas.user.organization!.id}::uuid
          else ${salma.user.organization!.id}::uuid end,
        (array['PENDING','CONFIRMED','IN_TRANSIT','DELIVERED','CANCELLED'])[1 + i % 5]::order_status,
        'Safi', 'Essaouira', 32.3, -9.2, 31.5, -9.8, 5, 10, 10, 10, 10000 + i, 100, 100,
        now() - (i * 7 || ' minutes')::interval
      from generate_series(1, 1000) as i`);
    await expectCountersExact();
    await db.execute(sql`
      insert into payments (order_id, amount_centimes, method, status, paid_at, created_at)
      select id, price_centimes, 'cash_on_delivery',
        case when status = 'DELIVERED' then 'paid' else 'unpaid' end::payment_status,
        case when status = 'DELIVERED' then created_at + interval '90 minutes' end, created_at
      from orders where tracking_number like 'MA-BULK-%'`);
    await expectCountersExact();
    await db.execute(sql`
      update orders set status = 'CANCELLED'
      where tracking_number like 'MA-BULK-%' and status = 'PENDING'`);
    await db.execute(sql`
      update payments set status = 'paid', paid_at = created_at + interval '2 hours'
      where status = 'unpaid' and order_id in (
        select id from orders where tracking_number like 'MA-BULK-1%')`);
    await expectCountersExact();
    await db.execute(sql`delete from orders where tracking_number like 'MA-BULK-%5'`);
    await expectCountersExact();

    const dashboard = (await getAs(admin, '/api/admin/dashboard')).json();
    const days = dashboard.series.map(({ date }: { date: string }) => date);
    expect(dashboard.series).toEqual(await expectedSeries(days));
  });

  it('under concurrent placements, deliveries and cancellations', async () => {
    const onTheRoad = [];
    for (const truck of trucks.slice(3)) {
      const order = await createOrderAs(testApp, atlas, { payment_method: 'online' });
      await dispatchOrder(testApp, admin, order.id, truck);
      onTheRoad.push(order);
    }
    const pending = [await createOrderAs(testApp, salma), await createOrderAs(testApp, salma)];
    const before = await rows<{ orders: number }>(sql`select count(*)::int as orders from orders`);

    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/dashboard/neworder',
          headers: bearer((i % 2 ? atlas : salma).token),
          payload: orderPayload({ payment_method: i % 4 ? 'cash_on_delivery' : 'online' }),
        }),
      ),
      ...onTheRoad.map((order) =>
        updateOrderStatus(testApp, admin, order.id, { status: 'DELIVERED' }),
      ),
      ...pending.map((order) =>
        updateOrderStatus(testApp, admin, order.id, { status: 'CANCELLED', reason: 'Duplicate' }),
      ),
    ]);
    for (const answer of answers) expect([200, 201], answer.body).toContain(answer.statusCode);
    const after = await rows<{ orders: number }>(sql`select count(*)::int as orders from orders`);
    expect(after[0]!.orders).toBe(before[0]!.orders + 20);
    await expectCountersExact();
  });

  it('when the orders are truncated', async () => {
    await testApp.database.db.execute(sql`truncate orders cascade`);
    await expectCountersExact();
    const dashboard = (await getAs(admin, '/api/admin/dashboard')).json();
    expect(dashboard).toMatchObject({ totalOrders: 0, totalPayments: 0, recentOrders: [] });
    // With no order to carry them, the figures are read on their own (readAdminDashboard).
    expect(dashboard.totalUsers).toBeGreaterThan(0);
    expect(dashboard.series).toHaveLength(30);
    expect(dashboard.series.every((day: { orders: number }) => day.orders === 0)).toBe(true);
  });
});

describe('the user counts follow every account written', () => {
  async function expectUserCountsExact(): Promise<void> {
    const [counts, expected] = await Promise.all([
      rows(sql`select role::text, users::text from user_counts where users <> 0 order by role`),
      rows(sql`select role::text, count(*)::text as users from users group by role order by role`),
    ]);
    expect(counts).toEqual(expected);
    const [webUsers] = await rows<{ users: number }>(
      sql`select count(*)::int as users from users where role <> 'DRIVER'`,
    );
    const dashboard = (await getAs(admin, '/api/admin/dashboard')).json();
    expect(dashboard.totalUsers).toBe(webUsers!.users);
  }

  it('on sign-up, a new driver, a role changed by hand and an account deleted', async () => {
    await expectUserCountsExact();
    await loginAs(testApp, 'company');
    await createTruckWithDriver(testApp);
    await expectUserCountsExact();
    const [customer] = await rows<{ id: string }>(
      sql`select id from users where role = 'USER' order by created_at desc limit 1`,
    );
    await testApp.database.db.execute(
      sql`update users set role = 'ADMIN', organization_id = null, org_role = null where id = ${customer!.id}`,
    );
    await expectUserCountsExact();
    await testApp.database.db.execute(sql`delete from users where id = ${customer!.id}`);
    await expectUserCountsExact();
  });
});
