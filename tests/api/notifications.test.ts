import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, outboxMessages } from '../../src/server/db/schema';
import type { Notification, NotificationList } from '../../src/shared/schemas/notification-schemas';
import {
  bearer,
  createOrderAs,
  createTruckWithDriver,
  startTruckRun,
  dispatchOrder,
  loginAs,
  updateOrderStatus,
  type LoggedIn,
} from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { withEnglishText } from './notification-rows';
import { waitUntil } from './polling';
import { startSmtpCatcher, type CaughtMail } from './smtp-catcher';

const RECEIVER_PHONE = '+212612345678';

let testApp: TestApp;
let admin: LoggedIn;
let customer: LoggedIn;
let otherCustomer: LoggedIn;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await loginAs(testApp, 'admin');
  customer = await loginAs(testApp, 'company');
  otherCustomer = await loginAs(testApp, 'individual');
});
afterAll(() => testApp.close());

async function listNotifications(app: TestApp, caller: LoggedIn, query = '') {
  const response = await app.app.inject({
    method: 'GET',
    url: `/api/dashboard/notifications${query}`,
    headers: bearer(caller.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return {
    notifications: (response.json() as NotificationList).notifications,
    total: Number(response.headers['x-total-count']),
  };
}

async function notificationsOf(app: TestApp, orderId: string) {
  const rows = await app.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.orderId, orderId))
    .orderBy(notifications.createdAt);
  return rows.map(withEnglishText);
}

type OutboxRow = typeof outboxMessages.$inferSelect;

/**
 * The messages queued for one recipient about one order (by its tracking number), oldest first;
 * waits until `isSettled` holds for the one with this template (the worker sends in the
 * background).
 */
async function waitForMessage(
  app: TestApp,
  recipient: string,
  template: string,
  trackingNumber: string,
  isSettled: (row: OutboxRow) => boolean = (row) => row.status === 'sent',
): Promise<OutboxRow> {
  return waitUntil(`${template} to ${recipient} about ${trackingNumber}`, async () => {
    const rows = await app.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.template, template)));
    return rows.find((r) => r.params.trackingNumber === trackingNumber && isSettled(r));
  });
}

async function messagesAbout(trackingNumber: string) {
  const rows = await testApp.database.db.select().from(outboxMessages);
  return rows.filter((row) => row.params.trackingNumber === trackingNumber);
}

describe('order notifications', () => {
  it('tells the customer an order was placed, by notification and email only', async () => {
    const order = await createOrderAs(testApp, customer);
    const [notification, ...others] = await notificationsOf(testApp, order.id);
    expect(others).toEqual([]);
    expect(notification).toMatchObject({
      userId: customer.user.id,
      title: `We received your order ${order.trackingNumber}`,
      readAt: null,
    });
    expect(notification!.body).toContain('Casablanca → Rabat');

    const mail = await waitForMessage(
      testApp,
      customer.email,
      'order-placed',
      order.trackingNumber,
    );
    expect(mail).toMatchObject({ channel: 'email', status: 'sent', attempts: 1, locale: 'en' });
    expect(mail.params).toMatchObject({ pickupLoc: 'Casablanca', deliveryLoc: 'Rabat' });
    expect((await messagesAbout(order.trackingNumber)).map((m) => m.channel)).toEqual(['email']);
  });

  it('tells the customer and the receiver an order is on the road, then delivered', async () => {
    const order = await createOrderAs(testApp, customer);
    const truck = await createTruckWithDriver(testApp);
    await dispatchOrder(testApp, admin, order.id, truck);

    const onTheRoad = (await notificationsOf(testApp, order.id)).at(-1)!;
    expect(onTheRoad.userId).toBe(customer.user.id);
    expect(onTheRoad.title).toBe(`Your order ${order.trackingNumber} is on the road`);
    expect(onTheRoad.body).toMatch(
      new RegExp(`^Casablanca → Rabat, truck ${truck.truckNumber}\\. Estimated delivery .+\\.$`),
    );
    const mail = await waitForMessage(
      testApp,
      customer.email,
      'order-dispatched',
      order.trackingNumber,
    );
    expect(mail.params.truckNumber).toBe(truck.truckNumber);
    const sms = await waitForMessage(
      testApp,
      RECEIVER_PHONE,
      'receiver-dispatched',
      order.trackingNumber,
    );
    expect(sms.channel).toBe('sms');

    const delivered = await updateOrderStatus(testApp, admin, order.id, { status: 'DELIVERED' });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const rows = await notificationsOf(testApp, order.id);
    expect(rows.map((row) => row.title)).toEqual([
      `We received your order ${order.trackingNumber}`,
      `Your order ${order.trackingNumber} is on the road`,
      `Your order ${order.trackingNumber} has been delivered`,
    ]);
    await waitForMessage(testApp, customer.email, 'order-delivered', order.trackingNumber);
    await waitForMessage(testApp, RECEIVER_PHONE, 'receiver-delivered', order.trackingNumber);
  });

  it('tells a cancellation with its reason, and texts no receiver', async () => {
    const order = await createOrderAs(testApp, customer);
    const response = await updateOrderStatus(testApp, admin, order.id, {
      status: 'CANCELLED',
      reason: 'Customer changed plans',
    });
    expect(response.statusCode, response.body).toBe(200);
    const cancelled = (await notificationsOf(testApp, order.id)).at(-1)!;
    expect(cancelled.title).toBe(`Your order ${order.trackingNumber} was cancelled`);
    expect(cancelled.body).toBe('Casablanca → Rabat. Reason: Customer changed plans');
    const mail = await waitForMessage(
      testApp,
      customer.email,
      'order-cancelled',
      order.trackingNumber,
    );
    expect(mail.params.reason).toBe('Customer changed plans');
    expect((await messagesAbout(order.trackingNumber)).map((m) => m.channel)).toEqual([
      'email',
      'email',
    ]);
  });

  it('sends no SMS when the order has no receiver phone', async () => {
    const order = await createOrderAs(testApp, customer, { receiver_phone: undefined });
    await dispatchOrder(testApp, admin, order.id, await createTruckWithDriver(testApp));
    await waitForMessage(testApp, customer.email, 'order-dispatched', order.trackingNumber);
    expect((await messagesAbout(order.trackingNumber)).some((m) => m.channel === 'sms')).toBe(
      false,
    );
  });

  it('records nothing for a refused transition (busy truck, 409)', async () => {
    const truck = await createTruckWithDriver(testApp);
    const first = await createOrderAs(testApp, customer);
    await dispatchOrder(testApp, admin, first.id, truck);
    await startTruckRun(testApp, truck);
    const second = await createOrderAs(testApp, customer);
    await waitForMessage(testApp, customer.email, 'order-placed', second.trackingNumber);

    const refused = await updateOrderStatus(testApp, admin, second.id, {
      status: 'IN_TRANSIT',
      truckNumber: truck.truckNumber,
      driverId: truck.driverId,
    });
    expect(refused.statusCode).toBe(409);
    expect((await notificationsOf(testApp, second.id)).map((row) => row.title)).toEqual([
      `We received your order ${second.trackingNumber}`,
    ]);
    expect((await messagesAbout(second.trackingNumber)).map((m) => m.template)).toEqual([
      'order-placed',
    ]);
  });
});

describe('GET /api/dashboard/notifications and POST /api/dashboard/notifications/read', () => {
  it('lists only the caller’s own notifications, newest first, a page at a time', async () => {
    const all = await listNotifications(testApp, customer);
    expect(all.total).toBeGreaterThanOrEqual(5);
    expect(all.notifications).toHaveLength(all.total);
    const times = all.notifications.map((n) => n.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const first: Notification = all.notifications[0]!;
    expect(Object.keys(first).sort()).toEqual(
      ['body', 'createdAt', 'id', 'orderId', 'readAt', 'title', 'trackingNumber'].sort(),
    );
    expect(first.trackingNumber).toMatch(/^MA-/);

    const page = await listNotifications(testApp, customer, '?page=2&pageSize=2');
    expect(page.total).toBe(all.total);
    expect(page.notifications.map((n) => n.id)).toEqual(
      all.notifications.slice(2, 4).map((n) => n.id),
    );

    expect(await listNotifications(testApp, otherCustomer)).toEqual({
      notifications: [],
      total: 0,
    });
  });

  it('marks all of the caller’s notifications read, and nobody else’s', async () => {
    const otherOrder = await createOrderAs(testApp, otherCustomer);
    const unread = (await listNotifications(testApp, customer)).notifications.filter(
      (n) => n.readAt === null,
    ).length;
    expect(unread).toBeGreaterThan(0);

    const markRead = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/dashboard/notifications/read',
        headers: bearer(customer.token),
      });
    const response = await markRead();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ updated: unread });
    const after = await listNotifications(testApp, customer);
    expect(after.notifications.every((n) => n.readAt !== null)).toBe(true);
    expect((await markRead()).json()).toEqual({ updated: 0 });

    const other = await listNotifications(testApp, otherCustomer);
    expect(other.notifications).toHaveLength(1);
    expect(other.notifications[0]).toMatchObject({ orderId: otherOrder.id, readAt: null });
  });

  it('answers 401 without a session, 403 to an admin and 400 to a bad page', async () => {
    for (const [method, url] of [
      ['GET', '/api/dashboard/notifications'],
      ['POST', '/api/dashboard/notifications/read'],
    ] as const) {
      expect((await testApp.app.inject({ method, url })).statusCode).toBe(401);
      const asAdmin = await testApp.app.inject({ method, url, headers: bearer(admin.token) });
      expect(asAdmin.statusCode).toBe(403);
    }
    for (const query of ['?pageSize=abc', '?page=0', '?pageSize=101']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/dashboard/notifications${query}`,
        headers: bearer(customer.token),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('message');
    }
  });
  it('are listed in the OpenAPI document', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    const { paths } = response.json() as { paths: Record<string, Record<string, unknown>> };
    expect(paths['/api/dashboard/notifications']).toHaveProperty('get');
    expect(paths['/api/dashboard/notifications/read']).toHaveProperty('post');
  });
});

describe('when a message cannot be sent', () => {
  it('keeps the transition and the notification, and the outbox keeps the error', async () => {
    const failing = await buildTestApp({
      // Nothing listens on port 1: every SMTP connection is refused.
      env: { SMTP_URL: 'smtp://127.0.0.1:1', OUTBOX_RETRY_BASE_MS: '60000' },
    });
    try {
      const [failingAdmin, failingCustomer] = await Promise.all([
        loginAs(failing, 'admin'),
        loginAs(failing, 'company'),
      ]);
      const order = await createOrderAs(failing, failingCustomer);
      await dispatchOrder(failing, failingAdmin, order.id, await createTruckWithDriver(failing));
      expect((await notificationsOf(failing, order.id)).at(-1)!.title).toBe(
        `Your order ${order.trackingNumber} is on the road`,
      );
      const mail = await waitForMessage(
        failing,
        failingCustomer.email,
        'order-dispatched',
        order.trackingNumber,
        (row) => row.lastError !== null,
      );
      expect(mail.lastError).toMatch(/ECONNREFUSED/);
      // Queued again for its next attempt, a minute on (OUTBOX_RETRY_BASE_MS).
      expect(mail).toMatchObject({ status: 'queued', attempts: 1, sentAt: null });
      expect(mail.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 50_000);
    } finally {
      await failing.close();
    }
  });
});

describe('over real SMTP', () => {
  it('mails the customer that the order is on the road', async () => {
    const smtp = await startSmtpCatcher();
    const smtpApp = await buildTestApp({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Atlas Freight <no-reply@atlas.test>',
      },
    });
    try {
      const [smtpAdmin, smtpCustomer] = await Promise.all([
        loginAs(smtpApp, 'admin'),
        loginAs(smtpApp, 'company'),
      ]);
      const order = await createOrderAs(smtpApp, smtpCustomer);
      const truck = await createTruckWithDriver(smtpApp);
      await dispatchOrder(smtpApp, smtpAdmin, order.id, truck);

      let mail: CaughtMail | undefined;
      for (let attempt = 0; attempt < 100 && !mail; attempt += 1) {
        mail = smtp.received.find((m) => m.subject.includes('is on the road'));
        if (!mail) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(mail).toMatchObject({
        to: smtpCustomer.email,
        subject: `Your order ${order.trackingNumber} is on the road`,
      });
      expect(mail!.text).toContain(`Casablanca → Rabat, truck ${truck.truckNumber}`);
      expect(mail!.text).toContain('Estimated delivery');
    } finally {
      await smtpApp.close();
      await smtp.stop();
    }
  });
});
