import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import { orderPayload } from '../api/factories';
import { findFreePort } from '../api/free-port';
import { startTcpProxy, type TcpProxy } from '../api/tcp-proxy';
import { usesPostgres } from '../api/test-database-mode';
import { printFigures } from './figures';
import { isHalfWritten, readStoredOrders } from './placed-orders';
import {
  createTestDatabase,
  signUpCustomer,
  startServer,
  type ServerProcess,
  type TestDatabase,
} from './server-process';

/*
 * docs/reliability.md, "Database cut": the real server reaches PostgreSQL through a TCP proxy
 * that the test takes away for 10 s while 20 clients keep placing orders and reading their list,
 * twice: cut (every connection reset, new ones refused, as when PostgreSQL or its host goes down)
 * and then dead (connections stay open and every byte is held, as when a link or a firewall drops
 * packets silently). Every request gets an answer within 6 s: during the outage a 503 that says
 * so (or a success that beat it), soon after it only successes, and every order acknowledged 201
 * is in the database.
 */

const CLIENTS = 20;
const BEFORE_OUTAGE_MS = 4_000;
const OUTAGE_MS = 10_000;
const AFTER_OUTAGE_MS = 6_000;
/** Longer than this is a hang to a user (and to a load balancer's health check). */
const ANSWER_LIMIT_MS = 6_000;
/** Past the limit, the client gives up, so that a hang shows as one rather than stalling the test. */
const CLIENT_ABORT_MS = 15_000;
/** Full service must be back this soon after the database is. */
const RECOVERY_LIMIT_MS = 5_000;
/** A client that was refused waits this long before its next request, as a real one backs off. */
const RETRY_PAUSE_MS = 100;
/** Requests started this long after the outage began can no longer have reached the database. */
const OUTAGE_SETTLE_MS = 250;

const DATABASE_UNAVAILABLE_CODE = 'service.database_unavailable';

let database: TestDatabase;
let proxy: TcpProxy;
let server: ServerProcess | undefined;
let token: string;

beforeAll(async () => {
  if (!usesPostgres()) return;
  database = await createTestDatabase();
  proxy = await startTcpProxy({ host: database.host, port: database.port });
  server = await startServer({
    databaseUrl: proxy.urlFor(database.url),
    port: await findFreePort(),
  });
  token = await signUpCustomer(server.baseUrl);
});
afterAll(async () => {
  await server?.stop('SIGKILL');
  await proxy?.close();
  await database?.drop();
});

interface Exchange {
  kind: 'place' | 'list';
  /** Milliseconds since the load started. */
  startedAt: number;
  endedAt: number;
  status?: number;
  code?: string;
  retryAfter?: string | null;
  /** No answer: the connection failed, or the client gave up waiting. */
  failure?: string;
  trackingNumber?: string;
  shipmentInfo?: string;
}

const isSuccess = (exchange: Exchange) =>
  exchange.status !== undefined && exchange.status >= 200 && exchange.status < 300;

function percentile(values: number[], share: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
}

const OUTAGES = {
  cut: { describe: 'cut', start: () => proxy.cut() },
  dead: { describe: 'dead (every byte held)', start: () => proxy.blackhole() },
} as const;

describe.skipIf(!usesPostgres())('the database away for 10 s under load', () => {
  it.each(Object.keys(OUTAGES) as Array<keyof typeof OUTAGES>)(
    'link %s: answers 503 in time, recovers fully, loses no acknowledged order',
    async (outage) => {
      const { baseUrl } = server!;
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };

      const exchanges: Exchange[] = [];
      const loadStarted = performance.now();
      const clock = () => performance.now() - loadStarted;
      let stopping = false;
      let placed = 0;

      async function exchange(kind: Exchange['kind']): Promise<Exchange> {
        const startedAt = clock();
        const shipmentInfo = kind === 'place' ? `database ${outage} #${(placed += 1)}` : undefined;
        try {
          const response = await fetch(
            kind === 'place'
              ? `${baseUrl}/api/dashboard/neworder`
              : `${baseUrl}/api/dashboard/orders`,
            {
              method: kind === 'place' ? 'POST' : 'GET',
              headers,
              body:
                kind === 'place'
                  ? JSON.stringify(orderPayload({ shipment_info: shipmentInfo }))
                  : undefined,
              signal: AbortSignal.timeout(CLIENT_ABORT_MS),
            },
          );
          const body = (await response.json()) as { code?: string; order?: CustomerOrderDetail };
          return {
            kind,
            startedAt,
            endedAt: clock(),
            status: response.status,
            code: body.code,
            retryAfter: response.headers.get('retry-after'),
            trackingNumber: body.order?.trackingNumber,
            shipmentInfo,
          };
        } catch (error) {
          const failure =
            error instanceof Error ? `${error.name}: ${error.message}` : String(error);
          return { kind, startedAt, endedAt: clock(), failure, shipmentInfo };
        }
      }

      const clients = Array.from({ length: CLIENTS }, async (_, index) => {
        const kind = index % 2 === 0 ? 'place' : 'list';
        while (!stopping) {
          const result = await exchange(kind);
          exchanges.push(result);
          if (!isSuccess(result)) await sleep(RETRY_PAUSE_MS);
        }
      });

      await sleep(BEFORE_OUTAGE_MS);
      const cutAt = clock();
      OUTAGES[outage].start();
      await sleep(OUTAGE_MS);
      const restoredAt = clock();
      proxy.restore();
      await sleep(AFTER_OUTAGE_MS);
      stopping = true;
      await Promise.all(clients);

      const context = (list: Exchange[]) => JSON.stringify(list.slice(0, 5));
      // Every request was answered, and in time.
      const unanswered = exchanges.filter((entry) => entry.failure !== undefined);
      expect(unanswered, context(unanswered)).toEqual([]);
      // A request already under way when the link went counts from then: its own earlier
      // statements are not the outage's doing (each statement has its own deadline).
      const waitedMs = (entry: Exchange) => entry.endedAt - Math.max(entry.startedAt, cutAt);
      const slow = exchanges.filter((entry) => waitedMs(entry) >= ANSWER_LIMIT_MS);
      expect(slow, context(slow)).toEqual([]);
      // Successes, or the outage's own 503: never a 500, never a 401 that would sign a user out.
      const unexpected = exchanges.filter((entry) => !isSuccess(entry) && entry.status !== 503);
      expect(unexpected, context(unexpected)).toEqual([]);
      const refusals = exchanges.filter((entry) => entry.status === 503);
      const unexplained = refusals.filter(
        (entry) => entry.code !== DATABASE_UNAVAILABLE_CODE || !entry.retryAfter,
      );
      expect(unexplained, context(unexplained)).toEqual([]);

      const before = exchanges.filter((entry) => entry.endedAt < cutAt);
      expect(before.filter((entry) => !isSuccess(entry))).toEqual([]);
      const duringCut = exchanges.filter(
        (entry) => entry.startedAt >= cutAt + OUTAGE_SETTLE_MS && entry.endedAt < restoredAt,
      );
      expect(duringCut.length).toBeGreaterThan(0);
      const servedDuringCut = duringCut.filter(isSuccess);
      expect(servedDuringCut, context(servedDuringCut)).toEqual([]);

      const afterRestore = exchanges.filter((entry) => entry.startedAt >= restoredAt);
      const lastRefusalEnd = Math.max(
        restoredAt,
        ...afterRestore.filter((entry) => !isSuccess(entry)).map((entry) => entry.endedAt),
      );
      const recoveryMs = lastRefusalEnd - restoredAt;
      expect(recoveryMs).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
      expect(afterRestore.filter(isSuccess).length).toBeGreaterThan(0);

      // Nothing acknowledged is lost, nothing is half-written.
      const acknowledged = exchanges.filter(
        (entry) => entry.kind === 'place' && entry.status === 201,
      );
      const stored = await readStoredOrders(database.url);
      const storedNumbers = new Set(stored.map((order) => order.trackingNumber));
      const lost = acknowledged.filter((entry) => !storedNumbers.has(entry.trackingNumber!));
      expect(lost, context(lost)).toEqual([]);
      expect(stored.filter(isHalfWritten)).toEqual([]);
      // Refused with 503 after its transaction had committed: the customer finds it in their list.
      const refusedButStored = exchanges.filter(
        (entry) =>
          entry.kind === 'place' &&
          entry.status !== 201 &&
          stored.some((order) => order.shipmentInfo === entry.shipmentInfo),
      );

      expect(server!.child.exitCode).toBeNull();
      const health = await fetch(`${baseUrl}/api/health`);
      expect(health.status).toBe(200);

      const phaseFigures = (phase: string, list: Exchange[]) => {
        const latencies = list.map((entry) => entry.endedAt - entry.startedAt);
        return {
          Phase: phase,
          Requests: list.length,
          'Answered 2xx': list.filter(isSuccess).length,
          'Answered 503': list.filter((entry) => entry.status === 503).length,
          Other: list.filter((entry) => !isSuccess(entry) && entry.status !== 503).length,
          'Median (ms)': Math.round(percentile(latencies, 0.5)),
          'p95 (ms)': Math.round(percentile(latencies, 0.95)),
          'Slowest (ms)': Math.round(Math.max(0, ...latencies)),
        };
      };
      const title = `Database link ${OUTAGES[outage].describe} for 10 s under load (PostgreSQL)`;
      printFigures(title, [
        phaseFigures(
          'before',
          exchanges.filter((entry) => entry.startedAt < cutAt),
        ),
        phaseFigures(
          'during',
          exchanges.filter((entry) => entry.startedAt >= cutAt && entry.startedAt < restoredAt),
        ),
        phaseFigures('after', afterRestore),
      ]);
      printFigures(`Outcome while the link was ${outage}`, [
        {
          'Acknowledged 201': acknowledged.length,
          'Found in the database': acknowledged.length - lost.length,
          'Answered 503 but committed': refusedButStored.length,
          'Half-written': stored.filter(isHalfWritten).length,
          'Full service back after restore (ms)': Math.round(recoveryMs),
          'Longest wait caused by the outage (ms)': Math.round(
            Math.max(...exchanges.map(waitedMs)),
          ),
        },
      ]);
    },
  );
});
