import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { orders, organizations } from '../db/schema';

/** The organization's default sender: where its API and imported parcels are picked up. */
export async function findPickupDefaults(
  db: Database,
  organizationId: string,
): Promise<{ pickupCity: string | null; pickupAddress: string | null }> {
  const [row] = await db
    .select({ pickupCity: organizations.pickupCity, pickupAddress: organizations.pickupAddress })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row ?? { pickupCity: null, pickupAddress: null };
}

/** The organization's parcels that already carry one of these references. */
export async function findParcelsByReference(
  db: Database,
  organizationId: string,
  references: readonly string[],
): Promise<Array<{ reference: string; trackingNumber: string }>> {
  if (references.length === 0) return [];
  const rows = await db
    .select({ reference: orders.reference, trackingNumber: orders.trackingNumber })
    .from(orders)
    .where(
      and(eq(orders.organizationId, organizationId), inArray(orders.reference, [...references])),
    );
  return rows.map((row) => ({ reference: row.reference!, trackingNumber: row.trackingNumber }));
}
