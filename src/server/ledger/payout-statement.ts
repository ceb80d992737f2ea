import type { Locale } from '#shared/i18n/locales';
import type { LedgerEntryType } from '#shared/merchant-money';
import type { StatementDocument } from '../documents/statement-pdf';

/** A ledger row a payout paid, as the statement reads it. */
export interface PaidEntry {
  type: LedgerEntryType;
  amountCentimes: number;
  orderId: string | null;
  reason: string | null;
  createdAt: Date;
  trackingNumber: string | null;
  receiverName: string | null;
}

export interface StatementSource {
  language: Locale;
  carrier: StatementDocument['carrier'];
  merchant: { name: string; ice: string | null };
  payout: {
    number: string;
    createdAt: Date;
    paidAt: Date | null;
    reference: string | null;
    /** The bank details frozen in the batch when it was built. */
    rib: string;
    ribHolder: string;
  };
  entries: readonly PaidEntry[];
  /** A line's words in the statement's language. */
  describe(
    line: { kind: 'delivery' } | { kind: 'return' } | { kind: 'adjustment'; reason: string },
  ): string;
}

/** Only the last 4 digits of an account number go on a document that may be forwarded. */
export function maskRib(rib: string): string {
  return `**** ${rib.slice(-4)}`;
}

type StatementLine = StatementDocument['lines'][number];

/**
 * What a payout paid, as its statement shows it (docs/decisions/0020-merchant-money.md): one line
 * per parcel (its goods' value collected, its fees and the net), then one per adjustment, oldest
 * first. Fees are negative, as in the ledger: net = COD + fees, and the lines' nets add up to
 * the payout's amount.
 */
export function buildStatementDocument(source: StatementSource): StatementDocument {
  const parcels = new Map<string, StatementLine>();
  const adjustments: StatementLine[] = [];
  for (const entry of source.entries) {
    if (entry.type === 'adjustment' || entry.orderId === null) {
      adjustments.push({
        trackingNumber: entry.trackingNumber,
        receiverName: entry.receiverName,
        date: entry.createdAt,
        description: source.describe({ kind: 'adjustment', reason: entry.reason ?? '' }),
        codCentimes: 0,
        feesCentimes: 0,
        netCentimes: entry.amountCentimes,
      });
      continue;
    }
    let line = parcels.get(entry.orderId);
    if (!line) {
      line = {
        trackingNumber: entry.trackingNumber,
        receiverName: entry.receiverName,
        date: entry.createdAt,
        // A parcel brought back has only its return fee (docs/decisions/0023).
        description: source.describe({ kind: entry.type === 'return_fee' ? 'return' : 'delivery' }),
        codCentimes: 0,
        feesCentimes: 0,
        netCentimes: 0,
      };
      parcels.set(entry.orderId, line);
    }
    if (entry.type === 'cod_collected') line.codCentimes += entry.amountCentimes;
    else line.feesCentimes += entry.amountCentimes;
    line.netCentimes += entry.amountCentimes;
  }
  const lines = [...parcels.values(), ...adjustments];
  const totals = { codCentimes: 0, feesCentimes: 0, netCentimes: 0 };
  for (const line of lines) {
    totals.codCentimes += line.codCentimes;
    totals.feesCentimes += line.feesCentimes;
    totals.netCentimes += line.netCentimes;
  }
  const { number, createdAt, paidAt, reference, rib, ribHolder } = source.payout;
  return {
    language: source.language,
    carrier: source.carrier,
    merchant: { ...source.merchant, ribHolder, ribMasked: maskRib(rib) },
    payout: { number, createdAt, paidAt, reference },
    lines,
    totals,
  };
}
