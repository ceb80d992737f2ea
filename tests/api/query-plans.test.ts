/**
 * The hot reads keep their plans on a table loaded a moment ago, before any statistics exist
 * (docs/architecture.md, "Lists at scale"): every SQL statement a hot request runs is explained
 * with its own parameters over 100 000 orders bulk-loaded in one statement, never analyzed, and
 * must read the big tables through indexes (no sequential scan) and never sort more than a
 * page's worth of rows. The plans are executed (EXPLAIN ANALYZE), so the rows counted are the
 * rows read, not the planner's guess. PostgreSQL only: CI runs it there, and it is the database
 * these plans are for.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGER_BUTTONS } from '../../src/shared/schemas/list-schemas';
import { bearer, loginAs, type LoggedIn } from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { insertApiKey } from './parcels-api-keys';
import { usesPostgres } from './test-database-mode';

const ORDER_COUNT = 100_000;
/** The heavy customer holds three in ten orders: their lists are long, not only the admin's. */
const HEAVY_SHARE = 3;
const BIG_TABLES = new Set(['orders', 'payments', 'tracking_events', 'outbox_messages']);
/** More than any page (100 rows), or one order's timeline, but far fewer than a whole table. */
const MOST_ROWS_SORTED = 1_000;
/** What a capped count (10 001) or a bounded deep page may read; a whole table is 100 000. */
const MOST_ROWS_READ = 20_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

interface RecordedQuery {
  text: string;
  values: unknown[];
  /** Sent where sorting was priced out (readPageInIndexOrder). */
  sortOff: boolean;
}

/** What is wrong with a plan, one line per fault; none for a good plan. */
function planFaults(node: PlanNode, faults: string[] = []): string[] {
  const rows = node['Actual Rows'] * node['Actual Loops'];
  const read = rows + (node['Rows Removed by Filter'] ?? 0) * node['Actual Loops'];
  const relation = node['Relation Name'];
  if (node['Node Type'] === 'Seq Scan' && relation && BIG_TABLES.has(relation)) {
    faults.push(`sequential scan of ${relation}`);
  }
  if (node['Node Type'] === 'Sort' && rows > MOST_ROWS_SORTED) faults.push(`sorts ${rows} rows`);
  if (relation && BIG_TABLES.has(relation) && read > MOST_ROWS_READ) {
    faults.push(`reads ${read} rows of ${relation} (${node['Node Type']})`);
  }
  for (const child of node.Plans ?? []) planFaults(child, faults);
  return faults;
}

describe.skipIf(!usesPostgres())('hot query plans over a freshly bulk-loaded table', () => {
  let testApp: TestApp;
  let pool: pg.Pool;
  let customer: LoggedIn;
  let admin: LoggedIn;
  let recorded: RecordedQuery[] | undefined;
  let someOrderId: string;
  let restoreQuery: (() => void) | undefined;

  beforeAll(async () => {
    // Every statement the app sends, while a test records, and whether sorting was priced out
    // where it ran (readPageInIndexOrder): it is explained the same way. Hooked before the app
    // opens any connection: each pooled connection keeps the query function it was opened with
    // (open-database.ts), and one opened earlier would send its statements unseen.
    const sortOff = new WeakSet<pg.Client>();
    const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
    restoreQuery = () => {
      pg.Client.prototype.query = query as typeof pg.Client.prototype.query;
    };
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [first, second] = args;
      const text = typeof first === 'string' ? first : (first as { text?: string })?.text;
      if (recorded && text) {
        if (/^\s*set local enable_sort = off/i.test(text)) sortOff.add(this);
        if (/^\s*(commit|rollback)\b/i.test(text)) sortOff.delete(this);
        // Drizzle passes a prepared statement's values beside it, not in it.
        const values =
          (typeof first === 'object' ? (first as { values?: unknown[] }).values : undefined) ??
          (second as unknown[] | undefined) ??
          [];
        // Deep pages go to connections opened with sorting priced out (readPageInIndexOrder).
        const opened = (this as unknown as { connectionParameters?: { options?: string } })
          .connectionParameters?.options;
        const sortless = sortOff.has(this) || Boolean(opened?.includes('enable_sort=off'));
        recorded.push({ text, values, sortOff: sortless });
      }
      return query.apply(this, args);
    } as typeof pg.Client.prototype.query;
    testApp = await buildTestApp();
    pool = (testApp.database.db as unknown as { $client: pg.Pool }).$client;
    customer = await loginAs(testApp, 'company');
    admin = await loginAs(testApp, 'admin');
    // Loaded over a connection of its own: the app's pool stops statements after a few seconds.
    const loader = new pg.Client({ connectionString: testApp.databaseUrl });
    await loader.connect();
    try {
      // No statistics at all, and none gathered behind the test's back while it runs.
      for (const table of BIG_TABLES) {
        await loader.query(`alter table ${table} set (autovacuum_enabled = false)`);
      }
      // Fifty other customers, each the owner of an organization of their own.
      await loader.query(`
        with made as (
          insert into organizations (name)
          select 'Bulk ' || i from generate_series(1, 50) as i returning id, name)
        insert into users (email, password_hash, role, user_type, organization_id, org_role)
        select 'bulk' || substr(name, 6) || '@plans.ma', 'x', 'USER', 'INDIVIDUAL', id, 'owner'
        from made`);
      await loader.query(
        `with others as (
           select array_agg(id order by id) as ids,
             array_agg(organization_id order by id) as organizations
           from users where email like 'bulk%@plans.ma')
         insert into orders (tracking_number, user_id, organization_id, status, pickup_loc,
           delivery_loc, pickup_lat, pickup_lng, delivery_lat, delivery_lng, weight_kg,
           length_cm, width_cm, height_cm, price_centimes, distance_km, duration_minutes,
           created_at)
         select 'MA-' || substr(lpad(i::text, 8, '0'), 1, 4) || '-' || substr(lpad(i::text, 8, '0'), 5),
           case when i % 10 < $2 then $1::uuid else others.ids[1 + i % 50] end,
           case when i % 10 < $2 then $4::uuid else others.organizations[1 + i % 50] end,
           (array['PENDING','IN_TRANSIT','DELIVERED','CANCELLED','CONFIRMED'])[1 + i % 5]::order_status,
           (array['Casablanca','Rabat','Agadir','Fes','Tangier'])[1 + i % 5],
           (array['Marrakech','Oujda','Meknes','Safi','Laayoune','Tetouan'])[1 + i % 6],
           33.5, -7.6, 34.0, -6.8, 12, 40, 30, 20, 32582, 110.76, 111,
           now() - (i || ' minutes')::interval
         from generate_series(1, $3::int) as i, others`,
        [customer.user.id, HEAVY_SHARE, ORDER_COUNT, customer.user.organization!.id],
      );
      await loader.query(`
        insert into payments (order_id, amount_centimes, method, status, paid_at, created_at)
        select id, price_centimes, 'cash_on_delivery',
          case when status = 'DELIVERED' then 'paid' else 'unpaid' end::payment_status,
          case when status = 'DELIVERED' then created_at + interval '1 day' end, created_at
        from orders`);
      await loader.query(`
        insert into tracking_events (order_id, kind, status, location, created_at)
        select id, 'placed', 'PENDING', pickup_loc, created_at from orders`);
    } finally {
      await loader.end();
    }
    const result = await pool.query<{ id: string }>(
      `select id from orders where organization_id = $1 order by created_at desc offset 500 limit 1`,
      [customer.user.organization!.id],
    );
    someOrderId = result.rows[0]!.id;
  }, 120_000);

  afterAll(async () => {
    restoreQuery?.();
    await testApp?.close();
  });

  async function explain(text: string, values: unknown[], sortOff: boolean): Promise<PlanNode> {
    const client = await pool.connect();
    try {
      await client.query('begin');
      if (sortOff) await client.query('set local enable_sort = off');
      const explained = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
        `explain (analyze, format json) ${text}`,
        values,
      );
      return explained.rows[0]!['QUERY PLAN'][0]!.Plan;
    } finally {
      await client.query('rollback');
      client.release();
    }
  }

  /** Runs the request, then explains every read it sent, with the values it sent them with. */
  async function faultsOf(url: string, token?: string, method: 'GET' | 'POST' = 'GET') {
    recorded = [];
    const response = await testApp.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
    });
    const queries = recorded;
    recorded = undefined;
    expect(response.statusCode, response.body).toBe(200);
    const reads = queries.filter(({ text }) => /^\s*(select|with)\b/i.test(text));
    expect(reads.length).toBeGreaterThan(0);
    const faults: string[] = [];
    for (const { text, values, sortOff } of reads) {
      const plan = await explain(text, values, sortOff);
      for (const fault of planFaults(plan)) faults.push(`${fault} in: ${text.slice(0, 160)}`);
    }
    return faults;
  }

  const customerReads: Array<[string, string]> = [
    ['all my orders, page 1', '/api/dashboard/orders?page=1&pageSize=6'],
    ['my orders in progress', '/api/dashboard/tracking?page=1&pageSize=6'],
    ['my deliveries', '/api/dashboard/deliveries?page=1&pageSize=6'],
    ['my cancelled orders', '/api/dashboard/canceled?page=1&pageSize=6'],
    ['all my orders, a deep page', '/api/dashboard/orders?page=800&pageSize=6'],
    ['my orders, one status', '/api/dashboard/orders?status=DELIVERED&pageSize=6'],
    ['my dashboard', '/api/dashboard'],
  ];
  it.each(customerReads)('%s reads through indexes', async (_name, url) => {
    expect(await faultsOf(url, customer.token)).toEqual([]);
  });

  it('pages after and before a deep order of mine seek to it through an index', async () => {
    for (const side of ['after', 'before']) {
      for (const list of ['orders?', 'orders?status=PENDING,DELIVERED&']) {
        const url = `/api/dashboard/${list}page=85&pageSize=6&${side}=${someOrderId}`;
        expect(await faultsOf(url, customer.token)).toEqual([]);
      }
    }
  });

  it('one order of mine, and its public tracking, read through indexes', async () => {
    expect(await faultsOf(`/api/dashboard/orders/${someOrderId}`, customer.token)).toEqual([]);
    expect(await faultsOf('/api/track/MA-0005-0000')).toEqual([]);
  });

  it("the parcels API's reads (/api/v1) go through indexes: the change feed, deep pages too", async () => {
    const key = await insertApiKey(
      testApp,
      { userId: customer.user.id, organizationId: customer.user.organization!.id },
      ['parcels:read'],
    );
    const since = encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString());
    const reads = [
      '/api/v1/parcels?limit=100',
      '/api/v1/parcels?status=DELIVERED&limit=100',
      `/api/v1/parcels?updatedSince=${since}&limit=100`,
      '/api/v1/parcels?reference=SHOP-1',
      '/api/v1/parcels/MA-0005-0000',
    ];
    for (const url of reads) expect(await faultsOf(url, key.secret), url).toEqual([]);
    // A page far into the feed: its cursor seeks there through orders_organization_updated_idx.
    let cursor: string | null = null;
    for (let page = 0; page < 50; page += 1) {
      const url: string = `/api/v1/parcels?limit=100${cursor ? `&cursor=${cursor}` : ''}`;
      cursor = (
        (await testApp.app.inject({ method: 'GET', url, headers: bearer(key.secret) })).json() as {
          nextCursor: string | null;
        }
      ).nextCursor;
    }
    expect(cursor).not.toBeNull();
    for (const query of ['', '&status=PENDING']) {
      const url = `/api/v1/parcels?limit=100&cursor=${cursor}${query}`;
      expect(await faultsOf(url, key.secret), url).toEqual([]);
    }
  });

  const adminReads: Array<[string, string]> = [
    ['all orders, page 1', '/api/admin/orders?page=1&pageSize=20'],
    ['pending orders', '/api/admin/orders/pending?page=1&pageSize=20'],
    ['delivered orders', '/api/admin/orders/delivered?page=1&pageSize=20'],
    ['cancelled orders', '/api/admin/orders/cancelled?page=1&pageSize=20'],
    ['orders on the road', '/api/admin/in-transit?page=1&pageSize=20'],
    ['all orders, a deep page', '/api/admin/orders?page=250&pageSize=20'],
    ['pending orders, a deep page', '/api/admin/orders/pending?page=200&pageSize=20'],
    ['orders searched by city', '/api/admin/orders?q=Oujda&pageSize=20'],
    ['orders searched by tracking number', '/api/admin/orders?q=MA-0005-00&pageSize=20'],
    ['orders searched by customer email', '/api/admin/orders?q=bulk17@&pageSize=20'],
    ['payments, page 1', '/api/admin/payments?page=1&pageSize=20'],
    ["returns: today's failed attempts", '/api/admin/returns?view=failed-today&pageSize=20'],
    ['returns: decisions waiting', '/api/admin/returns?view=awaiting-decision&pageSize=20'],
    ['returns: parcels on their way back', '/api/admin/returns?view=returning&pageSize=20'],
    ['returns: parcels returned', '/api/admin/returns?view=returned&pageSize=20'],
    ['the dashboard', '/api/admin/dashboard'],
  ];
  it.each(adminReads)('admin: %s reads through indexes', async (_name, url) => {
    expect(await faultsOf(url, admin.token)).toEqual([]);
  });

  it('admin: pages after and before a deep order seek to it through an index', async () => {
    for (const side of ['after', 'before']) {
      for (const list of ['orders', 'orders/pending', 'in-transit']) {
        const url = `/api/admin/${list}?page=250&pageSize=20&${side}=${someOrderId}`;
        expect(await faultsOf(url, admin.token)).toEqual([]);
        // Farther than the pager moves (and, before, as far as anchorPage may be): the ids first
        // (order-page-queries.ts).
        const anchorPage = side === 'after' ? 240 : 250 + PAGER_BUTTONS;
        expect(await faultsOf(`${url}&anchorPage=${anchorPage}`, admin.token)).toEqual([]);
      }
    }
  });
});
