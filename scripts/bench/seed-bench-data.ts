import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { hashPassword } from '../../src/server/auth/password-hashing';
import { findCity } from '../../src/shared/cities';

/*
 * The benches' data, written in SQL (generate_series) so that a million orders take minutes, not
 * hours. Counter tables kept by triggers (migration 0007) follow these bulk inserts by themselves.
 * Order i = 1 is the newest, placed a minute ago; order i was placed i minutes ago.
 */

export const CUSTOMERS = 200;
/** One truck and its driver each; a truck carries one order at a time (decision 5). */
export const FLEET = 200;
/** Customers signing in during the login scenario, each with a real argon2id hash. */
export const LOGIN_ACCOUNTS = 20;
export const BENCH_PASSWORD = 'Bench@2026x';
/** The newest orders not on the road are still waiting for confirmation. */
const PENDING_NEWEST = 2_000;
/** How many orders the order-page and tracking scenarios rotate over. */
const ROTATED_ORDERS = 100;
/** Of which this many are on the road (a map, a position and an arrival estimate to read). */
const ROTATED_IN_TRANSIT = 10;

const PICKUP_CITIES = ['Casablanca', 'Rabat', 'Agadir', 'Fes', 'Tangier'];
const DELIVERY_CITIES = ['Marrakech', 'Oujda', 'Meknes', 'Safi', 'Laayoune', 'Tetouan'];

export const customerEmail = (n: number) => `customer${n}@bench.ma`;

export interface SeededData {
  orders: number;
  /** customer1, who holds a tenth of all orders. */
  heavyCustomerEmail: string;
  loginEmails: string[];
  /** Orders of the heavy customer, some on the road, spread over their history. */
  heavyCustomerOrderIds: string[];
  /** Tracking numbers of anyone's orders, some on the road, spread over the history. */
  trackingNumbers: string[];
  seconds: number;
}

function cityColumns(names: string[]) {
  const found = names.map((name) => {
    const city = findCity(name);
    if (!city) throw new Error(`${name} is not a city of src/shared/cities.ts`);
    return city;
  });
  return {
    names: found.map((city) => city.city),
    lats: found.map((city) => city.lat),
    lngs: found.map((city) => city.lng),
  };
}

async function seedAccounts(client: pg.Client): Promise<void> {
  // Ids derived from a name let the orders name their customer, driver and truck without a
  // lookup: md5 with the version and variant digits of a random (v4) uuid, which the API's
  // schemas check.
  await client.query(
    `create function pg_temp.bench_uuid(name text) returns uuid language sql immutable
     as $$ select overlay(overlay(md5(name) placing '4' from 13) placing '8' from 17)::uuid $$`,
  );
  // Each customer owns an organization of their own, which takes their id as migration 0011 does
  // (docs/decisions/0014-organizations.md): their orders name it by the same expression.
  await client.query(
    `insert into organizations (id, name, created_at)
     select pg_temp.bench_uuid('customer' || i),
       case when i % 2 = 0 then 'Company ' || i || ' SARL' else 'Customer ' || i end,
       now() - interval '3 years' + i * interval '1 hour'
     from generate_series(1, $1::int) as i`,
    [CUSTOMERS],
  );
  await client.query(
    `insert into users (id, email, password_hash, role, user_type, organization_id, org_role,
       created_at)
     select pg_temp.bench_uuid('customer' || i), 'customer' || i || '@bench.ma', 'not-a-hash', 'USER',
       case when i % 2 = 0 then 'COMPANY' else 'INDIVIDUAL' end::user_type,
       pg_temp.bench_uuid('customer' || i), 'owner',
       now() - interval '3 years' + i * interval '1 hour'
     from generate_series(1, $1::int) as i`,
    [CUSTOMERS],
  );
  await client.query(
    `insert into individual_profiles (user_id, full_name, national_id, phone, address)
     select pg_temp.bench_uuid('customer' || i), 'Customer ' || i, 'BK' || lpad(i::text, 6, '0'),
       '+2126' || lpad(i::text, 8, '0'), i || ' Boulevard Zerktouni, Casablanca'
     from generate_series(1, $1::int) as i where i % 2 = 1`,
    [CUSTOMERS],
  );
  await client.query(
    `insert into company_profiles (user_id, company_name, rc, n_if, responsable_name, phone, address)
     select pg_temp.bench_uuid('customer' || i), 'Company ' || i || ' SARL', 'RC' || i, 'IF' || i,
       'Manager ' || i, '+2125' || lpad(i::text, 8, '0'), i || ' Avenue Hassan II, Rabat'
     from generate_series(1, $1::int) as i where i % 2 = 0`,
    [CUSTOMERS],
  );
  await client.query(
    `insert into users (id, role, created_at)
     select pg_temp.bench_uuid('driver' || i), 'DRIVER', now() - interval '2 years'
     from generate_series(1, $1::int) as i`,
    [FLEET],
  );
  await client.query(
    `insert into drivers (id, user_id, full_name, phone, phone_e164, national_id, license,
       license_expire)
     select pg_temp.bench_uuid('drv' || i), pg_temp.bench_uuid('driver' || i), 'Driver ' || i,
       '+2127' || lpad(i::text, 8, '0'), '+2127' || lpad(i::text, 8, '0'), 'DR' || i, 'LIC' || i,
       current_date + 365
     from generate_series(1, $1::int) as i`,
    [FLEET],
  );
  await client.query(
    `insert into trucks (id, truck_number, truck_type, model, truck_year, capacity_kg,
       technical_date, driver_id)
     select pg_temp.bench_uuid('truck' || i), 'TR-' || lpad(i::text, 4, '0'), 'box', 'Isuzu NPR', 2022,
       5000, current_date + 180, pg_temp.bench_uuid('drv' || i)
     from generate_series(1, $1::int) as i`,
    [FLEET],
  );
}

/**
 * The newest 5 × FLEET orders include one on the road per truck; the other recent ones wait for
 * confirmation; older ones are delivered (by a truck of the fleet) or, one in seven, cancelled.
 */
async function seedOrders(client: pg.Client, count: number): Promise<void> {
  const pickup = cityColumns(PICKUP_CITIES);
  const delivery = cityColumns(DELIVERY_CITIES);
  await client.query(
    `insert into orders (tracking_number, user_id, organization_id, status, pickup_loc, delivery_loc,
       pickup_lat, pickup_lng, delivery_lat, delivery_lng, weight_kg, length_cm, width_cm,
       height_cm, receiver_name, receiver_phone, price_centimes, distance_km, duration_minutes,
       truck_id, driver_id, cancel_reason, exit_date, estimated_delivery, delivery_date,
       picked_up_at, delivery_code_nonce, cash_collected_centimes, created_at, updated_at)
     select 'MA-' || substr(lpad(i::text, 8, '0'), 1, 4) || '-' || substr(lpad(i::text, 8, '0'), 5),
       pg_temp.bench_uuid('customer' || case when i % 10 = 0 then 1 else 1 + i % $2::int end),
       pg_temp.bench_uuid('customer' || case when i % 10 = 0 then 1 else 1 + i % $2::int end),
       status, ($4::text[])[p], ($7::text[])[d], ($5::float8[])[p], ($6::float8[])[p],
       ($8::float8[])[d], ($9::float8[])[d], 12, 40, 30, 20, 'Receiver ' || i,
       '+2126' || lpad((i % 100000000)::text, 8, '0'), 32582, 110.76, 111,
       case status when 'IN_TRANSIT' then pg_temp.bench_uuid('truck' || i / 5)
         when 'DELIVERED' then pg_temp.bench_uuid('truck' || 1 + i % $3::int) end,
       case status when 'IN_TRANSIT' then pg_temp.bench_uuid('drv' || i / 5)
         when 'DELIVERED' then pg_temp.bench_uuid('drv' || 1 + i % $3::int) end,
       case when status = 'CANCELLED' then 'The customer changed plans' end,
       exit_date, exit_date + interval '111 minutes', delivery_date,
       case when status = 'DELIVERED' or (status = 'IN_TRANSIT' and i % 2 = 0)
         then exit_date + interval '1 minute' * least(i / 10, 60) end,
       case when status = 'IN_TRANSIT' then md5('nonce' || i) end,
       case when status = 'DELIVERED' then 32582 end,
       created_at, coalesce(delivery_date, exit_date, created_at)
     from (
       select i, created_at, p, d, status,
         case status when 'IN_TRANSIT' then created_at + interval '1 minute' * (i / 2)
           when 'DELIVERED' then created_at + interval '2 hours' end as exit_date,
         case when status = 'DELIVERED' then created_at + interval '1 day' end as delivery_date
       from (
         select i, now() - i * interval '1 minute' as created_at,
           1 + i % cardinality($4::text[]) as p, 1 + i % cardinality($7::text[]) as d,
           case when i <= 5 * $3::int and i % 5 = 0 then 'IN_TRANSIT'
             when i <= $10::int then 'PENDING'
             when i % 7 = 3 then 'CANCELLED'
             else 'DELIVERED' end::order_status as status
         from generate_series(1, $1::int) as i
       ) as numbered
     ) as dated`,
    [
      count,
      CUSTOMERS,
      FLEET,
      pickup.names,
      pickup.lats,
      pickup.lngs,
      delivery.names,
      delivery.lats,
      delivery.lngs,
      PENDING_NEWEST,
    ],
  );
  await client.query(
    `update trucks set status = 'ON_DELIVERY'
     where id in (select truck_id from orders where status = 'IN_TRANSIT')`,
  );
  // Each order is paid on delivery, a day after it was placed (docs/product.md, decision 15).
  await client.query(
    `insert into payments (order_id, amount_centimes, method, status, paid_at, created_at)
     select id, price_centimes, 'cash_on_delivery',
       case when status = 'DELIVERED' then 'paid' else 'unpaid' end::payment_status,
       delivery_date, created_at
     from orders`,
  );
}

/** Each step an order went through, as the lifecycle writes it (src/server/orders). */
async function seedHistory(client: pg.Client): Promise<void> {
  await client.query(
    `insert into tracking_events (order_id, kind, status, location, actor_user_id, created_at)
     select id, 'placed'::order_event_kind, 'PENDING'::order_status, pickup_loc, user_id, created_at
       from orders
     union all
     select id, 'dispatched', 'IN_TRANSIT', pickup_loc, null, exit_date from orders
       where exit_date is not null
     union all
     select id, 'picked-up', 'IN_TRANSIT', pickup_loc, null, picked_up_at from orders
       where picked_up_at is not null
     union all
     select id, 'delivered', 'DELIVERED', delivery_loc, null, delivery_date from orders
       where status = 'DELIVERED'
     union all
     select id, 'cancelled', 'CANCELLED', pickup_loc, null, updated_at from orders
       where status = 'CANCELLED'`,
  );
  // Every truck on the road reported its position a minute ago.
  await client.query(
    `insert into driver_positions (driver_id, lat, lng, accuracy_m, recorded_at)
     select driver_id, (pickup_lat + delivery_lat) / 2, (pickup_lng + delivery_lng) / 2, 15,
       now() - interval '1 minute'
     from orders where status = 'IN_TRANSIT'`,
  );
  // What the outbox holds by then: a mail for each order placed and dispatched, an SMS for each
  // dispatch, all sent but a few hundred failed.
  await client.query(
    `insert into outbox_messages (channel, recipient, template, params, status, attempts,
       next_attempt_at, last_error, sent_at, created_at)
     select kind.channel::outbox_channel,
       case when kind.channel = 'sms' then o.receiver_phone else o.email end,
       kind.template, jsonb_build_object('trackingNumber', o.tracking_number),
       case when o.i % 500 = 0 then 'failed' else 'sent' end::outbox_status,
       case when o.i % 500 = 0 then 8 else 1 end, null,
       case when o.i % 500 = 0 then 'SMS gateway answered 503' end,
       case when o.i % 500 = 0 then null else o.created_at end, o.created_at
     from (select row_number() over () as i, orders.tracking_number, orders.receiver_phone,
             orders.created_at, users.email
           from orders join users on users.id = orders.user_id) as o,
       (values ('email', 'order-placed'), ('email', 'order-dispatched'),
         ('sms', 'receiver-dispatched')) as kind (channel, template)`,
  );
}

/** Real argon2id hashes for the accounts that sign in, one each (each with its own salt). */
async function setPasswords(client: pg.Client, emails: string[]): Promise<void> {
  const hashes = await Promise.all(emails.map(() => hashPassword(BENCH_PASSWORD)));
  await client.query(
    `update users set password_hash = given.hash
     from unnest($1::text[], $2::text[]) as given (email, hash)
     where users.email = given.email`,
    [emails, hashes],
  );
}

/**
 * ROTATED_ORDERS values of `column` from the orders `where` selects: ROTATED_IN_TRANSIT of them on
 * the road, the others evenly spread from the newest to the oldest.
 */
async function rotationOf(
  client: pg.Client,
  column: 'id' | 'tracking_number',
  where: string,
): Promise<string[]> {
  const { rows } = await client.query<{ value: string }>(
    `(select ${column} as value from orders where ${where} and status = 'IN_TRANSIT'
       order by created_at desc limit ${ROTATED_IN_TRANSIT})
     union all
     (select value from (
        select ${column} as value, row_number() over (order by created_at desc, id desc) as n,
          count(*) over () as total
        from orders where ${where} and status <> 'IN_TRANSIT') as ranked
      where n % greatest(total / ${ROTATED_ORDERS - ROTATED_IN_TRANSIT}, 1) = 0
      limit ${ROTATED_ORDERS - ROTATED_IN_TRANSIT})`,
  );
  return rows.map((row) => row.value);
}

/** Seeds `orderCount` orders and everything around them, then VACUUM ANALYZE and CHECKPOINT. */
export async function seedBenchData(databaseUrl: string, orderCount: number): Promise<SeededData> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await seedAccounts(client);
    await seedOrders(client, orderCount);
    await seedHistory(client);
    const heavyCustomerEmail = customerEmail(1);
    const loginEmails = Array.from({ length: LOGIN_ACCOUNTS }, (_, n) => customerEmail(n + 2));
    await setPasswords(client, [heavyCustomerEmail, ...loginEmails]);
    await client.query('vacuum analyze');
    // The seed's WAL is written out now rather than by a checkpoint spread over the first
    // measurements, which would slow whichever server was being loaded at the time.
    await client.query('checkpoint');
    const heavyCustomerOrderIds = await rotationOf(
      client,
      'id',
      `user_id = pg_temp.bench_uuid('customer1')`,
    );
    const trackingNumbers = await rotationOf(client, 'tracking_number', 'true');
    return {
      orders: orderCount,
      heavyCustomerEmail,
      loginEmails,
      heavyCustomerOrderIds,
      trackingNumbers,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await client.end();
  }
}
