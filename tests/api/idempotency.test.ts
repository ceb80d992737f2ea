import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotentRequests, orders, trackingEvents } from '../../src/server/db/schema';
import { registerErrorHandling } from '../../src/server/http/errors';
import {
  IDEMPOTENCY_KEY_LIFETIME_MS,
  registerIdempotency,
} from '../../src/server/http/idempotency';
import { addDriver, signInDriver, startSmsCatcher, type SmsCatcher } from './driver-helpers';
import { bearer, createOrderAs, loginAs, updateOrderStatus, type LoggedIn } from './factories';
import { waitUntil } from './polling';
import { buildTestApp, createTestClock, type TestApp, type TestClock } from './helpers';

/*
 * The Idempotency-Key hook (docs/decisions/0009-drivers.md, "Offline tolerance") on routes of this
 * file's own, over the API's real database: a counter shows how often a step really ran.
 */
let testApp: TestApp;
let sms: SmsCatcher;
let clock: TestClock;
let hookApp: FastifyInstance;
let first: LoggedIn;
let second: LoggedIn;
let applied = 0;
let failuresLeft = 0;
let releaseSlowStep: () => void = () => {};

beforeAll(async () => {
  sms = await startSmsCatcher();
  testApp = await buildTestApp({ env: { SMS_URL: sms.url } });
  [first, second] = await Promise.all([loginAs(testApp, 'company'), loginAs(testApp, 'company')]);
  clock = createTestClock();
  hookApp = Fastify({ logger: false });
  registerErrorHandling(hookApp);
  registerIdempotency(hookApp, { db: testApp.database.db, clock: () => clock.now() });
  // Stands for a real auth guard: the caller is named by a header.
  const signedIn = async (request: { headers: Record<string, unknown>; auth?: unknown }) => {
    request.auth = {
      userId: String(request.headers['x-user']),
      sessionId: 'test',
      email: null,
      role: 'DRIVER',
      userType: null,
      driverId: null,
      organizationId: null,
      orgRole: null,
    };
  };
  const preHandler = [signedIn, hookApp.idempotent];
  hookApp.post('/steps/:id/apply', { preHandler }, async (request, reply) => {
    applied += 1;
    const { id } = request.params as { id: string };
    return reply.code(201).send({ message: 'Applied', id, count: applied });
  });
  hookApp.post('/steps/:id/refuse', { preHandler }, async () => {
    applied += 1;
    throw Object.assign(new Error('This order is already picked up'), { statusCode: 409 });
  });
  hookApp.post('/steps/:id/flaky', { preHandler }, async () => {
    applied += 1;
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error('database down');
    }
    return { message: 'Applied at last' };
  });
  hookApp.post('/steps/:id/slow', { preHandler }, async () => {
    await new Promise<void>((resolve) => {
      releaseSlowStep = resolve;
    });
    applied += 1;
    return { message: 'Slow step done' };
  });
  hookApp.post('/position', { preHandler }, async (_request, reply) => {
    applied += 1;
    return reply.code(204).send();
  });
  hookApp.post('/plain', async () => ({ message: 'not idempotent' }));
  await hookApp.ready();
});
afterAll(async () => {
  await hookApp?.close();
  await testApp?.close();
  await sms?.stop();
});

const post = (url: string, user: LoggedIn, key?: string) =>
  hookApp.inject({
    method: 'POST',
    url,
    headers: { 'x-user': user.user.id, ...(key !== undefined && { 'idempotency-key': key }) },
  });

async function storedRow(user: LoggedIn, key: string) {
  const [row] = await testApp.database.db
    .select()
    .from(idempotentRequests)
    .where(and(eq(idempotentRequests.userId, user.user.id), eq(idempotentRequests.key, key)));
  return row;
}

describe('Idempotency-Key', () => {
  it('answers a replay with the first answer and applies the step once', async () => {
    const key = randomUUID();
    const before = applied;
    const firstAnswer = await post('/steps/a1/apply', first, key);
    expect(firstAnswer.statusCode).toBe(201);
    expect(firstAnswer.headers['idempotent-replayed']).toBeUndefined();

    const replay = await post('/steps/a1/apply', first, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(firstAnswer.json());
    expect(applied).toBe(before + 1);

    const row = await storedRow(first, key);
    expect(row).toMatchObject({ statusCode: 201, route: 'POST /steps/:id/apply id=a1' });
    expect(row!.response).toEqual(firstAnswer.json());
  });

  it('runs every request without the header, and each new key once', async () => {
    const before = applied;
    await post('/steps/a2/apply', first);
    await post('/steps/a2/apply', first);
    await post('/steps/a2/apply', first, randomUUID());
    await post('/steps/a2/apply', first, randomUUID());
    expect(applied).toBe(before + 4);
  });

  it('keeps keys apart per user: another driver’s same key is their own request', async () => {
    const key = randomUUID();
    const before = applied;
    const mine = await post('/steps/a3/apply', first, key);
    const theirs = await post('/steps/a3/apply', second, key);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().count).toBe(mine.json().count + 1);
    expect(applied).toBe(before + 2);
  });

  it('replays a refusal (4xx) as it was, without running the step again', async () => {
    const key = randomUUID();
    const before = applied;
    const refused = await post('/steps/r1/refuse', first, key);
    expect(refused.statusCode).toBe(409);
    const replay = await post('/steps/r1/refuse', first, key);
    expect(replay.statusCode).toBe(409);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual({ code: 'conflict', message: 'This order is already picked up' });
    expect(applied).toBe(before + 1);
  });

  it('replays an empty 204 answer as an empty 204', async () => {
    const key = randomUUID();
    const before = applied;
    expect((await post('/position', first, key)).statusCode).toBe(204);
    const replay = await post('/position', first, key);
    expect(replay.statusCode).toBe(204);
    expect(replay.body).toBe('');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(applied).toBe(before + 1);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const key = randomUUID();
    const running = post('/steps/s1/slow', first, key);
    const row = await waitUntil('the key is reserved', () => storedRow(first, key));
    expect(row.statusCode).toBeNull();

    const meanwhile = await post('/steps/s1/slow', first, key);
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json()).toEqual({
      code: 'idempotency.in_progress',
      message: 'This request is still being processed',
    });

    releaseSlowStep();
    const done = await running;
    expect(done.statusCode).toBe(200);
    const replay = await post('/steps/s1/slow', first, key);
    expect(replay.json()).toEqual(done.json());
  });

  it('refuses the same key on another route or another order (422), changing nothing', async () => {
    const key = randomUUID();
    await post('/steps/o1/apply', first, key);
    const before = applied;
    for (const url of ['/steps/o2/apply', '/steps/o1/refuse', '/position']) {
      const reused = await post(url, first, key);
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toEqual({
        code: 'idempotency.key_reused',
        message: 'This Idempotency-Key was already used for another request',
      });
    }
    expect(applied).toBe(before);
  });

  it('keeps no 5xx answer: the key is free and a retry runs the step', async () => {
    const key = randomUUID();
    failuresLeft = 1;
    const failed = await post('/steps/f1/flaky', first, key);
    expect(failed.statusCode).toBe(500);
    expect(await storedRow(first, key)).toBeUndefined();

    const retried = await post('/steps/f1/flaky', first, key);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ message: 'Applied at last' });
    const replay = await post('/steps/f1/flaky', first, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses a malformed key with 400 and runs nothing', async () => {
    const before = applied;
    for (const key of ['', '   ', 'x'.repeat(101), 'clé-accentuée', 'tab\there']) {
      const answer = await post('/steps/m1/apply', first, key);
      expect(answer.statusCode, JSON.stringify(key)).toBe(400);
      expect(answer.json().errors).toEqual({
        'Idempotency-Key': 'The Idempotency-Key header must be 1 to 100 printable characters',
      });
    }
    expect((await post('/steps/m1/apply', first, 'x'.repeat(100))).statusCode).toBe(201);
    expect(applied).toBe(before + 1);
  });

  it('forgets answers after 24 hours: the key runs again and old rows are purged', async () => {
    const key = randomUUID();
    const stale = randomUUID();
    await post('/steps/e1/apply', first, key);
    await post('/steps/e2/apply', first, stale);
    clock.advance(IDEMPOTENCY_KEY_LIFETIME_MS + 60_000);
    const before = applied;

    const again = await post('/steps/e1/apply', first, key);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(applied).toBe(before + 1);
    // The purge ran on that request: the other expired row is gone, the fresh one stays.
    expect(await storedRow(first, stale)).toBeUndefined();
    expect(await storedRow(first, key)).toMatchObject({ statusCode: 201 });
  });

  it('leaves routes without the hook untouched by the header', async () => {
    const key = randomUUID();
    const answer = await hookApp.inject({
      method: 'POST',
      url: '/plain',
      headers: { 'idempotency-key': key },
    });
    expect(answer.statusCode).toBe(200);
    expect(await storedRow(first, key)).toBeUndefined();
  });
});

describe('Idempotency-Key on the driver’s steps', () => {
  async function driverWithOrderOnTheRoad() {
    const [admin, customer] = await Promise.all([
      loginAs(testApp, 'admin'),
      loginAs(testApp, 'company'),
    ]);
    const order = await createOrderAs(testApp, customer);
    const driver = await addDriver(testApp, admin.token);
    const dispatched = await updateOrderStatus(testApp, admin, order.id, {
      status: 'IN_TRANSIT',
      truckNumber: driver.truckNumber,
      driverId: driver.driverId,
    });
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    const { token } = await signInDriver(testApp, driver.phone, sms);
    // The receiver's code, as the customer's order page shows it.
    const detail = await testApp.app.inject({
      method: 'GET',
      url: `/api/dashboard/orders/${order.id}`,
      headers: bearer(customer.token),
    });
    const { deliveryCode } = (detail.json() as { order: { deliveryCode: string } }).order;
    expect(deliveryCode).toMatch(/^\d{6}$/);
    return { order, token, deliveryCode };
  }

  const step = (token: string, orderId: string, name: string, key: string, payload?: object) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/driver/orders/${orderId}/${name}`,
      headers: { ...bearer(token), 'idempotency-key': key },
      ...(payload && { payload }),
    });

  const eventsOf = (orderId: string, kind: 'picked-up' | 'delivered') =>
    testApp.database.db
      .select()
      .from(trackingEvents)
      .where(and(eq(trackingEvents.orderId, orderId), eq(trackingEvents.kind, kind)));

  it('picks up once for two requests with one key, and answers both alike', async () => {
    const { order, token } = await driverWithOrderOnTheRoad();
    const key = randomUUID();
    const first = await step(token, order.id, 'pickup', key);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await step(token, order.id, 'pickup', key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await eventsOf(order.id, 'picked-up')).toHaveLength(1);

    // A new key is a new request: the lifecycle refuses a second pickup.
    const again = await step(token, order.id, 'pickup', randomUUID());
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await eventsOf(order.id, 'picked-up')).toHaveLength(1);

    // The pickup's key sent to deliver is refused before anything is checked.
    const reused = await step(token, order.id, 'deliver', key, { code: '000000' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({
      code: 'idempotency.key_reused',
      message: 'This Idempotency-Key was already used for another request',
    });
  });

  it('counts a wrong delivery code once however often its request is replayed', async () => {
    const { order, token, deliveryCode } = await driverWithOrderOnTheRoad();
    expect((await step(token, order.id, 'pickup', randomUUID())).statusCode).toBe(200);
    const key = randomUUID();
    const wrongCode = String((Number(deliveryCode) + 1) % 1_000_000).padStart(6, '0');
    const wrong = { code: wrongCode, cashCollected: 1 };
    const first = await step(token, order.id, 'deliver', key, wrong);
    expect(first.statusCode, first.body).toBe(400);
    for (let replay = 0; replay < 3; replay += 1) {
      const answer = await step(token, order.id, 'deliver', key, wrong);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual(first.json());
      expect(answer.headers['idempotent-replayed']).toBe('true');
    }
    const [row] = await testApp.database.db
      .select({ failures: orders.deliveryCodeFailures, status: orders.status })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row).toEqual({ failures: 1, status: 'IN_TRANSIT' });
    expect(await eventsOf(order.id, 'delivered')).toHaveLength(0);
  });
});
