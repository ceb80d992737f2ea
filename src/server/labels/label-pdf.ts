import type { LabelFormat } from '#shared/labels';
import { PdfWriter, type Box, type PageGeometry } from '../documents/pdf-writer';
import type { LabelData } from './label-data';
import { drawLabel } from './label-layout';

const MM = 72 / 25.4;

interface FormatLayout {
  page: { width: number; height: number };
  /** The label boxes on one page, filled in this order. */
  slots: Box[];
  padding: number;
  /** Dashed lines where the sheet is cut (A4). */
  cuts: Array<[number, number, number, number]>;
}

function singleLabel(widthMm: number, heightMm: number): FormatLayout {
  const page = { width: widthMm * MM, height: heightMm * MM };
  return { page, slots: [{ left: 0, top: 0, ...page }], padding: 3 * MM, cuts: [] };
}

/** Four A6 labels on an A4 sheet, two by two, cut along the sheet's middle lines. */
function a4Sheet(): FormatLayout {
  const page = { width: 210 * MM, height: 297 * MM };
  const half = { width: page.width / 2, height: page.height / 2 };
  const slots = [0, 1, 2, 3].map((index) => ({
    left: (index % 2) * half.width,
    top: Math.floor(index / 2) * half.height,
    ...half,
  }));
  return {
    page,
    slots,
    // Office printers leave about 4 mm unprinted at the sheet's edges.
    padding: 5 * MM,
    cuts: [
      [half.width, 0, half.width, page.height],
      [0, half.height, page.width, half.height],
    ],
  };
}

const FORMAT_LAYOUTS: Readonly<Record<LabelFormat, FormatLayout>> = {
  a6: singleLabel(105, 148),
  '100x150': singleLabel(100, 150),
  a4: a4Sheet(),
};

/**
 * The labels in one PDF (docs/decisions/0022-labels-manifests-scanning.md): one page per label
 * in `a6` and `100x150`, four per page in `a4`.
 */
export async function renderLabelsPdf(
  labels: readonly LabelData[],
  format: LabelFormat,
): Promise<Buffer> {
  const layout = FORMAT_LAYOUTS[format];
  const page: PageGeometry = { ...layout.page, margins: { top: 0, bottom: 0, side: 0 } };
  const writer = new PdfWriter({ language: 'fr', title: 'Étiquettes Atlas Freight', page });
  const perPage = layout.slots.length;
  labels.forEach((label, index) => {
    const slot = index % perPage;
    if (index > 0 && slot === 0) writer.addPage();
    if (slot === 0 && layout.cuts.length > 0) {
      writer.strokeLines(layout.cuts, { width: 0.5, color: '#808080', dash: 4 });
    }
    drawLabel(writer, label, layout.slots[slot]!, layout.padding);
  });
  return writer.render();
}
