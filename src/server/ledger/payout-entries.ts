import type { Database } from '../db/open-database';
import { appendLedgerEntry, takePayableEntries, type LedgerEntryRow } from './ledger-book-queries';

/*
 * The office's rows in an organization's ledger (docs/decisions/0020-merchant-money.md,
 * "Payouts"): what a payout batch takes, the payout row once its transfer is made, and an
 * adjustment. The entry other features use, as delivery-entries.ts is the lifecycle's; each runs
 * in its caller's transaction.
 */

/**
 * Takes every payable row of these organizations into the batch (a concurrent batch finds them
 * gone): the centimes taken per organization.
 */
export function takeEntriesIntoBatch(
  tx: Database,
  batchId: string,
  organizationIds: readonly string[],
  now: Date,
): Promise<Map<string, number>> {
  return takePayableEntries(tx, batchId, organizationIds, now);
}

/** A batch's transfer to one organization was made: its amount leaves `in_payout`. */
export function appendPayoutEntry(
  tx: Database,
  payout: { organizationId: string; batchId: string; amountCentimes: number; createdAt: Date },
): Promise<LedgerEntryRow> {
  return appendLedgerEntry(tx, {
    organizationId: payout.organizationId,
    type: 'payout',
    amountCentimes: -payout.amountCentimes,
    placement: 'in_payout',
    payoutBatchId: payout.batchId,
    createdAt: payout.createdAt,
  });
}

/** An admin's correction, either way, with its reason: payable at once. */
export function appendAdjustmentEntry(
  tx: Database,
  adjustment: {
    organizationId: string;
    amountCentimes: number;
    reason: string;
    createdByUserId: string;
    createdAt: Date;
  },
): Promise<LedgerEntryRow> {
  return appendLedgerEntry(tx, { ...adjustment, type: 'adjustment', placement: 'payable' });
}
