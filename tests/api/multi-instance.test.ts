/**
 * Real server processes over one PostgreSQL database, as behind a load balancer: a change made
 * on one instance reaches the event streams of another (LISTEN/NOTIFY), a reconnecting stream
 * replays what it missed, and a queued mail outlives `kill -9` and is sent exactly once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { OrderEventSchema, type OrderEvent } from '../../src/shared/schemas/order-event-schemas';
import type { CreateDriverTruckResult } from '../../src/shared/schemas/fleet-schemas';
import type { CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import { openEventStream, type EventStreamReader, type ReceivedEvent } from './event-stream-client';
import { totpCode } from '../support/second-factor';
import { companyPayload, driverTruckPayload, orderPayload } from './factories';
import { findFreePort } from './free-port';
import { waitUntil } from './polling';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher';
import { usesPostgres } from './test-database-mode';

const JWT_SECRET = 'multi-instance-secret-shared-by-every-instance';
const ADMIN_EMAIL = 'admin@atlas.test';
const ADMIN_PASSWORD = 'Admin@2026pass';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A database of this file's own on the PostgreSQL server: a copy of the migrated template. */
async function createTestDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `logistics_multi_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

interface ServerProcess {
  baseUrl: string;
  env: Record<string, string>;
  child: ChildProcess;
  exited: Promise<Exit>;
  /** What the process wrote to stdout and stderr (LOG_LEVEL warn), for failure messages. */
  output(): string;
}

const running = new Set<ServerProcess>();
const dataDirs: string[] = [];

/** `src/server/main.ts` in its own process, answered once /api/health says ok. */
async function startServer(
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = extraEnv.PORT ?? String(await findFreePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'logistics-multi-'));
  dataDirs.push(dataDir);
  const env: Record<string, string> = {
    PORT: port,
    DATABASE_URL: databaseUrl,
    JWT_SECRET,
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Nothing from the developer's shell decides where mail, SMS or attempt counters go.
    NODE_ENV: 'test',
    SMTP_URL: '',
    MAIL_MODE: '',
    SMS_URL: '',
    REDIS_URL: '',
    ROUTING_URL: '',
    ...extraEnv,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let hasExited = false;
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      hasExited = true;
      resolve({ code, signal });
    }),
  );
  const server: ServerProcess = {
    baseUrl: `http://127.0.0.1:${port}`,
    env,
    child,
    exited,
    output: () => output,
  };
  running.add(server);
  void exited.then(() => running.delete(server));

  await waitUntil(
    `the server at ${server.baseUrl} to become healthy`,
    async () => {
      if (hasExited) throw new Error(`The server exited while starting:\n${output}`);
      try {
        const response = await fetch(`${server.baseUrl}/api/health`);
        return response.ok ? true : undefined;
      } catch {
        return undefined; // not listening yet
      }
    },
    30_000,
  );
  return server;
}

/** SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
async function stopServer(server: ServerProcess, graceMs = 10_000): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), graceMs);
  await server.exited;
  clearTimeout(timer);
}

afterAll(async () => {
  await Promise.all([...running].map((server) => stopServer(server)));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** One HTTP request to a server; answers the status and the parsed JSON body. */
async function callApi<T>(
  server: ServerProcess,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  { token, body }: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function login(server: ServerProcess, email: string, password: string): Promise<string> {
  const response = await callApi<{ token: string }>(server, 'POST', '/api/auth/login', {
    body: { email, password },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.token;
}

/**
 * The started admin's second factor turned on through `server` (ADMIN_MFA=required): the session
 * it was signed in with may then use the back office.
 */
async function enrolAdmin(server: ServerProcess, token: string): Promise<void> {
  const setup = await callApi<{ secret: string }>(server, 'POST', '/api/auth/mfa/setup', { token });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const enable = await callApi(server, 'POST', '/api/auth/mfa/enable', {
    token,
    body: { code: totpCode(setup.body.secret) },
  });
  expect(enable.status, JSON.stringify(enable.body)).toBe(200);
}

interface Customer {
  email: string;
  token: string;
}

/** A company customer registered on `registerOn`, logged in on `loginOn`. */
async function registerCustomer(
  registerOn: ServerProcess,
  loginOn: ServerProcess,
): Promise<Customer> {
  const payload = companyPayload();
  const response = await callApi(registerOn, 'POST', '/api/auth/register', { body: payload });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { email: payload.email, token: await login(loginOn, payload.email, payload.password) };
}

async function placeOrder(server: ServerProcess, customer: Customer) {
  const response = await callApi<{ order: CustomerOrderDetail }>(
    server,
    'POST',
    '/api/dashboard/neworder',
    { token: customer.token, body: orderPayload() },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.order;
}

interface OrderEventStream extends EventStreamReader {
  /** The `order` events so far, their data parsed with the shared schema. */
  orderEvents(): Array<ReceivedEvent & { order: OrderEvent }>;
}

/** GET /api/events on `server` with a bearer token, as the web app reads it. */
async function openOrderEventStream(
  server: ServerProcess,
  token: string,
  lastEventId?: string,
): Promise<OrderEventStream> {
  const stream = await openEventStream(`${server.baseUrl}/api/events`, {
    authorization: `Bearer ${token}`,
    ...(lastEventId !== undefined && { 'last-event-id': lastEventId }),
  });
  expect(stream.status).toBe(200);
  expect(stream.headers.get('content-type')).toContain('text/event-stream');
  return {
    ...stream,
    orderEvents: () =>
      stream.events
        .filter((event) => event.event === 'order')
        .map((event) => ({ ...event, order: OrderEventSchema.parse(JSON.parse(event.data)) })),
  };
}

describe.skipIf(!usesPostgres())('two server processes on one PostgreSQL database', () => {
  let database: { url: string; drop(): Promise<void> };
  let instanceA: ServerProcess;
  let instanceB: ServerProcess;
  let customer1: Customer;
  let customer2: Customer;
  let adminToken: string;
  const streams: OrderEventStream[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(usesPostgres()!);
    // Both start at once, as after a deploy: migrations and the admin upsert must not collide.
    [instanceA, instanceB] = await Promise.all([
      startServer(database.url),
      startServer(database.url),
    ]);
    customer1 = await registerCustomer(instanceA, instanceB);
    customer2 = await registerCustomer(instanceB, instanceA);
    adminToken = await login(instanceB, ADMIN_EMAIL, ADMIN_PASSWORD);
    await enrolAdmin(instanceA, adminToken);
  });

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await Promise.all([instanceA, instanceB].filter(Boolean).map((server) => stopServer(server)));
    await database?.drop();
  });

  it('pushes a change made on B to the right streams on A, and replays it on reconnect', async () => {
    const stream1 = await openOrderEventStream(instanceA, customer1.token);
    const stream2 = await openOrderEventStream(instanceA, customer2.token);
    streams.push(stream1, stream2);

    // Placed through B: A hears of it only through the database.
    const order = await placeOrder(instanceB, customer1);
    const placed = await waitUntil(
      'the placed event on customer 1’s stream',
      () => stream1.orderEvents().find((event) => event.order.id === order.id),
      5_000,
    );
    expect(placed.order).toMatchObject({ status: 'PENDING', kind: 'placed' });
    expect(placed.id).toMatch(/^\d+$/);

    const added = await callApi<CreateDriverTruckResult>(
      instanceB,
      'POST',
      '/api/admin/trucks/add',
      {
        token: adminToken,
        body: driverTruckPayload(),
      },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);

    const confirmation = await callApi(
      instanceB,
      'PUT',
      `/api/admin/orders/${order.id}/update-status`,
      {
        token: adminToken,
        body: {
          status: 'IN_TRANSIT',
          truckNumber: added.body.truck.truckNumber,
          driverId: added.body.truck.driverId,
        },
      },
    );
    const answeredAt = Date.now();
    expect(confirmation.status, JSON.stringify(confirmation.body)).toBe(200);

    const dispatched = await waitUntil(
      'the IN_TRANSIT event on customer 1’s stream on the other instance',
      () =>
        stream1
          .orderEvents()
          .find((event) => event.order.id === order.id && event.order.status === 'IN_TRANSIT'),
      2_000,
    );
    expect(dispatched.receivedAt - answeredAt).toBeLessThanOrEqual(2_000);
    expect(dispatched.order).toEqual({
      id: order.id,
      trackingNumber: order.trackingNumber,
      status: 'IN_TRANSIT',
      kind: 'dispatched',
      at: expect.any(String),
    });
    expect(Number(dispatched.id)).toBeGreaterThan(Number(placed.id));

    // Both events went to customer 1 once each; customer 2, on the same instance, heard nothing.
    await sleep(500);
    expect(stream1.orderEvents().map((event) => [event.id, event.order.kind])).toEqual([
      [placed.id, 'placed'],
      [dispatched.id, 'dispatched'],
    ]);
    expect(stream2.events).toEqual([]);

    // A reconnect (through B, wherever the balancer sends it) says what it saw last.
    stream1.close();
    const resumed = await openOrderEventStream(instanceB, customer1.token, placed.id);
    streams.push(resumed);
    const replayed = await waitUntil(
      'the missed event replayed after Last-Event-ID',
      () => resumed.orderEvents().find((event) => event.id === dispatched.id),
      5_000,
    );
    expect(replayed.order).toEqual(dispatched.order);
    expect(resumed.orderEvents().map((event) => event.id)).toEqual([dispatched.id]);
  });

  it('ends its open streams on SIGTERM and exits with code 0', async () => {
    const open = await openOrderEventStream(instanceA, customer2.token);
    streams.push(open);
    const startedAt = Date.now();
    instanceA.child.kill('SIGTERM');
    const exit = await Promise.race([
      instanceA.exited,
      sleep(5_000).then(() => {
        throw new Error(`No exit within 5 s of SIGTERM:\n${instanceA.output()}`);
      }),
    ]);
    expect(exit, instanceA.output()).toEqual({ code: 0, signal: null });
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    await open.ended;
  });
});

interface OutboxRowState {
  id: string;
  status: string;
  attempts: number;
  lastError: string | null;
  /** The row waits for a retry (not held by a worker's 2-minute lease). */
  waitsForRetry: boolean;
}

describe.skipIf(!usesPostgres())('the outbox across a crash', () => {
  let database: { url: string; drop(): Promise<void> };
  let client: pg.Client;
  let mailCatcher: SmtpCatcher | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(usesPostgres()!);
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });

  afterAll(async () => {
    await Promise.all([...running].map((server) => stopServer(server)));
    await mailCatcher?.stop();
    await client?.end();
    await database?.drop();
  });

  async function readOrderMail(recipient: string): Promise<OutboxRowState | undefined> {
    const { rows } = await client.query<OutboxRowState>(
      `SELECT id, status, attempts, last_error AS "lastError",
              next_attempt_at < now() + interval '10 seconds' AS "waitsForRetry"
         FROM outbox_messages
        WHERE channel = 'email' AND template = 'order-placed' AND recipient = $1`,
      [recipient],
    );
    expect(rows.length).toBeLessThanOrEqual(1);
    return rows[0];
  }

  // Two server starts: about 6 s on a quiet machine, the timeout leaves room for a busy one.
  it('sends a mail queued before kill -9 exactly once after the restart', async () => {
    // Nothing listens on the SMTP port yet: every attempt fails until the catcher starts.
    const smtpPort = await findFreePort();
    const first = await startServer(database.url, {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Atlas Freight <no-reply@atlas.test>',
      OUTBOX_RETRY_BASE_MS: '500',
    });
    const customer = await registerCustomer(first, first);
    await placeOrder(first, customer);

    const failed = await waitUntil(
      'a failed first attempt at the order-placed mail',
      async () => {
        const row = await readOrderMail(customer.email);
        return row && row.attempts >= 1 && row.lastError && row.waitsForRetry ? row : undefined;
      },
      10_000,
    );
    expect(failed.status).toBe('queued');

    first.child.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

    mailCatcher = await startSmtpCatcher({ port: smtpPort });
    const second = await startServer(database.url, first.env);

    const mail = await waitUntil(
      'the order-placed mail at the SMTP catcher',
      () => mailCatcher!.received.find((caught) => caught.to === customer.email),
      15_000,
    );
    expect(mail.messageId).toContain(failed.id);
    const sent = await waitUntil(
      'the outbox row marked sent',
      async () => {
        const row = await readOrderMail(customer.email);
        return row?.status === 'sent' ? row : undefined;
      },
      5_000,
    );
    expect(sent).toMatchObject({ id: failed.id, lastError: null });

    // Exactly once: nothing else arrives for this customer, under this id or any other.
    await sleep(1_500);
    expect(mailCatcher.received.filter((caught) => caught.to === customer.email)).toHaveLength(1);
    expect(
      mailCatcher.received.filter((caught) => caught.messageId.includes(failed.id)),
    ).toHaveLength(1);
    await stopServer(second);
  }, 45_000);
});
