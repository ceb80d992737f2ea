/**
 * `npm run bench:webhooks` (also part of `npm run bench`): how long a parcel's change takes to
 * reach its shop's webhook endpoints, on PostgreSQL (docs/decisions/0021-shippers-api.md).
 *
 * One organization with 50 endpoints, each a receiver of its own on this machine, listening to
 * every event; orders are placed one after another through the API, each queuing 50 deliveries
 * in its transaction. For every delivery: the time from the placing request's start to the
 * receiver having the whole body. Target: p99 under 2 s.
 *
 *   BENCH_DATABASE_URL  PostgreSQL server for the scratch database
 *                       (postgres://postgres@127.0.0.1:5432/postgres)
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/open-database';
import { companyPayload, TEST_PASSWORD } from '../../tests/support/accounts';
import { connectToBenchServer, createScratchDatabase } from './bench-database';

const ENDPOINTS = 50;
const ORDERS = 40;
const TARGET_P99_MS = 2_000;

/** Receipt times by `webhook-id`'s tracking number: one per endpoint and order. */
const receipts = new Map<string, number[]>();

function startReceiver(): Promise<Server> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      const body = JSON.parse(Buffer.concat(chunks).toString()) as {
        data: { trackingNumber: string };
      };
      const list = receipts.get(body.data.trackingNumber) ?? [];
      list.push(at);
      receipts.set(body.data.trackingNumber, list);
      response.writeHead(204).end();
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

const server = await connectToBenchServer();
const scratch = await createScratchDatabase(server);
const database = await openDatabase({ kind: 'postgres', url: scratch.url });
const receivers = await Promise.all(Array.from({ length: ENDPOINTS }, startReceiver));
const config = readConfig({
  LOG_LEVEL: 'warn',
  DATA_DIR: '.tmp/bench-data',
  JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
  PUBLIC_URL: 'http://atlas.bench',
  WEBHOOKS_ALLOW_HTTP: '1',
  RATE_LIMIT_REGISTER_PER_IP: '100000',
  RATE_LIMIT_ORDER_PER_CUSTOMER: '100000',
  RATE_LIMIT_ORDER_PER_IP: '100000',
});
const app = await buildApp({
  config,
  db: database.db,
  databaseKind: 'postgres',
  channels: database.channels,
});
try {
  await app.ready();
  const account = companyPayload();
  const registered = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: account,
  });
  if (registered.statusCode !== 201) throw new Error(`register: ${registered.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: account.email, password: TEST_PASSWORD },
  });
  const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
  for (const receiver of receivers) {
    const { port } = receiver.address() as AddressInfo;
    const created = await app.inject({
      method: 'POST',
      url: '/api/org/webhooks',
      headers,
      payload: { url: `http://127.0.0.1:${port}/hooks`, events: ['*'] },
    });
    if (created.statusCode !== 201) throw new Error(`endpoint: ${created.body}`);
  }

  const latencies: number[] = [];
  const started = performance.now();
  for (let index = 0; index < ORDERS; index += 1) {
    const changeAt = performance.now();
    const placed = await app.inject({
      method: 'POST',
      url: '/api/dashboard/neworder',
      headers,
      payload: {
        priority: 'normal',
        pickup_loc: 'Casablanca',
        delivery_loc: 'Rabat',
        weight: 12,
        leingth: 40,
        width: 30,
        height: 20,
        payment_method: 'cash_on_delivery',
        price: 1,
        receiver_name: 'Karim Alaoui',
        receiver_phone: '+212612345678',
      },
    });
    if (placed.statusCode !== 201) throw new Error(`order: ${placed.body}`);
    const { trackingNumber } = (placed.json() as { order: { trackingNumber: string } }).order;
    const deadline = Date.now() + 30_000;
    while ((receipts.get(trackingNumber)?.length ?? 0) < ENDPOINTS && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const arrived = receipts.get(trackingNumber) ?? [];
    if (arrived.length < ENDPOINTS)
      throw new Error(`${trackingNumber}: ${arrived.length} of ${ENDPOINTS} arrived`);
    latencies.push(...arrived.map((at) => at - changeAt));
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  console.log(
    `webhooks: ${ORDERS} orders × ${ENDPOINTS} endpoints = ${latencies.length} deliveries in ${seconds.toFixed(1)} s; ` +
      `change → receipt p50 ${Math.round(p50)} ms, p99 ${Math.round(p99)} ms, max ${Math.round(latencies.at(-1)!)} ms (target p99 < ${TARGET_P99_MS} ms)`,
  );
  if (p99 >= TARGET_P99_MS) {
    console.log('Target missed: webhook delivery p99');
    process.exitCode = 1;
  } else console.log('Webhook delivery target met.');
} finally {
  await app.close();
  await database.close();
  await scratch.drop();
  await server.end();
  for (const receiver of receivers) receiver.close();
}
