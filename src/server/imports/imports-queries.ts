import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { orders, parcelImports } from '../db/schema';
import type { StoredRow } from './import-rows';

export type ParcelImportRow = typeof parcelImports.$inferSelect;

export async function insertParcelImport(
  db: Database,
  values: {
    organizationId: string;
    createdByUserId: string;
    fileName: string;
    rows: StoredRow[];
    validCount: number;
  },
): Promise<ParcelImportRow> {
  const [created] = await db
    .insert(parcelImports)
    .values({ ...values, rowCount: values.rows.length })
    .returning();
  return created!;
}

/** An import of this organization (undefined for another's: the routes answer 404). */
export async function findParcelImport(
  db: Database,
  organizationId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ParcelImportRow | undefined> {
  const query = db
    .select()
    .from(parcelImports)
    .where(and(eq(parcelImports.id, id), eq(parcelImports.organizationId, organizationId)));
  const [found] = options.lock ? await query.for('update') : await query;
  return found;
}

export async function updateParcelImport(
  db: Database,
  id: string,
  values: Partial<
    Pick<ParcelImportRow, 'rows' | 'rowCount' | 'validCount' | 'status' | 'createdCount'> & {
      confirmedAt: Date | null;
    }
  >,
): Promise<ParcelImportRow> {
  const [updated] = await db
    .update(parcelImports)
    .set(values)
    .where(eq(parcelImports.id, id))
    .returning();
  return updated!;
}

/** The rows of an import already placed, by row: what a confirmation tried again skips. */
export async function findPlacedImportRows(
  db: Database,
  importId: string,
): Promise<Map<number, string>> {
  const rows = await db
    .select({ row: orders.importRow, trackingNumber: orders.trackingNumber })
    .from(orders)
    .where(eq(orders.importId, importId));
  return new Map(
    rows.flatMap(({ row, trackingNumber }) => (row === null ? [] : [[row, trackingNumber]])),
  );
}

/** The orders an import made, for its CSV of tracking numbers. */
export function listImportOrders(db: Database, importId: string) {
  return db
    .select({
      trackingNumber: orders.trackingNumber,
      reference: orders.reference,
      receiverName: orders.receiverName,
      deliveryLoc: orders.deliveryLoc,
      priceCentimes: orders.priceCentimes,
      amountToCollectCentimes: orders.amountToCollectCentimes,
    })
    .from(orders)
    .where(eq(orders.importId, importId))
    .orderBy(asc(orders.createdAt));
}
