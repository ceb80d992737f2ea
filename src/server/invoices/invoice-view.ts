import { centimesToMad } from '#shared/money';
import type { Invoice, InvoiceDetail } from '#shared/schemas/invoice-schemas';
import type { CsvColumn } from '../http/csv';
import type { InvoiceLineRow, ListedInvoiceRow } from './invoices-queries';

/** A listed invoice or credit note as the API answers it: money in MAD. */
export function toInvoice({ invoice, creditedInvoiceNumber }: ListedInvoiceRow): Invoice {
  return {
    id: invoice.id,
    kind: invoice.kind,
    number: invoice.number,
    organizationId: invoice.organizationId,
    customerName: invoice.customerName,
    month: invoice.month,
    issuedAt: invoice.issuedAt.toISOString(),
    vatRatePercent: Number(invoice.vatRatePercent),
    totalHt: centimesToMad(invoice.totalHtCentimes),
    totalVat: centimesToMad(invoice.totalVatCentimes),
    totalTtc: centimesToMad(invoice.totalTtcCentimes),
    lineCount: invoice.lineCount,
    creditedInvoiceId: invoice.creditedInvoiceId,
    creditedInvoiceNumber,
    reason: invoice.reason,
  };
}

export function toInvoiceDetail(
  row: ListedInvoiceRow,
  lines: readonly InvoiceLineRow[],
  creditNotes: ReadonlyArray<{
    id: string;
    number: string;
    issuedAt: Date;
    totalTtcCentimes: number;
  }>,
): InvoiceDetail {
  const { invoice } = row;
  const creditedCentimes = creditNotes.reduce((sum, note) => sum + note.totalTtcCentimes, 0);
  return {
    ...toInvoice(row),
    customer: {
      name: invoice.customerName,
      address: invoice.customerAddress,
      ice: invoice.customerIce,
    },
    carrier: invoice.carrier,
    periodStart: invoice.periodStart.toISOString(),
    periodEnd: invoice.periodEnd.toISOString(),
    lines: lines.map((line) => ({
      position: line.position,
      kind: line.kind,
      reference: line.reference,
      quantity: line.quantity,
      unitTtc: centimesToMad(line.unitTtcCentimes),
      totalTtc: centimesToMad(line.totalTtcCentimes),
    })),
    creditNotes: creditNotes.map((note) => ({
      id: note.id,
      number: note.number,
      issuedAt: note.issuedAt.toISOString(),
      totalTtc: centimesToMad(note.totalTtcCentimes),
    })),
    remainingTtc:
      invoice.kind === 'invoice' ? centimesToMad(invoice.totalTtcCentimes - creditedCentimes) : 0,
  };
}

export const invoiceCsvColumns: readonly CsvColumn<Invoice>[] = [
  { header: 'invoice.csv_number', value: (row) => row.number },
  { header: 'invoice.csv_kind', value: (row) => row.kind },
  { header: 'invoice.csv_month', value: (row) => row.month },
  { header: 'invoice.csv_customer', value: (row) => row.customerName },
  { header: 'invoice.csv_issued_at', value: (row) => row.issuedAt },
  { header: 'invoice.csv_total_ht_mad', value: (row) => row.totalHt },
  { header: 'invoice.csv_vat_mad', value: (row) => row.totalVat },
  { header: 'invoice.csv_total_ttc_mad', value: (row) => row.totalTtc },
  { header: 'invoice.csv_credited_invoice', value: (row) => row.creditedInvoiceNumber },
  { header: 'invoice.csv_reason', value: (row) => row.reason },
];
