import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { PAYMENT_STATUSES, type PaymentStatus } from '#shared/order-status';
import { countUpTo, exactTotal } from '../db/list-total';
import type { Database } from '../db/open-database';
import type { Page } from '../db/page';
import { orders, payments } from '../db/schema';
import { countThenSelectPage, selectPageIds } from '../db/searched-page';
import {
  idOrTrackingMatches,
  sumPaymentTotals,
  totalPaymentsByStatus,
  type OrderSearch,
} from '../orders/order-reads';

interface PaymentFilter {
  statuses?: readonly PaymentStatus[];
  search?: OrderSearch;
}

function paymentConditions({ statuses, search }: PaymentFilter): SQL | undefined {
  let searchCondition: SQL | undefined;
  if (search) {
    const matches = idOrTrackingMatches(search);
    // Text that can be neither an id nor a tracking number finds no payment.
    searchCondition = matches.length > 0 ? or(...matches) : sql`false`;
  }
  return and(statuses ? inArray(payments.status, [...statuses]) : undefined, searchCondition);
}

export async function listPayments(db: Database, filter: PaymentFilter, page: Page) {
  const where = paymentConditions(filter);
  const matches = db
    .select({ id: payments.id, createdAt: payments.createdAt })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(where);
  const selectPage = (gatherFirst: boolean) =>
    db
      .select({ payment: payments, trackingNumber: orders.trackingNumber })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(sql`${payments.id} in (${selectPageIds(matches, page, gatherFirst)})`)
      .orderBy(desc(payments.createdAt), desc(payments.id));
  return countThenSelectPage(
    filter.search
      ? countUpTo(
          db,
          db
            .select({ id: payments.id })
            .from(payments)
            .innerJoin(orders, eq(orders.id, payments.orderId))
            .where(where)
            .$dynamic(),
        )
      : totalPaymentsByStatus(db).then((totals) =>
          exactTotal(sumPaymentTotals(totals, filter.statuses ?? PAYMENT_STATUSES).payments),
        ),
    filter.search !== undefined,
    selectPage,
  );
}
export type PaymentListRow = Awaited<ReturnType<typeof listPayments>>['rows'][number];
