import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, toBusinessDate } from '../../src/shared/business-calendar';
import { ReattemptSchema } from '../../src/shared/schemas/returns-schemas';
import {
  auditLog,
  businessSettings,
  merchantLedgerEntries,
  notifications,
  orders,
  outboxMessages,
  trackingEvents,
  webhookEndpoints,
} from '../../src/server/db/schema';
import type { OrderActor, OrderLifecycle } from '../../src/server/orders/order-lifecycle';
import {
  createOrderAs,
  createTruckWithDriver,
  dispatchOrder,
  loginAs,
  type LoggedIn,
  type TruckWithDriver,
} from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { createTestLifecycle, driverActor, testDeliveryCodes } from './lifecycle-helpers';
import { withEnglishText } from './notification-rows';

/*
 * The lifecycle driven directly, on the API's own database, for what its routes cannot show
 * (tests/api/driver-orders.test.ts and admin-order-status.test.ts drive the same transitions
 * through the driver's and the admin's routes).
 */
let testApp: TestApp;
let lifecycle: OrderLifecycle;
let admin: LoggedIn;
let customer: LoggedIn;

beforeAll(async () => {
  testApp = await buildTestApp();
  lifecycle = createTestLifecycle(testApp);
  [admin, customer] = await Promise.all([loginAs(testApp, 'admin'), loginAs(testApp, 'company')]);
});
afterAll(() => testApp.close());

const driverOf = (truck: TruckWithDriver) => driverActor(truck.driverId);

async function orderOnTheRoad() {
  const order = await createOrderAs(testApp, customer);
  const truck = await createTruckWithDriver(testApp);
  await dispatchOrder(testApp, admin, order.id, truck);
  return { order, truck };
}

/** What the driver gives at the door: the receiver's code, and the price of this cash order. */
async function handOver(orderId: string) {
  const [row] = await testApp.database.db.select().from(orders).where(eq(orders.id, orderId));
  return {
    code: testDeliveryCodes.codeFor(orderId, row!.deliveryCodeNonce!),
    cashCollected: row!.priceCentimes / 100,
  };
}

const eventsOf = (orderId: string) =>
  testApp.database.db
    .select()
    .from(trackingEvents)
    .where(eq(trackingEvents.orderId, orderId))
    .orderBy(trackingEvents.seq);

describe('the order lifecycle', () => {
  it('lets the order’s driver pick it up once: an event and a notice, still on the road', async () => {
    const { order, truck } = await orderOnTheRoad();
    const { order: pickedUp } = await lifecycle.pickUp(order.id, driverOf(truck));
    expect(pickedUp.status).toBe('IN_TRANSIT');
    expect(pickedUp.pickedUpAt).toBeInstanceOf(Date);
    const events = await eventsOf(order.id);
    expect(events.map((event) => event.kind)).toEqual(['placed', 'dispatched', 'picked-up']);
    expect(events.at(-1)).toMatchObject({ status: 'IN_TRANSIT', note: 'Picked up' });
    const [latest] = await testApp.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.orderId, order.id))
      .orderBy(notifications.createdAt)
      .then((rows) => rows.slice(-1).map(withEnglishText));
    expect(latest!.title).toBe(`Your order ${order.trackingNumber} was picked up`);

    await expect(lifecycle.pickUp(order.id, driverOf(truck))).rejects.toMatchObject({
      statusCode: 409,
      message: 'This order was already picked up',
    });
  });

  it('records a failed delivery attempt, tells the customer, and keeps the order with its driver', async () => {
    const { order, truck } = await orderOnTheRoad();
    const { order: after } = await lifecycle.failDelivery(order.id, driverOf(truck), {
      reason: 'receiver-absent',
      note: 'Nobody at the door',
    });
    expect(after).toMatchObject({ status: 'IN_TRANSIT', driverId: truck.driverId });
    expect((await eventsOf(order.id)).at(-1)).toMatchObject({
      kind: 'delivery-failed',
      note: 'Receiver absent: Nobody at the door',
    });
    const mails = await testApp.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, 'order-delivery-failed'));
    expect(mails.find((m) => m.params.trackingNumber === order.trackingNumber)).toMatchObject({
      recipient: customer.email,
      params: { reason: 'Receiver absent' },
    });
    // A second attempt can still succeed.
    const { order: delivered } = await lifecycle.deliver(
      order.id,
      driverOf(truck),
      await handOver(order.id),
    );
    expect(delivered.status).toBe('DELIVERED');
  });

  it('treats another driver’s order as unknown, and refuses actors the table does not name', async () => {
    const { order } = await orderOnTheRoad();
    const stranger = await createTruckWithDriver(testApp);
    await expect(lifecycle.pickUp(order.id, driverOf(stranger))).rejects.toMatchObject({
      statusCode: 404,
    });
    const asCustomer: OrderActor = {
      kind: 'customer',
      userId: customer.user.id,
      organizationId: customer.user.organization!.id,
    };
    await expect(lifecycle.pickUp(order.id, asCustomer)).rejects.toMatchObject({
      statusCode: 403,
    });
    const asAdmin: OrderActor = {
      kind: 'admin',
      userId: admin.user.id,
      office: { userId: admin.user.id, role: 'ADMIN', ip: '127.0.0.1' },
    };
    await expect(
      lifecycle.failDelivery(order.id, asAdmin, { reason: 'refused' }),
    ).rejects.toMatchObject({ statusCode: 403 });
    expect((await eventsOf(order.id)).map((event) => event.kind)).toEqual(['placed', 'dispatched']);
  });

  it('refuses a pickup or a failed attempt for an order that is not on the road', async () => {
    const pending = await createOrderAs(testApp, customer);
    const truck = await createTruckWithDriver(testApp);
    await expect(lifecycle.pickUp(pending.id, driverOf(truck))).rejects.toMatchObject({
      statusCode: 404,
    });
    const system: OrderActor = { kind: 'system', userId: null };
    await expect(lifecycle.cancel(pending.id, system, { reason: 'Expired' })).rejects.toMatchObject(
      { statusCode: 403 },
    );
    const { order, truck: itsTruck } = await orderOnTheRoad();
    await lifecycle.deliver(order.id, driverOf(itsTruck), await handOver(order.id));
    await expect(
      lifecycle.failDelivery(order.id, driverOf(itsTruck), { reason: 'refused' }),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'This order is DELIVERED and can no longer change',
    });
  });
});

/** Every webhook delivery queued for this parcel, oldest first: its event types. */
async function webhookTypesOf(trackingNumber: string) {
  const rows = await testApp.database.db
    .select({ template: outboxMessages.template, params: outboxMessages.params })
    .from(outboxMessages)
    .where(eq(outboxMessages.channel, 'webhook'))
    .orderBy(outboxMessages.createdAt);
  return rows
    .filter((row) => row.params.trackingNumber === trackingNumber)
    .map((row) => row.template);
}

/** The return code the sender got: the order's code while it is RETURNING. */
async function returnCodeOf(orderId: string) {
  const [row] = await testApp.database.db.select().from(orders).where(eq(orders.id, orderId));
  return testDeliveryCodes.codeFor(orderId, row!.deliveryCodeNonce!);
}

async function setReturnSettings(maxDeliveryAttempts: number, returnFeePercent: number) {
  await testApp.database.db
    .update(businessSettings)
    .set({ maxDeliveryAttempts, returnFeePercent: returnFeePercent.toFixed(2) });
}

const tomorrow = () => addDays(toBusinessDate(new Date()), 1);

describe('failed deliveries and returns (docs/decisions/0023-failed-deliveries-and-returns.md)', () => {
  const asAdmin = (): OrderActor => ({
    kind: 'admin',
    userId: admin.user.id,
    office: { userId: admin.user.id, role: 'ADMIN', ip: '127.0.0.1' },
  });
  const asCustomer = (): OrderActor => ({
    kind: 'customer',
    userId: customer.user.id,
    organizationId: customer.user.organization!.id,
  });

  beforeAll(async () => {
    // The organization listens to every parcel event: each step queues its webhook.
    await testApp.database.db.insert(webhookEndpoints).values({
      organizationId: customer.user.organization!.id,
      url: 'https://shop.example.ma/hooks',
      events: ['*'],
      secretSealed: 'sealed',
      createdByUserId: customer.user.id,
    });
  });

  it('starts the return on its own after the third failed attempt: two events, notices and webhooks', async () => {
    await setReturnSettings(3, 50);
    const { order, truck } = await orderOnTheRoad();
    const driver = driverOf(truck);
    await lifecycle.failDelivery(order.id, driver, { reason: 'receiver-absent' });
    await lifecycle.failDelivery(order.id, driver, {
      reason: 'postponed',
      nextAttemptOn: tomorrow(),
    });
    const { order: after } = await lifecycle.failDelivery(order.id, driver, {
      reason: 'unreachable',
    });
    expect(after).toMatchObject({ status: 'RETURNING', failedAttempts: 3, nextAttemptOn: null });
    expect(after.returnReason).toBe('No delivery attempt left (3 failed)');
    const events = await eventsOf(order.id);
    expect(events.map((event) => [event.kind, event.status])).toEqual([
      ['placed', 'PENDING'],
      ['dispatched', 'IN_TRANSIT'],
      ['delivery-failed', 'IN_TRANSIT'],
      ['delivery-failed', 'IN_TRANSIT'],
      ['delivery-failed', 'IN_TRANSIT'],
      ['return-started', 'RETURNING'],
    ]);
    expect(events.at(-2)!.note).toBe('Phone not answering');
    // Both in one transaction, at one instant: their rows have no order between them.
    expect((await webhookTypesOf(order.trackingNumber)).slice(-2).sort()).toEqual([
      'parcel.delivery_failed',
      'parcel.return_started',
    ]);
    const notices = await testApp.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.orderId, order.id));
    expect(notices.map((notice) => notice.kind)).toEqual(
      expect.arrayContaining(['delivery-failed', 'return-started']),
    );
    // The return code goes to the order's creator by mail (erased from the row once sent).
    const mails = await testApp.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, 'order-return-started'));
    expect(mails.find((one) => one.params.trackingNumber === order.trackingNumber)).toMatchObject({
      recipient: customer.email,
    });
  });

  it('starts the return at once after a refusal, and then refuses another attempt or a delivery', async () => {
    const { order, truck } = await orderOnTheRoad();
    const { order: after } = await lifecycle.failDelivery(order.id, driverOf(truck), {
      reason: 'refused',
      note: 'Changed their mind',
      nextAttemptOn: tomorrow(),
    });
    expect(after).toMatchObject({
      status: 'RETURNING',
      failedAttempts: 1,
      returnReason: 'Refused by the receiver',
    });
    expect((await eventsOf(order.id)).slice(-2).map((event) => event.kind)).toEqual([
      'delivery-failed',
      'return-started',
    ]);
    // Both in one transaction, at one instant: their rows have no order between them.
    expect((await webhookTypesOf(order.trackingNumber)).slice(-2).sort()).toEqual([
      'parcel.delivery_failed',
      'parcel.return_started',
    ]);
    await expect(
      lifecycle.reattempt(order.id, asCustomer(), ReattemptSchema.parse({ on: tomorrow() })),
    ).rejects.toMatchObject({ statusCode: 409 });
    await expect(
      lifecycle.deliver(order.id, driverOf(truck), { code: '000000' }),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await eventsOf(order.id)).toHaveLength(4);
  });

  it('locks the return code after five wrong ones (423); the office then records the return with a reason', async () => {
    const { order, truck } = await orderOnTheRoad();
    await lifecycle.startReturn(order.id, asAdmin(), { reason: 'Address does not exist' });
    const code = await returnCodeOf(order.id);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await expect(
        lifecycle.deliverReturn(order.id, driverOf(truck), { code: wrong }),
      ).rejects.toMatchObject({ statusCode: 400 });
    }
    await expect(
      lifecycle.deliverReturn(order.id, driverOf(truck), { code }),
    ).rejects.toMatchObject({ statusCode: 423 });
    expect((await eventsOf(order.id)).at(-1)!.kind).toBe('return-started');
    const { order: returned } = await lifecycle.deliverReturn(order.id, asAdmin(), {
      reason: 'The sender lost the mail',
    });
    expect(returned.status).toBe('RETURNED');
    expect((await eventsOf(order.id)).at(-1)).toMatchObject({
      kind: 'returned',
      note: 'Return recorded by the office: The sender lost the mail',
    });
    const audits = await testApp.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, order.id), eq(auditLog.action, 'order.return_delivered')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({
      status: 'RETURNED',
      reason: 'The sender lost the mail',
    });
  });

  it('writes the return fee, the set percentage of the price, when the sender has the parcel back', async () => {
    await setReturnSettings(3, 33);
    try {
      const { order, truck } = await orderOnTheRoad();
      await lifecycle.failDelivery(order.id, driverOf(truck), { reason: 'wrong-address' });
      await lifecycle.startReturn(order.id, asCustomer());
      await lifecycle.deliverReturn(order.id, driverOf(truck), {
        code: await returnCodeOf(order.id),
      });
      const rows = await testApp.database.db
        .select()
        .from(merchantLedgerEntries)
        .where(eq(merchantLedgerEntries.orderId, order.id));
      const [row] = await testApp.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(rows.map((entry) => [entry.type, entry.amountCentimes])).toEqual([
        ['return_fee', -Math.round((row!.priceCentimes * 33) / 100)],
      ]);
      expect(row).toMatchObject({ status: 'RETURNED' });
    } finally {
      await setReturnSettings(3, 50);
    }
  });

  it('queues a webhook for each new step: rescheduled, instructions added, return started, returned', async () => {
    const { order, truck } = await orderOnTheRoad();
    await lifecycle.failDelivery(order.id, driverOf(truck), { reason: 'receiver-absent' });
    await lifecycle.reschedule(order.id, { on: tomorrow() });
    await lifecycle.addInstructions(order.id, { note: 'Blue door', phone: '+212611111111' });
    await lifecycle.reattempt(
      order.id,
      asCustomer(),
      ReattemptSchema.parse({ on: tomorrow(), note: 'Call first' }),
    );
    await lifecycle.startReturn(order.id, asCustomer(), { reason: 'Stock error' });
    await lifecycle.deliverReturn(order.id, driverOf(truck), {
      code: await returnCodeOf(order.id),
    });
    expect(await webhookTypesOf(order.trackingNumber)).toEqual([
      'parcel.created',
      'parcel.dispatched',
      'parcel.delivery_failed',
      'parcel.rescheduled',
      'parcel.instructions_added',
      'parcel.rescheduled',
      'parcel.return_started',
      'parcel.returned',
    ]);
  });
});
