import { and, asc, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { LedgerEntryType } from '#shared/merchant-money';
import { readPageWithTotal } from '../db/list-total';
import type { Database } from '../db/open-database';
import type { Page } from '../db/page';
import {
  merchantLedgerEntries,
  orders,
  organizationBalances,
  organizations,
  payoutBatchEntries,
  payoutBatches,
  payoutBatchItems,
} from '../db/schema';

/*
 * The merchant's reads of its own money (docs/decisions/0020-merchant-money.md). Every read is
 * by the caller's organization: another organization's rows are never found.
 */

/** The organization's kept totals; none until its first ledger row. */
export async function readOrganizationBalance(db: Database, organizationId: string) {
  const [row] = await db
    .select()
    .from(organizationBalances)
    .where(eq(organizationBalances.organizationId, organizationId));
  return row;
}

export interface LedgerFilter {
  type?: LedgerEntryType;
  /** From this instant, included. */
  from?: Date;
  /** Before this instant. */
  until?: Date;
}

function ledgerConditions(organizationId: string, filter: LedgerFilter): SQL | undefined {
  return and(
    eq(merchantLedgerEntries.organizationId, organizationId),
    filter.type ? eq(merchantLedgerEntries.type, filter.type) : undefined,
    filter.from ? gte(merchantLedgerEntries.createdAt, filter.from) : undefined,
    filter.until ? lt(merchantLedgerEntries.createdAt, filter.until) : undefined,
  );
}

/**
 * The organization's rows newest first, read in the order of merchant_ledger_organization_created_idx
 * (or its _type_ twin for one type), the days a range of it; each row's order's tracking number is
 * looked up for the page's rows only.
 */
export async function listLedgerEntries(
  db: Database,
  organizationId: string,
  filter: LedgerFilter,
  page: Page,
) {
  const where = ledgerConditions(organizationId, filter);
  return readPageWithTotal(
    db,
    page,
    db
      .select({
        id: merchantLedgerEntries.id,
        type: merchantLedgerEntries.type,
        amountCentimes: merchantLedgerEntries.amountCentimes,
        balanceAfterCentimes: merchantLedgerEntries.balanceAfterCentimes,
        trackingNumber: orders.trackingNumber,
        reason: merchantLedgerEntries.reason,
        createdAt: merchantLedgerEntries.createdAt,
      })
      .from(merchantLedgerEntries)
      .leftJoin(orders, eq(orders.id, merchantLedgerEntries.orderId))
      .where(where)
      .orderBy(desc(merchantLedgerEntries.createdAt), desc(merchantLedgerEntries.seq))
      .$dynamic(),
    db.select({ id: merchantLedgerEntries.id }).from(merchantLedgerEntries).where(where).$dynamic(),
  );
}
export type LedgerEntryDbRow = Awaited<ReturnType<typeof listLedgerEntries>>['rows'][number];

function selectPayouts(db: Database) {
  return db
    .select({
      batchId: payoutBatches.id,
      number: payoutBatches.number,
      amountCentimes: payoutBatchItems.amountCentimes,
      createdAt: payoutBatches.createdAt,
      paidAt: payoutBatches.paidAt,
      reference: payoutBatches.paidReference,
      rib: payoutBatchItems.rib,
      ribHolder: payoutBatchItems.ribHolder,
    })
    .from(payoutBatchItems)
    .innerJoin(payoutBatches, eq(payoutBatches.id, payoutBatchItems.batchId));
}

/**
 * The organization's payouts, newest first: its items are found through
 * payout_batch_items_organization_idx (one a week or so: they are few enough to sort).
 */
export async function listOrganizationPayouts(db: Database, organizationId: string, page: Page) {
  const where = eq(payoutBatchItems.organizationId, organizationId);
  return readPageWithTotal(
    db,
    page,
    selectPayouts(db)
      .where(where)
      .orderBy(desc(payoutBatches.createdAt), desc(payoutBatches.id))
      .$dynamic(),
    db.select({ batchId: payoutBatchItems.batchId }).from(payoutBatchItems).where(where).$dynamic(),
  );
}
export type PayoutDbRow = Awaited<ReturnType<typeof listOrganizationPayouts>>['rows'][number];

/** One payout of the organization, with its bank details as frozen in the batch; none if not its. */
export async function readOrganizationPayout(
  db: Database,
  organizationId: string,
  batchId: string,
) {
  const [row] = await selectPayouts(db).where(
    and(eq(payoutBatchItems.batchId, batchId), eq(payoutBatchItems.organizationId, organizationId)),
  );
  return row;
}

/**
 * Every ledger row a payout paid for the organization (payout_batch_entries_batch_idx), with its
 * order's tracking number and receiver, oldest first.
 */
export async function listPayoutEntries(db: Database, organizationId: string, batchId: string) {
  return db
    .select({
      id: merchantLedgerEntries.id,
      type: merchantLedgerEntries.type,
      amountCentimes: merchantLedgerEntries.amountCentimes,
      orderId: merchantLedgerEntries.orderId,
      reason: merchantLedgerEntries.reason,
      createdAt: merchantLedgerEntries.createdAt,
      trackingNumber: orders.trackingNumber,
      receiverName: orders.receiverName,
    })
    .from(payoutBatchEntries)
    .innerJoin(merchantLedgerEntries, eq(merchantLedgerEntries.id, payoutBatchEntries.entryId))
    .leftJoin(orders, eq(orders.id, merchantLedgerEntries.orderId))
    .where(
      and(
        eq(payoutBatchEntries.batchId, batchId),
        eq(payoutBatchEntries.organizationId, organizationId),
      ),
    )
    .orderBy(asc(merchantLedgerEntries.createdAt), asc(merchantLedgerEntries.seq));
}
export type PayoutEntryDbRow = Awaited<ReturnType<typeof listPayoutEntries>>[number];

/** What a statement names the merchant by. */
export async function readOrganizationIdentity(db: Database, organizationId: string) {
  const [row] = await db
    .select({ name: organizations.name, ice: organizations.ice })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row;
}
