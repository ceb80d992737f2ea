import { cityLabel } from '#shared/cities';
import { cityCode } from '#shared/city-codes';
import { formatCm, formatDh, formatKg } from '#shared/format';
import { centimesToMad } from '#shared/money';
import { formatDecimal } from '#shared/numbers';
import { formatDocumentDate, labelled } from '../documents/document-format';
import type { Box, PdfWriter, TextOptions, TextStyle } from '../documents/pdf-writer';
import { code128Bars, qrModules } from './barcode-drawing';
import type { LabelData } from './label-data';
import { ALLOW_OPEN_FLAG, CARGO_FLAGS, LABEL_WORDS } from './label-words';

/**
 * One label drawn in `box` (points from the page's top left), top to bottom: the route code and
 * the date; the sender; the receiver, their city in French and in Arabic; the amount to collect
 * in a frame beside the QR code of the tracking link, with weight, size, quantity, reference and
 * the cargo flag under it; the Code 128 of the tracking number, as wide as the label allows,
 * with the number in clear under it. Pure black throughout: thermal printers have no grey.
 * `padding` keeps the text off the edge (more on A4, where office printers leave a margin).
 */
export function drawLabel(writer: PdfWriter, label: LabelData, box: Box, padding: number): void {
  const left = box.left + padding;
  const width = box.width - 2 * padding;
  const bottom = box.top + box.height - padding;
  const at = (text: string, top: number, options: TextOptions) =>
    writer.textAt(text, top, { left, width, maxLines: 1, color: BLACK, ...options });
  const rule = (y: number) => writer.strokeLines([[left, y, left + width, y]], RULE);
  let y = box.top + padding;

  drawRoute(writer, label, left, y);
  at(formatDocumentDate(label.createdAt, 'fr'), y + 2, { size: 9, align: 'end' });
  y += 34;
  rule(y);
  y += 4;

  y += at(LABEL_WORDS.sender, y, HEADING);
  y += at(label.sender.name, y, { size: 9, bold: true, direction: 'auto' });
  const senderPlace = [label.sender.phone, cityLabel(label.sender.city, 'fr')].filter(Boolean);
  y += at(senderPlace.join(' · '), y, { size: 8.5, direction: 'auto' });
  y += 2;
  rule(y);
  y += 4;

  y += at(LABEL_WORDS.receiver, y, HEADING);
  y += at(label.receiver.name, y, { size: 13, bold: true, direction: 'auto' });
  y += at(label.receiver.phone, y, { size: 11, bold: true });
  if (label.receiver.address) {
    y += at(label.receiver.address, y, { size: 9, direction: 'auto', maxLines: 2 });
  }
  // Both names whole, in type as large as lets them share the line (Sidi Yahya El Gharb).
  const cityFr = cityLabel(label.receiver.city, 'fr');
  const cityAr = cityLabel(label.receiver.city, 'ar');
  const cityStyle = { bold: true } as const;
  const cityGap = 8;
  const citySize = fittingSize(writer, `${cityFr} ${cityAr}`, cityStyle, width - cityGap, 15);
  const cityFrWidth = writer.measure(cityFr, { ...cityStyle, size: citySize }) + 1;
  at(cityFr, y, { ...cityStyle, size: citySize, width: cityFrWidth });
  y += at(cityAr, y, {
    ...cityStyle,
    size: citySize,
    direction: 'rtl',
    align: 'end',
    left: left + cityFrWidth + cityGap,
    width: width - cityFrWidth - cityGap,
  });
  y += 2;
  rule(y);
  y += 6;

  const qrSize = Math.min(88, width * 0.36);
  const qrLeft = left + width - qrSize;
  writer.fillRects(
    qrModules(label.trackingUrl, { left: qrLeft, top: y - 4, width: qrSize, height: qrSize }),
    BLACK,
  );
  const detailsWidth = width - qrSize - 4;
  const detail = (text: string, top: number, options: TextOptions = {}) =>
    at(text, top, { size: 8.5, width: detailsWidth, ...options });
  const middleTop = y;
  y += drawAmount(writer, label.amountToCollectCentimes, { left, top: y, width: detailsWidth });
  y += 4;
  const size = [label.lengthCm, label.widthCm].map((cm) => formatDecimal(cm, 0, 2, 'fr'));
  const measures = [
    labelled(LABEL_WORDS.weight, formatKg(label.weightKg, 'fr'), 'fr'),
    ...(label.quantity > 1 ? [labelled(LABEL_WORDS.quantity, String(label.quantity), 'fr')] : []),
  ];
  y += detail(measures.join(' · '), y);
  y += detail(
    labelled(
      LABEL_WORDS.dimensions,
      `${size.join(' × ')} × ${formatCm(label.heightCm, 'fr')}`,
      'fr',
    ),
    y,
  );
  if (label.reference) {
    y += detail(labelled(LABEL_WORDS.reference, label.reference, 'fr'), y, {
      bold: true,
      direction: 'auto',
    });
  }
  const cargoFlag = CARGO_FLAGS[label.cargoType];
  const flags = [...(cargoFlag ? [cargoFlag] : []), ...(label.allowOpen ? [ALLOW_OPEN_FLAG] : [])];
  for (const flag of flags) {
    y += 2;
    const flagHeight = writer.lineHeight(10);
    writer.strokeRect(
      { left, top: y, width: detailsWidth, height: flagHeight },
      { width: 1.4, color: BLACK },
    );
    detail(`${flag.fr} · ${flag.ar}`, y, { size: 10, bold: true, align: 'center' });
    y += flagHeight;
  }
  y = Math.max(y, middleTop + qrSize - 4) + 6;

  // The barcode takes what is left above the number, up to a height a scanner needs no more of.
  const numberSize = 12;
  const numberTop = bottom - writer.lineHeight(numberSize);
  const barsHeight = Math.min(80, numberTop - y);
  writer.fillRects(
    code128Bars(label.trackingNumber, {
      left,
      top: numberTop - barsHeight,
      width,
      height: barsHeight,
    }),
    BLACK,
  );
  at(label.trackingNumber, numberTop, { size: numberSize, bold: true, align: 'center' });
}

const BLACK = '#000000';
const RULE = { width: 0.8, color: BLACK };
const HEADING: TextOptions = { size: 6.5, bold: true };

/**
 * "CAS ▶ RBA" in large type: the sender's and the receiver's city codes (#shared/city-codes),
 * with a drawn arrow (the document font has none).
 */
function drawRoute(writer: PdfWriter, label: LabelData, left: number, top: number): void {
  const style = { size: 22, bold: true, color: BLACK, maxLines: 1 };
  const from = cityCode(label.sender.city);
  const fromWidth = writer.measure(from, style);
  writer.textAt(from, top, { ...style, left, width: fromWidth + 1 });
  // Centred on the capitals' middle: about a third of the type size above the baseline.
  const middle = top + style.size * (1.08 - 0.36);
  const arrowLeft = left + fromWidth + 6;
  const arrowRight = arrowLeft + 24;
  writer.fillPolygon(
    [
      [arrowLeft, middle - 2],
      [arrowRight - 9, middle - 2],
      [arrowRight - 9, middle - 7],
      [arrowRight, middle],
      [arrowRight - 9, middle + 7],
      [arrowRight - 9, middle + 2],
      [arrowLeft, middle + 2],
    ],
    BLACK,
  );
  const to = cityCode(label.receiver.city);
  writer.textAt(to, top, { ...style, left: arrowRight + 6, width: writer.measure(to, style) + 1 });
}

/**
 * The amount in a thick frame: "À ENCAISSER" over "350,00 DH" in large type, or "PAYÉ" over
 * "0,00 DH" when nothing is due. Returns its height.
 */
function drawAmount(
  writer: PdfWriter,
  centimes: number,
  { left, top, width }: { left: number; top: number; width: number },
): number {
  const amount = formatDh(centimesToMad(centimes), 'fr');
  const [small, large] =
    centimes > 0 ? [LABEL_WORDS.toCollect, amount] : [amount, LABEL_WORDS.paid];
  const inner = { left: left + 5, width: width - 10, color: BLACK, maxLines: 1, bold: true };
  // A large amount is written smaller rather than cut.
  const largeSize = fittingSize(writer, large, inner, inner.width, 20);
  let y = top + 3;
  y += writer.textAt(small, y, { ...inner, size: 8.5 });
  y += writer.textAt(large, y - 3, { ...inner, size: largeSize }) - 3;
  const height = y - top;
  writer.strokeRect({ left, top, width, height }, { width: 2, color: BLACK });
  return height;
}

/** The largest type size, up to `largest`, at which `text` fits `width` on one line. */
function fittingSize(
  writer: PdfWriter,
  text: string,
  style: TextStyle,
  width: number,
  largest: number,
): number {
  const size = (largest * width) / writer.measure(text, { ...style, size: largest });
  return Math.min(largest, Math.floor(size * 10) / 10);
}
