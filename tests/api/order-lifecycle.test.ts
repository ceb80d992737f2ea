import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, orders, outboxMessages, trackingEvents } from '../../src/server/db/schema';
import { createDeliveryCodes, deriveDeliveryCodeKey } from '../../src/server/drivers/delivery-code';
import { createMessagesService } from '../../src/server/messages/messages-service';
import { createNotificationsService } from '../../src/server/notifications/notifications-service';
import {
  createOrderLifecycle,
  type OrderActor,
  type OrderLifecycle,
} from '../../src/server/orders/order-lifecycle';
import {
  createOrderAs,
  createTruckWithDriver,
  dispatchOrder,
  loginAs,
  type LoggedIn,
  type TruckWithDriver,
} from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { createReceiverTokens } from '../../src/server/returns/receiver-tokens';
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
const deliveryCodes = createDeliveryCodes(deriveDeliveryCodeKey('lifecycle test secret'));

beforeAll(async () => {
  testApp = await buildTestApp();
  const { db } = testApp.database;
  const clock = () => new Date();
  lifecycle = createOrderLifecycle({
    db,
    clock,
    notificationsService: createNotificationsService({
      db,
      messagesService: createMessagesService({ db }),
      clock,
    }),
    deliveryCodes,
    log: testApp.app.log,
    publicUrl: 'http://localhost:3000',
    receiverTokens: createReceiverTokens('lifecycle test secret', 'http://localhost:3000'),
  });
  [admin, customer] = await Promise.all([loginAs(testApp, 'admin'), loginAs(testApp, 'company')]);
});
afterAll(() => testApp.close());

const driverOf = (truck: TruckWithDriver): OrderActor => ({
  kind: 'driver',
  userId: null,
  driverId: truck.driverId,
});

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
    code: deliveryCodes.codeFor(orderId, row!.deliveryCodeNonce!),
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
