import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  drivers,
  notifications,
  orders,
  outboxMessages,
  payments,
  trackingEvents,
} from '../../src/server/db/schema';
import type { AdminOrderDetail } from '../../src/shared/schemas/admin-schemas';
import { CODE_MAX_ATTEMPTS, type DriverStepResult } from '../../src/shared/schemas/driver-schemas';
import type { CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import {
  addDriver,
  createDriverHelpers,
  startSmsCatcher,
  wrongCodeFor,
  type SignedInDriver,
  type SmsCatcher,
} from './driver-helpers';
import { bearer, createOrderAs, loginAs, updateOrderStatus, type LoggedIn } from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { withEnglishText } from './notification-rows';
import { waitUntil } from './polling';

/*
 * The driver's orders (docs/decisions/0009-drivers.md): their list, the pickup, deliver and
 * failed-attempt steps through the lifecycle, proof of delivery by the receiver's code, cash
 * collected on delivery, and the office delivering an order its driver is locked out of.
 */
let sms: SmsCatcher;
let testApp: TestApp;
let admin: LoggedIn;
let customer: LoggedIn;
let db: TestApp['database']['db'];

beforeAll(async () => {
  sms = await startSmsCatcher();
  testApp = await buildTestApp({ env: { SMS_URL: sms.url } });
  db = testApp.database.db;
  [admin, customer] = await Promise.all([loginAs(testApp, 'admin'), loginAs(testApp, 'company')]);
});
afterAll(async () => {
  await testApp.close();
  await sms.stop();
});

/** A cash order's receiver pays the fee unless told otherwise: its driver collects the price. */
const {
  newDriver,
  orderOnTheRoad,
  postDriverStep,
  listDriverOrders,
  readOrderRow,
  readTruckStatus,
} = createDriverHelpers(() => ({ testApp, admin, customer, sms }), { receiverPays: true });

async function customerView(orderId: string): Promise<CustomerOrderDetail> {
  const response = await testApp.app.inject({
    url: `/api/dashboard/orders/${orderId}`,
    headers: bearer(customer.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { order: CustomerOrderDetail }).order;
}

const adminView = async (orderId: string) => {
  const response = await testApp.app.inject({
    url: `/api/admin/orders/${orderId}`,
    headers: bearer(admin.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { order: AdminOrderDetail }).order;
};

const paymentRow = async (orderId: string) =>
  (await db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
const eventsOf = (orderId: string) =>
  db
    .select()
    .from(trackingEvents)
    .where(eq(trackingEvents.orderId, orderId))
    .orderBy(trackingEvents.seq);

describe('driver order routes: who may see what', () => {
  it('answers 404 to another driver, and 403 to customers and admins', async () => {
    const [driverA, driverB] = await Promise.all([newDriver(), newDriver()]);
    const order = await orderOnTheRoad(driverA);

    for (const [action, payload] of [
      ['pickup', undefined],
      ['deliver', { code: order.deliveryCode, cashCollected: order.price }],
      ['attempt-failed', { reason: 'refused' }],
    ] as const) {
      const response = await postDriverStep(driverB, order.id, action, payload);
      expect(response.statusCode, `${action}: ${response.body}`).toBe(404);
      expect(response.json()).toEqual({ code: 'order.not_found', message: 'Order not found' });
    }
    expect((await listDriverOrders(driverB)).onTheRoad).toEqual([]);
    expect((await listDriverOrders(driverA)).onTheRoad.map((o) => o.id)).toEqual([order.id]);
    // Nothing happened to driver A's order.
    expect((await eventsOf(order.id)).map((e) => e.kind)).toEqual(['placed', 'dispatched']);
    expect((await readOrderRow(order.id)).deliveryCodeFailures).toBe(0);

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await postDriverStep(driverA, id, 'pickup')).statusCode).toBe(404);
    }
    for (const token of [customer.token, admin.token]) {
      const response = await testApp.app.inject({
        url: '/api/driver/orders',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(403);
      expect((await postDriverStep({ token }, order.id, 'pickup')).statusCode).toBe(403);
    }
    expect((await testApp.app.inject({ url: '/api/driver/orders' })).statusCode).toBe(401);
  });

  it('lists the orders on the road, then the last 20 delivered, newest first', async () => {
    const driver = await newDriver();
    const first = await orderOnTheRoad(driver);
    expect(
      (
        await postDriverStep(driver, first.id, 'deliver', {
          code: first.deliveryCode,
          cashCollected: first.price,
        })
      ).statusCode,
    ).toBe(200);
    const second = await orderOnTheRoad(driver, { payment_method: 'online' });
    expect(
      (await postDriverStep(driver, second.id, 'deliver', { code: second.deliveryCode }))
        .statusCode,
    ).toBe(200);
    const current = await orderOnTheRoad(driver);

    const list = await listDriverOrders(driver);
    expect(list.onTheRoad).toHaveLength(1);
    expect(list.onTheRoad[0]).toMatchObject({
      id: current.id,
      trackingNumber: current.trackingNumber,
      status: 'IN_TRANSIT',
      nextStep: 'pickup',
      pickup: { city: current.pickup_loc },
      delivery: { city: current.delivery_loc },
      receiver: { name: current.receiverName, phone: current.receiverPhone },
      paymentMethod: 'cash_on_delivery',
      cashToCollect: current.price,
      cashCollected: null,
      failedAttempts: 0,
      deliveryCodeLocked: false,
    });
    expect(list.delivered.map((o) => o.id)).toEqual([second.id, first.id]);
    expect(list.delivered[0]).toMatchObject({
      nextStep: null,
      paymentMethod: 'online',
      cashToCollect: null,
      cashCollected: null,
    });
    expect(list.delivered[1]).toMatchObject({ cashCollected: first.price });

    // 21 more delivered orders of this driver's (written straight to the table, one a minute
    // apart): the list keeps the 20 newest.
    const base = Date.now() + 60_000;
    const older = [];
    for (let index = 0; index < 21; index += 1) {
      const placed = await createOrderAs(testApp, customer);
      await db
        .update(orders)
        .set({
          status: 'DELIVERED',
          driverId: driver.driverId,
          updatedAt: new Date(base + index * 60_000),
        })
        .where(eq(orders.id, placed.id));
      older.push(placed.id);
    }
    const full = await listDriverOrders(driver);
    expect(full.delivered.map((o) => o.id)).toEqual(older.slice(1).reverse());
    expect(full.onTheRoad.map((o) => o.id)).toEqual([current.id]);
  });
});

describe('driver steps', () => {
  let driver: SignedInDriver;
  beforeAll(async () => {
    driver = await newDriver();
  });

  it('picks up once: a "Picked up" event, then 409', async () => {
    const order = await orderOnTheRoad(driver);
    const response = await postDriverStep(driver, order.id, 'pickup');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as DriverStepResult;
    expect(body.message).toBe('Picked up');
    expect(body.order).toMatchObject({ id: order.id, status: 'IN_TRANSIT', nextStep: 'deliver' });
    expect(body.order.pickedUpAt).not.toBeNull();
    expect((await eventsOf(order.id)).at(-1)).toMatchObject({
      kind: 'picked-up',
      status: 'IN_TRANSIT',
      note: 'Picked up',
    });
    const seen = await customerView(order.id);
    expect(seen.timeline.at(-1)).toMatchObject({ kind: 'picked-up', note: 'Picked up' });

    const again = await postDriverStep(driver, order.id, 'pickup');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'order.already_picked_up',
      message: 'This order was already picked up',
    });
    await postDriverStep(driver, order.id, 'deliver', {
      code: order.deliveryCode,
      cashCollected: order.price,
    });
  });

  it('records a failed attempt: an event with the reason, the customer told, still on the road', async () => {
    const order = await orderOnTheRoad(driver);
    const noNote = await postDriverStep(driver, order.id, 'attempt-failed', { reason: 'other' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors).toEqual({ note: 'Please describe what happened' });

    const response = await postDriverStep(driver, order.id, 'attempt-failed', {
      reason: 'receiver-absent',
      note: 'Nobody at the door',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as DriverStepResult;
    expect(body.message).toBe('Failed attempt recorded');
    expect(body.order).toMatchObject({ status: 'IN_TRANSIT', failedAttempts: 1 });
    expect((await eventsOf(order.id)).at(-1)).toMatchObject({
      kind: 'delivery-failed',
      status: 'IN_TRANSIT',
      note: 'Receiver absent: Nobody at the door',
    });
    expect(await readOrderRow(order.id)).toMatchObject({
      status: 'IN_TRANSIT',
      driverId: driver.driverId,
    });
    const [notice] = await db
      .select()
      .from(notifications)
      .where(eq(notifications.orderId, order.id))
      .orderBy(notifications.createdAt)
      .then((rows) => rows.slice(-1).map(withEnglishText));
    expect(notice).toMatchObject({
      userId: customer.user.id,
      title: `Delivery of your order ${order.trackingNumber} did not succeed`,
    });
    expect(notice!.body).toContain('Reason: Receiver absent');
    expect((await customerView(order.id)).timeline.at(-1)?.kind).toBe('delivery-failed');
    // Another attempt can still succeed.
    const delivered = await postDriverStep(driver, order.id, 'deliver', {
      code: order.deliveryCode,
      cashCollected: order.price,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
  });
});

describe('proof of delivery', () => {
  let driver: SignedInDriver;
  beforeAll(async () => {
    driver = await newDriver();
  });

  it('sends the receiver the code the customer sees, and keeps it nowhere in plain text', async () => {
    const order = await orderOnTheRoad(driver);
    const code = order.deliveryCode!;
    expect(code).toMatch(/^\d{6}$/);
    const message = await sms.waitForSms(order.receiverPhone!, new RegExp(order.trackingNumber));
    expect(message.text).toContain(`parcel ${order.trackingNumber}`);
    expect(message.text).toMatch(/Give the driver this delivery code: (\d{6})\.$/);
    expect(message.text.endsWith(`delivery code: ${code}.`)).toBe(true);

    expect(JSON.stringify(await readOrderRow(order.id))).not.toContain(code);
    // Once sent, the SMS row no longer holds the code; no mail or notice ever did.
    const smsRow = await waitUntil('the dispatch SMS marked sent', async () => {
      const [row] = await db
        .select()
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.recipient, order.receiverPhone!),
            eq(outboxMessages.template, 'receiver-dispatched'),
          ),
        );
      return row?.status === 'sent' ? row : undefined;
    });
    expect(smsRow.params).toMatchObject({ trackingNumber: order.trackingNumber });
    expect(JSON.stringify(smsRow.params)).not.toContain(code);
    const mails = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, customer.email));
    expect(JSON.stringify(mails)).not.toContain(code);
    const notices = await db
      .select()
      .from(notifications)
      .where(eq(notifications.orderId, order.id));
    expect(JSON.stringify(notices)).not.toContain(code);

    // The customer's code, given at the door, delivers the order; after that it is gone.
    expect(
      (await postDriverStep(driver, order.id, 'deliver', { code, cashCollected: order.price }))
        .statusCode,
    ).toBe(200);
    expect((await customerView(order.id)).deliveryCode).toBeNull();
  });

  it('refuses a wrong code with 400 and changes nothing but the count of wrong codes', async () => {
    const order = await orderOnTheRoad(driver);
    const before = { order: await readOrderRow(order.id), payment: await paymentRow(order.id) };
    const response = await postDriverStep(driver, order.id, 'deliver', {
      code: wrongCodeFor(order.deliveryCode!),
      cashCollected: order.price,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'driver.delivery_code_wrong',
      message: 'The delivery code is not correct.',
      errors: { code: 'The delivery code is not correct.' },
      errorCodes: { code: 'driver.delivery_code_wrong' },
    });
    const after = await readOrderRow(order.id);
    expect(after).toEqual({ ...before.order, deliveryCodeFailures: 1 });
    expect(await paymentRow(order.id)).toEqual(before.payment);
    expect((await eventsOf(order.id)).map((e) => e.kind)).toEqual(['placed', 'dispatched']);
    expect(await readTruckStatus(driver.truckNumber)).toBe('ON_DELIVERY');

    const badFormat = await postDriverStep(driver, order.id, 'deliver', {
      code: '12ab',
      cashCollected: 1,
    });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().errors).toEqual({ code: 'Enter the 6-digit code' });
    expect((await readOrderRow(order.id)).deliveryCodeFailures).toBe(1);

    await postDriverStep(driver, order.id, 'deliver', {
      code: order.deliveryCode,
      cashCollected: order.price,
    });
  });

  it(`locks the driver out after ${CODE_MAX_ATTEMPTS} wrong codes until the office delivers with a reason`, async () => {
    const order = await orderOnTheRoad(driver);
    const wrong = wrongCodeFor(order.deliveryCode!);
    for (let attempt = 1; attempt <= CODE_MAX_ATTEMPTS; attempt += 1) {
      const response = await postDriverStep(driver, order.id, 'deliver', {
        code: wrong,
        cashCollected: order.price,
      });
      expect(response.statusCode, `attempt ${attempt}`).toBe(400);
    }
    expect((await readOrderRow(order.id)).deliveryCodeFailures).toBe(CODE_MAX_ATTEMPTS);
    // From now on even the right code is refused.
    for (const code of [wrong, order.deliveryCode]) {
      const locked = await postDriverStep(driver, order.id, 'deliver', {
        code,
        cashCollected: order.price,
      });
      expect(locked.statusCode).toBe(423);
      expect(locked.json()).toEqual({
        code: 'driver.delivery_code_locked',
        message: 'Too many wrong delivery codes. The office must confirm this delivery.',
      });
    }
    expect((await readOrderRow(order.id)).deliveryCodeFailures).toBe(CODE_MAX_ATTEMPTS);
    expect((await listDriverOrders(driver)).onTheRoad.find((o) => o.id === order.id)).toMatchObject(
      {
        deliveryCodeLocked: true,
      },
    );
    expect(await adminView(order.id)).toMatchObject({ deliveryCodeLocked: true });

    const noReason = await updateOrderStatus(testApp, admin, order.id, { status: 'DELIVERED' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({
      reason: 'Give the reason the office delivers this order',
    });
    expect((await readOrderRow(order.id)).status).toBe('IN_TRANSIT');

    const withReason = await updateOrderStatus(testApp, admin, order.id, {
      status: 'DELIVERED',
      reason: 'Receiver confirmed by phone',
    });
    expect(withReason.statusCode, withReason.body).toBe(200);
    expect((await readOrderRow(order.id)).status).toBe('DELIVERED');
    expect((await eventsOf(order.id)).at(-1)).toMatchObject({
      kind: 'delivered',
      note: 'Delivered by the office: Receiver confirmed by phone',
      actorUserId: admin.user.id,
    });
    expect(await adminView(order.id)).toMatchObject({ deliveryCodeLocked: false });
    expect(await readTruckStatus(driver.truckNumber)).toBe('AVAILABLE');
  });

  it('counts parallel wrong codes one by one: never more tries than the limit', async () => {
    const order = await orderOnTheRoad(driver);
    const wrong = wrongCodeFor(order.deliveryCode!);
    const answers = await Promise.all(
      Array.from({ length: CODE_MAX_ATTEMPTS * 2 }, () =>
        postDriverStep(driver, order.id, 'deliver', { code: wrong, cashCollected: order.price }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([
      ...Array<number>(CODE_MAX_ATTEMPTS).fill(400),
      ...Array<number>(CODE_MAX_ATTEMPTS).fill(423),
    ]);
    expect((await readOrderRow(order.id)).deliveryCodeFailures).toBe(CODE_MAX_ATTEMPTS);
    const delivered = await updateOrderStatus(testApp, admin, order.id, {
      status: 'DELIVERED',
      reason: 'Receiver identified at the depot',
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
  });

  it('gives a new code at the next dispatch', async () => {
    const first = await orderOnTheRoad(driver);
    await postDriverStep(driver, first.id, 'deliver', {
      code: first.deliveryCode,
      cashCollected: first.price,
    });
    const second = await orderOnTheRoad(driver);
    const firstRow = await readOrderRow(first.id);
    const secondRow = await readOrderRow(second.id);
    expect(secondRow.deliveryCodeNonce).not.toBe(firstRow.deliveryCodeNonce);
    // The first order's code does not open the second (unless the 1-in-a-million collision).
    if (second.deliveryCode !== first.deliveryCode) {
      const response = await postDriverStep(driver, second.id, 'deliver', {
        code: first.deliveryCode,
        cashCollected: second.price,
      });
      expect(response.statusCode).toBe(400);
    }
    await postDriverStep(driver, second.id, 'deliver', {
      code: second.deliveryCode,
      cashCollected: second.price,
    });
  });
});

describe('delivering with the code and the cash', () => {
  it('needs the cash of a cash order, pays it with what was collected and flags a shortfall', async () => {
    const driver = await newDriver();
    const order = await orderOnTheRoad(driver, { payment_method: 'cash_on_delivery' });
    expect(await readTruckStatus(driver.truckNumber)).toBe('ON_DELIVERY');

    const noCash = await postDriverStep(driver, order.id, 'deliver', { code: order.deliveryCode });
    expect(noCash.statusCode).toBe(400);
    expect(noCash.json()).toEqual({
      code: 'driver.cash_required',
      message: 'Enter the cash collected (MAD)',
      errors: { cashCollected: 'Enter the cash collected (MAD)' },
      errorCodes: { cashCollected: 'driver.cash_required' },
    });
    expect((await readOrderRow(order.id)).deliveryCodeFailures).toBe(0);

    const collected = Math.max(0, Math.round((order.price - 50) * 100) / 100);
    const short = Math.round((order.price - collected) * 100) / 100;
    const response = await postDriverStep(driver, order.id, 'deliver', {
      code: order.deliveryCode,
      cashCollected: collected,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as DriverStepResult;
    expect(body.message).toBe('Delivered');
    expect(body.order).toMatchObject({ status: 'DELIVERED', cashCollected: collected });

    expect(await readOrderRow(order.id)).toMatchObject({
      status: 'DELIVERED',
      cashCollectedCentimes: Math.round(collected * 100),
    });
    expect(await paymentRow(order.id)).toMatchObject({
      status: 'paid',
      amountCentimes: Math.round(collected * 100),
    });
    const note = (await eventsOf(order.id)).at(-1)!.note!;
    expect(note).toMatch(
      /^Delivered\. Cash collected [\d,.]+ MAD of [\d,.]+ MAD \(short [\d,.]+ MAD\)$/,
    );
    expect(note).toContain(`(short ${short.toFixed(2)} MAD)`);
    expect(await adminView(order.id)).toMatchObject({
      cashCollected: collected,
      cashShortfall: short,
      payment: { status: 'paid', amount: collected },
    });
    expect(await readTruckStatus(driver.truckNumber)).toBe('AVAILABLE');

    // The customer is told in the app and by mail.
    const notices = await db
      .select()
      .from(notifications)
      .where(eq(notifications.orderId, order.id));
    expect(notices.map((n) => withEnglishText(n).title)).toContain(
      `Your order ${order.trackingNumber} has been delivered`,
    );
    const mail = await waitUntil('the delivered mail queued', async () => {
      const rows = await db
        .select()
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.recipient, customer.email),
            eq(outboxMessages.template, 'order-delivered'),
          ),
        );
      return rows.find((row) => row.params.trackingNumber === order.trackingNumber);
    });
    expect(mail.channel).toBe('email');
    expect((await customerView(order.id)).status).toBe('DELIVERED');

    const again = await postDriverStep(driver, order.id, 'deliver', {
      code: order.deliveryCode,
      cashCollected: collected,
    });
    expect(again.statusCode).toBe(409);
  });

  it('takes the full price without a flag, and ignores cash on an order paid online', async () => {
    const driver = await newDriver();
    const cash = await orderOnTheRoad(driver);
    await postDriverStep(driver, cash.id, 'deliver', {
      code: cash.deliveryCode,
      cashCollected: cash.price,
    });
    expect((await eventsOf(cash.id)).at(-1)!.note).toMatch(
      /^Delivered\. Cash collected [\d,.]+ MAD$/,
    );
    expect(await adminView(cash.id)).toMatchObject({
      cashCollected: cash.price,
      cashShortfall: null,
    });

    const online = await orderOnTheRoad(driver, { payment_method: 'online' });
    const response = await postDriverStep(driver, online.id, 'deliver', {
      code: online.deliveryCode,
      cashCollected: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await readOrderRow(online.id)).toMatchObject({ cashCollectedCentimes: null });
    expect(await paymentRow(online.id)).toMatchObject({
      status: 'paid',
      amountCentimes: Math.round(online.price * 100),
    });
    expect((await eventsOf(online.id)).at(-1)!.note).toBe('Delivered');
  });
});

describe('dispatch', () => {
  it('refuses a deactivated driver', async () => {
    const driver = await addDriver(testApp, admin.token);
    const deactivated = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/drivers/${driver.driverId}/deactivate`,
      headers: bearer(admin.token),
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    const [row] = await db.select().from(drivers).where(eq(drivers.id, driver.driverId));
    expect(row!.deactivatedAt).not.toBeNull();

    const placed = await createOrderAs(testApp, customer);
    const response = await updateOrderStatus(testApp, admin, placed.id, {
      status: 'IN_TRANSIT',
      truckNumber: driver.truckNumber,
      driverId: driver.driverId,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'dispatch.driver_deactivated',
      message: 'This driver is deactivated',
    });
    expect((await readOrderRow(placed.id)).status).toBe('PENDING');
    expect(await readTruckStatus(driver.truckNumber)).toBe('AVAILABLE');
  });
});
