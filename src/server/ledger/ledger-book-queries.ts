import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LedgerEntryType } from '#shared/merchant-money';
import type { Database } from '../db/open-database';
import {
  ledgerOpenItems,
  merchantLedgerEntries,
  organizationBalances,
  payoutBatchEntries,
} from '../db/schema';

/*
 * The one place that writes an organization's ledger and the totals kept beside it
 * (docs/decisions/0020-merchant-money.md, "The ledger"). Every function runs inside its caller's
 * transaction: the row, its open item and the totals change together or not at all. The totals'
 * row is changed first, with one upsert that takes its row lock, so concurrent writers of one
 * organization queue there and each running balance follows the one before it.
 *
 * Where a row's amount sits: `pending` (waiting on a driver's cash), `payable` (released, in no
 * batch), `in_payout` (in a batch not yet paid). balance = pending + payable + in_payout.
 */

/** Where a new row's amount sits when written. */
export type LedgerPlacement =
  /** Waits for the driver's cash of its order to be handed in. */
  | 'pending'
  /** Payable now (fees of an order with nothing to collect, adjustments). */
  | 'payable'
  /** Settles a batch's amount: a payout row, which leaves the batch's `in_payout`. */
  | 'in_payout';

export interface NewLedgerEntry {
  organizationId: string;
  type: LedgerEntryType;
  /** Signed centimes: positive is owed to the merchant. */
  amountCentimes: number;
  placement: LedgerPlacement;
  orderId?: string | null;
  payoutBatchId?: string | null;
  reason?: string | null;
  createdByUserId?: string | null;
  createdAt: Date;
}

export type LedgerEntryRow = typeof merchantLedgerEntries.$inferSelect;

type BalanceColumn = keyof typeof organizationBalances.$inferInsert;

const TYPE_TOTAL_COLUMN: Record<LedgerEntryType, BalanceColumn> = {
  cod_collected: 'collectedCentimes',
  delivery_fee: 'feesCentimes',
  cod_fee: 'feesCentimes',
  return_fee: 'feesCentimes',
  adjustment: 'adjustmentsCentimes',
  payout: 'paidOutCentimes',
};

const PLACEMENT_COLUMN: Record<LedgerPlacement, BalanceColumn> = {
  pending: 'pendingCentimes',
  payable: 'payableCentimes',
  in_payout: 'inPayoutCentimes',
};

const plus = (column: BalanceColumn, amount: number) =>
  sql`${organizationBalances[column]} + ${amount}`;

/** Appends one row: totals first (the lock), then the row with its running balance. */
export async function appendLedgerEntry(
  tx: Database,
  entry: NewLedgerEntry,
): Promise<LedgerEntryRow> {
  const amount = entry.amountCentimes;
  const placement = PLACEMENT_COLUMN[entry.placement];
  const typeTotal = TYPE_TOTAL_COLUMN[entry.type];
  const [totals] = await tx
    .insert(organizationBalances)
    .values({
      organizationId: entry.organizationId,
      balanceCentimes: amount,
      [placement]: amount,
      [typeTotal]: amount,
      entryCount: 1,
      updatedAt: entry.createdAt,
    })
    .onConflictDoUpdate({
      target: organizationBalances.organizationId,
      set: {
        balanceCentimes: plus('balanceCentimes', amount),
        [placement]: plus(placement, amount),
        [typeTotal]: plus(typeTotal, amount),
        entryCount: sql`${organizationBalances.entryCount} + 1`,
        updatedAt: entry.createdAt,
      },
    })
    .returning({ balanceCentimes: organizationBalances.balanceCentimes });
  const [row] = await tx
    .insert(merchantLedgerEntries)
    .values({
      organizationId: entry.organizationId,
      type: entry.type,
      amountCentimes: amount,
      balanceAfterCentimes: totals!.balanceCentimes,
      orderId: entry.orderId ?? null,
      payoutBatchId: entry.payoutBatchId ?? null,
      reason: entry.reason ?? null,
      createdByUserId: entry.createdByUserId ?? null,
      createdAt: entry.createdAt,
    })
    .returning();
  if (entry.placement !== 'in_payout') {
    await tx.insert(ledgerOpenItems).values({
      entryId: row!.id,
      organizationId: entry.organizationId,
      orderId: entry.orderId ?? null,
      amountCentimes: amount,
      released: entry.placement === 'payable',
    });
  }
  return row!;
}

/** Moves amounts from one placement to another in each organization's totals. */
async function moveBetweenPlacements(
  tx: Database,
  amounts: ReadonlyMap<string, number>,
  from: LedgerPlacement,
  to: LedgerPlacement,
  now: Date,
) {
  const fromColumn = PLACEMENT_COLUMN[from];
  const toColumn = PLACEMENT_COLUMN[to];
  // In one order of organizations, so two movers never wait on each other's locks in a cycle.
  for (const [organizationId, amount] of [...amounts].sort(([a], [b]) => a.localeCompare(b))) {
    await tx
      .update(organizationBalances)
      .set({
        [fromColumn]: plus(fromColumn, -amount),
        [toColumn]: plus(toColumn, amount),
        updatedAt: now,
      })
      .where(eq(organizationBalances.organizationId, organizationId));
  }
}

function sumByOrganization(
  rows: ReadonlyArray<{ organizationId: string; amountCentimes: number }>,
) {
  const sums = new Map<string, number>();
  for (const { organizationId, amountCentimes } of rows) {
    sums.set(organizationId, (sums.get(organizationId) ?? 0) + amountCentimes);
  }
  return sums;
}

/**
 * The driver's cash for these orders is all handed in: their rows become payable. Returns the
 * centimes released per organization.
 */
export async function releaseOrderEntries(
  tx: Database,
  orderIds: readonly string[],
  now: Date,
): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const released = await tx
    .update(ledgerOpenItems)
    .set({ released: true })
    .where(
      and(inArray(ledgerOpenItems.orderId, [...orderIds]), eq(ledgerOpenItems.released, false)),
    )
    .returning({
      organizationId: ledgerOpenItems.organizationId,
      amountCentimes: ledgerOpenItems.amountCentimes,
    });
  const sums = sumByOrganization(released);
  await moveBetweenPlacements(tx, sums, 'pending', 'payable', now);
  return sums;
}

/**
 * Takes every released row of these organizations into a batch, in one statement: the open items
 * are deleted (a concurrent batch waits on their row locks, then finds them gone), each is
 * recorded against the batch (whose primary key refuses a row twice), and the amounts move from
 * payable to in payout, without a row passing through the process (1 000 organizations and
 * 100 000 rows in one round trip). The balances' rows are locked first, in one order of
 * organizations, as moveBetweenPlacements takes them. Returns the centimes taken per organization.
 */
export async function takePayableEntries(
  tx: Database,
  batchId: string,
  organizationIds: readonly string[],
  now: Date,
): Promise<Map<string, number>> {
  if (organizationIds.length === 0) return new Map();
  const ids = sql.join(
    organizationIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(sql`
    select 1 from ${organizationBalances}
    where ${organizationBalances.organizationId} in (${ids})
    order by ${organizationBalances.organizationId}
    for update`);
  const result = (await tx.execute(sql`
    with taken as (
      delete from ${ledgerOpenItems}
      where ${ledgerOpenItems.released} and ${ledgerOpenItems.organizationId} in (${ids})
      returning entry_id, organization_id, amount_centimes
    ), recorded as (
      insert into ${payoutBatchEntries} (entry_id, batch_id, organization_id)
      select entry_id, ${batchId}::uuid, organization_id from taken
    ), sums as (
      select organization_id, sum(amount_centimes)::bigint as amount from taken
      group by organization_id
    ), moved as (
      update ${organizationBalances} as balances
      set payable_centimes = balances.payable_centimes - sums.amount,
        in_payout_centimes = balances.in_payout_centimes + sums.amount,
        updated_at = ${now.toISOString()}::timestamptz
      from sums where balances.organization_id = sums.organization_id
    )
    select organization_id, amount::text as amount from sums`)) as unknown as {
    rows: Array<{ organization_id: string; amount: string }>;
  };
  return new Map(result.rows.map((row) => [row.organization_id, Number(row.amount)]));
}
