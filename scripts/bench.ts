/**
 * `npm run bench`: list and look-up latency at 100 000 orders (and three outbox messages each),
 * through the real HTTP stack (app.inject), then how long a live order event takes to reach
 * LIVE_STREAMS open event streams over real HTTP. Uses PostgreSQL at BENCH_DATABASE_URL (a
 * scratch database is created and dropped) or, without it, the embedded database in memory.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
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
const LIVE_STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const LIVE_EVENTS = 10;

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
  // Each payment is made with its order; delivered ones are paid (docs/product.md,
  // decision 15) a day later.
  await db.execute(sql`
    insert into payments (order_id, amount_centimes, method, status, paid_at, created_at)
    select id, price_centimes, 'cash_on_delivery',
      case when status = 'DELIVERED' then 'paid' else 'unpaid' end::payment_status,
      case when status = 'DELIVERED' then created_at + interval '1 day' end, created_at
    from orders`);
  // What the outbox holds by then: a mail for each order placed and dispatched, an SMS for each
  // dispatch; a few hundred failed.
  await db.execute(sql`
    insert into outbox_messages (channel, recipient, template, params, status, attempts,
      next_attempt_at, last_error, sent_at, created_at)
    select kind.channel::outbox_channel,
      case when kind.channel = 'sms' then '+2126' || lpad((i % 100000000)::text, 8, '0')
        else 'customer' || (1 + i % ${CUSTOMERS}) || '@bench.ma' end,
      kind.template, jsonb_build_object('trackingNumber', tracking_number),
      case when i % 500 = 0 then 'failed' else 'sent' end::outbox_status,
      case when i % 500 = 0 then 8 else 1 end, null,
      case when i % 500 = 0 then 'SMS gateway answered 503' end,
      case when i % 500 = 0 then null else created_at end, created_at
    from (select row_number() over () as i, tracking_number, created_at from orders) as o,
      (values ('email', 'order-placed'), ('email', 'order-dispatched'), ('sms', 'receiver-dispatched'))
        as kind (channel, template)`);
  await db.execute(sql`analyze`);
  console.log(
    `Seeded ${ORDER_COUNT} orders for ${CUSTOMERS} customers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** Opens one event stream and calls `onEvent` with the time each order event arrives. */
async function openStream(
  url: string,
  token: string,
  onEvent: () => void,
): Promise<AbortController> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        for (
          let at = value.indexOf('event: order');
          at >= 0;
          at = value.indexOf('event: order', at + 1)
        ) {
          onEvent();
        }
      }
    } catch {
      // Closed at the end of the run.
    }
  })();
  return abort;
}

/**
 * One customer with LIVE_STREAMS open streams (tabs, phones) places orders one after another:
 * the time from the order's answer until the last stream has its event.
 */
async function measureLiveEvents(app: Awaited<ReturnType<typeof buildApp>>, token: string) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/events`;
  let received = 0;
  const streams = await Promise.all(
    Array.from({ length: LIVE_STREAMS }, () => openStream(url, token, () => (received += 1))),
  );
  const timings: number[] = [];
  for (let event = 0; event < LIVE_EVENTS; event += 1) {
    const expected = received + LIVE_STREAMS;
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/dashboard/neworder',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        pickup_loc: 'Casablanca',
        delivery_loc: 'Rabat',
        weight: 12,
        leingth: 40,
        width: 30,
        height: 20,
        receiver_name: 'Bench Receiver',
        receiver_phone: '+212612345678',
      },
    });
    if (response.statusCode !== 201) throw new Error(`neworder answered ${response.statusCode}`);
    while (received < expected) await new Promise((resolve) => setTimeout(resolve, 1));
    timings.push(performance.now() - started);
  }
  for (const stream of streams) stream.abort();
  timings.sort((a, b) => a - b);
  console.log(
    `${`order placed → ${LIVE_STREAMS} streams`.padEnd(36)} ${percentile(timings, 50).toFixed(1).padStart(8)} ${percentile(timings, 95).toFixed(1).padStart(8)}`,
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
    ['admin messages, page 1 of 6', '/api/admin/messages?page=1&pageSize=6', admin],
    ['admin messages, failed', '/api/admin/messages?status=failed&pageSize=6', admin],
    ['admin messages to one email', '/api/admin/messages?q=customer17@bench.ma&pageSize=6', admin],
    ['admin messages of one order', '/api/admin/messages?q=MA-0005-0000&pageSize=6', admin],
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
  await measureLiveEvents(app, heavyCustomer);
  await app.close();
} finally {
  await database.close();
  await drop();
}
