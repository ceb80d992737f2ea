import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { LabelFormat } from '#shared/labels';
import type { OrderStatus } from '#shared/order-status';
import type { Database } from '../db/open-database';
import { companyProfiles, individualProfiles, orders, organizations, users } from '../db/schema';

/** One order as a label prints it, with what the service checks before printing. */
export interface LabelRow {
  orderId: string;
  trackingNumber: string;
  status: OrderStatus;
  organizationId: string;
  organizationLabelFormat: LabelFormat;
  reference: string | null;
  createdAt: Date;
  senderName: string;
  senderPhone: string | null;
  senderCity: string;
  receiverName: string | null;
  receiverPhone: string | null;
  receiverAddress: string | null;
  receiverCity: string;
  amountToCollectCentimes: number;
  weightKg: string;
  lengthCm: string;
  widthCm: string;
  heightCm: string;
  quantity: number;
  cargoType: (typeof orders.$inferSelect)['cargoType'];
  allowOpen: boolean;
}

/**
 * The sender's phone: organizations have none of their own, so it is the profile phone of the
 * member who made the order, or (an invited member has no profile) of the organization's owner.
 */
const senderPhone = sql<string | null>`coalesce(
  ${companyProfiles.phone},
  ${individualProfiles.phone},
  (select coalesce(owner_company.phone, owner_individual.phone)
     from ${users} owner
     left join ${companyProfiles} owner_company on owner_company.user_id = owner.id
     left join ${individualProfiles} owner_individual on owner_individual.user_id = owner.id
    where owner.organization_id = ${orders.organizationId} and owner.org_role = 'owner'
    limit 1)
)`;

/** The orders `where` picks, each with its organization and creator, in one query. */
async function selectLabelRows(
  db: Database,
  where: SQL | undefined,
  ordered?: (query: ReturnType<typeof labelRowsWhere>) => Promise<LabelRow[]>,
): Promise<LabelRow[]> {
  const query = labelRowsWhere(db, where);
  return ordered ? ordered(query) : query;
}

function labelRowsWhere(db: Database, where: SQL | undefined) {
  return db
    .select({
      orderId: orders.id,
      trackingNumber: orders.trackingNumber,
      status: orders.status,
      organizationId: orders.organizationId,
      organizationLabelFormat: organizations.labelFormat,
      reference: orders.reference,
      createdAt: orders.createdAt,
      senderName: organizations.name,
      senderPhone,
      senderCity: orders.pickupLoc,
      receiverName: orders.receiverName,
      receiverPhone: orders.receiverPhone,
      receiverAddress: orders.deliveryAddress,
      receiverCity: orders.deliveryLoc,
      amountToCollectCentimes: orders.amountToCollectCentimes,
      weightKg: orders.weightKg,
      lengthCm: orders.lengthCm,
      widthCm: orders.widthCm,
      heightCm: orders.heightCm,
      quantity: orders.quantity,
      cargoType: orders.cargoType,
      allowOpen: orders.allowOpen,
    })
    .from(orders)
    .innerJoin(organizations, eq(organizations.id, orders.organizationId))
    .leftJoin(companyProfiles, eq(companyProfiles.userId, orders.userId))
    .leftJoin(individualProfiles, eq(individualProfiles.userId, orders.userId))
    .where(where)
    .$dynamic();
}

/** The orders with these ids; only `organizationId`'s when given (a customer's or a key's). */
export function findLabelRowsByIds(
  db: Database,
  orderIds: readonly string[],
  organizationId?: string,
): Promise<LabelRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return selectLabelRows(
    db,
    and(
      inArray(orders.id, [...orderIds]),
      organizationId ? eq(orders.organizationId, organizationId) : undefined,
    ),
  );
}

/** The organization's orders with these tracking numbers (an API key's). */
export function findLabelRowsByTrackingNumbers(
  db: Database,
  trackingNumbers: readonly string[],
  organizationId: string,
): Promise<LabelRow[]> {
  return selectLabelRows(
    db,
    and(
      inArray(orders.trackingNumber, [...trackingNumbers]),
      eq(orders.organizationId, organizationId),
    ),
  );
}

/** The format the organization's members printed last. */
export async function findOrganizationLabelFormat(
  db: Database,
  organizationId: string,
): Promise<LabelFormat | undefined> {
  const [row] = await db
    .select({ labelFormat: organizations.labelFormat })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.labelFormat;
}

/** Remembers the format a member chose; no write when it is already the one remembered. */
export async function updateOrganizationLabelFormat(
  db: Database,
  organizationId: string,
  labelFormat: LabelFormat,
): Promise<void> {
  await db
    .update(organizations)
    .set({ labelFormat })
    .where(and(eq(organizations.id, organizationId), ne(organizations.labelFormat, labelFormat)));
}

/**
 * The orders an import of the organization created, in the order of its rows: `limit` of them
 * from the `offset`th (an import holds up to 5,000, a PDF 500).
 */
export function findLabelRowsByImport(
  db: Database,
  importId: string,
  organizationId: string,
  page: { offset: number; limit: number },
): Promise<LabelRow[]> {
  return selectLabelRows(
    db,
    and(eq(orders.importId, importId), eq(orders.organizationId, organizationId)),
    (query) => query.orderBy(asc(orders.importRow)).offset(page.offset).limit(page.limit),
  );
}
