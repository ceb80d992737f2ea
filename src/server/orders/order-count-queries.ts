import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  type OrderStatus,
  type PaymentStatus,
} from '#shared/order-status';
import type { Database } from '../db/open-database';
import { preparedOnce } from '../db/prepared-statements';
import {
  orderCounts,
  orderHourlyTotals,
  organizationOrderCounts,
  paymentTotals,
} from '../db/schema';

/*
 * Reads of the counters that migration 0007's triggers keep (docs/architecture.md, "Counters"):
 * each answers from a few rows whatever the number of orders. The statements are prepared once
 * per database through preparedOnce rather than by a factory per service: the admin and orders
 * services (and the lists) share one database, and a statement name must stand for one SQL text
 * on each of its connections.
 */

export type OrderStatusCounts = Record<OrderStatus, number>;

export interface PaymentTotal {
  payments: number;
  amountCentimes: number;
}
export type PaymentTotals = Record<PaymentStatus, PaymentTotal>;

function toStatusCounts(
  rows: ReadonlyArray<{ status: OrderStatus; orders: number }>,
): OrderStatusCounts {
  const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0]));
  for (const { status, orders } of rows) counts[status] = orders;
  return counts as OrderStatusCounts;
}

/** Every order, by status (each status present, 0 when none). */
export async function countOrdersByStatus(db: Database): Promise<OrderStatusCounts> {
  const rows = await preparedOnce(db, 'order_counts', (name) =>
    db
      .select({ status: orderCounts.status, orders: orderCounts.orders })
      .from(orderCounts)
      .prepare(name),
  ).execute();
  return toStatusCounts(rows);
}

/** One organization's orders, by status (each status present, 0 when none). */
export async function countCustomerOrdersByStatus(
  db: Database,
  organizationId: string,
): Promise<OrderStatusCounts> {
  const rows = await preparedOnce(db, 'organization_order_counts', (name) =>
    db
      .select({ status: organizationOrderCounts.status, orders: organizationOrderCounts.orders })
      .from(organizationOrderCounts)
      .where(eq(organizationOrderCounts.organizationId, sql.placeholder('organizationId')))
      .prepare(name),
  ).execute({ organizationId });
  return toStatusCounts(rows);
}

/**
 * The orders in any of `statuses` (every status when undefined), as a scalar subquery of the
 * counters: a list's total without a search, read beside its page (order-page-queries.ts). With
 * `customer`, that customer's organization's orders only (the placeholder `organizationId`).
 */
export function countersTotal(
  statuses: readonly OrderStatus[] | undefined,
  customer?: 'customer',
): SQL {
  const table = customer ? organizationOrderCounts : orderCounts;
  const conditions = and(
    customer
      ? eq(organizationOrderCounts.organizationId, sql.placeholder('organizationId'))
      : undefined,
    statuses ? inArray(table.status, [...statuses]) : undefined,
  );
  return sql`(select coalesce(sum(${table.orders}), 0) from ${table}
    ${conditions ? sql`where ${conditions}` : sql``})`;
}

/** The orders in any of `statuses`: a list's total without a search. */
export function sumStatusCounts(
  counts: OrderStatusCounts,
  statuses: readonly OrderStatus[],
): number {
  return statuses.reduce((sum, status) => sum + counts[status], 0);
}

/** Every payment, by status: how many and their amount (each status present). */
export async function totalPaymentsByStatus(db: Database): Promise<PaymentTotals> {
  const rows = await preparedOnce(db, 'payment_totals', (name) =>
    db.select().from(paymentTotals).prepare(name),
  ).execute();
  const totals = Object.fromEntries(
    PAYMENT_STATUSES.map((status) => [status, { payments: 0, amountCentimes: 0 }]),
  ) as PaymentTotals;
  for (const { status, payments, amountCentimes } of rows) {
    totals[status] = { payments, amountCentimes };
  }
  return totals;
}

/** The payments in any of `statuses`, and their amount. */
export function sumPaymentTotals(
  totals: PaymentTotals,
  statuses: readonly PaymentStatus[],
): PaymentTotal {
  return statuses.reduce(
    (sum, status) => ({
      payments: sum.payments + totals[status].payments,
      amountCentimes: sum.amountCentimes + totals[status].amountCentimes,
    }),
    { payments: 0, amountCentimes: 0 },
  );
}

/** An instant sent as ISO text, compared with the hours, which are UTC without a time zone. */
const utcPlaceholder = (name: string) =>
  sql`(${sql.placeholder(name)}::timestamptz at time zone 'UTC')`;

/** Every order by status, as one JSON object (`{ "PENDING": 3, … }`): for a larger statement. */
export const statusCountsJson = sql<Partial<OrderStatusCounts> | null>`(select
  json_object_agg(${orderCounts.status}, ${orderCounts.orders}) from ${orderCounts})`;

/** What statusCountsJson answered, with every status present (0 when none). */
export function toStatusCountsFromJson(json: Partial<OrderStatusCounts> | null): OrderStatusCounts {
  return toStatusCounts(
    Object.entries(json ?? {}).map(([status, orders]) => ({
      status: status as OrderStatus,
      orders: Number(orders),
    })),
  );
}

export interface DailyTotal {
  orders: number;
  paidCentimes: number;
}

/**
 * Orders placed and centimes paid on each of `dayCount` consecutive days, summed from the hourly
 * counters, as one JSON array of `[orders, paidCentimes]`, a pair a day: for a larger statement.
 * Placeholders `start0` … `start{dayCount}` hold each day's first UTC hour, then the hour after
 * the last day (dailyTotalsValues). The days' bounds come from the caller because the database's
 * time-zone data may not be the app's (admin-service.ts); summing in SQL sends a pair a day
 * instead of a row an hour.
 */
export function dailyTotalsJson(dayCount: number) {
  const days = sql.join(
    Array.from(
      { length: dayCount },
      (_, n) =>
        sql`(${sql.raw(String(n))}, ${utcPlaceholder(`start${n}`)}, ${utcPlaceholder(`start${n + 1}`)})`,
    ),
    sql`, `,
  );
  return sql<Array<[number | string, number | string]>>`(select
    json_agg(json_build_array(daily.orders, daily.paid_centimes) order by daily.n)
    from (select days.n, coalesce(sum(${orderHourlyTotals.orders}), 0) as orders,
        coalesce(sum(${orderHourlyTotals.paidCentimes}), 0) as paid_centimes
      from (values ${days}) as days (n, first_hour, after_last_hour)
      left join ${orderHourlyTotals} on ${orderHourlyTotals.hour} >= days.first_hour
        and ${orderHourlyTotals.hour} < days.after_last_hour
      group by days.n) as daily)`;
}

/** The values of dailyTotalsJson's placeholders. */
export function dailyTotalsValues(dayStarts: readonly Date[]): Record<string, string> {
  return Object.fromEntries(dayStarts.map((start, n) => [`start${n}`, start.toISOString()]));
}

/** What dailyTotalsJson answered, a total a day. */
export function toDailyTotals(
  json: ReadonlyArray<[number | string, number | string]>,
): DailyTotal[] {
  return json.map(([orders, paidCentimes]) => ({
    orders: Number(orders),
    paidCentimes: Number(paidCentimes),
  }));
}
