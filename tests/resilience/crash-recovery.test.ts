import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import { orderPayload } from '../api/factories';
import { findFreePort } from '../api/free-port';
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
 * docs/reliability.md, "Crash": the server is killed (SIGKILL, no shutdown of any kind) while 600
 * orders are being placed at once. After a restart on the same database, every order that was
 * answered 201 is there with everything its placement writes, and no order is half-written:
 * a placement is one transaction, and PostgreSQL drops the ones the dead process left open.
 */

const ORDERS = 600;
/**
 * The kill comes once this many placements have been answered. The test process sees answers in
 * bursts (it is busy opening the other connections), so the server may have answered hundreds
 * more by then: 600 placements leave plenty in flight when it dies.
 */
const KILL_AFTER_ANSWERS = 20;
/** No placement should wait longer than this, even with 599 others in the queue. */
const ANSWER_DEADLINE_MS = 30_000;

/**
 * 600 placements queue for 10 pooled connections; on a busy machine the last ones would wait
 * past the default 3 s and get the overload's 503. This test is about the crash, not overload.
 */
const PATIENT_POOL = { DB_CONNECT_TIMEOUT_MS: String(ANSWER_DEADLINE_MS) };

let database: TestDatabase;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  if (!usesPostgres()) return;
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop('SIGKILL')));
  await database?.drop();
});

interface Placement {
  shipmentInfo: string;
  status?: number;
  order?: CustomerOrderDetail;
  /** Why no answer came: the connection died with the server. */
  failure?: string;
}

describe.skipIf(!usesPostgres())('kill -9 during 600 concurrent order placements', () => {
  it('keeps every acknowledged order whole, and none half-written', async () => {
    const port = await findFreePort();
    const first = await startServer({ databaseUrl: database.url, port, env: PATIENT_POOL });
    servers.push(first);
    const token = await signUpCustomer(first.baseUrl);

    let answered = 0;
    let killedAt: number | undefined;
    const kill = () => {
      if (killedAt !== undefined) return;
      killedAt = performance.now();
      first.child.kill('SIGKILL');
    };
    const started = performance.now();
    const placements: Placement[] = await Promise.all(
      Array.from({ length: ORDERS }, async (_, index): Promise<Placement> => {
        const shipmentInfo = `crash-recovery #${index}`;
        try {
          const response = await fetch(`${first.baseUrl}/api/dashboard/neworder`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify(orderPayload({ shipment_info: shipmentInfo, weight: 1 + index })),
            signal: AbortSignal.timeout(ANSWER_DEADLINE_MS),
          });
          const body = (await response.json()) as { order?: CustomerOrderDetail };
          answered += 1;
          if (answered >= KILL_AFTER_ANSWERS) kill();
          return { shipmentInfo, status: response.status, order: body.order };
        } catch (error) {
          return { shipmentInfo, failure: error instanceof Error ? error.message : String(error) };
        }
      }),
    );
    const placingMs = (killedAt ?? performance.now()) - started;
    expect(await first.exited).toBe('SIGKILL');

    const acknowledged = placements.filter((placement) => placement.status === 201);
    const refused = placements.filter(
      (placement) => placement.status !== undefined && placement.status !== 201,
    );
    const unanswered = placements.filter((placement) => placement.failure !== undefined);
    // Answers before the kill were all successes; the rest died with the connection.
    expect(refused.map((placement) => placement.status)).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ANSWERS);
    expect(unanswered.length, 'the kill came after every placement was answered').toBeGreaterThan(
      0,
    );

    const second = await startServer({ databaseUrl: database.url, port, env: PATIENT_POOL });
    servers.push(second);

    const stored = await readStoredOrders(database.url);
    const storedByTrackingNumber = new Map(stored.map((order) => [order.trackingNumber, order]));
    const missing = acknowledged.filter(
      (placement) => !storedByTrackingNumber.has(placement.order!.trackingNumber),
    );
    expect(missing.map((placement) => placement.shipmentInfo)).toEqual([]);
    const halfWritten = stored.filter(isHalfWritten);
    expect(halfWritten).toEqual([]);
    // Committed, but the answer died with the server: the customer sees it in their list.
    const unansweredButStored = unanswered.filter((placement) =>
      stored.some((order) => order.shipmentInfo === placement.shipmentInfo),
    );

    // The restarted server serves the customer as before: their orders, and a new placement.
    const list = await fetch(`${second.baseUrl}/api/dashboard/orders`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.status).toBe(200);
    expect(Number(list.headers.get('x-total-count'))).toBe(stored.length);
    const detail = await fetch(
      `${second.baseUrl}/api/dashboard/orders/${acknowledged[0]!.order!.id}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(detail.status).toBe(200);
    const next = await fetch(`${second.baseUrl}/api/dashboard/neworder`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(orderPayload({ shipment_info: 'after the restart' })),
    });
    expect(next.status, await next.clone().text()).toBe(201);
    expect(await second.stop('SIGTERM')).toBe(0);

    printFigures('Crash during concurrent placements (PostgreSQL)', [
      {
        'Placements sent': ORDERS,
        'Answered 201': acknowledged.length,
        'Lost with the process (no answer)': unanswered.length,
        '… of which committed anyway': unansweredButStored.length,
        'Orders found after restart': stored.length,
        'Acknowledged but missing': missing.length,
        'Half-written': halfWritten.length,
        'Kill after (ms)': Math.round(placingMs),
        'Restart to healthy (ms)': Math.round(second.startupMs),
      },
    ]);
  });
});
