import { and, asc, eq, gt, max, type SQL } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { orders, trackingEvents } from '../db/schema';
import type { OrderEventNotice } from '../events/order-event-notice';

/**
 * Whose events a stream carries: everyone's (admins), one customer organization's, the orders dispatched to
 * one driver, or one shipment's.
 */
export type EventScope =
  { all: true } | { organizationId: string } | { driverId: string } | { orderId: string };

function scopeCondition(scope: EventScope): SQL | undefined {
  if ('organizationId' in scope) return eq(orders.organizationId, scope.organizationId);
  if ('driverId' in scope) return eq(orders.driverId, scope.driverId);
  if ('orderId' in scope) return eq(orders.id, scope.orderId);
  return undefined;
}

/** The events written after `afterSeq`, oldest first: what a reconnecting stream missed. */
export async function listOrderEventsAfter(
  db: Database,
  afterSeq: number,
  scope: EventScope,
  limit: number,
): Promise<OrderEventNotice[]> {
  const rows = await db
    .select({
      seq: trackingEvents.seq,
      orderId: orders.id,
      organizationId: orders.organizationId,
      driverId: orders.driverId,
      trackingNumber: orders.trackingNumber,
      status: trackingEvents.status,
      kind: trackingEvents.kind,
      at: trackingEvents.createdAt,
    })
    .from(trackingEvents)
    .innerJoin(orders, eq(orders.id, trackingEvents.orderId))
    .where(and(gt(trackingEvents.seq, afterSeq), scopeCondition(scope)))
    .orderBy(asc(trackingEvents.seq))
    .limit(limit);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}

export async function findOrderIdByTrackingNumber(
  db: Database,
  trackingNumber: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.trackingNumber, trackingNumber))
    .limit(1);
  return row?.id;
}

/** The newest event's sequence number (0 before the first): where a catch-up starts from. */
export async function findLastEventSeq(db: Database): Promise<number> {
  const [row] = await db.select({ seq: max(trackingEvents.seq) }).from(trackingEvents);
  return Number(row?.seq ?? 0);
}
