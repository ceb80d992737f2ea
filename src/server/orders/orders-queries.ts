import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '../../shared/order-status';
import type { Database } from '../db/open-database';
import { escapeLikePattern } from '../db/like-pattern';
import { orders, payments, trackingEvents, trucks } from '../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type TrackingEventRow = typeof trackingEvents.$inferSelect;

export interface OrderWithPayment {
  order: OrderRow;
  payment: PaymentRow | null;
  truckNumber: string | null;
}

const orderWithPaymentColumns = {
  order: orders,
  payment: payments,
  truckNumber: trucks.truckNumber,
};

function selectOrdersWithPayment(db: Database) {
  return db
    .select(orderWithPaymentColumns)
    .from(orders)
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .leftJoin(trucks, eq(trucks.id, orders.truckId));
}

export interface CustomerOrderFilter {
  userId: string;
  statuses?: readonly OrderStatus[];
  q?: string;
}

function customerOrderConditions({ userId, statuses, q }: CustomerOrderFilter): SQL | undefined {
  const conditions: SQL[] = [eq(orders.userId, userId)];
  if (statuses && statuses.length > 0) conditions.push(inArray(orders.status, [...statuses]));
  if (q) {
    const text = escapeLikePattern(q);
    conditions.push(
      or(
        // Ids are shown shortened from either end, so both ends are searched.
        ilike(sql`${orders.id}::text`, `${text}%`),
        ilike(sql`${orders.id}::text`, `%${text}`),
        ilike(orders.trackingNumber, `%${text}%`),
        ilike(orders.deliveryLoc, `%${text}%`),
        ilike(orders.pickupLoc, `%${text}%`),
      )!,
    );
  }
  return and(...conditions);
}

export async function listCustomerOrders(
  db: Database,
  filter: CustomerOrderFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: OrderWithPayment[]; total: number }> {
  const where = customerOrderConditions(filter);
  const [rows, [total]] = await Promise.all([
    selectOrdersWithPayment(db)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export async function findOrderWithPayment(
  db: Database,
  where: { id: string; userId?: string } | { trackingNumber: string },
): Promise<OrderWithPayment | undefined> {
  const condition =
    'trackingNumber' in where
      ? eq(orders.trackingNumber, where.trackingNumber)
      : and(eq(orders.id, where.id), where.userId ? eq(orders.userId, where.userId) : undefined);
  const [row] = await selectOrdersWithPayment(db).where(condition).limit(1);
  return row;
}

export async function listTrackingEvents(
  db: Database,
  orderId: string,
): Promise<TrackingEventRow[]> {
  return db
    .select()
    .from(trackingEvents)
    .where(eq(trackingEvents.orderId, orderId))
    .orderBy(asc(trackingEvents.createdAt), asc(trackingEvents.id));
}

export async function countCustomerOrdersByStatus(
  db: Database,
  userId: string,
): Promise<Array<{ status: OrderStatus; count: number }>> {
  return db
    .select({ status: orders.status, count: count() })
    .from(orders)
    .where(eq(orders.userId, userId))
    .groupBy(orders.status);
}
