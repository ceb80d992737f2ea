import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  sql,
  type SQL,
} from 'drizzle-orm';
import { addDays, businessDayStart } from '#shared/business-calendar';
import { MAX_MANIFEST_PARCELS } from '#shared/labels';
import type { OrderStatus } from '#shared/order-status';
import { readPageWithTotal } from '../db/list-total';
import type { Database } from '../db/open-database';
import type { Page } from '../db/page';
import { drivers, manifestParcels, manifests, orders, organizations, trucks } from '../db/schema';

/*
 * Hand-over sheets (docs/decisions/0022-labels-manifests-scanning.md, "Hand-over sheets"): the
 * parcels a sheet can list, and the sheets with their lines, which are only ever inserted.
 */

export type NewManifestRow = typeof manifests.$inferInsert;
export type NewManifestParcelRow = typeof manifestParcels.$inferInsert;

/** Parcels with a driver that a dispatch sheet can list: given to them, neither delivered nor cancelled. */
export const ON_THE_ROAD_STATUSES: readonly OrderStatus[] = ['CONFIRMED', 'IN_TRANSIT'];

/** A driver with their truck (one truck per driver), or undefined. */
export async function findDriverWithTruck(db: Database, driverId: string) {
  const [row] = await db
    .select({
      id: drivers.id,
      name: drivers.fullName,
      phone: drivers.phone,
      truckId: trucks.id,
      truckNumber: trucks.truckNumber,
    })
    .from(drivers)
    .leftJoin(trucks, eq(trucks.driverId, drivers.id))
    .where(eq(drivers.id, driverId))
    .limit(1);
  return row;
}

/**
 * The orders a sheet is asked for, share-locked until the transaction ends: a delivery or a
 * cancellation of one of them waits for the sheet, and the sheet sees each order as it stands.
 */
export async function lockOrdersForManifest(tx: Database, orderIds: readonly string[]) {
  return tx
    .select({
      id: orders.id,
      trackingNumber: orders.trackingNumber,
      organizationId: orders.organizationId,
      status: orders.status,
      driverId: orders.driverId,
      truckId: orders.truckId,
      pickedUpAt: orders.pickedUpAt,
      receiverCity: orders.deliveryLoc,
      amountToCollectCentimes: orders.amountToCollectCentimes,
    })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]))
    .orderBy(asc(orders.id))
    .for('share');
}
export type ManifestOrderRow = Awaited<ReturnType<typeof lockOrdersForManifest>>[number];

export async function insertManifest(tx: Database, row: NewManifestRow) {
  const [inserted] = await tx
    .insert(manifests)
    .values(row)
    .returning({ id: manifests.id, number: manifests.number });
  return inserted!;
}

export async function insertManifestParcels(tx: Database, rows: readonly NewManifestParcelRow[]) {
  await tx.insert(manifestParcels).values([...rows]);
}

function selectManifests(db: Database) {
  return db
    .select({
      manifest: manifests,
      driverName: drivers.fullName,
      driverPhone: drivers.phone,
      truckNumber: trucks.truckNumber,
      organizationName: organizations.name,
      organizationPickupAddress: organizations.pickupAddress,
      organizationPickupCity: organizations.pickupCity,
    })
    .from(manifests)
    .leftJoin(drivers, eq(drivers.id, manifests.driverId))
    .leftJoin(trucks, eq(trucks.id, manifests.truckId))
    .leftJoin(organizations, eq(organizations.id, manifests.organizationId));
}
export type ListedManifestRow = Awaited<ReturnType<typeof selectManifests>>[number];

export interface ManifestFilter {
  organizationId?: string;
  driverId?: string;
  /** A day of Morocco's calendar (yyyy-MM-dd). */
  date?: string;
}

function manifestConditions(filter: ManifestFilter): SQL | undefined {
  return and(
    filter.organizationId ? eq(manifests.organizationId, filter.organizationId) : undefined,
    filter.driverId ? eq(manifests.driverId, filter.driverId) : undefined,
    filter.date ? gte(manifests.createdAt, businessDayStart(filter.date)) : undefined,
    filter.date ? lt(manifests.createdAt, businessDayStart(addDays(filter.date, 1))) : undefined,
  );
}

/** Newest first (manifests_created_idx, or the organization's and the driver's indexes). */
export async function listManifests(db: Database, filter: ManifestFilter, page: Page) {
  const where = manifestConditions(filter);
  return readPageWithTotal(
    db,
    page,
    selectManifests(db)
      .where(where)
      .orderBy(desc(manifests.createdAt), desc(manifests.id))
      .$dynamic(),
    db.select({ id: manifests.id }).from(manifests).where(where).$dynamic(),
  );
}

/** One sheet, of this organization when one is named (another's is not found). */
export async function findManifest(db: Database, id: string, organizationId?: string) {
  const [row] = await selectManifests(db)
    .where(
      and(
        eq(manifests.id, id),
        organizationId ? eq(manifests.organizationId, organizationId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/** A sheet's lines in printed order, with each parcel's tracking number and receiver. */
export async function listManifestLines(db: Database, manifestId: string) {
  return db
    .select({
      position: manifestParcels.position,
      orderId: manifestParcels.orderId,
      trackingNumber: orders.trackingNumber,
      receiverName: orders.receiverName,
      receiverCity: manifestParcels.receiverCity,
      amountToCollectCentimes: manifestParcels.amountToCollectCentimes,
    })
    .from(manifestParcels)
    .innerJoin(orders, eq(orders.id, manifestParcels.orderId))
    .where(eq(manifestParcels.manifestId, manifestId))
    .orderBy(asc(manifestParcels.position));
}
export type ManifestLineRow = Awaited<ReturnType<typeof listManifestLines>>[number];

/** Active drivers by name, with their truck and how many parcels they carry now. */
export async function listActiveDrivers(db: Database) {
  return db
    .select({
      id: drivers.id,
      name: drivers.fullName,
      phone: drivers.phone,
      truckNumber: trucks.truckNumber,
      parcelCount: sql<number>`(
        select count(*) from ${orders}
        where ${orders.driverId} = ${drivers.id}
          and ${orders.status} in ('CONFIRMED', 'IN_TRANSIT')
      )`.mapWith(Number),
    })
    .from(drivers)
    .leftJoin(trucks, eq(trucks.driverId, drivers.id))
    .where(isNull(drivers.deactivatedAt))
    .orderBy(asc(drivers.fullName), asc(drivers.id));
}

function selectCandidates(db: Database) {
  return db
    .select({
      id: orders.id,
      trackingNumber: orders.trackingNumber,
      status: orders.status,
      receiverName: orders.receiverName,
      receiverCity: orders.deliveryLoc,
      amountToCollectCentimes: orders.amountToCollectCentimes,
      driverId: drivers.id,
      driverName: drivers.fullName,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .leftJoin(drivers, eq(drivers.id, orders.driverId));
}
export type CandidateRow = Awaited<ReturnType<typeof selectCandidates>>[number];

/** Parcels on the road with a driver: this driver's, or these ones; oldest first. */
export async function listDispatchCandidates(
  db: Database,
  filter: { driverId?: string; orderIds?: readonly string[] },
) {
  return selectCandidates(db)
    .where(
      and(
        inArray(orders.status, [...ON_THE_ROAD_STATUSES]),
        isNotNull(orders.driverId),
        filter.driverId ? eq(orders.driverId, filter.driverId) : undefined,
        filter.orderIds ? inArray(orders.id, [...filter.orderIds]) : undefined,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(MAX_MANIFEST_PARCELS);
}

/**
 * The organization's parcels a driver has yet to collect: neither delivered nor cancelled, and
 * not picked up (waiting for a driver, or given to one who has not picked them up); oldest first.
 */
export async function listCollectionCandidates(db: Database, organizationId: string) {
  return selectCandidates(db)
    .where(
      and(
        eq(orders.organizationId, organizationId),
        inArray(orders.status, ['PENDING', 'CONFIRMED', 'IN_TRANSIT']),
        isNull(orders.pickedUpAt),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(MAX_MANIFEST_PARCELS);
}
