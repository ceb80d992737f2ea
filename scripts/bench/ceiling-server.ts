/**
 * The ceiling of `npm run bench`: what a careful hand-written service answers for the endpoints
 * the bench measures, to set the app's figures against. Plain Fastify (no type provider, no
 * schema, JSON.stringify), one node-postgres pool of the app's size, named prepared statements,
 * independent queries in parallel, no cached answers. It does the work the app must do: the
 * session check on every signed-in request, the same reads, the same JSON.
 *
 *   PORT=… DATABASE_URL=… JWT_SECRET=… LOG_LEVEL=warn node --import tsx scripts/bench/ceiling-server.ts
 */
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import pg from 'pg';
import { createDeliveryCodes, deriveDeliveryCodeKey } from '../../src/server/drivers/delivery-code';
import {
  addDays,
  BUSINESS_TIME_ZONE,
  listDaysUpTo,
  toBusinessDate,
} from '../../src/shared/business-calendar';
import { centimesToMad } from '../../src/shared/money';
import { ORDER_STATUSES, type OrderStatus } from '../../src/shared/order-status';
import {
  calculateServerPrice,
  estimateDurationMinutes,
  formatDistanceText,
  formatDurationText,
  PRIORITIES,
  SERVER_MAX_WEIGHT_KG,
  straightLineDistanceKm,
  type Priority,
} from '../../src/shared/pricing';
import {
  DASHBOARD_RECENT_ORDERS,
  DASHBOARD_SERIES_DAYS,
} from '../../src/shared/schemas/admin-schemas';
import { MAX_LISTED_ROWS, MAX_PAGE_SIZE } from '../../src/shared/schemas/list-schemas';
import { DASHBOARD_LAST_ORDERS } from '../../src/shared/schemas/order-schemas';
import {
  adminOrderOf,
  customerOrderDetailOf,
  customerOrderOf,
  needsPosition,
  publicTrackingOf,
  type AdminOrderRow,
  type CustomerOrderDetailRow,
  type CustomerOrderRow,
  type EventRow,
  type MapRow,
  type PositionRow,
  type TrackedOrderRow,
} from './ceiling-answers';
import { createCeilingSessions, type Caller } from './ceiling-sessions';
import {
  ADMIN_PAGE_IDS,
  adminPageRows,
  CUSTOMER_COUNTS,
  CUSTOMER_ORDER,
  CUSTOMER_PAGE_IDS,
  customerFirstOrders,
  customerOrdersBeyond,
  customerNewestAndDelivered,
  customerPageRows,
  adminDashboard,
  DASHBOARD_FIGURES_ALONE,
  LATEST_POSITION,
  newestAdminOrders,
  adminOrdersBeyond,
  ORDER_COUNTS,
  ORDER_EVENTS,
  TRACKED_ORDER,
  type NamedStatement,
} from './ceiling-statements';

/** src/server/db/open-database.ts: the app's pool holds 10 connections. */
const POOL_SIZE = 10;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`The ceiling server needs ${name}`);
  return value;
};

const pool = new pg.Pool({ connectionString: env('DATABASE_URL'), max: POOL_SIZE });
const jwtSecret = env('JWT_SECRET');
const sessions = createCeilingSessions(pool, jwtSecret);
const deliveryCodes = createDeliveryCodes(deriveDeliveryCodeKey(jwtSecret));
const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'warn' } });

const fail = (reply: FastifyReply, status: number, message: string) =>
  reply.status(status).send({ message });

/** The caller when signed in with one of `roles`; otherwise the 401 or 403 is sent. */
async function callerOf(
  request: FastifyRequest,
  reply: FastifyReply,
  roles: readonly Caller['role'][],
): Promise<Caller | undefined> {
  const caller = await sessions.authenticate(request.headers.authorization);
  if (!caller) {
    fail(reply, 401, 'Your session has expired. Please log in again.');
    return undefined;
  }
  if (!roles.includes(caller.role)) {
    fail(reply, 403, 'Forbidden');
    return undefined;
  }
  return caller;
}

/** Keyset paging's anchor, as the app takes it (src/server/http/list-routes.ts). */
interface Anchor {
  orderId: string;
  side: 'after' | 'before';
  skip: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `?page=&pageSize=&after=|before=&anchorPage=` as the app reads them
 * (src/shared/schemas/list-schemas.ts).
 */
function pageOf(query: unknown): { limit: number; offset: number; anchor?: Anchor } | undefined {
  const {
    page = '1',
    pageSize = String(MAX_PAGE_SIZE),
    after,
    before,
    anchorPage,
  } = query as Record<string, string | undefined>;
  const pageNumber = Number(page);
  const size = Number(pageSize);
  if (!Number.isInteger(pageNumber) || pageNumber < 1) return undefined;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) return undefined;
  const offset = (pageNumber - 1) * size;
  if (offset >= MAX_LISTED_ROWS) return undefined;
  const orderId = after ?? before;
  if (orderId === undefined) return anchorPage === undefined ? { limit: size, offset } : undefined;
  if ((after && before) || !UUID.test(orderId)) return undefined;
  const side = after ? 'after' : 'before';
  const from = anchorPage === undefined ? pageNumber + (after ? -1 : 1) : Number(anchorPage);
  const pagesBetween = after ? pageNumber - from - 1 : from - pageNumber - 1;
  if (!Number.isInteger(from) || from < 1 || pagesBetween < 0) return undefined;
  return { limit: size, offset, anchor: { orderId, side, skip: pagesBetween * size } };
}

const countsByStatus = (rows: Array<{ status: OrderStatus; orders: string | number }>) => {
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<
    OrderStatus,
    number
  >;
  for (const { status, orders } of rows) counts[status] = Number(orders);
  return counts;
};
const sumOf = (counts: Record<OrderStatus, number>) =>
  Object.values(counts).reduce((sum, count) => sum + count, 0);

/** How a list's pages are read: a first page in one statement, the others in two. */
interface PageReads {
  /** The first `count` rows, newest first, each with the list's total. */
  first: (count: number) => NamedStatement;
  /** A page's ids, each with the list's total: the list's values, then limit and offset. */
  ids: NamedStatement;
  /** The rows of `count` ids, in no order. */
  rows: (count: number) => NamedStatement;
  /** The list's total alone, for a page past its end: the list's values. */
  total: NamedStatement;
  /**
   * `count` rows after, or before, an order, `skip` rows away, newest first, each with the
   * list's total: the list's values, then the order.
   */
  beyond: (side: Anchor['side'], count: number, skip: number) => NamedStatement;
}

/**
 * One page of a list whose values are `listValues` and its total, as the app reads them
 * (src/server/orders/order-page-queries.ts): a first page, or a page read from an anchor, in one statement,
 * its length in the text; any other as its ids, then their rows by one parameter per id, put
 * back in the ids' order. The total comes beside the rows or the ids.
 */
async function readPage<Row extends { id: string }>(
  reads: PageReads,
  listValues: unknown[],
  page: { limit: number; offset: number; anchor?: Anchor },
): Promise<{ rows: Row[]; total: number }> {
  if (page.anchor) {
    const { orderId, side, skip } = page.anchor;
    const { rows } = await pool.query<Row & { total: string }>({
      ...reads.beyond(side, page.limit, skip),
      values: [...listValues, orderId],
    });
    if (rows.length > 0) return { rows, total: Number(rows[0]!.total) };
  }
  if (page.offset === 0) {
    const { rows } = await pool.query<Row & { total: string }>({
      ...reads.first(page.limit),
      values: listValues,
    });
    return { rows, total: Number(rows[0]?.total ?? 0) };
  }
  const { rows: idRows } = await pool.query<{ id: string; total: string }>({
    ...reads.ids,
    values: [...listValues, page.limit, page.offset],
  });
  if (idRows.length === 0) {
    const { rows: counts } = await pool.query<{ status: OrderStatus; orders: string }>({
      ...reads.total,
      values: listValues,
    });
    return { rows: [], total: sumOf(countsByStatus(counts)) };
  }
  const pageIds = idRows.map((row) => row.id);
  const { rows } = await pool.query<Row>({ ...reads.rows(pageIds.length), values: pageIds });
  const rowById = new Map(rows.map((row) => [row.id, row]));
  return {
    rows: pageIds.flatMap((id) => rowById.get(id) ?? []),
    total: Number(idRows[0]!.total),
  };
}

const CUSTOMER_PAGES: PageReads = {
  first: customerFirstOrders,
  ids: CUSTOMER_PAGE_IDS,
  rows: customerPageRows,
  total: CUSTOMER_COUNTS,
  beyond: customerOrdersBeyond,
};
const ADMIN_PAGES: PageReads = {
  first: newestAdminOrders,
  ids: ADMIN_PAGE_IDS,
  rows: adminPageRows,
  total: ORDER_COUNTS,
  beyond: adminOrdersBeyond,
};

async function latestPosition(row: MapRow): Promise<PositionRow | undefined> {
  if (!needsPosition(row)) return undefined;
  const { rows } = await pool.query<PositionRow>({
    ...LATEST_POSITION,
    values: [row.driver_id, row.exit_date],
  });
  return rows[0];
}

async function eventsAndPosition(row: MapRow & { id: string }) {
  const [events, position] = await Promise.all([
    pool.query<EventRow>({ ...ORDER_EVENTS, values: [row.id] }),
    latestPosition(row),
  ]);
  return { events: events.rows, position };
}

app.get('/api/health', async () => {
  await pool.query('select 1');
  return { status: 'ok', db: 'ok' };
});

app.post('/api/auth/login', async (request, reply) => {
  const { email, password } = (request.body ?? {}) as { email?: unknown; password?: unknown };
  if (typeof email !== 'string' || typeof password !== 'string') {
    return fail(reply, 400, 'Email and password are required');
  }
  const session = await sessions.logIn(email, password);
  return session ?? fail(reply, 401, 'Invalid email or password');
});

app.get('/api/dashboard/orders', async (request, reply) => {
  const caller = await callerOf(request, reply, ['USER']);
  if (!caller) return reply;
  const page = pageOf(request.query);
  if (!page) return fail(reply, 400, 'Invalid page');
  const { rows, total } = await readPage<CustomerOrderRow>(
    CUSTOMER_PAGES,
    [caller.organizationId],
    page,
  );
  reply.header('x-total-count', String(total));
  return { orders: rows.map(customerOrderOf) };
});

app.get('/api/dashboard', async (request, reply) => {
  const caller = await callerOf(request, reply, ['USER']);
  if (!caller) return reply;
  const [user, counts, dashboardOrders] = await Promise.all([
    sessions.profileOf(caller.userId),
    pool.query<{ status: OrderStatus; orders: string }>({
      ...CUSTOMER_COUNTS,
      values: [caller.organizationId],
    }),
    pool.query<CustomerOrderRow>({
      ...customerNewestAndDelivered(DASHBOARD_LAST_ORDERS),
      values: [caller.organizationId],
    }),
  ]);
  const latest = dashboardOrders.rows.slice(0, DASHBOARD_LAST_ORDERS);
  const delivered = dashboardOrders.rows.filter((row) => row.status === 'DELIVERED');
  const statusCounts = countsByStatus(counts.rows);
  const totalOrders = sumOf(statusCounts);
  const lastOrders = latest.map(customerOrderOf);
  return {
    user,
    lastDelivered: delivered[0] ? customerOrderOf(delivered[0]) : null,
    recentShipped: lastOrders[0] ?? null,
    lastOrders,
    totalOrders,
    statusCounts,
    statusPercentages: Object.fromEntries(
      ORDER_STATUSES.map((s) => [
        s,
        totalOrders ? Math.round((statusCounts[s] / totalOrders) * 100) : 0,
      ]),
    ),
  };
});

app.get('/api/dashboard/orders/:id', async (request, reply) => {
  const caller = await callerOf(request, reply, ['USER']);
  if (!caller) return reply;
  const { id } = request.params as { id: string };
  if (!UUID_PATTERN.test(id)) return fail(reply, 404, 'Order not found');
  const { rows } = await pool.query<CustomerOrderDetailRow>({
    ...CUSTOMER_ORDER,
    values: [id, caller.organizationId],
  });
  const row = rows[0];
  if (!row) return fail(reply, 404, 'Order not found');
  const { events, position } = await eventsAndPosition(row);
  return { order: customerOrderDetailOf(row, events, position, deliveryCodes) };
});

app.get('/api/track/:trackingNumber', async (request, reply) => {
  const { trackingNumber } = request.params as { trackingNumber: string };
  const { rows } = await pool.query<TrackedOrderRow>({
    ...TRACKED_ORDER,
    values: [trackingNumber.trim().toUpperCase()],
  });
  const row = rows[0];
  if (!row) return fail(reply, 404, 'No shipment found for this tracking number');
  const { events, position } = await eventsAndPosition(row);
  return publicTrackingOf(row, events, position);
});

const isNumberIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
const isPoint = (value: unknown): value is { lat: number; lng: number } => {
  const point = value as { lat?: unknown; lng?: unknown } | null;
  return Boolean(point) && isNumberIn(point!.lat, -90, 90) && isNumberIn(point!.lng, -180, 180);
};

app.post('/api/dashboard/distance', async (request, reply) => {
  const caller = await callerOf(request, reply, ['USER', 'ADMIN']);
  if (!caller) return reply;
  const body = (request.body ?? {}) as Record<string, unknown>;
  const priority = (body.type ?? 'normal') as Priority;
  const weight = body.weight;
  if (
    !isPoint(body.origin) ||
    !isPoint(body.destination) ||
    !isNumberIn(weight, Number.MIN_VALUE, SERVER_MAX_WEIGHT_KG) ||
    !PRIORITIES.includes(priority)
  ) {
    return fail(reply, 400, 'Invalid price request');
  }
  const km = straightLineDistanceKm(body.origin, body.destination);
  const minutes = estimateDurationMinutes(km);
  const { price, vehicle } = calculateServerPrice({ distanceKm: km, weightKg: weight, priority });
  return {
    price,
    distance: km,
    distanceText: formatDistanceText(km),
    duration: formatDurationText(minutes),
    durationMinutes: minutes,
    vehicle,
    distanceSource: 'straight-line',
  };
});

app.get('/api/admin/orders', async (request, reply) => {
  const caller = await callerOf(request, reply, ['ADMIN']);
  if (!caller) return reply;
  const page = pageOf(request.query);
  if (!page) return fail(reply, 400, 'Invalid page');
  const { rows, total } = await readPage<AdminOrderRow>(ADMIN_PAGES, [], page);
  reply.header('x-total-count', String(total));
  return rows.map(adminOrderOf);
});

interface DashboardFigures {
  status_counts: Partial<Record<OrderStatus, number>> | null;
  trucks: number;
  web_users: number;
  paid: number;
  daily: Record<string, [number, number]> | null;
}

app.get('/api/admin/dashboard', async (request, reply) => {
  const caller = await callerOf(request, reply, ['ADMIN']);
  if (!caller) return reply;
  const days = listDaysUpTo(toBusinessDate(new Date()), DASHBOARD_SERIES_DAYS);
  // A UTC day either side of the business days: Morocco's offset moves an hour across midnight.
  const from = `${addDays(days[0]!, -1)}T00:00:00`;
  const until = `${addDays(days.at(-1)!, 2)}T00:00:00`;
  const values = [from, until, BUSINESS_TIME_ZONE];
  const { rows: recent } = await pool.query<AdminOrderRow & { figures: DashboardFigures }>({
    ...adminDashboard(DASHBOARD_RECENT_ORDERS),
    values,
  });
  const row =
    recent[0]?.figures ??
    (await pool.query<{ figures: DashboardFigures }>({ ...DASHBOARD_FIGURES_ALONE, values }))
      .rows[0]!.figures;
  const statusCounts = countsByStatus(
    Object.entries(row.status_counts ?? {}).map(([status, orders]) => ({
      status: status as OrderStatus,
      orders,
    })),
  );
  return {
    totalOrders: sumOf(statusCounts),
    totalTrucks: Number(row.trucks),
    totalUsers: Number(row.web_users),
    totalPayments: centimesToMad(Number(row.paid)),
    recentOrders: recent.map(adminOrderOf),
    statusCounts,
    series: days.map((date) => ({
      date,
      orders: Number(row.daily?.[date]?.[0] ?? 0),
      revenue: centimesToMad(Number(row.daily?.[date]?.[1] ?? 0)),
    })),
  };
});

const shutdown = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());

await app.listen({ port: Number(env('PORT')), host: '127.0.0.1' });
