import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { ZodApp } from '../../src/server/http/zod-app';
import { bearer, driverTruckPayload, loginAs, orderPayload, type LoggedIn } from './factories';
import { buildTestApp, type TestApp } from './helpers';

/*
 * docs/decisions/0011-hardening.md: lists stop at the 100 000th row, who may ask is settled
 * before what is asked, and no /api answer may be kept by a browser or a proxy.
 */
let testApp: TestApp;
let admin: LoggedIn;
let customer: LoggedIn;

beforeAll(async () => {
  testApp = await buildTestApp();
  [admin, customer] = await Promise.all([loginAs(testApp, 'admin'), loginAs(testApp, 'company')]);
});
afterAll(() => testApp.close());

const get = (url: string, token?: string) =>
  testApp.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('page is capped at the last page that starts within 100 000 rows', () => {
  const adminLists = [
    '/api/admin/orders',
    '/api/admin/orders/pending',
    '/api/admin/orders/delivered',
    '/api/admin/orders/cancelled',
    '/api/admin/in-transit',
    '/api/admin/payments',
    '/api/admin/users',
    '/api/admin/trucks',
    '/api/admin/cash',
    '/api/admin/cash/remittances',
    '/api/admin/cash/flagged',
    '/api/admin/messages',
    '/api/admin/audit',
  ];
  const customerLists = [
    '/api/dashboard/orders',
    '/api/dashboard/tracking',
    '/api/dashboard/deliveries',
    '/api/dashboard/canceled',
    '/api/dashboard/notifications',
  ];
  const lists = [
    ...adminLists.map((url) => ({ url, caller: () => admin })),
    ...customerLists.map((url) => ({ url, caller: () => customer })),
  ];

  it.each(lists)('$url', async ({ url, caller }) => {
    const answer = (query: string) => get(`${url}?${query}`, caller().token);
    const refusedPage = async (query: string, message: string) => {
      const response = await answer(query);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
      expect(response.json().errors, query).toEqual({ page: message });
    };

    for (const query of ['page=1000', 'page=1000&pageSize=100', 'page=3334&pageSize=30']) {
      const response = await answer(query);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
    }
    await refusedPage('page=1001', 'page must be 1000 or less');
    await refusedPage('page=1001&pageSize=100', 'page must be 1000 or less');
    await refusedPage('page=3335&pageSize=30', 'page must be 3334 or less');
    await refusedPage('page=1000000000000', 'page must be 1000 or less');
    await refusedPage('page=1e12', 'page must be 1000 or less');
    await refusedPage('page=1e400', 'page must be a number');
  });

  it('answers the cap in the caller’s language, coded', async () => {
    const response = await testApp.app.inject({
      url: '/api/admin/orders?page=1001',
      headers: { ...bearer(admin.token), 'accept-language': 'fr' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCodes).toEqual({ page: 'request.param_too_large' });
    expect(response.json().errors.page).toContain('1000');
    expect(response.json().errors.page).not.toBe('page must be 1000 or less');
  });
});

describe('who may ask is settled before the body is read', () => {
  const badBodies: Array<{ url: string; payload: unknown }> = [
    { url: '/api/dashboard/neworder', payload: { weight: 'heavy', pickup_loc: 42 } },
    { url: '/api/admin/trucks/add', payload: { fullName: '', capacity: -1 } },
    { url: '/api/admin/cash/remittances', payload: { amount: 'lots' } },
    {
      url: '/api/driver/orders/00000000-0000-4000-8000-000000000000/deliver',
      payload: { code: 'abc' },
    },
    { url: '/api/driver/position', payload: { lat: 'north' } },
  ];
  const post = (url: string, payload: unknown, token?: string) =>
    testApp.app.inject({
      method: 'POST',
      url,
      headers: token ? bearer(token) : {},
      payload: payload as object,
    });

  it.each(badBodies)('anonymous POST $url with a bad body: 401', async ({ url, payload }) => {
    const response = await post(url, payload);
    expect(response.statusCode, response.body).toBe(401);
    expect(response.json()).not.toHaveProperty('errors');
  });

  it('anonymous POST with a body that is not even JSON: 401', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/trucks/add',
      headers: { 'content-type': 'application/json' },
      payload: '{"fullName": ',
    });
    expect(response.statusCode, response.body).toBe(401);
  });

  it('a customer with a bad body on an admin or a driver route: 403', async () => {
    for (const { url, payload } of badBodies.slice(1)) {
      const response = await post(url, payload, customer.token);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(403);
      expect(response.json()).not.toHaveProperty('errors');
    }
  });

  it('an admin with a bad body on a customer or a driver route: 403', async () => {
    for (const { url, payload } of [badBodies[0]!, ...badBodies.slice(3)]) {
      const response = await post(url, payload, admin.token);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(403);
    }
  });

  it('the right caller with a bad body: 400 with the field errors', async () => {
    const truck = await post('/api/admin/trucks/add', badBodies[1]!.payload, admin.token);
    expect(truck.statusCode).toBe(400);
    expect(truck.json().errors).toMatchObject({ fullName: 'Full name is required' });
    const order = await post(
      '/api/dashboard/neworder',
      { ...orderPayload(), weight: 'heavy' },
      customer.token,
    );
    expect(order.statusCode).toBe(400);
    expect(order.json().errors).toEqual({ weight: 'Valid weight is required' });
  });
});

describe('Cache-Control: no-store on every /api answer', () => {
  it.each([
    ['200 JSON', () => get('/api/admin/dashboard', admin.token), 200],
    ['the health check', () => get('/api/health'), 200],
    ['the OpenAPI document', () => get('/api/docs/json'), 200],
    ['a CSV export', () => get('/api/admin/orders/export.csv', admin.token), 200],
    [
      '201',
      () =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/admin/trucks/add',
          headers: bearer(admin.token),
          payload: driverTruckPayload(),
        }),
      201,
    ],
    ['400', () => get('/api/admin/orders?page=0', admin.token), 400],
    ['401', () => get('/api/dashboard'), 401],
    ['403', () => get('/api/admin/dashboard', customer.token), 403],
    ['404 under /api', () => get('/api/nothing-here'), 404],
  ] as const)('%s', async (_name, request, status) => {
    const response = await request();
    expect(response.statusCode, response.body).toBe(status);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  describe('the web app beside it', () => {
    let webRoot: string;
    let webApp: ZodApp;

    beforeAll(async () => {
      webRoot = mkdtempSync(path.join(tmpdir(), 'atlas-web-'));
      mkdirSync(path.join(webRoot, 'assets'));
      writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
      writeFileSync(path.join(webRoot, 'assets', 'index-4f2a9c1b.js'), 'console.log(1);');
      webApp = await buildApp({
        config: testApp.config,
        db: testApp.database.db,
        channels: testApp.database.channels,
        webRoot,
        runOutboxWorker: false,
      });
      await webApp.ready();
    });
    afterAll(async () => {
      await webApp.close();
      rmSync(webRoot, { recursive: true, force: true });
    });

    it('keeps built assets for a year and revalidates the page shell', async () => {
      const asset = await webApp.inject({ url: '/assets/index-4f2a9c1b.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const url of ['/', '/admin/orders']) {
        const page = await webApp.inject({ url });
        expect(page.statusCode, url).toBe(200);
        expect(page.body).toContain('<div id="root">');
        expect(page.headers['cache-control'], url).toBe('no-cache');
      }
      const api = await webApp.inject({ url: '/api/health' });
      expect(api.headers['cache-control']).toBe('no-store');
    });
  });
});
