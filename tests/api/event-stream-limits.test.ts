/**
 * Live streams are bounded (docs/decisions/0018-lists-streams-cash-positions.md): so many open
 * per account and so many public ones per address, a closed stream freeing its place, and each
 * ended by the server after a maximum life, the client then reconnecting with Last-Event-ID and
 * missing nothing.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, type EventStreamReader } from './event-stream-client';
import { bearer, createOrderAs, loginAs, type LoggedIn } from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { waitUntil } from './polling';

const STREAM_LIFE_MS = 1_500;

let testApp: TestApp;
let baseUrl: string;
let customer: LoggedIn;
let other: LoggedIn;
const opened: EventStreamReader[] = [];

beforeAll(async () => {
  testApp = await buildTestApp({
    env: {
      EVENTS_MAX_STREAMS_PER_USER: '2',
      EVENTS_MAX_STREAMS_PER_IP: '2',
      EVENTS_MAX_STREAM_LIFE_MS: String(STREAM_LIFE_MS),
    },
  });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  [customer, other] = await Promise.all([
    loginAs(testApp, 'company'),
    loginAs(testApp, 'individual'),
  ]);
});
afterAll(async () => {
  for (const stream of opened) stream.close();
  await testApp.close();
});

async function open(url: string, headers: Record<string, string> = {}) {
  const stream = await openEventStream(`${baseUrl}${url}`, headers);
  opened.push(stream);
  return stream;
}

const accountStream = (who: LoggedIn, headers: Record<string, string> = {}) =>
  open('/api/events', { ...bearer(who.token), ...headers });

describe('stream caps', () => {
  it('refuses an account’s stream past EVENTS_MAX_STREAMS_PER_USER until one closes', async () => {
    const first = await accountStream(customer);
    const second = await accountStream(customer);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await accountStream(customer);
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(third.headers.get('content-type')).toContain('application/json');
    // Another account has places of its own.
    expect((await accountStream(other)).status).toBe(200);

    first.close();
    await waitUntil(
      'a place freed',
      async () => (await accountStream(customer)).status === 200 || undefined,
    );
  });

  it('refuses a public stream past EVENTS_MAX_STREAMS_PER_IP until one closes', async () => {
    const order = await createOrderAs(testApp, other);
    const url = `/api/track/${order.trackingNumber}/events`;
    const first = await open(url);
    const second = await open(url);
    expect([first.status, second.status]).toEqual([200, 200]);
    const refused = await open(url);
    expect(refused.status).toBe(429);
    const body = (await fetch(`${baseUrl}${url}`).then((response) => response.json())) as {
      code: string;
    };
    expect(body.code).toBe('events.too_many_streams');

    second.close();
    await waitUntil('a place freed', async () => (await open(url)).status === 200 || undefined);
  });
});

describe('stream life', () => {
  it('ends a stream after EVENTS_MAX_STREAM_LIFE_MS; a reconnect with Last-Event-ID misses nothing', async () => {
    const reader = await loginAs(testApp, 'company');
    const first = await accountStream(reader);
    expect(first.status).toBe(200);
    const startedAt = Date.now();
    await first.ended;
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(STREAM_LIFE_MS - 100);
    const lastEventId = first.lastEventId()!;
    expect(lastEventId).toMatch(/^\d+$/);

    // Placed while no stream was open: the reconnect replays it.
    const order = await createOrderAs(testApp, reader);
    const second = await accountStream(reader, { 'last-event-id': lastEventId });
    expect(second.status).toBe(200);
    const replayed = await second.waitFor(
      (event) => event.event === 'order' && JSON.parse(event.data).id === order.id,
    );
    expect(Number(replayed.id)).toBeGreaterThan(Number(lastEventId));
  });
});
