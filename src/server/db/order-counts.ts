import { eq, sql } from 'drizzle-orm';
import {
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  type OrderStatus,
  type PaymentStatus,
} from '../../shared/order-status';
import type { Database } from './open-database';
import { preparedOnce } from './prepared-statements';
import { customerOrderCounts, orderCounts, orderHourlyTotals, paymentTotals } from './schema';

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

/** One customer's orders, by status (each status present, 0 when none). */
export async function countCustomerOrdersByStatus(
  db: Database,
  userId: string,
): Promise<OrderStatusCounts> {
  const rows = await preparedOnce(db, 'customer_order_counts', (name) =>
    db
      .select({ status: customerOrderCounts.status, orders: customerOrderCounts.orders })
      .from(customerOrderCounts)
      .where(eq(customerOrderCounts.userId, sql.placeholder('userId')))
      .prepare(name),
  ).execute({ userId });
  return toStatusCounts(rows);
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

export interface DailyTotal {
  orders: number;
  paidCentimes: number;
}

/**
 * Orders placed and centimes paid on each of a run of consecutive days, summed here from the
 * hourly counters: `dayStarts` holds each day's first UTC hour, then the hour after the last day.
 * The days' bounds come from the caller because the database's time-zone data may not be the
 * app's (admin-service.ts); summing in SQL sends a row a day instead of one an hour.
 */
export async function sumDailyTotals(
  db: Database,
  dayStarts: readonly Date[],
): Promise<DailyTotal[]> {
  const dayCount = dayStarts.length - 1;
  const rows = await preparedOnce(db, `daily_totals_${dayCount}`, (name) => {
    const days = sql.join(
      Array.from(
        { length: dayCount },
        (_, n) =>
          sql`(${sql.raw(String(n))}, ${utcPlaceholder(`start${n}`)}, ${utcPlaceholder(`start${n + 1}`)})`,
      ),
      sql`, `,
    );
    return db
      .select({
        day: sql<number>`days.n`,
        orders: sql<number>`coalesce(sum(${orderHourlyTotals.orders}), 0)`.mapWith(Number),
        paidCentimes: sql<number>`coalesce(sum(${orderHourlyTotals.paidCentimes}), 0)`.mapWith(
          Number,
        ),
      })
      .from(sql`(values ${days}) as days (n, first_hour, after_last_hour)`)
      .leftJoin(
        orderHourlyTotals,
        sql`${orderHourlyTotals.hour} >= days.first_hour
          and ${orderHourlyTotals.hour} < days.after_last_hour`,
      )
      .groupBy(sql`days.n`)
      .prepare(name);
  }).execute(Object.fromEntries(dayStarts.map((start, n) => [`start${n}`, start.toISOString()])));
  const totals = Array.from({ length: dayCount }, () => ({ orders: 0, paidCentimes: 0 }));
  for (const { day, orders, paidCentimes } of rows) totals[day] = { orders, paidCentimes };
  return totals;
}
