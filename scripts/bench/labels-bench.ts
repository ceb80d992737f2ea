/**
 * `npm run bench:labels` (also the end of `npm run bench`): label PDFs through the real HTTP
 * routes of the built app on PostgreSQL, as a shop's server fetches them
 * (docs/decisions/0022-labels-manifests-scanning.md). Targets: one label p95 under 300 ms, a
 * 500-label PDF under 10 s.
 *
 * One organization with a `labels:read` key and 500 parcels; `BENCH_LABEL_CALLS` calls of
 * GET /api/v1/parcels/:trackingNumber/label one after the other (each parcel in turn), then
 * `BENCH_LABEL_BATCHES` calls of POST /api/v1/labels with all 500.
 *
 *   BENCH_DATABASE_URL   PostgreSQL server for the scratch database
 *                        (postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_LABEL_CALLS    one-label calls (100)
 *   BENCH_LABEL_BATCHES  500-label calls (3)
 *   BENCH_APP_ENTRY      the app's entry (dist/server/main.js, built afresh)
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { MAX_LABELS_PER_PDF } from '../../src/shared/labels';
import {
  hashApiKeySecret,
  newApiKeySecret,
  shownPrefixOf,
} from '../../src/server/api-keys/api-key-secrets';
import { connectToBenchServer, createScratchDatabase } from './bench-database';
import { buildAppUnlessGiven, startApp } from './bench-servers';

const CALLS = Number(process.env.BENCH_LABEL_CALLS ?? 100);
const BATCHES = Number(process.env.BENCH_LABEL_BATCHES ?? 3);
const TARGET_ONE_P95_MS = 300;
const TARGET_BATCH_MS = 10_000;

/** An organization, its owner, a labels:read key and 500 parcels; answers the key and numbers. */
async function seedShop(databaseUrl: string): Promise<{ secret: string; numbers: string[] }> {
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
         returning id, organization_id),
       parcels as (
         insert into orders (tracking_number, user_id, organization_id, pickup_loc, delivery_loc,
           pickup_lat, pickup_lng, delivery_lat, delivery_lng, weight_kg, length_cm, width_cm,
           height_cm, price_centimes, distance_km, duration_minutes, receiver_name,
           receiver_phone, delivery_address, cod_amount_centimes, reference)
         select 'MA-B' || lpad(i::text, 3, '0') || '-' || lpad(i::text, 4, '0'), owner.id,
           owner.organization_id, 'Casablanca', 'Rabat', 33.5, -7.6, 34.0, -6.8, 2.5, 30, 20,
           15, 3500, 88.4, 90, 'محمد العلوي', '+212612345678', '12 rue Ibn Batouta',
           35000, 'BENCH-' || i
         from owner, generate_series(1, $3::int) as i)
       insert into api_keys (organization_id, name, prefix, secret_hash, scopes, created_by_user_id)
       select organization_id, 'Bench shop', $1, $2, array['labels:read'], id from owner`,
      [shownPrefixOf(secret), hashApiKeySecret(secret), MAX_LABELS_PER_PDF],
    );
    const { rows } = await client.query<{ tracking_number: string }>(
      'select tracking_number from orders order by tracking_number',
    );
    return { secret, numbers: rows.map((row) => row.tracking_number) };
  } finally {
    await client.end();
  }
}

/** One call; answers its time in ms, after checking it is a PDF. */
async function timedPdf(url: string, secret: string, body?: object): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, {
    method: body ? 'POST' : 'GET',
    headers: {
      authorization: `Bearer ${secret}`,
      ...(body && { 'content-type': 'application/json' }),
    },
    body: body && JSON.stringify(body),
  });
  const pdf = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - started;
  if (response.status !== 200 || !pdf.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
    throw new Error(`${url}: ${response.status} ${pdf.toString('utf8', 0, 300)}`);
  }
  return ms;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

const server = await connectToBenchServer();
buildAppUnlessGiven();
const scratch = await createScratchDatabase(server);
let oneP95: number;
let batchSlowest: number;
try {
  const { secret, numbers } = await seedShop(scratch.url);
  const app = await startApp(scratch.url);
  try {
    const one = (i: number) =>
      timedPdf(`${app.baseUrl}/api/v1/parcels/${numbers[i % numbers.length]}/label`, secret);
    // Warm-up: the first calls compile the routes' schemas and load the PDF fonts.
    for (let i = 0; i < 5; i += 1) await one(i);
    const times: number[] = [];
    for (let i = 0; i < CALLS; i += 1) times.push(await one(i));
    times.sort((a, b) => a - b);
    oneP95 = percentile(times, 95);
    console.log(
      `GET /api/v1/parcels/:trackingNumber/label: ${CALLS} calls, p50 ` +
        `${Math.round(percentile(times, 50))} ms, p95 ${Math.round(oneP95)} ms`,
    );
    const batches: number[] = [];
    for (let i = 0; i < BATCHES; i += 1) {
      batches.push(
        await timedPdf(`${app.baseUrl}/api/v1/labels`, secret, {
          trackingNumbers: numbers,
          format: '100x150',
        }),
      );
    }
    batchSlowest = Math.max(...batches);
    console.log(
      `POST /api/v1/labels with ${numbers.length}: ${batches
        .map((ms) => `${(ms / 1000).toFixed(2)} s`)
        .join(', ')}`,
    );
  } finally {
    await app.stop();
  }
} finally {
  await scratch.drop();
  await server.end();
}
console.log(`One label: p95 ${Math.round(oneP95)} ms (target < ${TARGET_ONE_P95_MS})`);
console.log(
  `${MAX_LABELS_PER_PDF} labels: ${(batchSlowest / 1000).toFixed(2)} s at worst ` +
    `(target < ${TARGET_BATCH_MS / 1000} s)`,
);
if (oneP95 >= TARGET_ONE_P95_MS || batchSlowest >= TARGET_BATCH_MS) {
  console.log('Target missed: labels too slow');
  process.exitCode = 1;
}
