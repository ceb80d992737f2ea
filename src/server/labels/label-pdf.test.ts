import { describe, expect, it } from 'vitest';
import { trackingLink, type LabelFormat } from '#shared/labels';
import { readCode128, readQrCode } from '../../../tests/support/barcode-reading';
import { pdfPageInfo, rasterizePdfPage } from '../../../tests/support/pdf-raster';
import { readPdfText } from '../../../tests/support/pdf-text';
import type { LabelData } from './label-data';
import { renderLabelsPdf } from './label-pdf';

const PUBLIC_URL = 'https://atlas-freight.example';
const ARABIC_NAME = 'محمد العلوي';

function labelFor(trackingNumber: string, changes: Partial<LabelData> = {}): LabelData {
  return {
    trackingNumber,
    trackingUrl: trackingLink(PUBLIC_URL, trackingNumber),
    reference: 'CMD-2026-1042',
    createdAt: new Date('2026-11-27T23:30:00Z'),
    sender: { name: 'Boutique Zahra SARL', phone: '+212 539 123 456', city: 'Tangier' },
    receiver: {
      name: ARABIC_NAME,
      phone: '+212 661 234 567',
      address: 'حي النصر، زنقة 12، رقم 5',
      city: 'Casablanca',
    },
    amountToCollectCentimes: 35_000,
    weightKg: 2.5,
    lengthCm: 30,
    widthCm: 20,
    heightCm: 10,
    quantity: 2,
    cargoType: 'fragile',
    allowOpen: false,
    ...changes,
  };
}

const LABEL = labelFor('MA-7K3P-Q9XD');
/** The A4 sheet's four labels: one of each cargo type, the second with nothing to collect. */
const SHEET = [
  labelFor('MA-2A2B-3C3D'),
  labelFor('MA-4E4F-5G5H', { amountToCollectCentimes: 0, cargoType: 'general' }),
  labelFor('MA-6J6K-7M7N', { cargoType: 'refrigerated' }),
  labelFor('MA-8P8Q-9R9S', { cargoType: 'hazardous', reference: null }),
];

const DPI = 200;

// Rendering, drawing pages with pdftoppm and decoding take seconds on a busy machine; nothing
// here is timed. Without pdftoppm the tests fail (rasterizePdfPage says how to install it).
describe('renderLabelsPdf', { timeout: 120_000 }, () => {
  it.each([
    ['a6', 105, 148],
    ['100x150', 100, 150],
  ] as const)('draws a %s label whose barcodes read back', async (format, widthMm, heightMm) => {
    const pdf = await renderLabelsPdf([LABEL], format);

    expect(await pdfPageInfo(pdf)).toEqual({ pages: 1, widthMm, heightMm });
    const image = await rasterizePdfPage(pdf, 1, DPI);
    expect(readCode128(image)).toBe('MA-7K3P-Q9XD');
    expect(readQrCode(image)).toBe(`${PUBLIC_URL}/track-shipment?n=MA-7K3P-Q9XD`);
  });

  it('prints four labels on an A4 sheet, each with barcodes that read back', async () => {
    const pdf = await renderLabelsPdf(SHEET, 'a4');

    expect(await pdfPageInfo(pdf)).toEqual({ pages: 1, widthMm: 210, heightMm: 297 });
    const image = await rasterizePdfPage(pdf, 1, DPI);
    const width = Math.floor(image.width / 2);
    const height = Math.floor(image.height / 2);
    const quarters = [0, 1, 2, 3].map((index) => ({
      left: (index % 2) * width,
      top: Math.floor(index / 2) * height,
      width,
      height,
    }));
    expect(quarters.map((quarter) => readCode128(image, quarter))).toEqual(
      SHEET.map((label) => label.trackingNumber),
    );
    expect(quarters.map((quarter) => readQrCode(image, quarter))).toEqual(
      SHEET.map((label) => label.trackingUrl),
    );
  });

  it('writes the receiver in Arabic, the city in both scripts, the amount, route and flags', async () => {
    const text = await readPdfText(await renderLabelsPdf([LABEL], '100x150'));

    expect(text).toContain(ARABIC_NAME);
    expect(text).toContain('+212 661 234 567');
    expect(text).toContain('Casablanca');
    expect(text).toContain('الدار البيضاء');
    expect(text).toContain('À ENCAISSER');
    expect(text).toContain('350,00 DH');
    expect(text).not.toContain('PAYÉ');
    expect(text).toContain('Réf. : CMD-2026-1042');
    expect(text).toMatch(/^TNG ?CAS\b/m);
    expect(text).toContain('Boutique Zahra SARL');
    expect(text).toContain('Tanger');
    expect(text).toContain('28/11/2026');
    expect(text).toContain('Poids : 2,5 kg · Colis : 2');
    expect(text).toContain('30 × 20 × 10 cm');
    expect(text).toContain('FRAGILE');
    expect(text).toContain('قابل للكسر');
    expect(text).toContain('MA-7K3P-Q9XD');
  });

  it('prints PAYÉ when nothing is due, each cargo flag, and no quantity for one parcel', async () => {
    const text = await readPdfText(
      await renderLabelsPdf(
        SHEET.map((label) => ({ ...label, quantity: 1 })),
        'a4',
      ),
    );

    expect(text).toContain('PAYÉ');
    expect(text).toContain('0,00 DH');
    expect(text.match(/À ENCAISSER/g)).toHaveLength(3);
    for (const flag of ['FRAGILE', 'RÉFRIGÉRÉ', 'DANGEREUX', 'مبرد', 'خطير']) {
      expect(text).toContain(flag);
    }
    expect(text).not.toContain('Colis');
    expect(text.match(/Réf\. :/g)).toHaveLength(3);
  });

  it('flags a parcel the receiver may open, in French and Arabic, its barcode still read', async () => {
    const pdf = await renderLabelsPdf([{ ...LABEL, allowOpen: true }], 'a6');
    const text = await readPdfText(pdf);

    expect(text).toContain('OUVERTURE AUTORISÉE');
    expect(text).toContain('يسمح بالفتح');
    expect(text).toContain('FRAGILE');
    expect(readCode128(await rasterizePdfPage(pdf, 1, DPI))).toBe('MA-7K3P-Q9XD');
    expect(await readPdfText(await renderLabelsPdf([LABEL], 'a6'))).not.toContain('OUVERTURE');
  });

  it('writes a large amount and a long city name whole, in smaller type', async () => {
    const label = labelFor('MA-7K3P-Q9XD', {
      amountToCollectCentimes: 123_456_789,
      receiver: { ...LABEL.receiver, city: 'Sidi Yahya El Gharb' },
    });
    const pdf = await renderLabelsPdf([label], '100x150');
    const text = await readPdfText(pdf);

    expect(text).toContain('1.234.567,89 DH');
    expect(text).toContain('Sidi Yahya El Gharb سيدي يحيى الغرب');
    expect(readCode128(await rasterizePdfPage(pdf, 1, DPI))).toBe('MA-7K3P-Q9XD');
  });

  it.each([
    ['a4', 125],
    ['100x150', 500],
  ] as Array<[LabelFormat, number]>)('puts 500 labels on %s pages: %i', async (format, pages) => {
    const labels = Array.from({ length: 500 }, (_, index) =>
      labelFor(`MA-${String(index).padStart(4, '0')}-Q9XD`),
    );
    const pdf = await renderLabelsPdf(labels, format);

    expect((await pdfPageInfo(pdf)).pages).toBe(pages);
    const lastPage = await readPdfText(pdf, { pages: (count) => [count] });
    expect(lastPage).toContain('MA-0499-Q9XD');
  });
});
