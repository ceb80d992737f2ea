import PDFDocument from 'pdfkit';
import type { LabelFormat } from '#shared/labels';
import type { LabelData } from './label-data';

const MM = 72 / 25.4;

/** Thin first slice: one page per label with its tracking number; the full label replaces it. */
export async function renderLabelsPdf(
  labels: readonly LabelData[],
  format: LabelFormat,
): Promise<Buffer> {
  const size: [number, number] =
    format === 'a4'
      ? [210 * MM, 297 * MM]
      : format === 'a6'
        ? [105 * MM, 148 * MM]
        : [100 * MM, 150 * MM];
  const perPage = format === 'a4' ? 4 : 1;
  const doc = new PDFDocument({ size, margin: 0, autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) =>
    doc.on('end', () => resolve(Buffer.concat(chunks))),
  );
  labels.forEach((label, index) => {
    if (index % perPage === 0) doc.addPage();
    doc.text(label.trackingNumber, 20, 20 + (index % perPage) * 200);
  });
  doc.end();
  return done;
}
