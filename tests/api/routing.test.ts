import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCity } from '../../src/shared/cities';
import { calculateServerPrice, straightLineDistanceKm } from '../../src/shared/pricing';
import { bearer, loginAs, orderPayload, type LoggedIn } from './factories';
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
