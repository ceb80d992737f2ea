/**
 * `npm run bench`: list and look-up latency at 100 000 orders, through the real HTTP stack
 * (app.inject). Uses PostgreSQL at BENCH_DATABASE_URL (a scratch database is created and
 * dropped) or, without it, the embedded database in memory.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { upsertAdminAccount } from '../src/server/auth/admin-bootstrap';
import { hashPassword } from '../src/server/auth/password-hashing';
import { readConfig } from '../src/server/config';
import { openDatabase, type OpenDatabase } from '../src/server/db/open-database';

const ORDER_COUNT = Number(process.env.BENCH_ORDERS ?? 100_000);
const CUSTOMERS = 200;
const RUNS = 30;
const PASSWORD = 'Bench@2026x';

async function openBenchDatabase(): Promise<{ database: OpenDatabase; drop(): Promise<void> }> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    return { database, drop: async () => {} };
  }
  const name = `logistics_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  await database.migrate();
  return {
    database,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Customers, then orders spread over them (one heavy customer holds a tenth), in SQL. */
async function seed(database: OpenDatabase): Promise<void> {
  const started = performance.now();
  const { db } = database;
  await db.execute(sql`
    insert into users (email, password_hash, role, user_type)
    select 'customer' || i || '@bench.ma', 'x', 'USER', 'INDIVIDUAL'
    from generate_series(1, ${CUSTOMERS}) as i`);
  await db.execute(sql`
    insert into orders (tracking_number, user_id, status, pickup_loc, delivery_loc,
      pickup_lat, pickup_lng, delivery_lat, delivery_lng, weight_kg, length_cm, width_cm,
      height_cm, price_centimes, distance_km, duration_minutes, created_at)
    select 'MA-' || substr(lpad(i::text, 8, '0'), 1, 4) || '-' || substr(lpad(i::text, 8, '0'), 5),
      (select id from users where email = 'customer' ||
        (case when i % 10 = 0 then 1 else 1 + (i % ${CUSTOMERS}) end) || '@bench.ma'),
      (array['PENDING','IN_TRANSIT','DELIVERED','CANCELLED'])[1 + i % 4]::order_status,
      (array['Casablanca','Rabat','Agadir','Fes','Tangier'])[1 + i % 5],
      (array['Marrakech','Oujda','Meknes','Safi','Laayoune','Tetouan'])[1 + i % 6],
      33.5, -7.6, 34.0, -6.8, 12, 40, 30, 20, 32582, 110.76, 111,
      now() - (i || ' minutes')::interval
    from generate_series(1, ${ORDER_COUNT}) as i`);
  // Each payment is made with its order; delivered ones are paid (DESIGN decision 15) a day later.
  await db.execute(sql`
    insert into payments (order_id, amount_centimes, method, status, paid_at, created_at)
    select id, price_centimes, 'cash_on_delivery',
      case when status = 'DELIVERED' then 'paid' else 'unpaid' end::payment_status,
      case when status = 'DELIVERED' then created_at + interval '1 day' end, created_at
    from orders`);
  await db.execute(sql`analyze`);
  console.log(
    `Seeded ${ORDER_COUNT} orders for ${CUSTOMERS} customers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const { database, drop } = await openBenchDatabase();
try {
  await seed(database);
  const config = readConfig({
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-signing',
  });
  const app = await buildApp({ config, db: database.db, channels: database.channels });
  await app.ready();
  const passwordHash = await hashPassword(PASSWORD);
  await database.db.execute(
    sql`update users set password_hash = ${passwordHash} where email = 'customer1@bench.ma'`,
  );
  await upsertAdminAccount(database.db, 'admin@bench.ma', PASSWORD);
  const login = async (email: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: PASSWORD },
      })
    ).json().token as string;
  const heavyCustomer = await login('customer1@bench.ma');
  const admin = await login('admin@bench.ma');

  const scenarios: Array<[string, string, string]> = [
    ['customer orders, page 1 of 6', '/api/dashboard/orders?page=1&pageSize=6', heavyCustomer],
    [
      'customer orders, page 1000 of 6',
      '/api/dashboard/orders?page=1000&pageSize=6',
      heavyCustomer,
    ],
    ['customer tracking, 6 per page', '/api/dashboard/tracking?page=1&pageSize=6', heavyCustomer],
    ['customer search "Oujda"', '/api/dashboard/orders?q=Oujda&page=1&pageSize=6', heavyCustomer],
    ['customer dashboard', '/api/dashboard', heavyCustomer],
    ['public tracking', '/api/track/MA-0005-0000', ''],
    ['admin users, page 1', '/api/admin/users?page=1&pageSize=6', admin],
    ['admin dashboard', '/api/admin/dashboard', admin],
    ['admin all orders, page 1 of 6', '/api/admin/orders?page=1&pageSize=6', admin],
    ['admin all orders, newest 100', '/api/admin/orders', admin],
    ['admin pending, page 500 of 6', '/api/admin/orders/pending?page=500&pageSize=6', admin],
    ['admin in-transit, 6 per page', '/api/admin/in-transit?page=1&pageSize=6', admin],
    ['admin search city "Oujda"', '/api/admin/orders?q=Oujda&page=1&pageSize=6', admin],
    ['admin search email "customer17@"', '/api/admin/orders?q=customer17@&pageSize=6', admin],
    ['admin search tracking "MA-0005-00"', '/api/admin/orders?q=MA-0005-00&pageSize=6', admin],
    ['admin search nothing "zzzz"', '/api/admin/orders?q=zzzz&pageSize=6', admin],
    ['admin payments, page 1 of 6', '/api/admin/payments?page=1&pageSize=6', admin],
  ];
  console.log(`\n${'scenario'.padEnd(36)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
  for (const [name, url, token] of scenarios) {
    const timings: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      const response = await app.inject({
        method: 'GET',
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      timings.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
    }
    timings.sort((a, b) => a - b);
    console.log(
      `${name.padEnd(36)} ${percentile(timings, 50).toFixed(1).padStart(8)} ${percentile(timings, 95).toFixed(1).padStart(8)}`,
    );
  }
  await app.close();
} finally {
  await database.close();
  await drop();
}
