import { centimesToMad } from '#shared/money';
import type { LedgerEntry, MerchantBalance, MerchantPayout } from '#shared/schemas/ledger-schemas';
import type { CsvColumn } from '../http/csv';
import type { LedgerEntryDbRow, PayoutDbRow, readOrganizationBalance } from './ledger-queries';

type BalanceRow = Awaited<ReturnType<typeof readOrganizationBalance>>;

/** The kept totals in MAD; an organization with no ledger row yet owes and is owed nothing. */
export function toMerchantBalance(row: BalanceRow): MerchantBalance {
  return {
    collected: centimesToMad(row?.collectedCentimes ?? 0),
    fees: centimesToMad(row?.feesCentimes ?? 0),
    adjustments: centimesToMad(row?.adjustmentsCentimes ?? 0),
    payableNow: centimesToMad(row?.payableCentimes ?? 0),
    withDrivers: centimesToMad(row?.pendingCentimes ?? 0),
    inPayout: centimesToMad(row?.inPayoutCentimes ?? 0),
    paidOut: centimesToMad(row?.paidOutCentimes ?? 0),
    balance: centimesToMad(row?.balanceCentimes ?? 0),
  };
}

export function toLedgerEntry(row: LedgerEntryDbRow): LedgerEntry {
  return {
    id: row.id,
    type: row.type,
    amount: centimesToMad(row.amountCentimes),
    balanceAfter: centimesToMad(row.balanceAfterCentimes),
    trackingNumber: row.trackingNumber,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toMerchantPayout(row: PayoutDbRow): MerchantPayout {
  return {
    batchId: row.batchId,
    number: row.number,
    amount: centimesToMad(row.amountCentimes),
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    reference: row.reference,
    status: row.paidAt ? 'paid' : 'in_payout',
  };
}

/** The type is its stable name (cod_collected …), as the API gives it: a spreadsheet filters by it. */
export const ledgerEntryCsvColumns: CsvColumn<LedgerEntry>[] = [
  { header: 'ledger.csv_date', value: (entry) => entry.createdAt },
  { header: 'ledger.csv_type', value: (entry) => entry.type },
  { header: 'ledger.csv_amount', value: (entry) => entry.amount },
  { header: 'ledger.csv_balance_after', value: (entry) => entry.balanceAfter },
  { header: 'ledger.csv_tracking_number', value: (entry) => entry.trackingNumber },
  { header: 'ledger.csv_reason', value: (entry) => entry.reason },
];

export const merchantPayoutCsvColumns: CsvColumn<MerchantPayout>[] = [
  { header: 'ledger.csv_payout_number', value: (payout) => payout.number },
  { header: 'ledger.csv_date', value: (payout) => payout.createdAt },
  { header: 'ledger.csv_amount', value: (payout) => payout.amount },
  { header: 'ledger.csv_status', value: (payout) => payout.status },
  { header: 'ledger.csv_paid_at', value: (payout) => payout.paidAt },
  { header: 'ledger.csv_reference', value: (payout) => payout.reference },
];
