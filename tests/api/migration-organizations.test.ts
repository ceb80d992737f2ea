import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsBefore, migrationsFolder } from './migrations-before';
import { buildApp } from '../../src/server/app';
import { hashPassword } from '../../src/server/auth/password-hashing';
import { readConfig } from '../../src/server/config';
import { createPgliteChannels } from '../../src/server/db/database-channels';
import * as schema from '../../src/server/db/schema';
import type { ZodApp } from '../../src/server/http/zod-app';
import type {
  CustomerDashboard,
  CustomerOrder,
  CustomerOrderDetail,
} from '../../src/shared/schemas/order-schemas';
import type { Organization } from '../../src/shared/schemas/org-schemas';
import type { PublicUser } from '../../src/shared/schemas/user-schemas';
import { bearer, orderPayload } from './factories';

/**
 * Migration 0011 on a database that already has customers with orders
 * (docs/decisions/0014-organizations.md): each customer becomes the owner of an organization of
 * their own, named after their company or their full name, with all their orders; nothing
 * changes for them.
 */
const PASSWORD = 'Sahara@2026';
const ATLAS = '8f0f7d1e-5a7b-4c55-9a51-1d1c1f0e0b01';
const SALMA = '8f0f7d1e-5a7b-4c55-9a51-1d1c1f0e0b02';
const ADMIN = '8f0f7d1e-5a7b-4c55-9a51-1d1c1f0e0b03';
const orderId = (n: number) => `00000000-0000-4000-8000-0000000000b${n}`;
const orderValues = (n: number, userId: string, status: string, createdAt: string) =>
  `('${orderId(n)}', 'MA-ORG${n}-0000', '${userId}', '${status}', 'Casablanca', 'Rabat',
    33.5, -7.6, 34.0, -6.8, 12, 40, 30, 20, 10000, 87, 90, '${createdAt}')`;

describe('migration 0011: organizations', () => {
  const oldFolder = migrationsBefore('0011_organizations');
  const client = new PGlite();
  let app: ZodApp | undefined;
  afterAll(async () => {
    await app?.close();
    await client.close();
    rmSync(oldFolder, { recursive: true, force: true });
  });

  it(
    'makes every customer the owner of their own organization with their orders',
    { timeout: 120_000 },
    async () => {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: oldFolder });
      const passwordHash = await hashPassword(PASSWORD);
      await client.query(
        `insert into users (id, email, password_hash, role, user_type) values
         ('${ATLAS}', 'atlas@atlas.test', $1, 'USER', 'COMPANY'),
         ('${SALMA}', 'salma@atlas.test', $1, 'USER', 'INDIVIDUAL'),
         ('${ADMIN}', 'boss@atlas.test', $1, 'ADMIN', null)`,
        [passwordHash],
      );
      await client.exec(`
      insert into company_profiles (user_id, company_name, rc, n_if, responsable_name, phone, address)
        values ('${ATLAS}', 'Atlas Ceramics', 'RC1', 'IF1', 'Youssef Amrani', '0522000000', 'Casablanca');
      insert into individual_profiles (user_id, full_name, national_id, phone, address)
        values ('${SALMA}', 'Salma Bennani', 'CIN9', '0661234567', 'Rabat');
      insert into orders (id, tracking_number, user_id, status, pickup_loc, delivery_loc,
        pickup_lat, pickup_lng, delivery_lat, delivery_lng, weight_kg, length_cm, width_cm,
        height_cm, price_centimes, distance_km, duration_minutes, created_at) values
        ${orderValues(1, ATLAS, 'PENDING', '2026-03-01T08:15:00Z')},
        ${orderValues(2, ATLAS, 'DELIVERED', '2026-03-01T08:45:00Z')},
        ${orderValues(3, ATLAS, 'CANCELLED', '2026-03-01T09:10:00Z')},
        ${orderValues(4, SALMA, 'IN_TRANSIT', '2026-03-02T10:30:00Z')};
      insert into tracking_events (order_id, kind, status, location, created_at)
        select id, 'placed', 'PENDING', pickup_loc, created_at from orders;
    `);

      await migrate(db, { migrationsFolder });

      const organizations = await client.query(
        `select organizations.name, users.email, users.org_role
         from users left join organizations on organizations.id = users.organization_id
         order by users.email`,
      );
      expect(organizations.rows).toEqual([
        { name: 'Atlas Ceramics', email: 'atlas@atlas.test', org_role: 'owner' },
        { name: null, email: 'boss@atlas.test', org_role: null },
        { name: 'Salma Bennani', email: 'salma@atlas.test', org_role: 'owner' },
      ]);
      const moved = await client.query(
        `select orders.tracking_number, orders.user_id = users.id as creator_kept,
         orders.organization_id = users.organization_id as in_their_organization
       from orders join users on users.id = orders.user_id order by orders.tracking_number`,
      );
      expect(moved.rows).toEqual(
        ['MA-ORG1-0000', 'MA-ORG2-0000', 'MA-ORG3-0000', 'MA-ORG4-0000'].map((number) => ({
          tracking_number: number,
          creator_kept: true,
          in_their_organization: true,
        })),
      );
      // The database refuses an administrator in an organization, and an order without one.
      await expect(
        client.exec(`update users set organization_id = '${ATLAS}', org_role = 'staff'
        where id = '${ADMIN}'`),
      ).rejects.toThrow(/users_organization_role_check/);
      await expect(
        client.exec(`update orders set organization_id = null where id = '${orderId(1)}'`),
      ).rejects.toThrow(/null/);

      app = await buildApp({
        config: readConfig({
          LOG_LEVEL: 'silent',
          DATA_DIR: '.tmp/test-data',
          JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
          PUBLIC_URL: 'http://atlas.test',
        }),
        db: drizzle({ client, schema }),
        channels: createPgliteChannels(client),
      });
      await app.ready();
      const signIn = async (email: string) => {
        const response = await app!.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: PASSWORD },
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as { token: string; user: PublicUser };
      };
      const get = (token: string, url: string) =>
        app!.inject({ method: 'GET', url, headers: bearer(token) });

      const atlas = await signIn('atlas@atlas.test');
      expect(atlas.user).toMatchObject({
        name: 'Atlas Ceramics',
        organization: { id: ATLAS, name: 'Atlas Ceramics', role: 'owner' },
      });
      const dashboard = (await get(atlas.token, '/api/dashboard')).json() as CustomerDashboard;
      expect(dashboard.totalOrders).toBe(3);
      expect(dashboard.statusCounts).toMatchObject({ PENDING: 1, DELIVERED: 1, CANCELLED: 1 });
      const listed = (await get(atlas.token, '/api/dashboard/orders')).json() as {
        orders: CustomerOrder[];
      };
      expect(listed.orders.map((order) => order.trackingNumber)).toEqual([
        'MA-ORG3-0000',
        'MA-ORG2-0000',
        'MA-ORG1-0000',
      ]);
      const page = await get(atlas.token, `/api/dashboard/orders/${orderId(1)}`);
      expect(page.statusCode).toBe(200);
      expect((page.json() as { order: CustomerOrderDetail }).order.timeline).toHaveLength(1);
      expect((await get(atlas.token, `/api/dashboard/orders/${orderId(4)}`)).statusCode).toBe(404);
      const team = (await get(atlas.token, '/api/org')).json() as Organization;
      expect(team.members).toMatchObject([
        { email: 'atlas@atlas.test', name: 'Youssef Amrani', role: 'owner' },
      ]);

      const salma = await signIn('salma@atlas.test');
      expect(salma.user.organization).toEqual({ id: SALMA, name: 'Salma Bennani', role: 'owner' });
      const tracking = (await get(salma.token, '/api/dashboard/tracking')).json() as {
        trackingOrders: CustomerOrder[];
      };
      expect(tracking.trackingOrders.map((order) => order.id)).toEqual([orderId(4)]);

      // New orders land in the organization and its counters.
      const placed = await app.inject({
        method: 'POST',
        url: '/api/dashboard/neworder',
        headers: bearer(atlas.token),
        payload: orderPayload(),
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const after = (await get(atlas.token, '/api/dashboard')).json() as CustomerDashboard;
      expect(after.totalOrders).toBe(4);
    },
  );
});
