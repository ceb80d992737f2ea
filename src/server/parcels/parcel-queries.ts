import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { OrderStatus } from '#shared/order-status';
import { readPageInIndexOrder } from '../db/index-order';
import type { Database } from '../db/open-database';
import { orders, organizations } from '../db/schema';

type OrderRow = typeof orders.$inferSelect;

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

/** The organization's parcel with this tracking number; another organization's is not found. */
export async function findParcelByTrackingNumber(
  db: Database,
  organizationId: string,
  trackingNumber: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(eq(orders.organizationId, organizationId), eq(orders.trackingNumber, trackingNumber)),
    );
  return row;
}

/** The organization's parcel with this reference of the merchant's. */
export async function findParcelByReference(
  db: Database,
  organizationId: string,
  reference: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), eq(orders.reference, reference)));
  return row;
}

/** Where a page of the change feed starts: after this (updated_at, id). */
export interface ParcelFeedPosition {
  /** updated_at as PostgreSQL writes it as text: every microsecond kept. */
  updatedAt: string;
  id: string;
}

/**
 * The organization's parcels in the order they last changed, (updated_at, id) ascending, after
 * `after`: a walk along orders_organization_updated_idx, `limit` rows at most. Each row carries its
 * own position, to start the next page from.
 */
export async function listParcelsChangedAfter(
  db: Database,
  organizationId: string,
  filter: {
    status?: OrderStatus;
    updatedSince?: string;
    after?: ParcelFeedPosition;
    limit: number;
  },
): Promise<Array<{ order: OrderRow; position: ParcelFeedPosition }>> {
  const { status, updatedSince, after, limit } = filter;
  // Sorting priced out: the page is a walk along the index from `after`, whatever the
  // statistics say (docs/architecture.md, "Lists at scale").
  const rows = await readPageInIndexOrder(db, (sortless) =>
    sortless
      .select({ order: orders, updatedAtText: sql<string>`${orders.updatedAt}::text` })
      .from(orders)
      .where(
        and(
          eq(orders.organizationId, organizationId),
          status ? eq(orders.status, status) : undefined,
          updatedSince ? gte(orders.updatedAt, sql`${updatedSince}::timestamptz`) : undefined,
          after
            ? sql`(${orders.updatedAt}, ${orders.id}) > (${after.updatedAt}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(orders.updatedAt), asc(orders.id))
      .limit(limit),
  );
  return rows.map(({ order, updatedAtText }) => ({
    order,
    position: { updatedAt: updatedAtText, id: order.id },
  }));
}
