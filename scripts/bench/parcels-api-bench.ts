/**
 * `npm run bench:parcels` (also the end of `npm run bench`): POST /api/v1/parcels with 100 parcels
 * per call, against the built app on PostgreSQL, as a shop's server sends them
 * (docs/decisions/0021-shippers-api.md, "The parcels API"). Target: 500 parcels/s or more.
 *
 * One organization with an API key and a pickup address; `BENCH_PARCEL_CALLS` calls of 100
 * parcels (every parcel with its own reference, so each is checked against the ones made before),
 * sent by one caller after the other, then by `BENCH_PARCEL_CALLERS` at once. Prints parcels/s
 * and each call's p50 and p99.
 *
 *   BENCH_DATABASE_URL    PostgreSQL server for the scratch database
 *                         (postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_PARCEL_CALLS    calls per run (30)
 *   BENCH_PARCEL_CALLERS  callers at once in the second run (4)
 *   BENCH_APP_ENTRY       the app's entry (dist/server/main.js, built afresh)
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { MAX_PARCELS_PER_REQUEST } from '../../src/shared/shippers-api';
import {
  hashApiKeySecret,
  newApiKeySecret,
  shownPrefixOf,
} from '../../src/server/api-keys/api-key-secrets';
import { connectToBenchServer, createScratchDatabase } from './bench-database';
import { buildAppUnlessGiven, startApp } from './bench-servers';

const CALLS = Number(process.env.BENCH_PARCEL_CALLS ?? 30);
const CALLERS = Number(process.env.BENCH_PARCEL_CALLERS ?? 4);
const TARGET_PARCELS_PER_SECOND = 500;
const CITIES = ['Rabat', 'Marrakech', 'Fes', 'Tangier', 'Agadir', 'Oujda', 'Meknes', 'Kenitra'];

/** An organization, its owner and a key with parcels:write; answers the key's secret. */
async function seedShop(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const secret = newApiKeySecret();
    await client.query(
      `with organization as (
         insert into organizations (name, pickup_city, pickup_address)
         values ('Bench Shop SARL', 'Casablanca', '5 boulevard Zerktouni') returning id),
       owner as (
         insert into users (email, password_hash, role, user_type, organization_id, org_role)
         select 'shop@bench.ma', 'not-a-hash', 'USER', 'COMPANY', id, 'owner' from organization
         returning id, organization_id)
       insert into api_keys (organization_id, name, prefix, secret_hash, scopes, created_by_user_id)
       select organization_id, 'Bench shop', $1, $2, array['parcels:read', 'parcels:write'], id
       from owner`,
      [shownPrefixOf(secret), hashApiKeySecret(secret)],
    );
    return secret;
  } finally {
    await client.end();
  }
}

function parcels(call: number) {
  return Array.from({ length: MAX_PARCELS_PER_REQUEST }, (_, i) => ({
    reference: `BENCH-${call}-${i}`,
    receiver: {
      name: `Receiver ${i}`,
      phone: '+212612345678',
      address: `${i} rue Ibn Batouta`,
      city: CITIES[(call + i) % CITIES.length]!,
    },
    weight: 1 + (i % 20),
    dimensions: { length: 30, width: 20, height: 15 },
    codAmount: 100 + i,
    feePaidBy: i % 3 === 0 ? 'receiver' : 'sender',
  }));
}

async function postBatch(baseUrl: string, secret: string, call: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/v1/parcels`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${secret}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ parcels: parcels(call) }),
  });
  const body = (await response.json()) as { created?: number };
  if (response.status !== 207 || body.created !== MAX_PARCELS_PER_REQUEST) {
    throw new Error(`call ${call}: ${response.status} ${JSON.stringify(body).slice(0, 500)}`);
  }
  return performance.now() - started;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** `CALLS` calls from `callers` callers at once, numbered from `firstCall`. */
async function measure(baseUrl: string, secret: string, callers: number, firstCall: number) {
  let next = firstCall;
  const times: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (next < firstCall + CALLS) {
        const call = next;
        next += 1;
        times.push(await postBatch(baseUrl, secret, call));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const parcelsPerSecond = (CALLS * MAX_PARCELS_PER_REQUEST) / seconds;
  console.log(
    `${callers} caller(s): ${CALLS} calls of ${MAX_PARCELS_PER_REQUEST} parcels in ` +
      `${seconds.toFixed(1)} s: ${Math.round(parcelsPerSecond)} parcels/s; per call p50 ` +
      `${Math.round(percentile(times, 50))} ms, p99 ${Math.round(percentile(times, 99))} ms`,
  );
  return parcelsPerSecond;
}

const server = await connectToBenchServer();
buildAppUnlessGiven();
const scratch = await createScratchDatabase(server);
let slowest: number;
try {
  const secret = await seedShop(scratch.url);
  const app = await startApp(scratch.url);
  try {
    // Warm-up: the first calls compile the routes' schemas and fill the route cache.
    for (let call = 0; call < 3; call += 1) await postBatch(app.baseUrl, secret, 1_000_000 + call);
    slowest = Math.min(
      await measure(app.baseUrl, secret, 1, 0),
      await measure(app.baseUrl, secret, CALLERS, CALLS),
    );
  } finally {
    await app.stop();
  }
} finally {
  await scratch.drop();
  await server.end();
}
console.log(
  `POST /api/v1/parcels: ${Math.round(slowest)} parcels/s at worst ` +
    `(target ≥ ${TARGET_PARCELS_PER_SECOND})`,
);
if (slowest < TARGET_PARCELS_PER_SECOND) {
  console.log('Target missed: POST /api/v1/parcels too slow');
  process.exitCode = 1;
}
