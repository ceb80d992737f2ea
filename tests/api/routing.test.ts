import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCity } from '../../src/shared/cities';
import { calculateServerPrice, straightLineDistanceKm } from '../../src/shared/pricing';
import { bearer, createTruckWithDriver, loginAs, orderPayload, type LoggedIn } from './factories';
import { buildTestApp, type TestApp } from './helpers';

/** An OSRM-shaped routing service whose behaviour each test chooses. */
let behaviour: 'ok' | 'error' | 'slow' | 'no-route' = 'ok';
const requestedPaths: string[] = [];
let osrm: Server;
let testApp: TestApp;
let customer: LoggedIn;

beforeAll(async () => {
  osrm = createServer((request, response) => {
    requestedPaths.push(request.url ?? '');
    if (request.url?.startsWith('/table/') && behaviour === 'ok') {
      // The planner's table: every pair 5 km apart by road.
      const url = new URL(request.url, 'http://osrm.test');
      const count = (name: string) => url.searchParams.get(name)!.split(';').length;
      const distances = Array.from({ length: count('sources') }, () =>
        new Array<number>(count('destinations')).fill(5_000),
      );
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 'Ok', distances }));
      return;
    }
    if (behaviour === 'error') {
      response.writeHead(500).end('boom');
      return;
    }
    const body =
      behaviour === 'no-route'
        ? { code: 'NoRoute', routes: [] }
        : { code: 'Ok', routes: [{ distance: 87_654.3, duration: 5_430 }] };
    const delay = behaviour === 'slow' ? 4_000 : 0;
    setTimeout(() => {
      if (!response.writableEnded) {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      }
    }, delay);
  });
  await new Promise<void>((resolve) => osrm.listen(0, '127.0.0.1', resolve));
  const { port } = osrm.address() as AddressInfo;
  testApp = await buildTestApp({ env: { ROUTING_URL: `http://127.0.0.1:${port}/` } });
  customer = await loginAs(testApp, 'individual');
});

afterAll(async () => {
  await testApp.close();
  osrm.closeAllConnections();
  await new Promise<void>((resolve) => osrm.close(() => resolve()));
});

const casablanca = findCity('Casablanca')!;
const rabat = findCity('Rabat')!;

const quote = () =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/dashboard/distance',
    headers: bearer(customer.token),
    payload: {
      origin: { lat: casablanca.lat, lng: casablanca.lng },
      destination: { lat: rabat.lat, lng: rabat.lng },
      weight: 30,
      length: 50,
      width: 40,
      height: 30,
    },
  });

describe('distance from the routing service', () => {
  it('uses the road distance and time of ROUTING_URL when it answers', async () => {
    behaviour = 'ok';
    requestedPaths.length = 0;
    const response = await quote();
    expect(response.statusCode).toBe(200);
    expect(requestedPaths).toEqual([
      `/route/v1/driving/${casablanca.lng},${casablanca.lat};${rabat.lng},${rabat.lat}?overview=false`,
    ]);
    // 87.65 km, 30 kg (×2, car ×1): (50 + 175.3) × 2 = 450.6
    expect(response.json()).toMatchObject({
      distance: 87.65,
      distanceText: '87.7 km',
      durationMinutes: 91,
      duration: '1 h 31 min',
      price: 450.6,
      vehicle: 'car',
      distanceSource: 'routing',
    });
  });

  it('the order gets the same routed price', async () => {
    behaviour = 'ok';
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/dashboard/neworder',
      headers: bearer(customer.token),
      payload: orderPayload({ weight: 30 }),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().order).toMatchObject({ distance: 87.65, price: 450.6 });
  });

  it.each(['error', 'no-route'] as const)(
    'falls back to the straight-line estimate when the service answers %s',
    async (failure) => {
      behaviour = failure;
      const response = await quote();
      expect(response.statusCode).toBe(200);
      const km = straightLineDistanceKm(casablanca, rabat);
      expect(response.json()).toMatchObject({
        distance: km,
        distanceSource: 'straight-line',
        price: calculateServerPrice({ distanceKm: km, weightKg: 30, priority: 'normal' }).price,
      });
    },
  );

  it('falls back when the service is too slow', async () => {
    behaviour = 'slow';
    const started = Date.now();
    const response = await quote();
    expect(response.statusCode).toBe(200);
    expect(response.json().distanceSource).toBe('straight-line');
    expect(Date.now() - started).toBeLessThan(3_900);
  });
});

describe('the planner with a routing service', () => {
  it("asks ROUTING_URL's table service for the road between the orders' stops", async () => {
    behaviour = 'ok';
    const admin = await loginAs(testApp, 'admin');
    const placed = [];
    for (const destination of ['Rabat', 'Kenitra']) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/dashboard/neworder',
        headers: bearer(customer.token),
        payload: orderPayload({ delivery_loc: destination }),
      });
      expect(response.statusCode, response.body).toBe(201);
      placed.push((response.json() as { order: { id: string } }).order.id);
    }
    const truck = await createTruckWithDriver(testApp);
    requestedPaths.length = 0;
    const plan = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/runs/plan',
      headers: bearer(admin.token),
      payload: { orderIds: placed, truckIds: [truck.truckId], date: '2031-03-03' },
    });
    expect(plan.statusCode, plan.body).toBe(201);
    const tables = requestedPaths.filter((path) => path.startsWith('/table/v1/driving/'));
    expect(tables).toHaveLength(1);
    // Both orders' pickups and deliveries: four points, from and to each.
    expect(tables[0]).toMatch(/[?&]annotations=distance&sources=0;1;2;3&destinations=0;1;2;3$/);
    expect((plan.json() as { runs: Array<{ stops: unknown[] }> }).runs[0]!.stops).toHaveLength(4);
  });
});
