import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverPositions } from '../../src/server/db/schema';
import { findCity } from '../../src/shared/cities';
import { straightLineDistanceKm } from '../../src/shared/pricing';
import type {
  AdminMapTruck,
  OrderMapFields,
  PositionEvent,
} from '../../src/shared/schemas/map-schemas';
import {
  addDriver,
  createDriverHelpers,
  signInDriver,
  startSmsCatcher,
  type AddedDriver,
  type SmsCatcher,
} from './driver-helpers';
import { openEventStream, type ReceivedEvent } from './event-stream-client';
import { bearer, createOrderAs, loginAs, updateOrderStatus, type LoggedIn } from './factories';
import { buildTestApp, createTestClock, type TestApp, type TestClock } from './helpers';

const DAY_MS = 24 * 60 * 60 * 1000;
const casablanca = findCity('Casablanca')!;
const rabat = findCity('Rabat')!;
/** On the coast road between Casablanca and Rabat. */
const onTheWay = { lat: 33.8, lng: -7.2 };

let sms: SmsCatcher;
let clock: TestClock;
let testApp: TestApp;
let baseUrl: string;
let admin: LoggedIn;
let customer: LoggedIn;
let otherCustomer: LoggedIn;

beforeAll(async () => {
  sms = await startSmsCatcher();
  clock = createTestClock();
  testApp = await buildTestApp({ env: { SMS_URL: sms.url }, clock, eventHeartbeatMs: 200 });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  [admin, customer, otherCustomer] = await Promise.all([
    loginAs(testApp, 'admin'),
    loginAs(testApp, 'company'),
    loginAs(testApp, 'individual'),
  ]);
});
afterAll(async () => {
  await testApp?.close();
  await sms?.stop();
});

const driverHelpers = createDriverHelpers(() => ({ testApp, admin, customer, sms }));
const newDriver = () => driverHelpers.newDriver({ phone: uniquePhone() });

let phoneCounter = 0;
/** Moroccan mobile numbers no other test file uses. */
function uniquePhone() {
  phoneCounter += 1;
  return `+2126${String(Date.now() % 1_000_000).padStart(6, '0')}${String(phoneCounter).padStart(2, '0')}`;
}

const postPosition = (token: string, payload: object, headers: Record<string, string> = {}) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/driver/position',
    headers: { ...bearer(token), ...headers },
    payload,
  });

async function dispatchTo(orderId: string, driver: AddedDriver) {
  const response = await updateOrderStatus(testApp, admin, orderId, {
    status: 'IN_TRANSIT',
    truckNumber: driver.truckNumber,
    driverId: driver.driverId,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function deliverFromTheOffice(orderId: string) {
  const response = await updateOrderStatus(testApp, admin, orderId, {
    status: 'DELIVERED',
    reason: 'Receiver confirmed by phone',
  });
  expect(response.statusCode, response.body).toBe(200);
}

type Tracked = OrderMapFields & { status: string; exitDate: string | null };

async function track(trackingNumber: string): Promise<Tracked> {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/track/${trackingNumber}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Tracked;
}

async function customerDetail(orderId: string, who = customer): Promise<Tracked> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/dashboard/orders/${orderId}`,
    headers: bearer(who.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { order: Tracked }).order;
}

async function adminDetail(orderId: string): Promise<Tracked> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/admin/orders/${orderId}`,
    headers: bearer(admin.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { order: Tracked }).order;
}

async function adminMap(): Promise<AdminMapTruck[]> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/admin/map',
    headers: bearer(admin.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminMapTruck[];
}

const storedPositionsOf = (driverId: string) =>
  testApp.database.db.select().from(driverPositions).where(eq(driverPositions.driverId, driverId));

describe('POST /api/driver/position', () => {
  it('refuses a position outside Morocco with a message on each wrong field', async () => {
    const driver = await newDriver();
    const paris = await postPosition(driver.token, { lat: 48.85, lng: 2.35, accuracy: 10 });
    expect(paris.statusCode).toBe(400);
    expect(paris.json().errors).toEqual({
      lat: 'The position must be inside Morocco',
      lng: 'The position must be inside Morocco',
    });
    const atSea = await postPosition(driver.token, { lat: 33.5, lng: -20 });
    expect(atSea.statusCode).toBe(400);
    expect(Object.keys(atSea.json().errors)).toEqual(['lng']);
    const nothing = await postPosition(driver.token, {});
    expect(nothing.statusCode).toBe(400);
    expect(Object.keys(nothing.json().errors).sort()).toEqual(['lat', 'lng']);
    expect(await storedPositionsOf(driver.driverId)).toHaveLength(0);
  });

  it('is for drivers only', async () => {
    for (const who of [customer, admin]) {
      const response = await postPosition(who.token, onTheWay);
      expect(response.statusCode).toBe(403);
    }
    const anonymous = await testApp.app.inject({
      method: 'POST',
      url: '/api/driver/position',
      payload: onTheWay,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps nothing while the driver has no order on the road', async () => {
    const driver = await newDriver();
    const response = await postPosition(driver.token, onTheWay);
    expect(response.statusCode).toBe(204);
    expect(await storedPositionsOf(driver.driverId)).toHaveLength(0);
  });

  it('applies a replayed position once', async () => {
    const driver = await newDriver();
    const order = await createOrderAs(testApp, customer);
    await dispatchTo(order.id, driver);
    const key = randomUUID();
    const first = await postPosition(driver.token, onTheWay, { 'idempotency-key': key });
    const replay = await postPosition(driver.token, onTheWay, { 'idempotency-key': key });
    expect(first.statusCode).toBe(204);
    expect(replay.statusCode).toBe(204);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await storedPositionsOf(driver.driverId)).toHaveLength(1);
  });
});

describe('the position on the order pages, the tracking result and the admin map', () => {
  it('is shown only while the order is in transit, with an arrival estimated from it', async () => {
    const driver = await newDriver();
    const order = await createOrderAs(testApp, customer);
    const route = {
      pickup: { lat: casablanca.lat, lng: casablanca.lng },
      delivery: { lat: rabat.lat, lng: rabat.lng },
    };

    // Before the dispatch: the route, no truck, nothing to expect.
    expect(await track(order.trackingNumber)).toMatchObject({ position: null, eta: null, route });

    // Dispatched, no position yet: the dispatch plus the route's duration.
    await dispatchTo(order.id, driver);
    const dispatched = await track(order.trackingNumber);
    expect(dispatched.position).toBeNull();
    expect(Date.parse(dispatched.eta!)).toBe(
      Date.parse(dispatched.exitDate!) + order.durationMinutes * 60_000,
    );

    clock.advance(20 * 60_000);
    expect((await postPosition(driver.token, { ...onTheWay, accuracy: 12 })).statusCode).toBe(204);
    const seenAt = clock.now().toISOString();
    const onTheRoad = await customerDetail(order.id);
    expect(onTheRoad.position).toEqual({ ...onTheWay, at: seenAt });
    // Not picked up yet: through Casablanca, then on to Rabat, at the order's average speed.
    const remainingKm =
      straightLineDistanceKm(onTheWay, route.pickup) +
      straightLineDistanceKm(route.pickup, route.delivery);
    const minutes = remainingKm / (order.distance / order.durationMinutes);
    expect(Date.parse(onTheRoad.eta!) - Date.parse(seenAt)).toBeCloseTo(minutes * 60_000, -3);
    expect(onTheRoad.eta).not.toBe(dispatched.eta);

    // The admin's page shows the same; public tracking no truck before the pickup
    // (public-positions.test.ts).
    const expected = { position: onTheRoad.position, eta: onTheRoad.eta, route };
    expect(await adminDetail(order.id)).toMatchObject(expected);
    expect(await track(order.trackingNumber)).toMatchObject({ position: null, route });
    expect((await adminMap()).find((truck) => truck.orderId === order.id)).toEqual({
      truckNumber: driver.truckNumber,
      driverName: 'Hassan Ouali',
      orderId: order.id,
      trackingNumber: order.trackingNumber,
      pickupLoc: 'Casablanca',
      deliveryLoc: 'Rabat',
      ...expected,
    });

    // Delivered: off the road, off the map.
    await deliverFromTheOffice(order.id);
    expect(await track(order.trackingNumber)).toMatchObject({ position: null, eta: null, route });
    expect(await customerDetail(order.id)).toMatchObject({ position: null, eta: null });
    expect((await adminMap()).some((truck) => truck.orderId === order.id)).toBe(false);
  });

  it('never shows a position the driver sent before this order was dispatched', async () => {
    const driver = await newDriver();
    const earlier = await createOrderAs(testApp, customer);
    await dispatchTo(earlier.id, driver);
    expect((await postPosition(driver.token, onTheWay)).statusCode).toBe(204);
    await deliverFromTheOffice(earlier.id);

    clock.advance(60_000);
    const next = await createOrderAs(testApp, otherCustomer);
    await dispatchTo(next.id, driver);
    expect((await track(next.trackingNumber)).position).toBeNull();
    const onMap = (await adminMap()).find((truck) => truck.orderId === next.id);
    expect(onMap).toMatchObject({ truckNumber: driver.truckNumber, position: null });
    expect(onMap!.eta).not.toBeNull();
  });

  it('answers the map only to admins', async () => {
    const driver = await newDriver();
    for (const token of [customer.token, driver.token]) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/admin/map',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('live positions', () => {
  const streamOf = (token: string) => openEventStream(`${baseUrl}/api/events`, bearer(token));
  const positionFor = (orderId: string) => (event: ReceivedEvent) =>
    event.event === 'position' && (JSON.parse(event.data) as PositionEvent).orderId === orderId;

  it('reach the order’s customer, its driver, admins and its public stream, nobody else', async () => {
    const driver = await newDriver();
    const otherDriver = await newDriver();
    const order = await createOrderAs(testApp, customer);
    await dispatchTo(order.id, driver);

    const streams = {
      customer: await streamOf(customer.token),
      otherCustomer: await streamOf(otherCustomer.token),
      admin: await streamOf(admin.token),
      driver: await streamOf(driver.token),
      otherDriver: await streamOf(otherDriver.token),
      public: await openEventStream(`${baseUrl}/api/track/${order.trackingNumber}/events`),
    };
    try {
      for (const stream of Object.values(streams)) expect(stream.status).toBe(200);
      expect((await postPosition(driver.token, onTheWay)).statusCode).toBe(204);
      const at = clock.now().toISOString();

      const received = await streams.customer.waitFor(positionFor(order.id));
      expect(JSON.parse(received.data)).toEqual({
        orderId: order.id,
        trackingNumber: order.trackingNumber,
        ...onTheWay,
        at,
      });
      // No id: a position is never replayed, and Last-Event-ID stays the last order event's.
      expect(received.id).toBeUndefined();
      await streams.admin.waitFor(positionFor(order.id));
      await streams.driver.waitFor(positionFor(order.id));

      // A driver's stream carries the order events of their orders too.
      const pickup = await testApp.app.inject({
        method: 'POST',
        url: `/api/driver/orders/${order.id}/pickup`,
        headers: bearer(driver.token),
      });
      expect(pickup.statusCode, pickup.body).toBe(200);
      const orderEvent = (event: ReceivedEvent) =>
        event.event === 'order' && JSON.parse(event.data).id === order.id;
      await streams.driver.waitFor(orderEvent);

      // The public stream has a truck once the shipment is picked up (public-positions.test.ts).
      clock.advance(30_000);
      expect((await postPosition(driver.token, onTheWay)).statusCode).toBe(204);
      const published = await streams.public.waitFor((event) => event.event === 'position');
      expect(JSON.parse(published.data)).toEqual({
        trackingNumber: order.trackingNumber,
        ...onTheWay,
        at: clock.now().toISOString(),
      });
      // By now the customer has the pickup too, so anything for the others would have arrived.
      await streams.customer.waitFor(orderEvent);
      for (const stream of [streams.otherCustomer, streams.otherDriver]) {
        expect(
          stream.events.filter(
            (event) => JSON.parse(event.data).trackingNumber === order.trackingNumber,
          ),
        ).toEqual([]);
      }
    } finally {
      for (const stream of Object.values(streams)) stream.close();
    }
  });
});

describe('GET /api/map/settings and the tiles’ host', () => {
  it('answers OpenStreetMap’s tiles by default and lets the browser load them', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/map/settings' });
    expect(response.json()).toEqual({
      tileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
    expect(response.headers['content-security-policy']).toMatch(
      /img-src 'self' data: https:\/\/\*\.tile\.openstreetmap\.org/,
    );
  });

  it('follows MAP_TILE_URL, and the content policy allows its host', async () => {
    const own = await buildTestApp({
      sameDatabaseAs: testApp,
      env: {
        MAP_TILE_URL: 'https://tiles.atlas.ma/{z}/{x}/{y}.png',
        MAP_TILE_ATTRIBUTION: 'Atlas tiles',
      },
    });
    try {
      const response = await own.app.inject({ method: 'GET', url: '/api/map/settings' });
      expect(response.json()).toEqual({
        tileUrl: 'https://tiles.atlas.ma/{z}/{x}/{y}.png',
        attribution: 'Atlas tiles',
      });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("img-src 'self' data: https://tiles.atlas.ma");
      expect(csp).not.toContain('openstreetmap');
    } finally {
      await own.close();
    }
  });
});

// Last: it moves the clock a month on, past every session above.
describe('keeping positions 30 days', () => {
  it('deletes positions older than 30 days and keeps the newer ones', async () => {
    const driver = await addDriver(testApp, admin.token, { phone: uniquePhone() });
    const order = await createOrderAs(testApp, customer);
    await dispatchTo(order.id, driver);
    const post = async () => {
      const { token } = await signInDriver(testApp, driver.phone, sms);
      expect((await postPosition(token, onTheWay)).statusCode).toBe(204);
      return clock.now();
    };
    const monthOld = await post();
    clock.advance(29 * DAY_MS);
    const recent = await post();
    expect((await storedPositionsOf(driver.driverId)).map((p) => p.recordedAt)).toEqual([
      monthOld,
      recent,
    ]);

    clock.advance(2 * DAY_MS);
    const latest = await post();
    const kept = (await storedPositionsOf(driver.driverId)).map((p) => p.recordedAt);
    expect(kept.sort((a, b) => a.getTime() - b.getTime())).toEqual([recent, latest]);
  });
});
