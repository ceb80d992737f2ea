import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsBefore, migrationsFolder } from './migrations-before';
import { usesPostgres } from './test-database-mode';

/** A database of this test's own, empty: PGlite, or a scratch PostgreSQL database. */
interface ScratchDatabase {
  migrate(folder: string): Promise<void>;
  query<Row>(text: string): Promise<Row[]>;
  close(): Promise<void>;
}

async function openScratchDatabase(): Promise<ScratchDatabase> {
  const serverUrl = usesPostgres();
  if (!serverUrl) {
    const client = new PGlite();
    const db = drizzlePglite({ client });
    return {
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      query: async <Row>(text: string) => (await client.query<Row>(text)).rows,
      close: () => client.close(),
    };
  }
  const name = `counters_migration_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const db = drizzleNodePostgres({ client });
  return {
    migrate: (folder) => migrateNodePostgres(db, { migrationsFolder: folder }),
    query: async <Row>(text: string) => (await client.query(text)).rows as Row[],
    close: async () => {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const ATLAS = '8f0f7d1e-5a7b-4c55-9a51-1d1c1f0e0b01';
const SALMA = '8f0f7d1e-5a7b-4c55-9a51-1d1c1f0e0b02';

/** An order as a row of the orders table before 0007, its status, customer and creation time. */
const orderValues = (n: number, userId: string, status: string, createdAt: string) =>
  `('00000000-0000-4000-8000-00000000000${n}', 'MA-OLD${n}-0000', '${userId}', '${status}',
    'Casablanca', 'Rabat', 33.5, -7.6, 34.0, -6.8, 12, 40, 30, 20, 10000, 87, 90,
    '${createdAt}')`;

const orderId = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

/**
 * Migration 0007 on a database that already has orders and payments (docs/architecture.md,
 * "Counters"): its backfill counts every one of them, and its triggers count what comes after.
 */
describe('migration 0007: order counters', () => {
  const oldFolder = migrationsBefore('0007_order_counters');
  let database: ScratchDatabase | undefined;
  afterAll(async () => {
    await database?.close();
    rmSync(oldFolder, { recursive: true, force: true });
  });

  it('counts the orders and payments that existed before, then keeps counting', async () => {
    database = await openScratchDatabase();
    await database.migrate(oldFolder);
    await database.query(`
      insert into users (id, email, password_hash, role, user_type) values
        ('${ATLAS}', 'atlas@atlas.test', 'x', 'USER', 'COMPANY'),
        ('${SALMA}', 'salma@atlas.test', 'x', 'USER', 'INDIVIDUAL')`);
    await database.query(`
      insert into orders (id, tracking_number, user_id, status, pickup_loc, delivery_loc,
        pickup_lat, pickup_lng, delivery_lat, delivery_lng, weight_kg, length_cm, width_cm,
        height_cm, price_centimes, distance_km, duration_minutes, created_at) values
        ${orderValues(1, ATLAS, 'PENDING', '2026-03-01T08:15:00Z')},
        ${orderValues(2, ATLAS, 'DELIVERED', '2026-03-01T08:45:00Z')},
        ${orderValues(3, ATLAS, 'CANCELLED', '2026-03-01T09:10:00Z')},
        ${orderValues(4, SALMA, 'DELIVERED', '2026-03-02T10:30:00Z')},
        ${orderValues(5, SALMA, 'PENDING', '2026-03-02T10:40:00Z')},
        ${orderValues(6, SALMA, 'IN_TRANSIT', '2026-03-02T11:00:00Z')}`);
    // The sixth order has no payment row (older data).
    await database.query(`
      insert into payments (order_id, amount_centimes, method, status, paid_at) values
        ('${orderId(1)}', 12000, 'cash_on_delivery', 'unpaid', null),
        ('${orderId(2)}', 20000, 'cash_on_delivery', 'paid', '2026-03-02T10:05:00Z'),
        ('${orderId(3)}', 3000, 'cash_on_delivery', 'unpaid', null),
        ('${orderId(4)}', 5000, 'online', 'paid', '2026-03-02T10:50:00Z'),
        ('${orderId(5)}', 7000, 'online', 'pending', null)`);

    await database.migrate(migrationsFolder);

    const orderCounts = () =>
      database!.query(
        `select status::text, orders::int from order_counts order by order_counts.status`,
      );
    expect(await orderCounts()).toEqual([
      { status: 'PENDING', orders: 2 },
      { status: 'IN_TRANSIT', orders: 1 },
      { status: 'DELIVERED', orders: 2 },
      { status: 'CANCELLED', orders: 1 },
    ]);
    // Per customer then, per organization since 0011: each customer's organization took their id.
    expect(
      await database.query(`select organization_id::text, status::text, orders::int
        from organization_order_counts
        order by organization_order_counts.organization_id, organization_order_counts.status`),
    ).toEqual([
      { organization_id: ATLAS, status: 'PENDING', orders: 1 },
      { organization_id: ATLAS, status: 'DELIVERED', orders: 1 },
      { organization_id: ATLAS, status: 'CANCELLED', orders: 1 },
      { organization_id: SALMA, status: 'PENDING', orders: 1 },
      { organization_id: SALMA, status: 'IN_TRANSIT', orders: 1 },
      { organization_id: SALMA, status: 'DELIVERED', orders: 1 },
    ]);
    expect(
      await database.query(`select status::text, payments::int, amount_centimes::int
        from payment_totals order by payment_totals.status`),
    ).toEqual([
      { status: 'unpaid', payments: 2, amount_centimes: 15000 },
      { status: 'pending', payments: 1, amount_centimes: 7000 },
      { status: 'paid', payments: 2, amount_centimes: 25000 },
    ]);
    const hourlyTotals = () =>
      database!.query(`select to_char(hour, 'YYYY-MM-DD"T"HH24"Z"') as hour, orders::int,
          paid_centimes::int
        from order_hourly_totals order by hour`);
    expect(await hourlyTotals()).toEqual([
      { hour: '2026-03-01T08Z', orders: 2, paid_centimes: 0 },
      { hour: '2026-03-01T09Z', orders: 1, paid_centimes: 0 },
      { hour: '2026-03-02T10Z', orders: 2, paid_centimes: 25000 },
      { hour: '2026-03-02T11Z', orders: 1, paid_centimes: 0 },
    ]);

    // From now on the triggers count: a new order, and the pending online payment settled.
    // Orders name their organization since 0011 (each migrated customer's took their id).
    await database.query(`
      insert into orders (id, tracking_number, user_id, organization_id, status, pickup_loc,
        delivery_loc, pickup_lat, pickup_lng, delivery_lat, delivery_lng, weight_kg, length_cm,
        width_cm, height_cm, price_centimes, distance_km, duration_minutes, created_at)
      values ('${orderId(7)}', 'MA-OLD7-0000', '${ATLAS}', '${ATLAS}', 'PENDING', 'Casablanca',
        'Rabat', 33.5, -7.6, 34.0, -6.8, 12, 40, 30, 20, 10000, 87, 90, '2026-03-02T11:30:00Z')`);
    await database.query(`
      update payments set status = 'paid', paid_at = '2026-03-02T12:00:00Z'
      where order_id = '${orderId(5)}'`);
    expect((await orderCounts())[0]).toEqual({ status: 'PENDING', orders: 3 });
    expect((await hourlyTotals()).slice(-2)).toEqual([
      { hour: '2026-03-02T11Z', orders: 2, paid_centimes: 0 },
      { hour: '2026-03-02T12Z', orders: 0, paid_centimes: 7000 },
    ]);
  });
});

/** Migration 0009 on a database that already has accounts: its backfill counts every one. */
describe('migration 0009: user counts', () => {
  const oldFolder = migrationsBefore('0009_user_counts');
  let database: ScratchDatabase | undefined;
  afterAll(async () => {
    await database?.close();
    rmSync(oldFolder, { recursive: true, force: true });
  });

  it('counts the accounts that existed before, then keeps counting', async () => {
    database = await openScratchDatabase();
    await database.migrate(oldFolder);
    await database.query(`
      insert into users (id, email, password_hash, role, user_type) values
        ('${ATLAS}', 'atlas@atlas.test', 'x', 'USER', 'COMPANY'),
        ('${SALMA}', 'salma@atlas.test', 'x', 'USER', 'INDIVIDUAL'),
        ('${randomUUID()}', 'boss@atlas.test', 'x', 'ADMIN', null)`);
    await database.migrate(migrationsFolder);
    const userCounts = () =>
      database!.query(`select role::text, users::int from user_counts order by role`);
    expect(await userCounts()).toEqual([
      { role: 'ADMIN', users: 1 },
      { role: 'USER', users: 2 },
    ]);
    await database.query(`delete from users where id = '${SALMA}'`);
    expect(await userCounts()).toEqual([
      { role: 'ADMIN', users: 1 },
      { role: 'USER', users: 1 },
    ]);
  });
});
