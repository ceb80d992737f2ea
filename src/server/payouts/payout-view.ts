import { centimesToMad } from '#shared/money';
import type {
  PayoutBalanceRow,
  PayoutBatch,
  PayoutBatchItem,
} from '#shared/schemas/payout-schemas';
import type { CsvColumn } from '../http/csv';
import type { PayoutBalanceDbRow, PayoutBatchDbRow, PayoutBatchItemDbRow } from './payouts-queries';

export function toPayoutBalanceRow(row: PayoutBalanceDbRow): PayoutBalanceRow {
  return {
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    payable: centimesToMad(row.payableCentimes),
    pending: centimesToMad(row.pendingCentimes),
    inPayout: centimesToMad(row.inPayoutCentimes),
    fees: centimesToMad(row.feesCentimes),
    balance: centimesToMad(row.balanceCentimes),
    hasValidRib: Boolean(row.hasValidRib),
  };
}

export function toPayoutBatch(row: PayoutBatchDbRow): PayoutBatch {
  return {
    id: row.id,
    number: row.number,
    total: centimesToMad(row.totalCentimes),
    organizationCount: row.organizationCount,
    status: row.paidAt ? 'paid' : 'unpaid',
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    paidAt: row.paidAt?.toISOString() ?? null,
    paidReference: row.paidReference,
    markedPaidBy: row.markedPaidBy,
  };
}

/** What most banks' bulk imports keep of a transfer's reference. */
const REFERENCE_MAX_LENGTH = 35;

/**
 * The organization's name as a bank reference takes it: Latin letters and digits, accents
 * dropped, upper case; a name with none of them (written in Arabic) is named by its id's start.
 */
function shortNameOf(organizationId: string, name: string): string {
  const latin = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .toUpperCase();
  return latin || organizationId.slice(0, 8).toUpperCase();
}

/** The transfer's reference: the batch number and who it pays, as a statement shows it. */
export function transferReference(batchNumber: string, organizationId: string, name: string) {
  return `${batchNumber} ${shortNameOf(organizationId, name)}`
    .slice(0, REFERENCE_MAX_LENGTH)
    .trim();
}

export function toPayoutBatchItem(batchNumber: string, row: PayoutBatchItemDbRow): PayoutBatchItem {
  return {
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    amount: centimesToMad(row.amountCentimes),
    rib: row.rib,
    ribHolder: row.ribHolder,
    reference: transferReference(batchNumber, row.organizationId, row.organizationName),
  };
}

/** Amounts are plain MAD figures with two decimals and a dot, as a bank's import reads them. */
const mad = (amount: number) => amount.toFixed(2);

export const payoutBalanceCsvColumns: CsvColumn<PayoutBalanceRow>[] = [
  { header: 'payout.csv_organization', value: (row) => row.organizationName },
  { header: 'payout.csv_payable_mad', value: (row) => mad(row.payable) },
  { header: 'payout.csv_pending_mad', value: (row) => mad(row.pending) },
  { header: 'payout.csv_in_payout_mad', value: (row) => mad(row.inPayout) },
  { header: 'payout.csv_fees_mad', value: (row) => mad(row.fees) },
  { header: 'payout.csv_balance_mad', value: (row) => mad(row.balance) },
  { header: 'payout.csv_valid_rib', value: (row) => (row.hasValidRib ? 'yes' : 'no') },
];

export const payoutBatchCsvColumns: CsvColumn<PayoutBatch>[] = [
  { header: 'payout.csv_batch_number', value: (row) => row.number },
  { header: 'payout.csv_total_mad', value: (row) => mad(row.total) },
  { header: 'payout.csv_organizations', value: (row) => row.organizationCount },
  { header: 'payout.csv_created_at', value: (row) => row.createdAt },
  { header: 'payout.csv_paid_at', value: (row) => row.paidAt ?? '' },
  { header: 'payout.csv_paid_reference', value: (row) => row.paidReference ?? '' },
];

/**
 * The bank's bulk-transfer file: one line per transfer, no total line (an import would read it
 * as one more transfer); the batch's total is in the X-Payout-Total header and on the screen.
 */
export const transferCsvColumns: CsvColumn<PayoutBatchItem>[] = [
  { header: 'payout.csv_holder', value: (row) => row.ribHolder },
  { header: 'payout.csv_rib', value: (row) => row.rib },
  { header: 'payout.csv_amount', value: (row) => mad(row.amount) },
  { header: 'payout.csv_reference', value: (row) => row.reference },
];
