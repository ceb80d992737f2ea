/**
 * The database goes away under a running instance (docs/decisions/0011-hardening.md, "Database
 * outages"): through a TCP relay that a test cuts (connections refused and reset) or turns into a
 * black hole (connections open, nothing answers, as a dead link before TCP gives up), every
 * request answers 503 with a clear message in bounded time, nothing is half-written, and the same
 * instance serves again once the database is back, live events and the outbox included.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, type ReceivedEvent } from './event-stream-client';
import { openDatabase } from '../../src/server/db/open-database';
import { bearer, loginAs, orderPayload, type LoggedIn } from './factories';
import { buildTestApp, type TestApp, type TestAppOptions } from './helpers';
import { waitUntil } from './polling';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';
import { usesPostgres } from './test-database-mode';

const UNAVAILABLE = {
  code: 'service.database_unavailable',
  message: 'The service is briefly unavailable. Please try again in a moment.',
};

/** Small time-outs keep each outage short; the defaults get their own check below. */
const SHORT_TIMEOUTS = { DB_CONNECT_TIMEOUT_MS: '1000', DB_STATEMENT_TIMEOUT_MS: '2000' };

interface Outage {
  testApp: TestApp;
  proxy: TcpProxy;
  /** A direct connection to the same database, past the relay, to read what was written. */
  direct: pg.Client;
  customer: LoggedIn;
  close(): Promise<void>;
}

async function startBehindRelay(options: TestAppOptions = {}): Promise<Outage> {
  const server = new URL(usesPostgres()!);
  const proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
  const testApp = await buildTestApp({ ...options, routeDatabaseUrl: proxy.urlFor });
  const direct = new pg.Client({ connectionString: testApp.databaseUrl });
  await direct.connect();
  const customer = await loginAs(testApp, 'company');
  return {
    testApp,
    proxy,
    direct,
    customer,
    close: async () => {
      proxy.restore();
      await direct.end();
      await testApp.close();
      await proxy.close();
    },
  };
}

/** The answer and how long it took. */
async function timed<T>(request: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const start = performance.now();
  const answer = await request();
  return { answer, ms: performance.now() - start };
}

const health = (testApp: TestApp) => testApp.app.inject({ method: 'GET', url: '/api/health' });
const listOrders = (testApp: TestApp, who: LoggedIn, headers: Record<string, string> = {}) =>
  testApp.app.inject({
    method: 'GET',
    url: '/api/dashboard/orders',
    headers: { ...bearer(who.token), ...headers },
  });
const placeOrder = (testApp: TestApp, who: LoggedIn, trackedBy: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/dashboard/neworder',
    headers: bearer(who.token),
    payload: orderPayload({ shipment_info: trackedBy }),
  });

async function countOrdersDescribed(direct: pg.Client, shipmentInfo: string): Promise<number> {
  const { rows } = await direct.query<{ count: string }>(
    'SELECT count(*) FROM orders WHERE shipment_info = $1',
    [shipmentInfo],
  );
  return Number(rows[0]!.count);
}

/** Health answers 200 again, polled as a load balancer would. */
async function waitForHealth(testApp: TestApp, timeoutMs = 10_000): Promise<number> {
  const start = performance.now();
  await waitUntil(
    'health answers 200 again',
    async () => ((await health(testApp)).statusCode === 200 ? true : undefined),
    timeoutMs,
  );
  return performance.now() - start;
}

describe.skipIf(!usesPostgres())('PostgreSQL out of reach, then back', () => {
  let outage: Outage;
  beforeAll(async () => {
    outage = await startBehindRelay({ env: SHORT_TIMEOUTS });
  });
  afterEach(() => outage.proxy.restore());
  afterAll(() => outage.close());

  for (const fault of ['cut', 'blackhole'] as const) {
    it(`answers 503 in bounded time while the link is ${fault === 'cut' ? 'cut' : 'dead'}, and serves again once it is back`, async () => {
      const { testApp, proxy, direct, customer } = outage;
      const description = `during the ${fault}`;
      expect((await listOrders(testApp, customer)).statusCode).toBe(200);

      proxy[fault]();

      const down = await timed(() => health(testApp));
      expect(down.answer.statusCode).toBe(503);
      expect(down.answer.json()).toEqual({ status: 'error', db: 'error' });
      expect(down.ms).toBeLessThan(2_000);

      const list = await timed(() => listOrders(testApp, customer));
      expect(list.answer.statusCode).toBe(503);
      expect(list.answer.json()).toEqual(UNAVAILABLE);
      expect(list.answer.headers['retry-after']).toBe('5');
      expect(list.answer.headers['cache-control']).toBe('no-store');
      expect(list.ms).toBeLessThan(5_000);

      const french = await listOrders(testApp, customer, { 'accept-language': 'fr' });
      expect(french.statusCode).toBe(503);
      expect(french.json()).toEqual({
        code: UNAVAILABLE.code,
        message: 'Le service est momentanément indisponible. Veuillez réessayer dans un instant.',
      });

      const placement = await timed(() => placeOrder(testApp, customer, description));
      expect(placement.answer.statusCode).toBe(503);
      expect(placement.answer.json()).toEqual(UNAVAILABLE);
      expect(placement.ms).toBeLessThan(5_000);

      proxy.restore();
      expect(await waitForHealth(testApp)).toBeLessThan(5_000);
      expect((await listOrders(testApp, customer)).statusCode).toBe(200);
      expect((await placeOrder(testApp, customer, 'after the outage')).statusCode).toBe(201);
      expect(await countOrdersDescribed(direct, description)).toBe(0);
    });
  }

  it('cancels a statement that waits too long on a live link, and one whose link dies inside a transaction, without waiting twice', async () => {
    const { testApp, proxy, direct, customer } = outage;
    // Another session holds the orders table: the placement's insert waits inside its transaction.
    await direct.query('BEGIN');
    await direct.query('LOCK TABLE orders IN ACCESS EXCLUSIVE MODE');
    try {
      const slow = await timed(() => placeOrder(testApp, customer, 'behind a lock'));
      expect(slow.answer.statusCode).toBe(503);
      expect(slow.answer.json()).toEqual(UNAVAILABLE);
      // statement_timeout (2 s) cancelled it; the rollback went straight through.
      expect(slow.ms).toBeLessThan(3_000);

      const stuck = timed(() => placeOrder(testApp, customer, 'link died in a transaction'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      proxy.blackhole();
      const dead = await stuck;
      expect(dead.answer.statusCode).toBe(503);
      // The client gives up on the dead link within the statement time-out, and the ROLLBACK
      // behind the hung statement fails at once instead of waiting as long again.
      expect(dead.ms).toBeLessThan(3_000);
    } finally {
      await direct.query('ROLLBACK');
    }
    proxy.restore();
    await waitForHealth(testApp);
    expect(await countOrdersDescribed(direct, 'behind a lock')).toBe(0);
    expect(await countOrdersDescribed(direct, 'link died in a transaction')).toBe(0);
    expect((await placeOrder(testApp, customer, 'after the lock')).statusCode).toBe(201);
  });

  it('keeps serving after more outages than the pool has connections', async () => {
    const { testApp, proxy, customer } = outage;
    for (let round = 0; round < 3; round += 1) {
      proxy.blackhole();
      const attempts = await Promise.all(
        Array.from({ length: 12 }, () => placeOrder(testApp, customer, `round ${round}`)),
      );
      expect(attempts.map((attempt) => attempt.statusCode)).toEqual(Array(12).fill(503));
      proxy.restore();
      await waitForHealth(testApp);
    }
    const after = await Promise.all(
      Array.from({ length: 12 }, () => placeOrder(testApp, customer, 'after the rounds')),
    );
    expect(after.map((attempt) => attempt.statusCode)).toEqual(Array(12).fill(201));
  });
});

describe.skipIf(!usesPostgres())('the pool after transactions on a dead link', () => {
  it('gets back every connection whose transaction could not even begin', async () => {
    const serverUrl = usesPostgres()!;
    const server = new URL(serverUrl);
    const proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const database = await openDatabase(
      { kind: 'postgres', url: proxy.urlFor(serverUrl) },
      { connectTimeoutMs: 1_000, statementTimeoutMs: 1_000 },
    );
    const pingInTransaction = () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
      });
    try {
      // Ten open connections, idle in the pool: each transaction below takes one and sends BEGIN.
      await Promise.all(Array.from({ length: 10 }, pingInTransaction));
      proxy.blackhole();
      const lost = await Promise.allSettled(Array.from({ length: 10 }, pingInTransaction));
      expect(lost.map((outcome) => outcome.status)).toEqual(Array(10).fill('rejected'));
      proxy.restore();
      // Were those ten kept checked out, the pool (ten connections) would have none left.
      await expect(pingInTransaction()).resolves.toBeUndefined();
    } finally {
      proxy.restore();
      await database.close();
      await proxy.close();
    }
  });
});

describe.skipIf(!usesPostgres())('live events and the outbox after an outage', () => {
  let outage: Outage;
  let baseUrl: string;
  beforeAll(async () => {
    outage = await startBehindRelay({ env: SHORT_TIMEOUTS, eventHeartbeatMs: 200 });
    await outage.testApp.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(outage.testApp.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => outage.close());

  it('delivers an order placed after the database is back to a stream opened before the cut, and sends a mail queued after it', async () => {
    const { testApp, proxy, direct, customer } = outage;
    const stream = await openEventStream(`${baseUrl}/api/events`, bearer(customer.token));
    try {
      expect(stream.status).toBe(200);
      proxy.cut();
      expect((await health(testApp)).statusCode).toBe(503);
      // Long enough for the listening connection to fail several reconnections.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      proxy.restore();
      await waitForHealth(testApp);

      const placed = await placeOrder(testApp, customer, 'live after the outage');
      expect(placed.statusCode).toBe(201);
      const { order } = placed.json() as { order: { id: string } };
      await stream.waitFor(
        (event: ReceivedEvent) =>
          event.event === 'order' && (JSON.parse(event.data) as { id: string }).id === order.id,
        15_000,
      );

      const reset = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/forgetPassword',
        payload: { email: customer.email },
      });
      expect(reset.statusCode).toBe(200);
      await waitUntil(
        'the reset mail queued after the outage is sent',
        async () => {
          const { rows } = await direct.query<{ status: string }>(
            'SELECT status FROM outbox_messages WHERE recipient = $1',
            [customer.email],
          );
          return rows.length > 0 && rows.every((row) => row.status === 'sent') ? true : undefined;
        },
        15_000,
      );
    } finally {
      stream.close();
    }
  });
});

describe.skipIf(!usesPostgres())('at the default time-outs (3 s connect, 5 s statement)', () => {
  let outage: Outage;
  beforeAll(async () => {
    outage = await startBehindRelay({ productionTimeouts: true });
  });
  afterAll(() => outage.close());

  it('answers health within 2 s and a request within 5 s on a dead link, and recovers', async () => {
    const { testApp, proxy, customer } = outage;
    expect(testApp.config.DB_CONNECT_TIMEOUT_MS).toBe(3_000);
    expect(testApp.config.DB_STATEMENT_TIMEOUT_MS).toBe(5_000);
    expect((await listOrders(testApp, customer)).statusCode).toBe(200);

    proxy.blackhole();
    const [down, list] = await Promise.all([
      timed(() => health(testApp)),
      timed(() => listOrders(testApp, customer)),
    ]);
    expect(down.answer.statusCode).toBe(503);
    expect(down.ms).toBeLessThan(2_000);
    expect(list.answer.statusCode).toBe(503);
    expect(list.answer.json()).toEqual(UNAVAILABLE);
    expect(list.ms).toBeLessThan(5_000);

    proxy.cut();
    const refused = await timed(() => listOrders(testApp, customer));
    expect(refused.answer.statusCode).toBe(503);
    expect(refused.ms).toBeLessThan(5_000);

    proxy.restore();
    await waitForHealth(testApp);
    expect((await listOrders(testApp, customer)).statusCode).toBe(200);
  });
});
