import { and, asc, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { DashboardReturnsView } from '#shared/schemas/returns-schemas';
import type { Database } from '../db/open-database';
import { countUpTo, type ListTotal } from '../db/list-total';
import type { Page } from '../db/page';
import { orders } from '../db/schema';
import { selectListedOrders, type ListedOrder } from './orders-queries';

/**
 * Each view of the merchant's returns screen, as the condition and the order its index reads
 * (migration 0025): waiting for a decision, oldest first (orders_organization_awaiting_decision_idx);
 * returning, newest first (orders_organization_status_created_idx); returned, last returned
 * first (orders_organization_returned_idx).
 */
function viewOf(view: DashboardReturnsView): { where: SQL; orderBy: SQL[] } {
  switch (view) {
    case 'awaiting-decision':
      return {
        where: isNotNull(orders.awaitingDecisionSince),
        orderBy: [asc(orders.awaitingDecisionSince), asc(orders.id)],
      };
    case 'returning':
      return {
        where: eq(orders.status, 'RETURNING'),
        orderBy: [desc(orders.createdAt), desc(orders.id)],
      };
    case 'returned':
      return {
        where: isNotNull(orders.returnedAt),
        orderBy: [desc(orders.returnedAt), desc(orders.id)],
      };
  }
}

/** One page of an organization's returns view and its (capped) total. */
export async function listCustomerReturns(
  db: Database,
  organizationId: string,
  view: DashboardReturnsView,
  page: Page,
): Promise<{ rows: ListedOrder[]; total: ListTotal }> {
  const { where, orderBy } = viewOf(view);
  const matching = and(eq(orders.organizationId, organizationId), where);
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(matching)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  const [rows, total] = await Promise.all([
    selectListedOrders(db)
      .where(sql`${orders.id} in (${pageIds})`)
      .orderBy(...orderBy),
    countUpTo(db, db.select({ id: orders.id }).from(orders).where(matching).$dynamic()),
  ]);
  return { rows, total };
}
