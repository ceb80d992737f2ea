import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderEvent, PublicOrderEvent } from '../../src/shared/schemas/order-event-schemas';
import { openEventStream, type ReceivedEvent } from './event-stream-client';
import {
  bearer,
  createOrderAs,
  createTruckWithDriver,
  dispatchOrder,
  loginAs,
  updateOrderStatus,
  type LoggedIn,
} from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { usesPostgres } from './test-database-mode';

let testApp: TestApp;
let baseUrl: string;
let admin: LoggedIn;
let customer: LoggedIn;
let otherCustomer: LoggedIn;

beforeAll(async () => {
  testApp = await buildTestApp({
    eventHeartbeatMs: 200,
    // One account opens 50 streams at once below; the cap is event-stream-limits.test.ts's.
    env: { EVENTS_MAX_STREAMS_PER_USER: '50' },
  });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  [admin, customer, otherCustomer] = await Promise.all([
    loginAs(testApp, 'admin'),
    loginAs(testApp, 'company'),
    loginAs(testApp, 'individual'),
  ]);
});
afterAll(() => testApp.close());

const streamOf = (who: LoggedIn, headers: Record<string, string> = {}) =>
  openEventStream(`${baseUrl}/api/events`, { ...bearer(who.token), ...headers });
const dataOf = (event: ReceivedEvent) => JSON.parse(event.data) as OrderEvent;
const about = (orderId: string, status?: string) => (event: ReceivedEvent) =>
  event.event === 'order' &&
  dataOf(event).id === orderId &&
  (status === undefined || dataOf(event).status === status);

describe('GET /api/events', () => {
  it('answers 401 without a valid token, before any stream opens', async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer not-a-token' }];
    for (const headers of attempts) {
      const response = await fetch(`${baseUrl}/api/events`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toHaveProperty('message');
    }
  });

  it('streams a customer’s own order events and an admin’s every event, nothing of others', async () => {
    const mine = await streamOf(customer);
    const theirs = await streamOf(otherCustomer);
    const everyone = await streamOf(admin);
    try {
      expect(mine.status).toBe(200);
      const order = await createOrderAs(testApp, customer);
      const placed = await mine.waitFor(about(order.id, 'PENDING'));
      expect(placed.id).toMatch(/^\d+$/);
      expect(dataOf(placed)).toEqual({
        id: order.id,
        trackingNumber: order.trackingNumber,
        status: 'PENDING',
        kind: 'placed',
        at: expect.any(String),
      });

      await dispatchOrder(testApp, admin, order.id, await createTruckWithDriver(testApp));
      const dispatched = await mine.waitFor(about(order.id, 'IN_TRANSIT'));
      expect(dataOf(dispatched).kind).toBe('dispatched');
      expect(Number(dispatched.id)).toBeGreaterThan(Number(placed.id));
      await everyone.waitFor(about(order.id, 'IN_TRANSIT'));

      const otherOrder = await createOrderAs(testApp, otherCustomer);
      await theirs.waitFor(about(otherOrder.id));
      await everyone.waitFor(about(otherOrder.id));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mine.events.some(about(otherOrder.id))).toBe(false);
      expect(theirs.events.some(about(order.id))).toBe(false);
    } finally {
      mine.close();
      theirs.close();
      everyone.close();
    }
  });

  it('announces nothing for a refused change', async () => {
    const stream = await streamOf(customer);
    try {
      const order = await createOrderAs(testApp, customer);
      await stream.waitFor(about(order.id));
      const refused = await updateOrderStatus(testApp, admin, order.id, { status: 'DELIVERED' });
      expect(refused.statusCode).toBe(409);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(stream.events.filter(about(order.id))).toHaveLength(1);
    } finally {
      stream.close();
    }
  });

  it('sends a heartbeat comment to keep the stream open', async () => {
    const stream = await streamOf(customer);
    try {
      await expect.poll(() => stream.comments, { timeout: 2_000 }).toContain('heartbeat');
    } finally {
      stream.close();
    }
  });

  it('replays what was missed after Last-Event-ID, only the caller’s own', async () => {
    const first = await streamOf(customer);
    const order = await createOrderAs(testApp, customer);
    const placed = await first.waitFor(about(order.id));
    first.close();

    await dispatchOrder(testApp, admin, order.id, await createTruckWithDriver(testApp));
    await createOrderAs(testApp, otherCustomer);
    const delivered = await updateOrderStatus(testApp, admin, order.id, { status: 'DELIVERED' });
    expect(delivered.statusCode).toBe(200);

    const again = await streamOf(customer, { 'last-event-id': placed.id! });
    try {
      await again.waitFor(about(order.id, 'DELIVERED'));
      expect(again.events.map((event) => dataOf(event).status)).toEqual([
        'IN_TRANSIT',
        'DELIVERED',
      ]);
      expect(again.events.every((event) => dataOf(event).id === order.id)).toBe(true);
    } finally {
      again.close();
    }
  });

  it('ends a stream at the next heartbeat once its session is logged out', async () => {
    const person = await loginAs(testApp, 'company');
    const stream = await streamOf(person);
    const logout = await fetch(`${baseUrl}/api/auth/logout`, {
      method: 'POST',
      headers: bearer(person.token),
    });
    expect(logout.status).toBe(200);
    await stream.ended;
    expect(testApp.app.orderEventHub.clientCount()).toBe(0);
    const again = await fetch(`${baseUrl}/api/events`, { headers: bearer(person.token) });
    expect(again.status).toBe(401);
  });

  it('starts a stream at the current event, so a reconnect after a quiet drop misses nothing', async () => {
    const first = await streamOf(customer);
    await expect.poll(() => first.lastEventId()).toMatch(/^\d+$/);
    const startedAt = first.lastEventId()!;
    first.close();
    expect(first.events).toEqual([]);

    const order = await createOrderAs(testApp, customer);
    const again = await streamOf(customer, { 'last-event-id': startedAt });
    try {
      const placed = await again.waitFor(about(order.id, 'PENDING'));
      expect(Number(placed.id)).toBeGreaterThan(Number(startedAt));
    } finally {
      again.close();
    }
  });

  it('leaves no listener behind when 200 streams open and close', async () => {
    const connections = () =>
      new Promise<number>((resolve) =>
        testApp.app.server.getConnections((_error, count) => resolve(count)),
      );
    const connectionsBefore = await connections();
    const heapBefore = process.memoryUsage().heapUsed;
    for (let round = 0; round < 4; round += 1) {
      const streams = await Promise.all(Array.from({ length: 50 }, () => streamOf(customer)));
      expect(streams.every((stream) => stream.status === 200)).toBe(true);
      expect(testApp.app.orderEventHub.clientCount()).toBeGreaterThanOrEqual(50);
      for (const stream of streams) stream.close();
      await expect.poll(() => testApp.app.orderEventHub.clientCount()).toBe(0);
    }
    // The client keeps idle connections for reuse; 200 streams must not have left 200 open.
    expect(await connections()).toBeLessThanOrEqual(connectionsBefore + 50);
    // A leak of 200 streams' buffers and closures would show; ordinary garbage stays well under.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(30 * 1024 * 1024);
  });
});

describe('GET /api/track/:trackingNumber/events', () => {
  it('streams one shipment’s status and time, nothing personal, nothing of other orders', async () => {
    const order = await createOrderAs(testApp, customer);
    const other = await createOrderAs(testApp, customer);
    const stream = await openEventStream(
      `${baseUrl}/api/track/${order.trackingNumber.toLowerCase()}/events`,
    );
    try {
      expect(stream.status).toBe(200);
      await dispatchOrder(testApp, admin, other.id, await createTruckWithDriver(testApp));
      await dispatchOrder(testApp, admin, order.id, await createTruckWithDriver(testApp));
      const event = await stream.waitFor((e) => e.event === 'order');
      expect(JSON.parse(event.data) as PublicOrderEvent).toEqual({
        trackingNumber: order.trackingNumber,
        status: 'IN_TRANSIT',
        kind: 'dispatched',
        at: expect.any(String),
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(stream.events).toHaveLength(1);
    } finally {
      stream.close();
    }
  });

  it('answers 404 for an unknown tracking number', async () => {
    const response = await fetch(`${baseUrl}/api/track/MA-NONE-0000/events`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      code: 'order.tracking_not_found',
      message: 'No shipment found for this tracking number',
    });
  });
});

describe.skipIf(!usesPostgres())('when the listening connection drops', () => {
  it('listens again and delivers the events written while it was gone', async () => {
    const stream = await streamOf(customer);
    const database = new pg.Client({ connectionString: testApp.databaseUrl });
    await database.connect();
    try {
      const { rowCount } = await database.query(`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`);
      expect(rowCount).toBe(1);
      // Written before the instance listens again: its NOTIFY reaches no one.
      const order = await createOrderAs(testApp, customer);
      const placed = await stream.waitFor(about(order.id), 10_000);
      expect(dataOf(placed).kind).toBe('placed');
    } finally {
      await database.end();
      stream.close();
    }
  });
});
