import { toBusinessDate } from '#shared/business-calendar';
import { formatDecimal } from '#shared/numbers';
import { amountInFrenchWords } from './amount-in-french-words';
import {
  carrierBlockLines,
  carrierIdentifiersLine,
  type CarrierIdentity,
} from './carrier-identity';
import {
  formatCentimes,
  formatDocumentDate,
  formatDocumentMonth,
  labelled,
} from './document-format';
import { PdfWriter, type BlockLine } from './pdf-writer';

export type { CarrierIdentity } from './carrier-identity';

/**
 * An invoice or a credit note, always in French, the language of Moroccan commercial documents.
 * Prices are tax-included: each line states its TTC amount, the totals split HT and TVA.
 */
export interface InvoiceDocument {
  kind: 'invoice' | 'credit_note';
  /** FA-2026-000001 or AV-2026-000001. */
  number: string;
  issuedAt: Date;
  /**
   * The month invoiced. Written as the month ("novembre 2026") when it runs from the first day
   * of a month to its last day or to the first instant of the next; otherwise as two dates.
   */
  period: { from: Date; to: Date } | null;
  /** For a credit note. */
  creditedInvoiceNumber: string | null;
  /** For a credit note. */
  reason: string | null;
  carrier: CarrierIdentity;
  customer: { name: string; address: string | null; ice: string | null };
  lines: Array<{
    description: string;
    reference: string | null;
    quantity: number;
    unitTtcCentimes: number;
    totalTtcCentimes: number;
  }>;
  vatRatePercent: number;
  totals: { htCentimes: number; vatCentimes: number; ttcCentimes: number };
}

const LANGUAGE = 'fr';
const MUTED = '#59636e';

const money = (centimes: number) => formatCentimes(centimes, LANGUAGE);
const date = (value: Date) => formatDocumentDate(value, LANGUAGE);

export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const isInvoice = doc.kind === 'invoice';
  const title = `${isInvoice ? 'Facture' : 'Avoir'} ${doc.number}`;
  const writer = new PdfWriter({
    language: LANGUAGE,
    title,
    headerText: doc.carrier.legalName,
    pageLabel: (page, pageCount) => `Page ${page} / ${pageCount}`,
    footerText: `${doc.carrier.legalName} · ${carrierIdentifiersLine(doc.carrier)}`,
  });

  const customerLines: BlockLine[] = [
    { text: 'Client', size: 8, color: MUTED },
    { text: doc.customer.name, bold: true, size: 11, direction: 'auto' },
  ];
  if (doc.customer.address) {
    customerLines.push({ text: doc.customer.address, size: 9, direction: 'auto' });
  }
  if (doc.customer.ice)
    customerLines.push({ text: labelled('ICE', doc.customer.ice, LANGUAGE), size: 9 });
  writer.columns([
    { width: 1, lines: carrierBlockLines(doc.carrier) },
    { width: 0.1, lines: [] },
    { width: 1, lines: customerLines },
  ]);
  writer.space(18);

  writer.text(title, { size: 18, bold: true });
  const facts = [labelled("Date d'émission", date(doc.issuedAt), LANGUAGE)];
  if (doc.period) facts.push(labelled('Période', periodText(doc.period), LANGUAGE));
  if (doc.creditedInvoiceNumber) {
    facts.push(labelled('Facture rectifiée', doc.creditedInvoiceNumber, LANGUAGE));
  }
  for (const fact of facts) writer.text(fact, { size: 10 });
  if (doc.reason)
    writer.text(labelled('Motif', doc.reason, LANGUAGE), { size: 10, direction: 'auto' });
  writer.space(12);

  writer.table(
    [
      { header: 'Désignation', width: 4, maxLines: 2, direction: 'auto' },
      { header: 'Référence', width: 2 },
      { header: 'Qté', width: 0.8, align: 'end' },
      { header: 'P.U. TTC', width: 1.6, align: 'end' },
      { header: 'Total TTC', width: 1.7, align: 'end' },
    ],
    doc.lines.map((line) => [
      line.description,
      line.reference ?? '',
      formatDecimal(line.quantity, 0, 3, LANGUAGE),
      money(line.unitTtcCentimes),
      money(line.totalTtcCentimes),
    ]),
    { size: 9 },
  );
  writer.space(14);
  writer.labelledValues(
    [
      { label: 'Total HT', value: money(doc.totals.htCentimes) },
      {
        label: `TVA (${formatDecimal(doc.vatRatePercent, 0, 2, LANGUAGE)} %)`,
        value: money(doc.totals.vatCentimes),
      },
      { label: 'Total TTC', value: money(doc.totals.ttcCentimes), bold: true },
    ],
    { size: 10.5, width: writer.width * 0.45 },
  );
  writer.space(16);
  const closing = isInvoice
    ? 'Arrêtée la présente facture à la somme de'
    : 'Arrêté le présent avoir à la somme de';
  writer.ensureSpace(writer.lineHeight(10) * 3);
  writer.text(`${labelled(closing, amountInFrenchWords(doc.totals.ttcCentimes), LANGUAGE)} TTC.`, {
    size: 10,
    bold: true,
  });
  return writer.render();
}

function periodText(period: { from: Date; to: Date }): string {
  const from = toBusinessDate(period.from);
  const to = toBusinessDate(period.to);
  const [year, month] = from.split('-').map(Number) as [number, number];
  // Noon UTC is the same calendar day in Morocco.
  const lastDay = toBusinessDate(new Date(Date.UTC(year, month, 0, 12)));
  const nextFirstDay = toBusinessDate(new Date(Date.UTC(year, month, 1, 12)));
  const wholeMonth =
    from.endsWith('-01') &&
    (to === lastDay || (to === nextFirstDay && isMidnightInMorocco(period.to)));
  return wholeMonth
    ? formatDocumentMonth(period.from, LANGUAGE)
    : `du ${date(period.from)} au ${date(period.to)}`;
}

/** The first instant of a day in Morocco: an exclusive end, as a month's bounds are often kept. */
function isMidnightInMorocco(instant: Date): boolean {
  return toBusinessDate(new Date(instant.getTime() - 1)) !== toBusinessDate(instant);
}
