import type { InvoiceLineKind } from '#shared/invoices';
import type { InvoiceDocument } from '../documents/invoice-pdf';
import type { InvoiceLineRow, ListedInvoiceRow } from './invoices-queries';

/** What each kind of line says on the document, in French like the whole invoice. */
const LINE_DESCRIPTIONS: Record<InvoiceLineKind, string> = {
  delivery_fee: 'Frais de livraison',
  cod_fee: 'Frais de contre-remboursement',
  return_fee: 'Frais de retour',
  credit: 'Avoir sur facture',
};

/**
 * An invoice or credit note as the PDF renders it (src/server/documents/invoice-pdf.ts): every
 * word and figure from what was frozen in it when it was issued, nothing read afresh.
 */
export function toInvoiceDocument(
  { invoice, creditedInvoiceNumber }: ListedInvoiceRow,
  lines: readonly InvoiceLineRow[],
): InvoiceDocument {
  return {
    kind: invoice.kind,
    number: invoice.number,
    issuedAt: invoice.issuedAt,
    period: { from: invoice.periodStart, to: invoice.periodEnd },
    creditedInvoiceNumber,
    reason: invoice.reason,
    carrier: invoice.carrier,
    customer: {
      name: invoice.customerName,
      address: invoice.customerAddress,
      ice: invoice.customerIce,
    },
    lines: lines.map((line) => ({
      description:
        line.kind === 'credit' && line.reference
          ? `${LINE_DESCRIPTIONS.credit} ${line.reference}`
          : LINE_DESCRIPTIONS[line.kind],
      reference: line.reference,
      quantity: line.quantity,
      unitTtcCentimes: line.unitTtcCentimes,
      totalTtcCentimes: line.totalTtcCentimes,
    })),
    vatRatePercent: Number(invoice.vatRatePercent),
    totals: {
      htCentimes: invoice.totalHtCentimes,
      vatCentimes: invoice.totalVatCentimes,
      ttcCentimes: invoice.totalTtcCentimes,
    },
  };
}
