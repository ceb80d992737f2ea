import {
  aliasedTable,
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  sql,
} from 'drizzle-orm';
import { escapeLikePattern } from '../db/like-pattern';
import { readPageWithTotal } from '../db/list-total';
import type { Database } from '../db/open-database';
import type { Page } from '../db/page';
import {
  organizationBalances,
  organizations,
  payoutBatchCounters,
  payoutBatches,
  payoutBatchItems,
  users,
} from '../db/schema';

/*
 * The payouts' reads and the batch tables' writes (docs/decisions/0020-merchant-money.md,
 * "Payouts"). Ledger rows and their totals are written by ledger/payout-entries.ts only.
 */

/**
 * A RIB a bank can be sent: 24 digits whose last two are the check key, 97 − (the first 22 digits
 * × 100 mod 97) (isValidRib of src/shared/moroccan-identifiers.ts, checked when an owner enters it), and a holder's name.
 * Checked here as well, in SQL, because a batch must not trust a value stored before the rule.
 */
// CASE, not AND: PostgreSQL may evaluate AND's operands in any order, and a RIB that is not 24
// digits must never reach the ::numeric cast.
const hasValidRib = sql<boolean>`case
  when ${organizations.rib} ~ '^[0-9]{24}$' and btrim(coalesce(${organizations.ribHolder}, '')) <> ''
  then 97 - mod(substr(${organizations.rib}, 1, 22)::numeric * 100, 97) = substr(${organizations.rib}, 23, 2)::numeric
  else false end`;

const balanceColumns = {
  organizationId: organizationBalances.organizationId,
  organizationName: organizations.name,
  payableCentimes: organizationBalances.payableCentimes,
  pendingCentimes: organizationBalances.pendingCentimes,
  inPayoutCentimes: organizationBalances.inPayoutCentimes,
  feesCentimes: organizationBalances.feesCentimes,
  balanceCentimes: organizationBalances.balanceCentimes,
  hasValidRib: hasValidRib.as('has_valid_rib'),
};

/**
 * Every organization with a ledger, the largest payable first. One row per organization from the
 * kept totals: the cost grows with organizations, never with ledger rows.
 */
export async function listPayoutBalances(db: Database, search: { q?: string }, page: Page) {
  const where = search.q
    ? ilike(organizations.name, `%${escapeLikePattern(search.q)}%`)
    : undefined;
  return readPageWithTotal(
    db,
    page,
    db
      .select(balanceColumns)
      .from(organizationBalances)
      .innerJoin(organizations, eq(organizations.id, organizationBalances.organizationId))
      .where(where)
      .orderBy(
        desc(organizationBalances.payableCentimes),
        asc(organizations.name),
        asc(organizationBalances.organizationId),
      )
      .$dynamic(),
    db
      .select({ id: organizationBalances.organizationId })
      .from(organizationBalances)
      .innerJoin(organizations, eq(organizations.id, organizationBalances.organizationId))
      .where(where)
      .$dynamic(),
  );
}
export type PayoutBalanceDbRow = Awaited<ReturnType<typeof listPayoutBalances>>['rows'][number];

export async function findPayoutBalance(db: Database, organizationId: string) {
  const [row] = await db
    .select(balanceColumns)
    .from(organizationBalances)
    .innerJoin(organizations, eq(organizations.id, organizationBalances.organizationId))
    .where(eq(organizationBalances.organizationId, organizationId));
  return row;
}

export async function findOrganization(db: Database, organizationId: string) {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row;
}

/**
 * The next batch number of the year. The upsert holds the year's row locked until the batch's
 * transaction ends: batches queue here, and one that rolls back gives its number back.
 */
export async function takeBatchNumber(tx: Database, year: number): Promise<number> {
  const [row] = await tx
    .insert(payoutBatchCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: payoutBatchCounters.year,
      set: { lastNumber: sql`${payoutBatchCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: payoutBatchCounters.lastNumber });
  return row!.lastNumber;
}

/**
 * The balances a batch may pay, locked (in one order of organizations, as the ledger's writers
 * take them) until the batch commits: every organization with something payable, or the named
 * ones. A concurrent batch waits here, then reads what the first one left.
 */
export async function lockPayableBalances(tx: Database, organizationIds?: readonly string[]) {
  return tx
    .select({
      organizationId: organizationBalances.organizationId,
      organizationName: organizations.name,
      payableCentimes: organizationBalances.payableCentimes,
      rib: organizations.rib,
      ribHolder: organizations.ribHolder,
      hasValidRib,
    })
    .from(organizationBalances)
    .innerJoin(organizations, eq(organizations.id, organizationBalances.organizationId))
    .where(
      organizationIds
        ? inArray(organizationBalances.organizationId, [...organizationIds])
        : sql`${organizationBalances.payableCentimes} > 0`,
    )
    .orderBy(asc(organizationBalances.organizationId))
    .for('update', { of: organizationBalances });
}

/** The named organizations that exist (with or without a ledger). */
export async function findOrganizations(db: Database, organizationIds: readonly string[]) {
  return db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.id, [...organizationIds]));
}

export async function insertBatch(
  tx: Database,
  values: { number: string; createdByUserId: string; createdAt: Date },
) {
  const [row] = await tx
    .insert(payoutBatches)
    .values({ ...values, totalCentimes: 0, organizationCount: 0 })
    .returning({ id: payoutBatches.id });
  return row!;
}

export async function insertBatchItems(
  tx: Database,
  items: ReadonlyArray<typeof payoutBatchItems.$inferInsert>,
): Promise<void> {
  for (let start = 0; start < items.length; start += 1_000) {
    await tx.insert(payoutBatchItems).values(items.slice(start, start + 1_000));
  }
}

export async function setBatchTotals(
  tx: Database,
  batchId: string,
  totals: { totalCentimes: number; organizationCount: number },
): Promise<void> {
  await tx.update(payoutBatches).set(totals).where(eq(payoutBatches.id, batchId));
}

const creators = aliasedTable(users, 'creators');
const markers = aliasedTable(users, 'markers');

function selectBatches(db: Database) {
  return db
    .select({
      id: payoutBatches.id,
      number: payoutBatches.number,
      totalCentimes: payoutBatches.totalCentimes,
      organizationCount: payoutBatches.organizationCount,
      createdAt: payoutBatches.createdAt,
      createdBy: creators.email,
      paidAt: payoutBatches.paidAt,
      paidReference: payoutBatches.paidReference,
      markedPaidBy: markers.email,
    })
    .from(payoutBatches)
    .leftJoin(creators, eq(creators.id, payoutBatches.createdByUserId))
    .leftJoin(markers, eq(markers.id, payoutBatches.markedPaidByUserId));
}

/** Newest first, through payout_batches_created_idx (time, id). */
export async function listBatches(db: Database, page: Page) {
  return readPageWithTotal(
    db,
    page,
    selectBatches(db).orderBy(desc(payoutBatches.createdAt), desc(payoutBatches.id)).$dynamic(),
    db.select({ id: payoutBatches.id }).from(payoutBatches).$dynamic(),
  );
}
export type PayoutBatchDbRow = Awaited<ReturnType<typeof listBatches>>['rows'][number];

export async function findBatch(db: Database, batchId: string) {
  const [row] = await selectBatches(db).where(eq(payoutBatches.id, batchId));
  return row;
}

/** A batch's transfers, by organization name. */
export async function listBatchItems(db: Database, batchId: string) {
  return db
    .select({
      organizationId: payoutBatchItems.organizationId,
      organizationName: organizations.name,
      amountCentimes: payoutBatchItems.amountCentimes,
      rib: payoutBatchItems.rib,
      ribHolder: payoutBatchItems.ribHolder,
    })
    .from(payoutBatchItems)
    .innerJoin(organizations, eq(organizations.id, payoutBatchItems.organizationId))
    .where(eq(payoutBatchItems.batchId, batchId))
    .orderBy(asc(organizations.name), asc(payoutBatchItems.organizationId));
}
export type PayoutBatchItemDbRow = Awaited<ReturnType<typeof listBatchItems>>[number];

/** Locks the batch until the transaction ends: two "mark paid" at once queue, the second sees paid. */
export async function lockBatch(tx: Database, batchId: string) {
  const [row] = await tx
    .select({
      id: payoutBatches.id,
      number: payoutBatches.number,
      totalCentimes: payoutBatches.totalCentimes,
      createdAt: payoutBatches.createdAt,
      paidAt: payoutBatches.paidAt,
    })
    .from(payoutBatches)
    .where(eq(payoutBatches.id, batchId))
    .for('update');
  return row;
}

export async function markBatchPaid(
  tx: Database,
  batchId: string,
  paid: { paidAt: Date; paidReference: string; markedPaidByUserId: string },
): Promise<void> {
  await tx.update(payoutBatches).set(paid).where(eq(payoutBatches.id, batchId));
}

/** Each item's payout row, a thousand items a statement. */
export async function setItemPayoutEntries(
  tx: Database,
  batchId: string,
  entries: ReadonlyArray<{ organizationId: string; entryId: string }>,
): Promise<void> {
  for (let start = 0; start < entries.length; start += 1_000) {
    const rows = entries
      .slice(start, start + 1_000)
      .map(({ organizationId, entryId }) => sql`(${organizationId}::uuid, ${entryId}::uuid)`);
    await tx.execute(sql`
      update ${payoutBatchItems} set payout_entry_id = paid.entry_id
      from (values ${sql.join(rows, sql`, `)}) as paid(organization_id, entry_id)
      where ${payoutBatchItems.batchId} = ${batchId}
        and ${payoutBatchItems.organizationId} = paid.organization_id`);
  }
}

/**
 * Who hears about these organizations' money: their owners and accountants (readMoney) with an
 * email and an account in use.
 */
export async function listMoneyReaders(db: Database, organizationIds: readonly string[]) {
  if (organizationIds.length === 0) return [];
  return db
    .select({
      userId: users.id,
      email: users.email,
      locale: users.locale,
      organizationId: users.organizationId,
    })
    .from(users)
    .where(
      and(
        inArray(users.organizationId, [...organizationIds]),
        inArray(users.orgRole, ['owner', 'accountant']),
        isNotNull(users.email),
        isNull(users.disabledAt),
      ),
    );
}
