/**
 * The limits every list keeps (docs/decisions/0018-lists-streams-cash-positions.md): a repeated
 * status is one status and one prepared statement; the prepared statements a process keeps are
 * bounded, the least recently used deallocated on their connections; an anchor pages at most
 * PAGER_BUTTONS past its page; and lists are rate-limited per account.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGER_BUTTONS } from '../../src/shared/schemas/list-schemas';
import {
  MAX_PREPARED_STATEMENTS,
  preparedOnce,
  preparedStatementCount,
} from '../../src/server/db/prepared-statements';
import { bearer, createOrderAs, loginAs, type LoggedIn } from './factories';
import { buildTestApp, type TestApp } from './helpers';

describe('list limits', () => {
  let testApp: TestApp;
  let customer: LoggedIn;
  let orderId: string;

  beforeAll(async () => {
    testApp = await buildTestApp();
    customer = await loginAs(testApp, 'company');
    orderId = (await createOrderAs(testApp, customer)).id;
  });
  afterAll(() => testApp?.close());

  const get = (url: string, token = customer.token) =>
    testApp.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('reads a repeated status as one status, with the same prepared statement', async () => {
    const once = await get('/api/dashboard/orders?status=PENDING');
    expect(once.statusCode, once.body).toBe(200);
    const statements = preparedStatementCount(testApp.database.db);
    for (const query of [
      'status=PENDING&status=PENDING',
      'status=PENDING,PENDING',
      'status=pending&status=PENDING',
    ]) {
      const repeated = await get(`/api/dashboard/orders?${query}`);
      expect(repeated.statusCode, `${query}: ${repeated.body}`).toBe(200);
      expect(repeated.json(), query).toEqual(once.json());
    }
    // Two statuses in either order are one set, one statement.
    await get('/api/dashboard/orders?status=PENDING,CANCELLED');
    const afterOneSet = preparedStatementCount(testApp.database.db);
    await get('/api/dashboard/orders?status=CANCELLED&status=PENDING&status=CANCELLED');
    expect(preparedStatementCount(testApp.database.db)).toBe(afterOneSet);
    expect(afterOneSet).toBeGreaterThan(statements);
  });

  it('keeps at most MAX_PREPARED_STATEMENTS, deallocating the least recently used', async () => {
    const { db } = testApp.database;
    for (let n = 0; n < MAX_PREPARED_STATEMENTS + 20; n += 1) {
      const rows = await preparedOnce(db, `list_limits_test_${n}`, (name) =>
        db
          .select({ n: sql<number>`${n}::int` })
          .from(sql`(select 1) as one`)
          .prepare(name),
      ).execute();
      expect(rows).toEqual([{ n }]);
    }
    expect(preparedStatementCount(db)).toBe(MAX_PREPARED_STATEMENTS);
    // On PostgreSQL each connection keeps what it prepared (PGlite prepares none by name).
    const rowsOf = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
    const [{ count }] = (await rowsOf(
      sql`select count(*)::int as count from pg_prepared_statements`,
    )) as [{ count: number }];
    expect(count).toBeLessThanOrEqual(MAX_PREPARED_STATEMENTS);
    if (testApp.database.kind === 'postgres') {
      const oldest = await rowsOf(
        sql`select name from pg_prepared_statements where name = 'list_limits_test_0'`,
      );
      expect(oldest).toEqual([]);
    }
    // An evicted statement is prepared again when needed.
    const again = await get('/api/dashboard/orders?status=PENDING');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().orders.map((order: { id: string }) => order.id)).toEqual([orderId]);
  });

  it('refuses an anchor more than PAGER_BUTTONS pages past the page', async () => {
    const within = await get(
      `/api/dashboard/orders?page=2&before=${orderId}&anchorPage=${2 + PAGER_BUTTONS}`,
    );
    expect(within.statusCode, within.body).toBe(200);
    const beyond = await get(
      `/api/dashboard/orders?page=2&before=${orderId}&anchorPage=${3 + PAGER_BUTTONS}`,
    );
    expect(beyond.statusCode, beyond.body).toBe(400);
    expect(beyond.json().errors).toEqual({
      anchorPage: `anchorPage must be ${2 + PAGER_BUTTONS} or less`,
    });
  });
});

describe('list rate limit per account', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({ env: { RATE_LIMIT_LISTS_PER_ACCOUNT: '3' } });
  });
  afterAll(() => testApp?.close());

  it('answers 429 with Retry-After past the limit, for that account only', async () => {
    const customer = await loginAs(testApp, 'company');
    const other = await loginAs(testApp, 'individual');
    const list = (who: LoggedIn, url = '/api/dashboard/orders') =>
      testApp.app.inject({ method: 'GET', url, headers: bearer(who.token) });
    for (let n = 0; n < 3; n += 1) expect((await list(customer)).statusCode).toBe(200);
    // Every list and its export count on the one counter of the account.
    const refused = await list(customer, '/api/dashboard/deliveries/export.csv');
    expect(refused.statusCode, refused.body).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().code).toMatch(/^rate_limit\./);
    expect((await list(other)).statusCode).toBe(200);
  });
});
