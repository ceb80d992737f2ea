import { and, asc, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InvoiceKind } from '#shared/invoices';
import { escapeLikePattern } from '../db/like-pattern';
import { readPageWithTotal } from '../db/list-total';
import type { Database } from '../db/open-database';
import type { Page } from '../db/page';
import {
  companyProfiles,
  individualProfiles,
  invoiceLines,
  invoiceNumberCounters,
  invoices,
  merchantLedgerEntries,
  orders,
  organizations,
  users,
} from '../db/schema';

/*
 * Invoices and credit notes (docs/decisions/0020-merchant-money.md, "Invoices"): what a month's
 * fees are read from, the numbering counters, and the documents themselves, which are only ever
 * inserted (migration 0017 refuses UPDATE and DELETE).
 */

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;

export interface Period {
  from: Date;
  to: Date;
}

/** Organizations with an order delivered in the period (orders_delivered_date_idx). */
export async function listOrganizationsDeliveredIn(db: Database, { from, to }: Period) {
  const rows = await db
    .selectDistinct({ organizationId: orders.organizationId })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'DELIVERED'),
        gte(orders.deliveryDate, from),
        lt(orders.deliveryDate, to),
      ),
    )
    .orderBy(asc(orders.organizationId));
  return rows.map((row) => row.organizationId);
}

/** The organization's invoice for the month, if it was issued. */
export async function findMonthInvoice(db: Database, organizationId: string, month: string) {
  const [row] = await db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(
      and(
        eq(invoices.kind, 'invoice'),
        eq(invoices.organizationId, organizationId),
        eq(invoices.month, month),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The delivery fees the organization paid for orders delivered in the period: the sender paid
 * them (online, or taken from the goods' value collected). A fee the receiver paid at the door
 * was the receiver's purchase, not the merchant's, and is not on the merchant's invoice.
 */
export async function listDeliveryFees(db: Database, organizationId: string, { from, to }: Period) {
  return db
    .select({
      orderId: orders.id,
      trackingNumber: orders.trackingNumber,
      amountCentimes: orders.priceCentimes,
    })
    .from(orders)
    .where(
      and(
        eq(orders.organizationId, organizationId),
        eq(orders.status, 'DELIVERED'),
        eq(orders.feePaidBy, 'sender'),
        gte(orders.deliveryDate, from),
        lt(orders.deliveryDate, to),
        sql`${orders.priceCentimes} > 0`,
      ),
    )
    .orderBy(asc(orders.deliveryDate), asc(orders.id));
}

/**
 * The fees of one kind the ledger took in the period (COD fees, return fees), as positive
 * centimes, with each order's number.
 */
export async function listLedgerFees(
  db: Database,
  organizationId: string,
  type: 'cod_fee' | 'return_fee',
  { from, to }: Period,
) {
  return db
    .select({
      orderId: merchantLedgerEntries.orderId,
      trackingNumber: orders.trackingNumber,
      amountCentimes: sql<number>`-${merchantLedgerEntries.amountCentimes}`.mapWith(Number),
    })
    .from(merchantLedgerEntries)
    .leftJoin(orders, eq(orders.id, merchantLedgerEntries.orderId))
    .where(
      and(
        eq(merchantLedgerEntries.organizationId, organizationId),
        eq(merchantLedgerEntries.type, type),
        gte(merchantLedgerEntries.createdAt, from),
        lt(merchantLedgerEntries.createdAt, to),
      ),
    )
    .orderBy(asc(merchantLedgerEntries.createdAt), asc(merchantLedgerEntries.seq));
}

/**
 * Who an invoice is made out to: the organization's name and ICE, and the address of its first
 * owner's profile (a company's, else an individual's).
 */
export async function findInvoiceCustomer(db: Database, organizationId: string) {
  const [row] = await db
    .select({
      name: organizations.name,
      ice: organizations.ice,
      address: sql<
        string | null
      >`coalesce(${companyProfiles.address}, ${individualProfiles.address})`,
    })
    .from(organizations)
    .leftJoin(users, and(eq(users.organizationId, organizations.id), eq(users.orgRole, 'owner')))
    .leftJoin(companyProfiles, eq(companyProfiles.userId, users.id))
    .leftJoin(individualProfiles, eq(individualProfiles.userId, users.id))
    .where(eq(organizations.id, organizationId))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return row;
}

/**
 * The next number of this kind and year, in the caller's transaction: the upsert locks the
 * counter's row until the transaction ends, so concurrent issuers queue and each gets the next
 * number; a transaction that rolls back gives its number back (no gap).
 */
export async function takeNextNumber(tx: Database, kind: InvoiceKind, year: number) {
  const [row] = await tx
    .insert(invoiceNumberCounters)
    .values({ kind, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [invoiceNumberCounters.kind, invoiceNumberCounters.year],
      set: { lastNumber: sql`${invoiceNumberCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceNumberCounters.lastNumber });
  return row!.lastNumber;
}

/**
 * Inserts the document; undefined when the organization's invoice for that month exists already
 * (the partial unique index: another issuer committed it first).
 */
export async function insertInvoice(tx: Database, row: NewInvoiceRow) {
  const [inserted] = await tx.insert(invoices).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** Lines go in slices: a month of a busy merchant is thousands of them. */
const LINES_PER_INSERT = 2_000;

export async function insertInvoiceLines(
  tx: Database,
  lines: ReadonlyArray<typeof invoiceLines.$inferInsert>,
) {
  for (let start = 0; start < lines.length; start += LINES_PER_INSERT) {
    await tx.insert(invoiceLines).values(lines.slice(start, start + LINES_PER_INSERT));
  }
}

/** The invoice, locked: two credit notes against it queue here and see each other's amount. */
export async function lockInvoice(tx: Database, id: string) {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  return row;
}

/** What the invoice's credit notes took, in centimes (TTC). */
export async function sumCredited(db: Database, invoiceId: string): Promise<number> {
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${invoices.totalTtcCentimes}), 0)`.mapWith(Number),
    })
    .from(invoices)
    .where(eq(invoices.creditedInvoiceId, invoiceId));
  return row?.total ?? 0;
}

const credited = alias(invoices, 'credited');

function selectInvoices(db: Database) {
  return db
    .select({ invoice: invoices, creditedInvoiceNumber: credited.number })
    .from(invoices)
    .leftJoin(credited, eq(credited.id, invoices.creditedInvoiceId));
}
export type ListedInvoiceRow = Awaited<ReturnType<typeof selectInvoices>>[number];

export interface InvoiceFilter {
  organizationId?: string;
  month?: string;
  kind?: InvoiceKind;
  /** A number's beginning, or part of the customer's name. */
  q?: string;
}

function invoiceConditions(filter: InvoiceFilter): SQL | undefined {
  return and(
    filter.organizationId ? eq(invoices.organizationId, filter.organizationId) : undefined,
    filter.month ? eq(invoices.month, filter.month) : undefined,
    filter.kind ? eq(invoices.kind, filter.kind) : undefined,
    filter.q
      ? or(
          ilike(invoices.number, `${escapeLikePattern(filter.q)}%`),
          ilike(invoices.customerName, `%${escapeLikePattern(filter.q)}%`),
        )
      : undefined,
  );
}

/** Newest first (invoices_issued_idx, or invoices_organization_issued_idx for one organization). */
export async function listInvoices(db: Database, filter: InvoiceFilter, page: Page) {
  const where = invoiceConditions(filter);
  return readPageWithTotal(
    db,
    page,
    selectInvoices(db).where(where).orderBy(desc(invoices.issuedAt), desc(invoices.id)).$dynamic(),
    db.select({ id: invoices.id }).from(invoices).where(where).$dynamic(),
  );
}

/** One document, of this organization when one is named (another's is not found). */
export async function findInvoice(db: Database, id: string, organizationId?: string) {
  const [row] = await selectInvoices(db)
    .where(
      and(
        eq(invoices.id, id),
        organizationId ? eq(invoices.organizationId, organizationId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

export async function listInvoiceLines(db: Database, invoiceId: string) {
  return db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.position));
}

/** An invoice's credit notes, oldest first. */
export async function listCreditNotes(db: Database, invoiceId: string) {
  return db
    .select({
      id: invoices.id,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      totalTtcCentimes: invoices.totalTtcCentimes,
    })
    .from(invoices)
    .where(eq(invoices.creditedInvoiceId, invoiceId))
    .orderBy(asc(invoices.issuedAt), asc(invoices.id));
}
