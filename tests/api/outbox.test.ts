import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../src/server/db/open-database';
import { outboxMessages } from '../../src/server/db/schema';
import { createLogMailTransport } from '../../src/server/messages/mail-transport';
import { findNextDueDelay, insertOutboxMessages } from '../../src/server/messages/outbox-queries';
import { createOutboxWorker, type OutboxWorker } from '../../src/server/messages/outbox-worker';
import { createHttpSmsTransport } from '../../src/server/messages/sms-transport';
import type { AdminMessage } from '../../src/shared/schemas/message-schemas';
import {
  bearer,
  createOrderAs,
  createTruckWithDriver,
  dispatchOrder,
  loginAs,
  type LoggedIn,
} from './factories';
import { findFreePort } from './free-port';
import { buildTestApp, type TestApp } from './helpers';
import { waitUntil } from './polling';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher';

type OutboxRow = typeof outboxMessages.$inferSelect;

async function readMessage(testApp: TestApp, id: string): Promise<OutboxRow> {
  const [row] = await testApp.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.id, id));
  return row!;
}

async function placedMailOf(testApp: TestApp, email: string): Promise<OutboxRow | undefined> {
  const rows = await testApp.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, email));
  return rows.find((row) => row.template === 'order-placed');
}

describe('mail through an SMTP outage', () => {
  it('keeps the mail while SMTP is down and delivers it exactly once when it is back', async () => {
    const port = await findFreePort();
    const testApp = await buildTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, OUTBOX_RETRY_BASE_MS: '200' },
    });
    let smtp: SmtpCatcher | undefined;
    try {
      const customer = await loginAs(testApp, 'company');
      const order = await createOrderAs(testApp, customer);
      const failedOnce = await waitUntil('a failed first attempt', async () => {
        const row = await placedMailOf(testApp, customer.email);
        return row && row.attempts >= 1 && row.lastError ? row : undefined;
      });
      expect(failedOnce).toMatchObject({ status: 'queued', sentAt: null });
      expect(failedOnce.params.trackingNumber).toBe(order.trackingNumber);

      smtp = await startSmtpCatcher({ port });
      const mail = await waitUntil('the mail', () => smtp!.received[0]);
      expect(mail).toMatchObject({
        to: customer.email,
        subject: `We received your order ${order.trackingNumber}`,
      });
      // The outbox id is the Message-ID, so a receiver can drop a replay.
      expect(mail.messageId).toContain(failedOnce.id);
      const sent = await waitUntil('the row marked sent', async () => {
        const row = await readMessage(testApp, failedOnce.id);
        return row.status === 'sent' ? row : undefined;
      });
      expect(sent.lastError).toBeNull();
      expect(sent.nextAttemptAt).toBeNull();
      // Later wake-ups find nothing more to send.
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(smtp.received.filter((m) => m.to === customer.email)).toHaveLength(1);
    } finally {
      await testApp.close();
      await smtp?.stop();
    }
  });

  it('gives up at once on a permanent rejection (5xx), and after OUTBOX_MAX_ATTEMPTS otherwise', async () => {
    const rejecting = await startSmtpCatcher({ rejectWith: 550 });
    const testApp = await buildTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${rejecting.port}` },
    });
    try {
      const customer = await loginAs(testApp, 'company');
      await createOrderAs(testApp, customer);
      const rejected = await waitUntil('the rejected mail marked failed', async () => {
        const row = await placedMailOf(testApp, customer.email);
        return row?.status === 'failed' ? row : undefined;
      });
      expect(rejected.attempts).toBe(1);
      expect(rejected.lastError).toMatch(/550|Mailbox unavailable/);
    } finally {
      await testApp.close();
      await rejecting.stop();
    }

    const port = await findFreePort();
    const retrying = await buildTestApp({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        OUTBOX_RETRY_BASE_MS: '50',
        OUTBOX_MAX_ATTEMPTS: '3',
      },
    });
    try {
      const customer = await loginAs(retrying, 'company');
      await createOrderAs(retrying, customer);
      const givenUp = await waitUntil('the mail given up', async () => {
        const row = await placedMailOf(retrying, customer.email);
        return row?.status === 'failed' ? row : undefined;
      });
      expect(givenUp.attempts).toBe(3);
      expect(givenUp.lastError).toMatch(/ECONNREFUSED/);
    } finally {
      await retrying.close();
    }
  });
});

interface GatewayRequest {
  authorization: string | undefined;
  body: { id: string; to: string; text: string };
}

/** An SMS gateway: records every request; answers `status(n)` to the n-th one after `delayMs`. */
async function startSmsGateway(status: (n: number) => number = () => 200, delayMs = 5) {
  const requests: GatewayRequest[] = [];
  const server: Server = createServer((request, response) => {
    let data = '';
    request.on('data', (chunk: Buffer) => (data += chunk.toString()));
    request.on('end', () => {
      requests.push({
        authorization: request.headers.authorization,
        body: JSON.parse(data) as GatewayRequest['body'],
      });
      // A little latency, so that two workers' sends overlap.
      setTimeout(() => {
        response.statusCode = status(requests.length);
        response.end('{}');
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('SMS over HTTP and several workers', () => {
  let testApp: TestApp;
  let secondDatabase: OpenDatabase | undefined;

  beforeAll(async () => {
    testApp = await buildTestApp({ runOutboxWorker: false });
    if (testApp.databaseUrl) {
      // Two pools, as two instances would have: on PostgreSQL the workers really race.
      secondDatabase = await openDatabase({ kind: 'postgres', url: testApp.databaseUrl });
    }
  });
  afterAll(async () => {
    await secondDatabase?.close();
    await testApp.close();
  });

  function startWorker(database: Pick<OpenDatabase, 'db' | 'channels'>, smsUrl: string) {
    const worker = createOutboxWorker({
      db: database.db,
      channels: database.channels,
      mail: createLogMailTransport(testApp.app.log, { showText: false, isProduction: false }),
      sms: createHttpSmsTransport(smsUrl, 'gateway-token'),
      renderContext: { publicUrl: 'http://atlas.test' },
      log: testApp.app.log,
      retryBaseMs: 50,
      maxAttempts: 5,
      batchSize: 5,
    });
    return worker.start().then(() => worker);
  }

  const smsRows = (count: number, prefix: string) =>
    Array.from({ length: count }, (_, index) => ({
      channel: 'sms' as const,
      recipient: '+212612345678',
      template: 'receiver-dispatched',
      params: {
        trackingNumber: `${prefix}-${String(index).padStart(2, '0')}`,
        pickupLoc: 'Agadir',
        deliveryLoc: 'Fès',
        estimatedDelivery: '2026-01-12T13:30:00.000Z',
      },
    }));

  it('sleeps while nothing is queued, and wakes for the next retry when one is', async () => {
    // An empty queue must mean "nothing due", not "due now", or a worker spins on the database.
    expect(await findNextDueDelay(testApp.database.db)).toBeUndefined();
    const [row] = await testApp.database.db
      .insert(outboxMessages)
      .values({ ...smsRows(1, 'LATER')[0]!, nextAttemptAt: new Date(Date.now() + 60_000) })
      .returning();
    const delay = await findNextDueDelay(testApp.database.db);
    expect(delay).toBeGreaterThan(50_000);
    expect(delay).toBeLessThanOrEqual(60_000);
    await testApp.database.db.delete(outboxMessages).where(eq(outboxMessages.id, row!.id));
  });

  it('two workers send each of 50 queued messages exactly once', async () => {
    const gateway = await startSmsGateway();
    const workers: OutboxWorker[] = [];
    try {
      await insertOutboxMessages(testApp.database.db, smsRows(50, 'RACE'));
      workers.push(
        ...(await Promise.all([
          startWorker(testApp.database, gateway.url),
          startWorker(secondDatabase ?? testApp.database, gateway.url),
        ])),
      );
      await waitUntil('50 gateway requests', () =>
        gateway.requests.length >= 50 ? true : undefined,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const ids = gateway.requests.map((request) => request.body.id);
      expect(ids).toHaveLength(50);
      expect(new Set(ids).size).toBe(50);
      const rows = await testApp.database.db.select().from(outboxMessages);
      const race = rows.filter((row) => row.params.trackingNumber?.startsWith('RACE-'));
      expect(race.map((row) => row.status)).toEqual(Array(50).fill('sent'));
      expect(new Set(race.map((row) => row.id))).toEqual(new Set(ids));

      const request = gateway.requests[0]!;
      expect(request.authorization).toBe('Bearer gateway-token');
      expect(request.body.to).toBe('+212612345678');
      expect(request.body.text).toMatch(
        /^Atlas Freight: parcel RACE-\d\d \(Agadir → Fès\) is on the road/,
      );
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await gateway.stop();
    }
  });

  it('on stop, claims nothing more but finishes the send in flight', async () => {
    const gateway = await startSmsGateway(() => 200, 700);
    const worker = await startWorker(testApp.database, gateway.url);
    try {
      await insertOutboxMessages(testApp.database.db, smsRows(1, 'DRAIN'));
      await waitUntil('the send under way', () => (gateway.requests.length > 0 ? true : undefined));
      const stopped = worker.stop();
      await insertOutboxMessages(testApp.database.db, smsRows(1, 'AFTER'));
      await stopped;
      const rows = await testApp.database.db.select().from(outboxMessages);
      const byNumber = (n: string) => rows.find((row) => row.params.trackingNumber === n)!;
      // The gateway took its time, and the worker waited for its answer before stopping.
      expect(byNumber('DRAIN-00')).toMatchObject({ status: 'sent', attempts: 1 });
      expect(byNumber('AFTER-00')).toMatchObject({ status: 'queued', attempts: 0 });
      expect(gateway.requests).toHaveLength(1);
      // Not this test's to send: the next test's worker would find it.
      await testApp.database.db
        .delete(outboxMessages)
        .where(eq(outboxMessages.id, byNumber('AFTER-00').id));
    } finally {
      await worker.stop();
      await gateway.stop();
    }
  });

  it('retries a gateway that answers anything but 2xx, with the same id', async () => {
    const gateway = await startSmsGateway((n) => (n <= 2 ? 503 : 202));
    const worker = await startWorker(testApp.database, gateway.url);
    try {
      await insertOutboxMessages(testApp.database.db, smsRows(1, 'FLAKY'));
      await waitUntil('three attempts', () => (gateway.requests.length >= 3 ? true : undefined));
      const [row] = (await testApp.database.db.select().from(outboxMessages)).filter(
        (r) => r.params.trackingNumber === 'FLAKY-00',
      );
      const sent = await waitUntil('the SMS marked sent', async () => {
        const current = await readMessage(testApp, row!.id);
        return current.status === 'sent' ? current : undefined;
      });
      expect(sent.attempts).toBe(3);
      expect(gateway.requests.map((request) => request.body.id)).toEqual([
        row!.id,
        row!.id,
        row!.id,
      ]);
    } finally {
      await worker.stop();
      await gateway.stop();
    }
  });
});

describe('admin Messages', () => {
  let testApp: TestApp;
  let admin: LoggedIn;
  let customer: LoggedIn;

  beforeAll(async () => {
    testApp = await buildTestApp();
    [admin, customer] = await Promise.all([loginAs(testApp, 'admin'), loginAs(testApp, 'company')]);
  });
  afterAll(() => testApp.close());

  const list = (query = '', token = admin.token) =>
    testApp.app.inject({
      method: 'GET',
      url: `/api/admin/messages${query}`,
      headers: bearer(token),
    });
  const retry = (id: string, token = admin.token) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/admin/messages/${id}/retry`,
      headers: bearer(token),
    });

  it('lists messages newest first with masked recipients, filters by status, and counts', async () => {
    await createOrderAs(testApp, customer);
    const row = await waitUntil('the placed mail sent', async () => {
      const mail = await placedMailOf(testApp, customer.email);
      return mail?.status === 'sent' ? mail : undefined;
    });

    const response = await list('?status=sent&page=1&pageSize=5');
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json() as AdminMessage[];
    expect(Number(response.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    const item = items.find((message) => message.id === row.id)!;
    expect(item).toMatchObject({
      channel: 'email',
      template: 'order-placed',
      status: 'sent',
      attempts: 1,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(item.recipient).toBe(`c***@${customer.email.split('@')[1]}`);
    expect(item.recipient).not.toContain(customer.email.split('@')[0]);
    expect(items.every((message) => message.status === 'sent')).toBe(true);

    const failedOnly = await list('?status=failed');
    expect(failedOnly.json()).toEqual([]);
    expect(failedOnly.headers['x-total-count']).toBe('0');
    expect((await list('?status=lost')).statusCode).toBe(400);
    expect((await list('?pageSize=1000')).statusCode).toBe(400);
  });

  it('finds the messages to one recipient or about one order', async () => {
    const other = await loginAs(testApp, 'individual');
    const order = await createOrderAs(testApp, customer, { receiver_phone: '0612345678' });
    await createOrderAs(testApp, other);
    await dispatchOrder(testApp, admin, order.id, await createTruckWithDriver(testApp));
    const search = async (q: string) => {
      const response = await list(`?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as AdminMessage[];
    };

    const byEmail = await search(customer.email.toUpperCase());
    expect(byEmail.length).toBeGreaterThanOrEqual(2);
    expect(new Set(byEmail.map((m) => m.recipient))).toEqual(
      new Set([`c***@${customer.email.split('@')[1]}`]),
    );
    const byOrder = await search(order.trackingNumber.toLowerCase());
    expect(byOrder.map((m) => m.template).sort()).toEqual(
      ['order-dispatched', 'order-placed', 'receiver-dispatched'].sort(),
    );
    const byPhone = await search('06 12 34 56 78');
    expect(byPhone.map((m) => m.template)).toContain('receiver-dispatched');
    expect(byPhone.every((m) => m.channel === 'sms')).toBe(true);
    expect(await search('nobody@nowhere.ma')).toEqual([]);
  });

  it('queues a failed message again, and refuses what cannot be retried', async () => {
    const [failed] = await testApp.database.db
      .insert(outboxMessages)
      .values({
        channel: 'sms',
        recipient: '+212612345678',
        template: 'receiver-delivered',
        params: { trackingNumber: 'MA-RETRY-0001', pickupLoc: 'Rabat', deliveryLoc: 'Tanger' },
        status: 'failed',
        attempts: 8,
        nextAttemptAt: null,
        lastError: 'SMS gateway answered 503',
      })
      .returning();
    const response = await retry(failed!.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Message queued again',
      item: { id: failed!.id, status: 'queued', attempts: 0, recipient: '+**********78' },
    });
    // The worker of this instance sends it (log mode: no SMS_URL).
    const sent = await waitUntil('the retried message sent', async () => {
      const row = await readMessage(testApp, failed!.id);
      return row.status === 'sent' ? row : undefined;
    });
    expect(sent.attempts).toBe(1);

    const again = await retry(failed!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a failed message can be retried; this one is sent');
    expect((await retry('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await retry('not-a-uuid')).statusCode).toBe(404);
  });

  it('refuses customers (403) and callers without a session (401)', async () => {
    expect((await list('', customer.token)).statusCode).toBe(403);
    expect((await retry('00000000-0000-4000-8000-000000000000', customer.token)).statusCode).toBe(
      403,
    );
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/admin/messages' });
    expect(anonymous.statusCode).toBe(401);
  });
});
