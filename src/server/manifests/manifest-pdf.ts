import type { ManifestKind } from '#shared/labels';
import { cityLabel } from '#shared/cities';
import {
  carrierBlockLines,
  carrierIdentifiersLine,
  type CarrierIdentity,
} from '../documents/carrier-identity';
import { formatCentimes, formatDocumentDate, labelled } from '../documents/document-format';
import { PdfWriter, type BlockLine } from '../documents/pdf-writer';

/**
 * A hand-over sheet as printed (docs/decisions/0022-labels-manifests-scanning.md, "Hand-over
 * sheets"), in French like the invoices: what the lines held when the sheet was made.
 */
export interface ManifestDocument {
  kind: ManifestKind;
  number: number;
  createdAt: Date;
  carrier: CarrierIdentity;
  /** Null when the parcels had no single driver: the paper leaves lines to fill by hand. */
  driver: { name: string; phone: string } | null;
  truckNumber: string | null;
  /** The merchant a collection sheet's parcels are collected from. */
  organization: { name: string; pickupAddress: string | null; pickupCity: string | null } | null;
  lines: Array<{
    trackingNumber: string;
    receiverName: string | null;
    receiverCity: string;
    amountToCollectCentimes: number;
  }>;
  totalToCollectCentimes: number;
}

const LANGUAGE = 'fr';
const MUTED = '#59636e';
const NO_VALUE = '—';
/** What a blank to fill by hand looks like on the paper. */
const BLANK = '______________________';
/** Lines of the signature cell: room for a hand-written signature. */
const SIGNATURE_LINES = 4;

const TITLES: Record<ManifestKind, string> = {
  dispatch: 'Bordereau de remise',
  collection: "Bordereau d'enlèvement",
};

const money = (centimes: number) => formatCentimes(centimes, LANGUAGE);

/**
 * A city in French and in Arabic ("Rabat · الرباط"), once when the list has no Arabic name for
 * it: the driver reads one, the receiver's neighbours the other.
 */
export function bilingualCity(city: string): string {
  const french = cityLabel(city, 'fr');
  const arabic = cityLabel(city, 'ar');
  return arabic === french ? french : `${french} · ${arabic}`;
}

/** The sheet's number as people write it: "N° 42". */
export const manifestTitle = (kind: ManifestKind, number: number) => `${TITLES[kind]} N° ${number}`;

function driverLines(doc: ManifestDocument): BlockLine[] {
  const line = (label: string, value: string | null | undefined): BlockLine => ({
    text: labelled(label, value ?? BLANK, LANGUAGE),
    size: 9.5,
    direction: 'auto',
  });
  return [
    { text: 'Chauffeur', size: 8, color: MUTED },
    line('Nom', doc.driver?.name),
    line('Téléphone', doc.driver?.phone),
    line('Camion', doc.truckNumber ?? (doc.driver ? NO_VALUE : null)),
  ];
}

function senderLines(doc: ManifestDocument): BlockLine[] {
  if (!doc.organization) {
    return [{ text: 'Transporteur', size: 8, color: MUTED }, ...carrierBlockLines(doc.carrier)];
  }
  const { name, pickupAddress, pickupCity } = doc.organization;
  const lines: BlockLine[] = [
    { text: 'Expéditeur', size: 8, color: MUTED },
    { text: name, bold: true, size: 11, direction: 'auto' },
  ];
  if (pickupAddress) lines.push({ text: pickupAddress, size: 9, direction: 'auto' });
  if (pickupCity) lines.push({ text: bilingualCity(pickupCity), size: 9 });
  return lines;
}

export function renderManifestPdf(doc: ManifestDocument): Promise<Buffer> {
  const title = manifestTitle(doc.kind, doc.number);
  const writer = new PdfWriter({
    language: LANGUAGE,
    title,
    headerText: doc.carrier.legalName,
    pageLabel: (page, pageCount) => `Page ${page} / ${pageCount}`,
    footerText: carrierIdentifiersLine(doc.carrier),
  });

  writer.text(title, { size: 17, bold: true });
  writer.text(labelled('Date', formatDocumentDate(doc.createdAt, LANGUAGE), LANGUAGE), {
    size: 10,
  });
  writer.space(10);
  writer.columns([
    { width: 1, lines: driverLines(doc) },
    { width: 0.08, lines: [] },
    { width: 1, lines: senderLines(doc) },
  ]);
  writer.space(14);

  const count = doc.lines.length;
  writer.table(
    [
      { header: '#', width: 0.45, align: 'end' },
      { header: 'N° de suivi', width: 1.9 },
      { header: 'Destinataire', width: 2.3, direction: 'auto', maxLines: 2 },
      { header: 'Ville', width: 2.2, maxLines: 2 },
      { header: 'À encaisser', width: 1.5, align: 'end' },
    ],
    doc.lines.map((line, index) => [
      String(index + 1),
      line.trackingNumber,
      line.receiverName ?? NO_VALUE,
      bilingualCity(line.receiverCity),
      money(line.amountToCollectCentimes),
    ]),
    {
      footerRows: [['', 'Total', `${count} colis`, '', money(doc.totalToCollectCentimes)]],
    },
  );
  writer.space(14);
  writer.labelledValues(
    [
      { label: 'Nombre de colis', value: String(count) },
      { label: 'Total à encaisser', value: money(doc.totalToCollectCentimes), bold: true },
    ],
    { size: 10.5 },
  );
  writer.space(18);

  // Both boxes stay on one page: a signature split from its names proves nothing.
  const givenBy = doc.organization?.name ?? doc.carrier.legalName;
  const signatureCell = ['Signature :', ...Array<string>(SIGNATURE_LINES).fill('')].join('\n');
  writer.ensureSpace(writer.lineHeight(9.5) * (SIGNATURE_LINES + 6) + 24);
  writer.table(
    [
      { header: 'Remis par', width: 1, maxLines: SIGNATURE_LINES + 1, direction: 'auto' },
      { header: 'Reçu par', width: 1, maxLines: SIGNATURE_LINES + 1, direction: 'auto' },
    ],
    [
      [labelled('Nom', givenBy, LANGUAGE), labelled('Nom', doc.driver?.name ?? BLANK, LANGUAGE)],
      [labelled('Date', BLANK, LANGUAGE), labelled('Date', BLANK, LANGUAGE)],
      [signatureCell, signatureCell],
    ],
    { size: 9.5 },
  );
  return writer.render();
}
