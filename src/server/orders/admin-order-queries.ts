import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { ORDER_STATUSES, type OrderStatus } from '#shared/order-status';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { escapeLikePattern } from '../db/like-pattern';
import { countUpTo, exactTotal, readPageWithTotal } from '../db/list-total';
import type { ReturnsView } from '#shared/schemas/returns-schemas';
import type { Database } from '../db/open-database';
import type { Page } from '../db/page';
import { preparedOnce, statementKey } from '../db/prepared-statements';
import {
  apiKeys,
  companyProfiles,
  deliveryAttempts,
  drivers,
  individualProfiles,
  orders,
  payments,
  paymentTotals,
  trucks,
  userCounts,
  users,
} from '../db/schema';
import { countThenSelectPage, selectPageIds } from '../db/searched-page';
import {
  countersTotal,
  countOrdersByStatus,
  type OrderStatusCounts,
  dailyTotalsJson,
  dailyTotalsValues,
  statusCountsJson,
  sumStatusCounts,
  toDailyTotals,
  toStatusCountsFromJson,
} from './order-count-queries';
import { newestOrdersFirst, pickOrderIds, readOrderPage } from './order-page-queries';
import type { OrderSearch } from './order-search';
import { orderAttemptColumns, orderMapColumns, orderMoneyColumns } from './orders-queries';

/** What the back office shows of an order (admin-view.ts), and what its map needs. */
const adminOrderFields = {
  id: orders.id,
  trackingNumber: orders.trackingNumber,
  priority: orders.priority,
  cargoType: orders.cargoType,
  userId: orders.userId,
  pickupLoc: orders.pickupLoc,
  deliveryLoc: orders.deliveryLoc,
  pickupAddress: orders.pickupAddress,
  deliveryAddress: orders.deliveryAddress,
  weightKg: orders.weightKg,
  priceCentimes: orders.priceCentimes,
  ...orderMoneyColumns,
  truckId: orders.truckId,
  cancelReason: orders.cancelReason,
  receiverName: orders.receiverName,
  receiverPhone: orders.receiverPhone,
  estimatedDelivery: orders.estimatedDelivery,
  deliveryDate: orders.deliveryDate,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  deliveryCodeFailures: orders.deliveryCodeFailures,
  cashCollectedCentimes: orders.cashCollectedCentimes,
  ...orderMapColumns,
  ...orderAttemptColumns,
  returnStartedAt: orders.returnStartedAt,
  returnedAt: orders.returnedAt,
};

const adminOrderColumns = {
  order: adminOrderFields,
  payment: {
    amountCentimes: payments.amountCentimes,
    status: payments.status,
    method: payments.method,
    paidAt: payments.paidAt,
  },
  customer: {
    email: users.email,
    userType: users.userType,
    companyName: companyProfiles.companyName,
    fullName: individualProfiles.fullName,
  },
  truckNumber: trucks.truckNumber,
  driver: { id: drivers.id, fullName: drivers.fullName, phone: drivers.phone },
};

/** Orders as the back office lists them, with `extra` columns beside (the dashboard's figures). */
function selectAdminOrders<Extra extends SelectedFields>(db: Database, extra: Extra = {} as Extra) {
  return db
    .select({ ...adminOrderColumns, ...extra })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(companyProfiles, eq(companyProfiles.userId, orders.userId))
    .leftJoin(individualProfiles, eq(individualProfiles.userId, orders.userId))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .leftJoin(trucks, eq(trucks.id, orders.truckId))
    .leftJoin(drivers, eq(drivers.id, orders.driverId));
}

/** Orders of the customers whose email, company name or full name contains the text. */
function customerMatches(text: string): SQL {
  const pattern = `%${escapeLikePattern(text)}%`;
  // = any(array(…)) rather than in (…): only an array lets the planner combine this with
  // the other conditions' index scans (BitmapOr) instead of scanning every order.
  return sql`${orders.userId} = any(array(
    select ${users.id} from ${users} where ${ilike(users.email, pattern)}
    union select ${companyProfiles.userId} from ${companyProfiles}
      where ${ilike(companyProfiles.companyName, pattern)}
    union select ${individualProfiles.userId} from ${individualProfiles}
      where ${ilike(individualProfiles.fullName, pattern)}))`;
}

/** Conditions on an order's id or tracking number for a search (the payments list's too). */
export function idOrTrackingMatches(search: OrderSearch): SQL[] {
  const conditions: SQL[] = search.trackingPrefixes.map(
    (prefix) => sql`${orders.trackingNumber} like ${`${prefix}%`}`,
  );
  if (search.idRange) {
    conditions.push(sql`${orders.id} between ${search.idRange[0]} and ${search.idRange[1]}`);
  }
  return conditions;
}

function orderSearchMatches(search: OrderSearch): SQL {
  const conditions = [...idOrTrackingMatches(search), customerMatches(search.text)];
  if (search.cities.length > 0) {
    const cities = search.cities.map((city) => city.toLowerCase());
    conditions.push(
      inArray(sql`lower(${orders.pickupLoc})`, cities),
      inArray(sql`lower(${orders.deliveryLoc})`, cities),
    );
  }
  return or(...conditions)!;
}

interface AdminOrderFilter {
  statuses?: readonly OrderStatus[];
  search?: OrderSearch;
}

function adminOrderConditions({ statuses, search }: AdminOrderFilter): SQL | undefined {
  return and(
    statuses ? inArray(orders.status, [...statuses]) : undefined,
    search ? orderSearchMatches(search) : undefined,
  );
}

/**
 * One page of unsearched orders, newest first, and their total from the counters: the back
 * office's hot read (docs/architecture.md, "Lists at scale").
 */
async function selectAdminOrderPage(db: Database, filter: AdminOrderFilter, page: Page) {
  const { statuses } = filter;
  const ids = {
    name: `admin_order_page_ids_${statementKey(statuses)}`,
    where: statuses ? inArray(orders.status, [...statuses]) : undefined,
  };
  const { rows, total } = await readOrderPage(
    db,
    ids,
    page,
    'admin_order_page_rows',
    (idIsOneOf, totalColumn) => selectAdminOrders(db, { total: totalColumn }).where(idIsOneOf),
    {
      sql: countersTotal(statuses),
      readAlone: async () =>
        sumStatusCounts(await countOrdersByStatus(db), statuses ?? ORDER_STATUSES),
    },
  );
  return { rows, total: exactTotal(total) };
}

/** One page of orders, newest first, and the count of all that match. */
export async function listAdminOrders(db: Database, filter: AdminOrderFilter, page: Page) {
  if (!filter.search) return selectAdminOrderPage(db, filter, page);
  const where = adminOrderConditions(filter);
  const matches = db
    .select({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .where(where);
  // The page is chosen on the orders alone, and only its rows are joined.
  return countThenSelectPage(
    countUpTo(db, db.select({ id: orders.id }).from(orders).where(where).$dynamic()),
    true,
    (gatherFirst) =>
      selectAdminOrders(db)
        .where(sql`${orders.id} in (${selectPageIds(matches, page, gatherFirst)})`)
        .orderBy(...newestOrdersFirst),
  );
}

export async function findAdminOrder(db: Database, orderId: string) {
  const [row] = await selectAdminOrders(db).where(eq(orders.id, orderId)).limit(1);
  return row;
}
export type AdminOrderRow = NonNullable<Awaited<ReturnType<typeof findAdminOrder>>>;

/**
 * One order for its own page, with where it came from (order-view.ts, toOrderSource): the key's
 * name by one more left join, which the lists do without.
 */
export async function findAdminOrderDetail(db: Database, orderId: string) {
  const [row] = await selectAdminOrders(db, {
    apiKeyId: sql<string | null>`${orders.apiKeyId}`,
    importId: sql<string | null>`${orders.importId}`,
    apiKeyName: sql<string | null>`${apiKeys.name}`,
  })
    .leftJoin(apiKeys, eq(apiKeys.id, orders.apiKeyId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
}
export type AdminOrderDetailRow = NonNullable<Awaited<ReturnType<typeof findAdminOrderDetail>>>;

const deliveryAttemptColumns = {
  attempt: deliveryAttempts.attempt,
  reason: deliveryAttempts.reason,
  note: deliveryAttempts.note,
  nextAttemptOn: deliveryAttempts.nextAttemptOn,
  createdAt: deliveryAttempts.createdAt,
};

/** An order's failed delivery attempts, oldest first (its unique (order, attempt) index). */
export async function listDeliveryAttempts(db: Database, orderId: string) {
  return db
    .select(deliveryAttemptColumns)
    .from(deliveryAttempts)
    .where(eq(deliveryAttempts.orderId, orderId))
    .orderBy(asc(deliveryAttempts.attempt));
}
export type DeliveryAttemptRow = Awaited<ReturnType<typeof listDeliveryAttempts>>[number];

/** What the returns screen's views read around: Morocco's day, and the decision's deadline. */
export interface ReturnsWindow {
  /** The first instant of today, and of tomorrow (Morocco's days). */
  todayStart: Date;
  tomorrowStart: Date;
  /** Waiting for a decision since before this: the office may decide. */
  waitingSince: Date;
}

/**
 * One page of a view of the office's returns screen (docs/decisions/0023-failed-deliveries-and-
 * returns.md), each on its own index: the attempts that failed today, newest first
 * (delivery_attempts_created_idx); the orders on the road whose merchant has not decided for
 * too long, the longest waiting first (orders_awaiting_decision_idx); the parcels on their way
 * back, by driver; the parcels returned, newest first (orders_returned_idx).
 */
export async function listAdminReturns(
  db: Database,
  view: ReturnsView,
  window: ReturnsWindow,
  page: Page,
) {
  if (view === 'failed-today') {
    const today = and(
      gte(deliveryAttempts.createdAt, window.todayStart),
      lt(deliveryAttempts.createdAt, window.tomorrowStart),
    );
    const rows = selectAdminOrders(db, { attempt: deliveryAttemptColumns })
      .innerJoin(deliveryAttempts, eq(deliveryAttempts.orderId, orders.id))
      .where(today)
      .orderBy(desc(deliveryAttempts.createdAt), desc(deliveryAttempts.id))
      .$dynamic();
    const matching = db.select({ id: deliveryAttempts.id }).from(deliveryAttempts).where(today);
    return readPageWithTotal(db, page, rows, matching.$dynamic());
  }
  const { where, orderBy } = returnsViewOrder(view, window);
  const rows = selectAdminOrders(db)
    .where(where)
    .orderBy(...orderBy)
    .$dynamic();
  const matching = db.select({ id: orders.id }).from(orders).where(where).$dynamic();
  const { rows: found, total } = await readPageWithTotal(db, page, rows, matching);
  return { total, rows: found.map((row) => ({ ...row, attempt: null })) };
}

function returnsViewOrder(
  view: Exclude<ReturnsView, 'failed-today'>,
  window: ReturnsWindow,
): { where: SQL; orderBy: SQL[] } {
  switch (view) {
    case 'awaiting-decision':
      return {
        // A parcel no longer on the road waits for nobody, whatever the column still says.
        where: and(
          lt(orders.awaitingDecisionSince, window.waitingSince),
          eq(orders.status, 'IN_TRANSIT'),
        )!,
        orderBy: [asc(orders.awaitingDecisionSince), asc(orders.id)],
      };
    case 'returning':
      return {
        where: eq(orders.status, 'RETURNING'),
        orderBy: [
          sql`${drivers.fullName} asc nulls last`,
          asc(orders.driverId),
          asc(orders.returnStartedAt),
          asc(orders.id),
        ],
      };
    case 'returned':
      return {
        // Only a returned parcel has the day it was returned: the status lets the count walk the
        // (status, created_at) index, the page the returned_at one.
        where: and(eq(orders.status, 'RETURNED'), isNotNull(orders.returnedAt))!,
        orderBy: [sql`${orders.returnedAt} desc nulls first`, sql`${orders.id} desc nulls first`],
      };
  }
}

interface DashboardSummaryJson {
  statusCounts: Partial<OrderStatusCounts> | null;
  trucks: number;
  webUsers: number;
  paidCentimes: number | string;
  dailyTotals: Array<[number | string, number | string]>;
}

/**
 * The admin dashboard's figures as one JSON value: the orders by status, the fleet's trucks, the
 * people using the product from the web (customers and admins; drivers are the fleet), the
 * centimes of every paid payment, and the chart's orders and revenue for each of `dayCount` days
 * (dailyTotalsJson, whose placeholders dailyTotalsValues fills). Every part is a subquery of its
 * own, so PostgreSQL works it out once per statement whatever it is selected beside.
 */
function dashboardSummaryJson(dayCount: number) {
  return sql<DashboardSummaryJson>`json_build_object(
    'statusCounts', ${statusCountsJson},
    'trucks', (select count(*) from ${trucks}),
    'webUsers', (select coalesce(sum(${userCounts.users}), 0) from ${userCounts}
      where ${userCounts.role} <> 'DRIVER'),
    'paidCentimes', coalesce((select ${paymentTotals.amountCentimes} from ${paymentTotals}
      where ${paymentTotals.status} = 'paid'), 0),
    'dailyTotals', ${dailyTotalsJson(dayCount)})`;
}

function toDashboardSummary(json: DashboardSummaryJson) {
  return {
    statusCounts: toStatusCountsFromJson(json.statusCounts),
    trucks: Number(json.trucks),
    webUsers: Number(json.webUsers),
    paidCentimes: Number(json.paidCentimes),
    dailyTotals: toDailyTotals(json.dailyTotals),
  };
}

/**
 * Everything the admin dashboard shows, in one statement, so that a view costs one round trip to
 * the database (docs/architecture.md, "Lists at scale"): its `recentCount` newest orders, each
 * beside the figures (dashboardSummaryJson) for the days `dayStarts` bounds. With no order at all
 * there is no row to carry the figures, and they are read on their own.
 */
export async function readAdminDashboard(
  db: Database,
  dayStarts: readonly Date[],
  recentCount: number,
) {
  if (!Number.isSafeInteger(recentCount) || recentCount < 1) {
    throw new Error(`Not a count of orders: ${recentCount}`);
  }
  const dayCount = dayStarts.length - 1;
  const days = dailyTotalsValues(dayStarts);
  const rows = await preparedOnce(db, `admin_dashboard_${dayCount}_${recentCount}`, (name) =>
    selectAdminOrders(db, { summary: dashboardSummaryJson(dayCount) })
      .where(sql`${orders.id} in (${pickOrderIds({ count: recentCount })})`)
      .orderBy(...newestOrdersFirst)
      .prepare(name),
  ).execute(days);
  const summary =
    rows[0]?.summary ??
    (
      await preparedOnce(db, `admin_dashboard_figures_${dayCount}`, (name) =>
        db
          .select({ summary: dashboardSummaryJson(dayCount) })
          .from(sql`(select 1) as one`)
          .prepare(name),
      ).execute(days)
    )[0]!.summary;
  return { summary: toDashboardSummary(summary), recent: rows };
}
