import type { Locale } from '#shared/i18n/locales';
import {
  carrierBlockLines,
  carrierIdentifiersLine,
  type CarrierIdentity,
} from './carrier-identity';
import { formatCentimes, formatDocumentDate, labelled } from './document-format';
import { PdfWriter, type BlockLine } from './pdf-writer';
import { STATEMENT_LABELS } from './statement-labels';

export type { CarrierIdentity } from './carrier-identity';

/** A merchant's payout statement, in the merchant's language: one line per ledger entry paid. */
export interface StatementDocument {
  language: Locale;
  carrier: CarrierIdentity;
  merchant: {
    name: string;
    ice: string | null;
    ribHolder: string | null;
    ribMasked: string | null;
  };
  payout: { number: string; createdAt: Date; paidAt: Date | null; reference: string | null };
  lines: Array<{
    trackingNumber: string | null;
    receiverName: string | null;
    date: Date;
    description: string;
    codCentimes: number;
    feesCentimes: number;
    netCentimes: number;
  }>;
  totals: { codCentimes: number; feesCentimes: number; netCentimes: number };
}

const NO_VALUE = '—';

export function renderStatementPdf(doc: StatementDocument): Promise<Buffer> {
  const { language } = doc;
  const labels = STATEMENT_LABELS[language];
  const money = (centimes: number) => formatCentimes(centimes, language);
  const date = (value: Date) => formatDocumentDate(value, language);
  const title = `${labels.title} ${doc.payout.number}`;
  const writer = new PdfWriter({
    language,
    title,
    headerText: doc.carrier.legalName,
    pageLabel: labels.page,
    footerText: carrierIdentifiersLine(doc.carrier),
  });

  writer.text(title, { size: 17, bold: true });
  writer.space(10);
  const merchantLines: BlockLine[] = [
    { text: labels.merchant, size: 8, color: '#59636e' },
    { text: doc.merchant.name, bold: true, size: 11, direction: 'auto' },
  ];
  if (doc.merchant.ice)
    merchantLines.push({ text: labelled(labels.ice, doc.merchant.ice, language), size: 9 });
  if (doc.merchant.ribHolder) {
    merchantLines.push({
      text: labelled(labels.ribHolder, doc.merchant.ribHolder, language),
      size: 9,
    });
  }
  if (doc.merchant.ribMasked) {
    merchantLines.push({ text: labelled(labels.rib, doc.merchant.ribMasked, language), size: 9 });
  }
  writer.columns([
    {
      width: 1,
      lines: [
        { text: labels.carrier, size: 8, color: '#59636e' },
        ...carrierBlockLines(doc.carrier),
      ],
    },
    { width: 0.08, lines: [] },
    { width: 1, lines: merchantLines },
  ]);
  writer.space(12);
  writer.columns([
    {
      width: 1,
      lines: [
        { text: labelled(labels.payout, doc.payout.number, language), size: 9.5, bold: true },
        { text: labelled(labels.createdAt, date(doc.payout.createdAt), language), size: 9.5 },
      ],
    },
    { width: 0.08, lines: [] },
    {
      width: 1,
      lines: [
        {
          text: labelled(
            labels.paidAt,
            doc.payout.paidAt ? date(doc.payout.paidAt) : labels.notPaid,
            language,
          ),
          size: 9.5,
        },
        {
          text: labelled(labels.reference, doc.payout.reference ?? NO_VALUE, language),
          size: 9.5,
        },
      ],
    },
  ]);
  writer.space(14);

  if (doc.lines.length === 0) {
    writer.text(labels.noLines, { size: 10 });
  } else {
    writer.table(
      [
        { header: labels.date, width: 1.45 },
        { header: labels.trackingNumber, width: 1.9 },
        { header: labels.receiver, width: 2.1, direction: 'auto', maxLines: 2 },
        { header: labels.description, width: 2.0, direction: 'auto', maxLines: 2 },
        { header: labels.cod, width: 1.55, align: 'end' },
        { header: labels.fees, width: 1.35, align: 'end' },
        { header: labels.net, width: 1.55, align: 'end' },
      ],
      doc.lines.map((line) => [
        date(line.date),
        line.trackingNumber ?? NO_VALUE,
        line.receiverName ?? NO_VALUE,
        line.description,
        money(line.codCentimes),
        money(line.feesCentimes),
        money(line.netCentimes),
      ]),
      {
        footerRows: [
          [
            labels.total,
            '',
            '',
            '',
            money(doc.totals.codCentimes),
            money(doc.totals.feesCentimes),
            money(doc.totals.netCentimes),
          ],
        ],
      },
    );
  }
  writer.space(16);
  writer.labelledValues(
    [
      { label: labels.collected, value: money(doc.totals.codCentimes) },
      { label: labels.ourFees, value: money(doc.totals.feesCentimes) },
      { label: labels.netPaid, value: money(doc.totals.netCentimes), bold: true },
    ],
    { size: 10.5 },
  );
  return writer.render();
}
