import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { toBusinessDate } from '#shared/business-calendar';
import type { Database } from '../db/open-database';
import { companyProfiles, individualProfiles, orders, organizations, payments } from '../db/schema';

/** How many delivered orders the driver's page lists under those on the road. */
export const DRIVER_DELIVERED_LIMIT = 20;

const driverOrderColumns = {
  order: orders,
  paymentMethod: payments.method,
  /** The sender a returning parcel goes back to: the organization and its creator's phone. */
  senderName: organizations.name,
  senderPhone: sql<string | null>`coalesce(${companyProfiles.phone}, ${individualProfiles.phone})`,
  /** The parcel an exchange's driver takes back (one row by its primary key). */
  takeBack: sql<string | null>`(
    select exchanged.tracking_number from ${orders} as exchanged
    where exchanged.id = ${orders.exchangeOf}
  )`,
};

export type DriverOrderRow = {
  order: typeof orders.$inferSelect;
  paymentMethod: (typeof payments.$inferSelect)['method'] | null;
  senderName: string | null;
  senderPhone: string | null;
  takeBack: string | null;
};

const baseQuery = (db: Database) =>
  db
    .select(driverOrderColumns)
    .from(orders)
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .leftJoin(organizations, eq(organizations.id, orders.organizationId))
    .leftJoin(companyProfiles, eq(companyProfiles.userId, orders.userId))
    .leftJoin(individualProfiles, eq(individualProfiles.userId, orders.userId));

/**
 * The driver's orders on the road and the parcels they bring back: today's stops first (no day
 * set, or a day already come), oldest dispatch first, then the postponed ones by their day; and
 * their latest deliveries, newest first. Both walk the (driver, status, updated_at) index.
 */
export async function listDriverOrders(
  db: Database,
  driverId: string,
  now: Date,
): Promise<{ onTheRoad: DriverOrderRow[]; delivered: DriverOrderRow[] }> {
  const today = toBusinessDate(now);
  const dueLater = sql`coalesce(${orders.nextAttemptOn} > ${today}::date, false)`;
  const [onTheRoad, delivered] = await Promise.all([
    baseQuery(db)
      .where(
        and(eq(orders.driverId, driverId), inArray(orders.status, ['IN_TRANSIT', 'RETURNING'])),
      )
      .orderBy(dueLater, asc(orders.nextAttemptOn), asc(orders.exitDate), asc(orders.id)),
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
