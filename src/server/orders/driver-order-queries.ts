import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { orders, payments, trackingEvents } from '../db/schema';

/** How many delivered orders the driver's page lists under those on the road. */
export const DRIVER_DELIVERED_LIMIT = 20;

const driverOrderColumns = {
  order: orders,
  paymentMethod: payments.method,
  failedAttempts: sql<number>`(
    select count(*)::int from ${trackingEvents}
    where ${trackingEvents.orderId} = ${orders.id} and ${trackingEvents.kind} = 'delivery-failed'
  )`.mapWith(Number),
};

export type DriverOrderRow = {
  order: typeof orders.$inferSelect;
  paymentMethod: (typeof payments.$inferSelect)['method'] | null;
  failedAttempts: number;
};

const baseQuery = (db: Database) =>
  db.select(driverOrderColumns).from(orders).leftJoin(payments, eq(payments.orderId, orders.id));

/**
 * The driver's orders on the road, oldest dispatch first, and their latest deliveries, newest
 * first; both walk the (driver, status, updated_at) index.
 */
export async function listDriverOrders(
  db: Database,
  driverId: string,
): Promise<{ onTheRoad: DriverOrderRow[]; delivered: DriverOrderRow[] }> {
  const [onTheRoad, delivered] = await Promise.all([
    baseQuery(db)
      .where(and(eq(orders.driverId, driverId), eq(orders.status, 'IN_TRANSIT')))
      .orderBy(asc(orders.exitDate), asc(orders.id)),
    baseQuery(db)
      .where(and(eq(orders.driverId, driverId), eq(orders.status, 'DELIVERED')))
      .orderBy(desc(orders.updatedAt), desc(orders.id))
      .limit(DRIVER_DELIVERED_LIMIT),
  ]);
  return { onTheRoad, delivered };
}

/** One order of this driver's; another driver's is as unknown as a missing one. */
export async function findDriverOrder(
  db: Database,
  driverId: string,
  orderId: string,
): Promise<DriverOrderRow | undefined> {
  const [row] = await baseQuery(db).where(
    and(eq(orders.id, orderId), eq(orders.driverId, driverId)),
  );
  return row;
}

/** The driver's orders on the road, the longest on the road first. */
export async function listDriverOrdersOnTheRoad(db: Database, driverId: string, limit: number) {
  return db
    .select({
      orderId: orders.id,
      organizationId: orders.organizationId,
      driverId: orders.driverId,
      trackingNumber: orders.trackingNumber,
      // Public tracking shows a position only once the shipment is picked up.
      pickedUp: sql<boolean>`${orders.pickedUpAt} is not null`,
    })
    .from(orders)
    .where(and(eq(orders.driverId, driverId), eq(orders.status, 'IN_TRANSIT')))
    .orderBy(asc(orders.exitDate))
    .limit(limit);
}
