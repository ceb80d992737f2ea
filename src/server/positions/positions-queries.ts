import { and, asc, desc, eq, gte, inArray, lt, sql, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { orderMapColumns } from '../orders/order-reads';
import { preparedOnce } from '../db/prepared-statements';
import { driverPositions, drivers, orders, trucks } from '../db/schema';

export interface NewPosition {
  driverId: string;
  lat: number;
  lng: number;
  accuracyM: number | null;
  recordedAt: Date;
}

export interface StoredPosition {
  lat: number;
  lng: number;
  recordedAt: Date;
}

export async function insertPosition(db: Database, position: NewPosition): Promise<void> {
  await db.insert(driverPositions).values(position);
}

/**
 * Holds the driver's positions until the transaction ends (a transaction-level advisory lock on
 * the driver's id): two posts of one driver at once queue, and the second sees the first.
 */
export async function lockDriverPositions(tx: Database, driverId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`driver_positions:${driverId}`}))`);
}

/**
 * The driver's newest position since `since` (one probe of driver_positions' (driver,
 * recorded_at desc) index): for values, placeholders or the columns of an outer query.
 */
function selectLatestPosition(db: Database, driverId: SQLWrapper, since: SQLWrapper | Date) {
  return db
    .select({
      lat: driverPositions.lat,
      lng: driverPositions.lng,
      recordedAt: driverPositions.recordedAt,
    })
    .from(driverPositions)
    .where(and(eq(driverPositions.driverId, driverId), gte(driverPositions.recordedAt, since)))
    .orderBy(desc(driverPositions.recordedAt))
    .limit(1);
}

export async function findLatestPosition(
  db: Database,
  driverId: string,
  since: Date,
): Promise<StoredPosition | undefined> {
  const [row] = await preparedOnce(db, 'latest_driver_position', (name) =>
    selectLatestPosition(db, sql.placeholder('driverId'), sql.placeholder('since')).prepare(name),
  ).execute({ driverId, since });
  return row;
}

/** Each driver's newest position since `since`, for the drivers that have one: one query. */
export async function findLatestPositions(
  db: Database,
  driverIds: readonly string[],
  since: Date,
): Promise<Map<string, StoredPosition>> {
  if (driverIds.length === 0) return new Map();
  const latest = selectLatestPosition(db, drivers.id, since).as('latest');
  const rows = await db
    .select({
      driverId: drivers.id,
      lat: latest.lat,
      lng: latest.lng,
      recordedAt: latest.recordedAt,
    })
    .from(drivers)
    .innerJoinLateral(latest, sql`true`)
    .where(inArray(drivers.id, [...driverIds]));
  return new Map(rows.map(({ driverId, ...position }) => [driverId, position]));
}

/** Deletes the positions recorded before `cutoff`; answers how many. */
export async function deletePositionsRecordedBefore(db: Database, cutoff: Date): Promise<number> {
  const deleted = await db
    .delete(driverPositions)
    .where(lt(driverPositions.recordedAt, cutoff))
    .returning({ id: driverPositions.id });
  return deleted.length;
}

/**
 * Every order on the road with its truck, its driver and the driver's newest position since the
 * dispatch (one index probe per order on driver_positions' (driver, recorded_at desc) index).
 */
export async function listOrdersOnTheRoadWithPositions(db: Database, limit: number) {
  const latest = selectLatestPosition(db, orders.driverId, orders.exitDate).as('latest');
  return db
    .select({
      order: {
        id: orders.id,
        trackingNumber: orders.trackingNumber,
        pickupLoc: orders.pickupLoc,
        deliveryLoc: orders.deliveryLoc,
        ...orderMapColumns,
      },
      truckNumber: trucks.truckNumber,
      driverName: drivers.fullName,
      position: { lat: latest.lat, lng: latest.lng, recordedAt: latest.recordedAt },
    })
    .from(orders)
    .innerJoin(trucks, eq(trucks.id, orders.truckId))
    .innerJoin(drivers, eq(drivers.id, orders.driverId))
    .leftJoinLateral(latest, sql`true`)
    .where(eq(orders.status, 'IN_TRANSIT'))
    .orderBy(asc(orders.exitDate), asc(orders.id))
    .limit(limit);
}
