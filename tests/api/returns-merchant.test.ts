import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, toBusinessDate } from '../../src/shared/business-calendar';
import type { ApiParcel } from '../../src/shared/schemas/parcel-schemas';
import type {
  CustomerOrderDetail,
  CustomerReturnsList,
} from '../../src/shared/schemas/order-schemas';
import type { FailedAttemptReason } from '../../src/shared/schemas/returns-schemas';
import { orders, outboxMessages, trackingEvents, users } from '../../src/server/db/schema';
import type { OrderLifecycle } from '../../src/server/orders/order-lifecycle';
import { toDriverOrder } from '../../src/server/drivers/driver-orders-view';
import { listDriverOrders } from '../../src/server/orders/order-reads';
import {
  bearer,
  createOrderAs,
  createTruckWithDriver,
  dispatchOrder,
  individualPayload,
  login,
  loginAs,
  TEST_PASSWORD,
  uniqueEmail,
  updateOrderStatus,
  type LoggedIn,
  type TruckWithDriver,
} from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { createTestLifecycle, driverActor } from './lifecycle-helpers';
import { insertApiKey, type TestApiKey } from './parcels-api-keys';

/*
 * The merchant decides after a failed attempt (docs/decisions/0023-failed-deliveries-and-
 * returns.md): another attempt or the return, on the dashboard and /api/v1; the returns list;
 * exchanges and "allow opening" on placement. The drivers' failed attempts are made through the
 * lifecycle directly (tests/api/driver-orders.test.ts drives the driver's route).
 */
let testApp: TestApp;
let lifecycle: OrderLifecycle;
let admin: LoggedIn;
let owner: LoggedIn;
let stranger: LoggedIn;
let accountant: LoggedIn;
let key: TestApiKey;

beforeAll(async () => {
  testApp = await buildTestApp({ env: { WEBHOOKS_ALLOW_HTTP: '1' }, runOutboxWorker: false });
  lifecycle = createTestLifecycle(testApp);
  [admin, owner, stranger] = await Promise.all([
    loginAs(testApp, 'admin'),
    loginAs(testApp, 'company'),
    loginAs(testApp, 'company'),
  ]);
  accountant = await memberOf(owner, 'accountant');
  key = await insertApiKey(
    testApp,
    { userId: owner.user.id, organizationId: owner.user.organization!.id },
    ['parcels:read', 'parcels:write'],
  );
  const endpoint = await call(owner, 'POST', '/api/org/webhooks', {
    url: 'http://127.0.0.1:9/hooks',
    events: ['*'],
  });
  expect(endpoint.statusCode, endpoint.body).toBe(201);
});
afterAll(() => testApp.close());

const call = (account: LoggedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  testApp.app.inject({ method, url, headers: bearer(account.token), ...(payload && { payload }) });

const v1 = (url: string, payload?: object) =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...bearer(key.secret), 'idempotency-key': randomUUID() },
    ...(payload && { payload }),
  });

/** A new account moved into `of`'s organization with this role, signed in. */
async function memberOf(of: LoggedIn, role: 'accountant' | 'staff'): Promise<LoggedIn> {
  const payload = individualPayload({ email: uniqueEmail(role) });
  const registered = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload,
  });
  expect(registered.statusCode, registered.body).toBe(201);
  await testApp.database.db
    .update(users)
    .set({ organizationId: of.user.organization!.id, orgRole: role })
    .where(eq(users.email, payload.email));
  return login(testApp, payload.email, TEST_PASSWORD);
}

const driverOf = (truck: TruckWithDriver) => driverActor(truck.driverId);

const today = () => toBusinessDate(new Date());

/** An order of `account` on the road with its driver, after `failures` failed attempts. */
async function failedOrder(
  account: LoggedIn = owner,
  failures: FailedAttemptReason[] = ['receiver-absent'],
) {
  const order = await createOrderAs(testApp, account);
  const truck = await createTruckWithDriver(testApp);
  await dispatchOrder(testApp, admin, order.id, truck);
  for (const reason of failures) {
    await lifecycle.failDelivery(order.id, driverOf(truck), { reason, note: 'Nobody home' });
  }
  return { order, truck };
}

async function detailOf(account: LoggedIn, id: string): Promise<CustomerOrderDetail> {
  const response = await call(account, 'GET', `/api/dashboard/orders/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { order: CustomerOrderDetail }).order;
}

const webhooksOf = (trackingNumber: string) =>
  testApp.database.db
    .select({ template: outboxMessages.template, payload: outboxMessages.payload })
    .from(outboxMessages)
    .where(eq(outboxMessages.channel, 'webhook'))
    .then((rows) =>
      rows.filter(
        (row) => (row.payload as { data?: ApiParcel })?.data?.trackingNumber === trackingNumber,
      ),
    );

const eventKindsOf = (orderId: string) =>
  testApp.database.db
    .select({ kind: trackingEvents.kind })
    .from(trackingEvents)
    .where(eq(trackingEvents.orderId, orderId))
    .orderBy(trackingEvents.seq)
    .then((rows) => rows.map((row) => row.kind));

describe("the merchant's decision on the dashboard", () => {
  it('shows the attempts and offers both decisions, then another attempt changes the day, phone, address and note', async () => {
    const { order } = await failedOrder();
    const before = await detailOf(owner, order.id);
    expect(before).toMatchObject({
      failedAttempts: 1,
      canReattempt: true,
      canReturn: true,
      returnCode: null,
      allowOpen: false,
      exchangeOf: null,
    });
    expect(before.deliveryCode).toMatch(/^\d{6}$/);
    expect(before.awaitingDecisionSince).not.toBeNull();
    expect(before.attempts).toEqual([
      {
        attempt: 1,
        reason: 'receiver-absent',
        note: 'Nobody home',
        nextAttemptOn: null,
        at: expect.any(String),
      },
    ]);

    const on = addDays(today(), 2);
    const response = await call(owner, 'POST', `/api/dashboard/orders/${order.id}/reattempt`, {
      on,
      phone: '0612345679',
      address: '7 rue Oqba, Agdal',
      note: 'Ring twice',
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = (response.json() as { order: CustomerOrderDetail }).order;
    expect(after).toMatchObject({
      status: 'IN_TRANSIT',
      nextAttemptOn: on,
      awaitingDecisionSince: null,
      receiverPhone: '+212612345679',
      delivery_address: '7 rue Oqba, Agdal',
      receiverInstructions: 'Ring twice',
    });
    expect((await eventKindsOf(order.id)).at(-1)).toBe('rescheduled');
    const hooks = await webhooksOf(order.trackingNumber);
    expect(hooks.map((hook) => hook.template)).toContain('parcel.rescheduled');
    const rescheduled = hooks.find((hook) => hook.template === 'parcel.rescheduled')!;
    expect((rescheduled.payload as { data: ApiParcel }).data).toMatchObject({
      failedAttempts: 1,
      nextAttemptOn: on,
    });
  });

  it('refuses a decision before any failed attempt (409), a day outside the window (400), and another organization (404)', async () => {
    const onTheRoad = await createOrderAs(testApp, owner);
    await dispatchOrder(testApp, admin, onTheRoad.id, await createTruckWithDriver(testApp));
    for (const path of ['reattempt', 'return']) {
      const refused = await call(owner, 'POST', `/api/dashboard/orders/${onTheRoad.id}/${path}`, {
        on: addDays(today(), 1),
      });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'returns.no_failed_attempt' });
    }
    expect((await detailOf(owner, onTheRoad.id)).canReattempt).toBe(false);

    const { order } = await failedOrder();
    for (const on of [today(), addDays(today(), 8), 'tomorrow']) {
      const outside = await call(owner, 'POST', `/api/dashboard/orders/${order.id}/reattempt`, {
        on,
      });
      expect(outside.statusCode, outside.body).toBe(400);
      expect(outside.json().errorCodes).toEqual({ on: 'returns.day_invalid' });
    }
    for (const path of ['reattempt', 'return']) {
      const theirs = await call(stranger, 'POST', `/api/dashboard/orders/${order.id}/${path}`, {
        on: addDays(today(), 1),
      });
      expect(theirs.statusCode, theirs.body).toBe(404);
      const forbidden = await call(
        accountant,
        'POST',
        `/api/dashboard/orders/${order.id}/${path}`,
        {
          on: addDays(today(), 1),
        },
      );
      expect(forbidden.statusCode, forbidden.body).toBe(403);
    }
    expect(await detailOf(accountant, order.id)).toMatchObject({
      canReattempt: false,
      canReturn: false,
    });
    expect(await eventKindsOf(order.id)).toEqual(['placed', 'dispatched', 'delivery-failed']);
  });

  it('refuses another attempt after a refusal (the parcel is returning) and when no attempt is left', async () => {
    const { order: refused } = await failedOrder(owner, ['refused']);
    const afterRefusal = await call(
      owner,
      'POST',
      `/api/dashboard/orders/${refused.id}/reattempt`,
      {
        on: addDays(today(), 1),
      },
    );
    expect(afterRefusal.statusCode, afterRefusal.body).toBe(409);
    expect(await detailOf(owner, refused.id)).toMatchObject({
      status: 'RETURNING',
      canReattempt: false,
      canReturn: false,
      deliveryCode: null,
    });

    const settings = await call(admin, 'GET', '/api/admin/settings');
    expect(settings.statusCode, settings.body).toBe(200);
    const saved = settings.json() as Record<string, unknown>;
    const put = (maxDeliveryAttempts: number) =>
      call(admin, 'PUT', '/api/admin/settings', { ...saved, maxDeliveryAttempts });
    const { order } = await failedOrder(owner, ['receiver-absent']);
    try {
      expect((await put(1)).statusCode).toBe(200);
      expect(await detailOf(owner, order.id)).toMatchObject({
        canReattempt: false,
        canReturn: true,
      });
      const noneLeft = await call(owner, 'POST', `/api/dashboard/orders/${order.id}/reattempt`, {
        on: addDays(today(), 1),
      });
      expect(noneLeft.statusCode, noneLeft.body).toBe(409);
      expect(noneLeft.json()).toMatchObject({ code: 'returns.no_attempt_left' });
    } finally {
      expect((await put(saved.maxDeliveryAttempts as number)).statusCode).toBe(200);
    }
  });

  it('starts the return: RETURNING, the return code on the order and in the creator’s mail', async () => {
    const { order } = await failedOrder();
    const response = await call(owner, 'POST', `/api/dashboard/orders/${order.id}/return`);
    expect(response.statusCode, response.body).toBe(200);
    const returning = (response.json() as { order: CustomerOrderDetail }).order;
    expect(returning).toMatchObject({
      status: 'RETURNING',
      deliveryCode: null,
      canReturn: false,
      canReattempt: false,
      returnReason: 'Asked by the sender',
    });
    expect(returning.returnCode).toMatch(/^\d{6}$/);
    const mails = await testApp.database.db
      .select({ params: outboxMessages.params })
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.channel, 'email'), eq(outboxMessages.recipient, owner.user.email!)),
      );
    expect(mails.some((mail) => mail.params.returnCode === returning.returnCode)).toBe(true);
    expect((await webhooksOf(order.trackingNumber)).map((hook) => hook.template)).toContain(
      'parcel.return_started',
    );
    const again = await call(owner, 'POST', `/api/dashboard/orders/${order.id}/return`);
    expect(again.statusCode, again.body).toBe(409);
  });
});

describe('the decision through /api/v1', () => {
  it('asks for another attempt, then starts the return, by tracking number', async () => {
    const { order } = await failedOrder();
    const on = addDays(today(), 1);
    const reattempt = await v1(`/parcels/${order.trackingNumber}/reattempt`, { on });
    expect(reattempt.statusCode, reattempt.body).toBe(200);
    expect(reattempt.json()).toMatchObject({
      trackingNumber: order.trackingNumber,
      status: 'IN_TRANSIT',
      failedAttempts: 1,
      nextAttemptOn: on,
    });
    const outside = await v1(`/parcels/${order.trackingNumber}/reattempt`, {
      on: addDays(today(), 9),
    });
    expect(outside.statusCode, outside.body).toBe(400);

    const returned = await v1(`/parcels/${order.trackingNumber}/return`);
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({ status: 'RETURNING', nextAttemptOn: null });
    const late = await v1(`/parcels/${order.trackingNumber}/reattempt`, { on });
    expect(late.statusCode, late.body).toBe(409);

    const { order: theirs } = await failedOrder(stranger);
    expect((await v1(`/parcels/${theirs.trackingNumber}/return`)).statusCode).toBe(404);
  });
});

describe('the returns list', () => {
  it('lists each view of the organization only, paged, with its total', async () => {
    const { order: waiting } = await failedOrder();
    const { order: returning } = await failedOrder(owner, ['refused']);
    const { order: strangers } = await failedOrder(stranger);
    const list = async (account: LoggedIn, query: string) => {
      const response = await call(account, 'GET', `/api/dashboard/returns?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as CustomerReturnsList;
    };
    const idsOf = (page: CustomerReturnsList) => page.orders.map((order) => order.id);

    const awaiting = await list(owner, 'view=awaiting-decision&pageSize=100');
    expect(idsOf(awaiting)).toContain(waiting.id);
    expect(idsOf(awaiting)).not.toContain(returning.id);
    expect(idsOf(awaiting)).not.toContain(strangers.id);
    expect(awaiting.total).toBe(awaiting.orders.length);
    expect(awaiting.orders.every((order) => order.awaitingDecisionSince !== null)).toBe(true);

    const back = await list(owner, 'view=returning');
    expect(idsOf(back)).toContain(returning.id);
    expect(back.orders.every((order) => order.status === 'RETURNING')).toBe(true);
    expect(idsOf(await list(stranger, 'view=returning'))).not.toContain(returning.id);
    const theirs = idsOf(await list(stranger, 'view=awaiting-decision'));
    expect(theirs).toContain(strangers.id);
    expect(theirs).not.toContain(waiting.id);

    const firstPage = await list(owner, 'view=returning&pageSize=1');
    expect(firstPage.orders).toHaveLength(1);
    expect(firstPage.total).toBe(back.total);
    expect((await list(accountant, 'view=returned')).orders).toEqual([]);

    const wrong = await call(owner, 'GET', '/api/dashboard/returns?view=failed-today');
    expect(wrong.statusCode, wrong.body).toBe(400);
  });
});

describe('exchanges and opening', () => {
  async function deliveredOrder(account: LoggedIn = owner) {
    const order = await createOrderAs(testApp, account);
    const truck = await createTruckWithDriver(testApp);
    await dispatchOrder(testApp, admin, order.id, truck);
    const delivered = await updateOrderStatus(testApp, admin, order.id, { status: 'DELIVERED' });
    expect(delivered.statusCode, delivered.body).toBe(200);
    return { order, truck };
  }

  const place = (account: LoggedIn, exchangeOf: string) =>
    call(account, 'POST', '/api/dashboard/neworder', {
      pickup_loc: 'Casablanca',
      delivery_loc: 'Rabat',
      weight: 2,
      length: 30,
      width: 20,
      height: 10,
      receiver_phone: '+212612345678',
      exchange_of: exchangeOf,
      allow_open: true,
    });

  it('refuses an exchange of an order not delivered, of another organization, or already exchanged', async () => {
    const pending = await createOrderAs(testApp, owner);
    const { order: strangers } = await deliveredOrder(stranger);
    for (const exchangeOf of [pending.id, strangers.id, randomUUID(), 'not-an-id']) {
      const refused = await place(owner, exchangeOf);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errorCodes).toEqual({ exchange_of: 'returns.exchange_invalid' });
    }
    const { order: delivered } = await deliveredOrder();
    expect((await place(owner, delivered.id)).statusCode).toBe(201);
    const twice = await place(owner, delivered.id);
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'returns.exchange_taken' });

    const byApi = await v1('/parcels', {
      receiver: { name: 'Karim', phone: '+212612345678', address: '1 rue X', city: 'Rabat' },
      sender: { city: 'Casablanca' },
      weight: 1,
      dimensions: { length: 10, width: 10, height: 10 },
      exchangeOf: delivered.trackingNumber,
    });
    expect(byApi.statusCode, byApi.body).toBe(409);
  });

  it('delivers the exchange and sends the old parcel back on the same driver', async () => {
    const { order: old } = await deliveredOrder();
    const placed = await place(owner, old.id);
    expect(placed.statusCode, placed.body).toBe(201);
    const exchange = (placed.json() as { order: CustomerOrderDetail }).order;
    expect(exchange).toMatchObject({ exchangeOf: old.id, allowOpen: true });
    const truck = await createTruckWithDriver(testApp);
    await dispatchOrder(testApp, admin, exchange.id, truck);
    // The driver's card says which parcel to take back at the door.
    const { onTheRoad } = await listDriverOrders(testApp.database.db, truck.driverId, new Date());
    expect(onTheRoad.map(toDriverOrder)).toEqual([
      expect.objectContaining({ id: exchange.id, takeBack: old.trackingNumber, allowOpen: true }),
    ]);
    const delivered = await updateOrderStatus(testApp, admin, exchange.id, { status: 'DELIVERED' });
    expect(delivered.statusCode, delivered.body).toBe(200);

    const [oldRow] = await testApp.database.db.select().from(orders).where(eq(orders.id, old.id));
    expect(oldRow).toMatchObject({ status: 'RETURNING', driverId: truck.driverId });
    const oldDetail = await detailOf(owner, old.id);
    expect(oldDetail.returnCode).toMatch(/^\d{6}$/);
    expect(oldDetail.returnReason).toBe(`Exchanged for ${exchange.trackingNumber}`);
  });

  it('places an exchange and an openable parcel through /api/v1 by tracking number', async () => {
    const { order: old } = await deliveredOrder();
    const response = await v1('/parcels', {
      receiver: { name: 'Karim', phone: '+212612345678', address: '1 rue X', city: 'Rabat' },
      sender: { city: 'Casablanca' },
      weight: 1,
      dimensions: { length: 10, width: 10, height: 10 },
      exchangeOf: old.trackingNumber,
      allowOpen: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ allowOpen: true, failedAttempts: 0 });
    const [row] = await testApp.database.db
      .select({ exchangeOf: orders.exchangeOf })
      .from(orders)
      .where(eq(orders.trackingNumber, (response.json() as ApiParcel).trackingNumber));
    expect(row!.exchangeOf).toBe(old.id);

    const unknown = await v1('/parcels', {
      receiver: { name: 'Karim', phone: '+212612345678', address: '1 rue X', city: 'Rabat' },
      sender: { city: 'Casablanca' },
      weight: 1,
      dimensions: { length: 10, width: 10, height: 10 },
      exchangeOf: 'MA-0000-0000',
    });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json().errorCodes).toEqual({ exchangeOf: 'returns.exchange_invalid' });
  });
});
