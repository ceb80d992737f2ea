import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoData } from '../../scripts/demo-data';
import { bearer, login, loginAs, type LoggedIn } from './factories';
import { buildTestApp, type TestApp } from './helpers';

let testApp: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await loginAs(testApp, 'admin');
});
afterAll(() => testApp.close());

async function adminGet(url: string) {
  const response = await testApp.app.inject({ method: 'GET', url, headers: bearer(admin.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('npm run seed:demo', () => {
  // A whole seed through the API (customers signed up with argon2id), then a second: 15 s alone,
  // past the default 30 s when the machine is busy.
  it(
    'fills every state through the API, and a second run changes nothing',
    {
      timeout: 90_000,
    },
    async () => {
      const result = await seedDemoData(testApp.app, admin.token);
      expect(result.created).toBe(true);

      const dashboard = await adminGet('/api/admin/dashboard');
      expect(dashboard.totalOrders).toBe(result.orders);
      expect(dashboard.statusCounts).toMatchObject({
        PENDING: 3,
        IN_TRANSIT: 2,
        DELIVERED: 4,
        CANCELLED: 2,
      });
      // Delivered orders are paid, and only they count as revenue.
      const delivered = await adminGet('/api/admin/orders/delivered');
      const paid = delivered.reduce(
        (sum: number, order: { price: number }) => sum + order.price,
        0,
      );
      expect(dashboard.totalPayments).toBeCloseTo(paid, 2);

      // Two trucks are out on the two orders on the road; the third is free.
      const trucks: Array<{ status: string }> = await adminGet('/api/admin/trucks');
      expect(trucks.map((truck) => truck.status).sort()).toEqual([
        'AVAILABLE',
        'ON_DELIVERY',
        'ON_DELIVERY',
      ]);

      for (const email of result.customerEmails) {
        const customer = await login(testApp, email, DEMO_PASSWORD);
        const orders = await testApp.app.inject({
          method: 'GET',
          url: '/api/dashboard/orders',
          headers: bearer(customer.token),
        });
        expect(orders.json().orders.length).toBeGreaterThan(0);
      }

      expect(await seedDemoData(testApp.app, admin.token)).toMatchObject({ created: false });
      expect((await adminGet('/api/admin/dashboard')).totalOrders).toBe(result.orders);
    },
  );
});

describe('npm run seed:demo in production', () => {
  it('refuses before touching any database: demo accounts share a known password', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'atlas-seed-production-'));
    try {
      const seeder = spawn('npx', ['tsx', 'scripts/seed-demo.ts'], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          MAIL_MODE: 'log',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      seeder.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      seeder.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exitCode = await new Promise<number | null>((resolve) => seeder.once('exit', resolve));

      expect(exitCode, output).toBe(1);
      expect(output).toContain('seed:demo refuses to run with NODE_ENV=production');
      expect(output).not.toContain('Seeded');
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
