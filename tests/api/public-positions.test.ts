/**
 * Public tracking and the truck's position (docs/decisions/0018-lists-streams-cash-positions.md):
 * nothing before the pickup, then the position rounded to about 1 km, on Track Shipment and its
 * live stream alike, while the order's customer sees it exactly; and a driver's positions are
 * kept at most one per 10 s.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverPositions } from '../../src/server/db/schema';
import type { OrderMapFields } from '../../src/shared/schemas/map-schemas';
import {
  addDriver,
  signInDriver,
  startSmsCatcher,
  type AddedDriver,
  type SmsCatcher,
} from './driver-helpers';
import { openEventStream } from './event-stream-client';
import { bearer, createOrderAs, loginAs, updateOrderStatus, type LoggedIn } from './factories';
import { buildTestApp, createTestClock, type TestApp, type TestClock } from './helpers';

/** On the coast road between Casablanca and Rabat, to five decimals (about a metre). */
const exact = { lat: 33.81234, lng: -7.20987 };
const rounded = { lat: 33.81, lng: -7.21 };

let sms: SmsCatcher;
let clock: TestClock;
let testApp: TestApp;
let baseUrl: string;
let admin: LoggedIn;
let customer: LoggedIn;

beforeAll(async () => {
  sms = await startSmsCatcher();
  clock = createTestClock();
  testApp = await buildTestApp({ env: { SMS_URL: sms.url }, clock });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  [admin, customer] = await Promise.all([loginAs(testApp, 'admin'), loginAs(testApp, 'company')]);
});
afterAll(async () => {
  await testApp?.close();
  await sms?.stop();
});

async function dispatchedOrder(): Promise<{
  order: { id: string; trackingNumber: string };
  driver: AddedDriver & { token: string };
}> {
  const added = await addDriver(testApp, admin.token, {});
  const { token } = await signInDriver(testApp, added.phone, sms);
  const order = await createOrderAs(testApp, customer);
  const dispatched = await updateOrderStatus(testApp, admin, order.id, {
    status: 'IN_TRANSIT',
    truckNumber: added.truckNumber,
    driverId: added.driverId,
  });
  expect(dispatched.statusCode, dispatched.body).toBe(200);
  return { order, driver: { ...added, token } };
}

const postPosition = (token: string, point: object) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/driver/position',
    headers: bearer(token),
    payload: point,
  });

async function publicMap(trackingNumber: string): Promise<OrderMapFields> {
  const response = await testApp.app.inject({ url: `/api/track/${trackingNumber}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OrderMapFields;
}

describe('the position public tracking shows', () => {
  it('is none while the order is only dispatched, then rounded to about 1 km after pickup', async () => {
    const { order, driver } = await dispatchedOrder();
    const stream = await openEventStream(`${baseUrl}/api/track/${order.trackingNumber}/events`);
    try {
      expect(stream.status).toBe(200);
      expect((await postPosition(driver.token, exact)).statusCode).toBe(204);
      expect((await publicMap(order.trackingNumber)).position).toBeNull();
      const mine = await testApp.app.inject({
        url: `/api/dashboard/orders/${order.id}`,
        headers: bearer(customer.token),
      });
      expect(mine.json().order.position).toMatchObject(exact);

      const pickup = await testApp.app.inject({
        method: 'POST',
        url: `/api/driver/orders/${order.id}/pickup`,
        headers: bearer(driver.token),
      });
      expect(pickup.statusCode, pickup.body).toBe(200);
      clock.advance(30_000);
      expect((await postPosition(driver.token, exact)).statusCode).toBe(204);
      expect((await publicMap(order.trackingNumber)).position).toEqual({
        ...rounded,
        at: clock.now().toISOString(),
      });
      const live = await stream.waitFor((event) => event.event === 'position');
      expect(JSON.parse(live.data)).toEqual({
        trackingNumber: order.trackingNumber,
        ...rounded,
        at: clock.now().toISOString(),
      });
      // The position sent before the pickup never reached the public stream.
      expect(stream.events.filter((event) => event.event === 'position')).toHaveLength(1);
    } finally {
      stream.close();
    }
  });
});

describe('a driver’s position posts', () => {
  it('keep at most one per 10 s, answering the others 204 without storing them', async () => {
    const { driver } = await dispatchedOrder();
    const stored = () =>
      testApp.database.db
        .select({ lat: driverPositions.lat })
        .from(driverPositions)
        .where(eq(driverPositions.driverId, driver.driverId));
    const burst = await Promise.all(
      [0, 1, 2, 3].map((n) => postPosition(driver.token, { ...exact, lat: exact.lat + n / 1000 })),
    );
    expect(burst.map((response) => response.statusCode)).toEqual([204, 204, 204, 204]);
    expect(await stored()).toHaveLength(1);
    clock.advance(9_999);
    expect((await postPosition(driver.token, exact)).statusCode).toBe(204);
    expect(await stored()).toHaveLength(1);
    clock.advance(1);
    expect((await postPosition(driver.token, exact)).statusCode).toBe(204);
    expect(await stored()).toHaveLength(2);
  });
});
