import zxing from '@zxing/library';
import bwipjs from 'bwip-js/node';
import type { Box } from '../documents/pdf-writer';

/**
 * Barcodes as filled rectangles in points, for PdfWriter.fillRects: vector, so they print sharp
 * at any printer's resolution. bwip-js encodes the Code 128 (its `raw`: the bar widths). ZXing's
 * encoder (@zxing/library) makes the QR code's module grid: bwip-js took 10 ms per QR code, half
 * a label's time, to choose its mask the way the standard says (scoring all eight), ZXing 3 ms;
 * a fixed mask would have been as fast, but its codes read back measurably less often (3 to 9
 * misses in 80 codes drawn at 120 to 200 dpi, against 0 to 3). The drawing, and the quiet zones
 * that scanners need, are ours.
 */

/** Code 128 wants ten modules of white on each side; QR four. */
const CODE128_QUIET_MODULES = 10;
const QR_QUIET_MODULES = 4;

interface LinearSymbol {
  /** Widths in modules, bar, space, bar… from the left. */
  sbs: number[];
}

interface MatrixSymbol {
  /** One per module, row by row: 1 is dark. */
  modules: Uint8Array;
  size: number;
}

/**
 * Symbols already encoded, for a label printed again (a reprint, the same label in another
 * format): encoding is most of a label's time, the QR code's above all.
 */
const SYMBOLS_KEPT = 2_000;
const code128Symbols = new Map<string, LinearSymbol>();
const qrSymbols = new Map<string, MatrixSymbol>();

function encoded<T>(known: Map<string, T>, text: string, encode: () => T): T {
  let symbol = known.get(text);
  if (!symbol) {
    symbol = encode();
    if (known.size >= SYMBOLS_KEPT) known.clear();
    known.set(text, symbol);
  }
  return symbol;
}

/**
 * The bars of `text` in Code 128 across `box`, modules as wide as fit with the quiet zones
 * inside the box, the bars centred.
 */
export function code128Bars(text: string, box: Box): Box[] {
  const { sbs } = encoded(
    code128Symbols,
    text,
    () => bwipjs.raw('code128', text, '')[0] as LinearSymbol,
  );
  const modules = sbs.reduce((sum, width) => sum + width, 0);
  const module = box.width / (modules + 2 * CODE128_QUIET_MODULES);
  let x = box.left + (box.width - modules * module) / 2;
  const bars: Box[] = [];
  sbs.forEach((width, index) => {
    if (index % 2 === 0)
      bars.push({ left: x, top: box.top, width: width * module, height: box.height });
    x += width * module;
  });
  return bars;
}

/**
 * The dark modules of `text` in a QR code (error correction M: a smudge or a fold still reads)
 * filling the square `box` with its quiet zone inside, one rectangle per run of dark modules in
 * a row (fewer shapes in the PDF than one per module).
 */
export function qrModules(text: string, box: Box): Box[] {
  const { modules, size } = encoded(qrSymbols, text, () => encodeQrCode(text));
  const module = Math.min(box.width, box.height) / (size + 2 * QR_QUIET_MODULES);
  const left = box.left + QR_QUIET_MODULES * module;
  const top = box.top + QR_QUIET_MODULES * module;
  const runs: Box[] = [];
  for (let row = 0; row < size; row += 1) {
    let column = 0;
    while (column < size) {
      if (modules[row * size + column] !== 1) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < size && modules[row * size + column] === 1) column += 1;
      runs.push({
        left: left + start * module,
        top: top + row * module,
        width: (column - start) * module,
        height: module,
      });
    }
  }
  return runs;
}

function encodeQrCode(text: string): MatrixSymbol {
  const matrix = zxing.QRCodeEncoder.encode(
    text,
    zxing.QRCodeDecoderErrorCorrectionLevel.M,
  ).getMatrix();
  const size = matrix.getWidth();
  const modules = new Uint8Array(size * size);
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column < size; column += 1) {
      modules[row * size + column] = matrix.get(column, row);
    }
  }
  return { modules, size };
}
