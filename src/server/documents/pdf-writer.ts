import PDFDocument from 'pdfkit';
import { textDirection as localeDirection, type Locale } from '#shared/i18n/locales';
import { visualPieces, type Direction, type ScriptFont, type VisualPiece } from './bidi-runs';
import { documentFonts, FONT_NAMES, type FontName } from './document-fonts';
import { prepareEmbeddedFont, type EmbeddedFontInternals } from './pdfkit-fonts';

/**
 * The one layer every PDF the server writes is drawn through (statements, invoices, labels): A4
 * with margins by default or another page (a label's), filled shapes and lines at absolute
 * positions (barcodes, cut marks), Noto Sans and Noto Sans Arabic, text in any mix of Latin and
 * Arabic drawn shaped and in visual order, right-aligned layout for an Arabic document, a table
 * that breaks across pages with its header row repeated, a header and "page n of N" footer on
 * every page, and `render()` to a Buffer. docs/decisions/0019-pdf-documents.md says why pdfkit.
 *
 * Positions are in PDF points from the top left. `start` and `end` are the reading direction's:
 * left and right in English and French, right and left in Arabic.
 */

export type Align = 'start' | 'end' | 'center';

export interface PdfWriterOptions {
  language: Locale;
  /** The PDF's title (shown by viewers) and the header's first words on every page. */
  title: string;
  /** Words written at the header's other end on every page (the carrier's name). */
  headerText?: string;
  /**
   * The footer's page number: (1, 3) → "Page 1 / 3". Without it the pages have no header and
   * footer (a label), and are not kept in memory until the end.
   */
  pageLabel?: (page: number, pageCount: number) => string;
  /** Words written at the footer's start on every page (the carrier's identifiers). */
  footerText?: string;
  /** The page and its margins, in points: A4 with the documents' margins by default. */
  page?: PageGeometry;
}

export interface PageGeometry {
  width: number;
  height: number;
  margins: { top: number; bottom: number; side: number };
}

/** A rectangle in points from the page's top left. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface LineStyle {
  width?: number;
  color?: string;
  /** Dashes and gaps of this length. */
  dash?: number;
}

export interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: string;
  /**
   * The paragraph's direction for the bidirectional algorithm: the document's by default;
   * `auto` (from the first letter) for what someone typed, such as a name.
   */
  direction?: Direction | 'auto';
}

export interface TextOptions extends TextStyle {
  align?: Align;
  /** The box, from its left edge: the page's content box by default. */
  left?: number;
  width?: number;
  /** Lines beyond these are dropped and the last one ends with "…". Unlimited by default. */
  maxLines?: number;
}

export interface TableColumn {
  header: string;
  /** A share of the table's width (the shares need not add up to anything). */
  width: number;
  align?: Align;
  /** Lines a cell may wrap to before it is cut with "…" (1 by default). */
  maxLines?: number;
  direction?: Direction | 'auto';
}

export interface TableOptions {
  size?: number;
  /** Rows in bold after a rule, under the last row (totals). */
  footerRows?: string[][];
}

export type BlockLine = { text: string } & TextStyle;

/** A table row cut into lines, cell by cell, and the height it takes. */
interface FittedRow {
  cells: Array<{ lines: string[]; options: TextOptions }>;
  height: number;
}

export interface ColumnBlock {
  /** A share of the content width. */
  width: number;
  lines: BlockLine[];
  align?: Align;
}

const A4_PAGE: PageGeometry = {
  width: 595.28,
  height: 841.89,
  margins: { side: 42, top: 64, bottom: 60 },
};
/** Line box per point of font size: Arabic letters reach further above and below than Latin. */
const LINE_HEIGHT = 1.5;
/** From a line box's top to its baseline, per point of font size. */
const BASELINE = 1.08;
const TEXT_COLOR = '#1f2328';
const MUTED_COLOR = '#59636e';
const RULE_COLOR = '#d1d9e0';
const HEADER_FILL = '#eef1f4';
const ELLIPSIS = '…';
const CELL_PADDING = { x: 4, y: 3 };
/** Noto Sans has no arrows; what the app writes with them reads as well with these. */
const MISSING_GLYPH_FALLBACKS: Readonly<Record<string, string>> = {
  '→': '->',
  '←': '<-',
  '⇒': '=>',
  '↔': '<->',
};
/** Whether a font has a glyph for a character, by font and character (the fonts never change). */
const glyphCoverage = new Map<string, boolean>();

export class PdfWriter {
  readonly direction: Direction;
  readonly page: PageGeometry;
  readonly left: number;
  readonly right: number;
  readonly width: number;
  readonly bottom: number;
  /** The top of the next thing drawn. */
  y: number;
  private readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly ended: Promise<Buffer>;
  private readonly widths = new Map<string, number>();

  constructor(private readonly options: PdfWriterOptions) {
    this.direction = localeDirection(options.language);
    this.page = options.page ?? A4_PAGE;
    const { width, height, margins } = this.page;
    this.left = margins.side;
    this.right = width - margins.side;
    this.width = width - 2 * margins.side;
    this.bottom = height - margins.bottom;
    this.y = margins.top;
    this.doc = new PDFDocument({
      size: options.page ? [width, height] : 'A4',
      margins: {
        top: margins.top,
        bottom: margins.bottom,
        left: margins.side,
        right: margins.side,
      },
      bufferPages: options.pageLabel !== undefined,
      lang: options.language,
      displayTitle: true,
      info: { Title: options.title, Creator: 'Atlas Freight', Producer: 'Atlas Freight' },
    });
    const fonts = documentFonts();
    for (const name of FONT_NAMES) this.doc.registerFont(name, fonts[name]);
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.ended = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
  }

  lineHeight(size = 10): number {
    return size * LINE_HEIGHT;
  }

  /** The width the text takes on one line. */
  measure(text: string, style: TextStyle = {}): number {
    const size = style.size ?? 10;
    return this.piecesOf(text, style).reduce(
      (sum, piece) => sum + this.pieceWidth(piece, size, style.bold ?? false),
      0,
    );
  }

  /** Wraps and draws a paragraph at `y`, on the next page when it reaches the bottom. */
  text(value: string, options: TextOptions = {}): void {
    const left = options.left ?? this.left;
    const width = options.width ?? this.width;
    const lineHeight = this.lineHeight(options.size ?? 10);
    for (const line of this.fitLines(value, width, options)) {
      this.ensureSpace(lineHeight);
      this.drawLine(line, left, width, this.y, options);
      this.y += lineHeight;
    }
  }

  /** Wraps and draws a paragraph with its top at `top`; returns its height. `y` stays. */
  textAt(value: string, top: number, options: TextOptions = {}): number {
    const size = options.size ?? 10;
    const left = options.left ?? this.left;
    const width = options.width ?? this.width;
    const lines = this.fitLines(value, width, options);
    lines.forEach((line, index) => {
      this.drawLine(line, left, width, top + index * this.lineHeight(size), options);
    });
    return lines.length * this.lineHeight(size);
  }

  space(points: number): void {
    this.y += points;
  }

  /** A new page when less than `height` is left on this one. */
  ensureSpace(height: number): void {
    if (this.y + height > this.bottom) this.addPage();
  }

  addPage(): void {
    this.doc.addPage();
    this.y = this.page.margins.top;
  }

  /** A thin line across the content box. */
  rule(color = RULE_COLOR): void {
    this.doc
      .moveTo(this.left, this.y)
      .lineTo(this.right, this.y)
      .lineWidth(0.6)
      .strokeColor(color)
      .stroke();
  }

  /** Rectangles filled in one colour (a barcode's bars and modules). */
  fillRects(rects: readonly Box[], color = TEXT_COLOR): void {
    for (const rect of rects) this.doc.rect(rect.left, rect.top, rect.width, rect.height);
    this.doc.fillColor(color).fill();
  }

  /** A closed shape through the points, filled (an arrow). */
  fillPolygon(points: Array<[number, number]>, color = TEXT_COLOR): void {
    this.doc
      .polygon(...points)
      .fillColor(color)
      .fill();
  }

  /** Straight lines from point to point, each given as [x1, y1, x2, y2]. */
  strokeLines(
    lines: ReadonlyArray<readonly [number, number, number, number]>,
    style: LineStyle = {},
  ): void {
    for (const [x1, y1, x2, y2] of lines) this.doc.moveTo(x1, y1).lineTo(x2, y2);
    this.strokeWith(style);
  }

  /** A rectangle's outline. */
  strokeRect(box: Box, style: LineStyle = {}): void {
    this.doc.rect(box.left, box.top, box.width, box.height);
    this.strokeWith(style);
  }

  private strokeWith(style: LineStyle): void {
    this.doc.lineWidth(style.width ?? 0.6).strokeColor(style.color ?? TEXT_COLOR);
    if (style.dash) this.doc.dash(style.dash, { space: style.dash });
    this.doc.stroke();
    if (style.dash) this.doc.undash();
  }

  /** Blocks side by side, the first at the start side; `y` moves below the tallest. */
  columns(blocks: ColumnBlock[]): void {
    const boxes = this.boxesOf(blocks.map((block) => block.width));
    let tallest = 0;
    blocks.forEach((block, index) => {
      let top = this.y;
      for (const line of block.lines) {
        top += this.textAt(line.text, top, { ...line, align: block.align, ...boxes[index]! });
      }
      tallest = Math.max(tallest, top - this.y);
    });
    this.y += tallest;
  }

  /**
   * Rows of labels and values in a box at the end side of the page (a totals block): the label
   * at the start of the box, the value at its end.
   */
  labelledValues(
    rows: Array<{ label: string; value: string; bold?: boolean }>,
    options: { width?: number; size?: number } = {},
  ): void {
    const size = options.size ?? 10;
    const width = options.width ?? this.width / 2;
    const left = this.direction === 'rtl' ? this.left : this.right - width;
    for (const row of rows) {
      this.ensureSpace(this.lineHeight(size));
      const style = { size, bold: row.bold, left, width };
      this.textAt(row.label, this.y, { ...style, align: 'start', maxLines: 1 });
      this.textAt(row.value, this.y, { ...style, align: 'end', maxLines: 1 });
      this.y += this.lineHeight(size);
    }
  }

  /**
   * A table across the content box: the header row on a tint, repeated at the top of every page
   * the rows run onto; each cell wrapped to its column's `maxLines` and cut with "…" beyond.
   */
  table(columns: TableColumn[], rows: string[][], options: TableOptions = {}): void {
    const size = options.size ?? 8.5;
    const boxes = this.boxesOf(columns.map((column) => column.width));
    const fit = (row: string[], bold: boolean, maxLines?: number): FittedRow => {
      const cells = columns.map((column, index) => {
        const cellOptions = this.cellOptions(column, boxes[index]!, size, bold, maxLines);
        return {
          lines: this.fitLines(row[index] ?? '', cellOptions.width!, cellOptions),
          options: cellOptions,
        };
      });
      const lineCount = Math.max(1, ...cells.map((cell) => cell.lines.length));
      return { cells, height: lineCount * this.lineHeight(size) + 2 * CELL_PADDING.y };
    };
    const header = fit(
      columns.map((column) => column.header),
      true,
      2,
    );
    const drawHeader = () => {
      this.doc.rect(this.left, this.y, this.width, header.height).fillColor(HEADER_FILL).fill();
      this.drawRow(header);
    };
    const startRow = (row: FittedRow) => {
      if (this.y + row.height <= this.bottom) return;
      this.addPage();
      drawHeader();
    };
    this.ensureSpace(header.height + this.lineHeight(size) + 2 * CELL_PADDING.y);
    drawHeader();
    for (const row of rows) {
      const fitted = fit(row, false);
      startRow(fitted);
      this.drawRow(fitted);
      this.rule();
    }
    for (const row of options.footerRows ?? []) {
      const fitted = fit(row, true);
      startRow(fitted);
      this.rule(MUTED_COLOR);
      this.drawRow(fitted);
    }
  }

  /** Writes the header and footer on every page and ends the document. */
  async render(): Promise<Buffer> {
    const { pageLabel } = this.options;
    if (pageLabel) {
      const { start, count } = this.doc.bufferedPageRange();
      for (let index = start; index < start + count; index += 1) {
        this.doc.switchToPage(index);
        this.drawPageFrame(pageLabel(index - start + 1, count));
      }
    }
    this.doc.end();
    return this.ended;
  }

  private drawPageFrame(label: string): void {
    const size = 8;
    const headerTop = 26;
    const style = { size, color: MUTED_COLOR, maxLines: 1 };
    const [titleBox, headerBox] = this.boxesOf([0.62, 0.38]);
    this.textAt(this.options.title, headerTop, { ...style, ...titleBox, bold: true });
    if (this.options.headerText) {
      this.textAt(this.options.headerText, headerTop, { ...style, ...headerBox, align: 'end' });
    }
    const footerTop = this.bottom + 18;
    const labelWidth = this.measure(label, { size }) + 4;
    if (this.options.footerText) {
      this.textAt(this.options.footerText, footerTop, {
        ...style,
        width: this.width - labelWidth - 12,
        left: this.direction === 'rtl' ? this.left + labelWidth + 12 : this.left,
        align: 'start',
        maxLines: 2,
      });
    }
    this.textAt(label, footerTop, { ...style, width: this.width, align: 'end' });
  }

  /** Column boxes from shares of the content width, the first at the start side. */
  private boxesOf(shares: number[]): Array<{ left: number; width: number }> {
    const total = shares.reduce((sum, share) => sum + share, 0);
    let edge = this.direction === 'rtl' ? this.right : this.left;
    return shares.map((share) => {
      const width = (share / total) * this.width;
      const left = this.direction === 'rtl' ? edge - width : edge;
      edge = this.direction === 'rtl' ? edge - width : edge + width;
      return { left, width };
    });
  }

  private cellOptions(
    column: TableColumn,
    box: { left: number; width: number },
    size: number,
    bold: boolean,
    maxLines?: number,
  ): TextOptions {
    return {
      size,
      bold,
      align: column.align ?? 'start',
      direction: column.direction,
      left: box.left + CELL_PADDING.x,
      width: box.width - 2 * CELL_PADDING.x,
      maxLines: maxLines ?? column.maxLines ?? 1,
    };
  }

  private drawRow(row: FittedRow): void {
    for (const cell of row.cells) {
      const size = cell.options.size ?? 10;
      cell.lines.forEach((line, index) => {
        const top = this.y + CELL_PADDING.y + index * this.lineHeight(size);
        this.drawLine(line, cell.options.left!, cell.options.width!, top, cell.options);
      });
    }
    this.y += row.height;
  }

  /** The paragraph cut into lines that fit `width`, at most `maxLines`, the last cut with "…". */
  private fitLines(value: string, width: number, options: TextOptions): string[] {
    const maxLines = options.maxLines ?? Number.POSITIVE_INFINITY;
    const lines: string[] = [];
    const space = this.measure(' ', options);
    for (const paragraph of value.split('\n')) {
      let line: string | null = null;
      let lineWidth = 0;
      for (const word of paragraph.split(' ')) {
        const wordWidth = this.measure(word, options);
        if (line !== null && lineWidth + space + wordWidth <= width) {
          line += ` ${word}`;
          lineWidth += space + wordWidth;
          continue;
        }
        if (line !== null) lines.push(line);
        line = word;
        lineWidth = wordWidth;
        // A word longer than the line is broken where it stops fitting.
        while (lineWidth > width && line.length > 1) {
          const head = this.longestPrefix(line, width, options, '');
          lines.push(line.slice(0, head));
          line = line.slice(head);
          lineWidth = this.measure(line, options);
        }
      }
      lines.push(line ?? '');
    }
    if (lines.length <= maxLines) return lines;
    const kept = lines.slice(0, maxLines);
    const last = `${kept[maxLines - 1]} ${lines.slice(maxLines).join(' ')}`;
    kept[maxLines - 1] =
      `${last.slice(0, this.longestPrefix(last, width, options, ELLIPSIS)).trimEnd()}${ELLIPSIS}`;
    return kept;
  }

  /** How many characters of `text`, followed by `suffix`, fit `width` (at least one). */
  private longestPrefix(text: string, width: number, style: TextStyle, suffix: string): number {
    let low = 1;
    let high = text.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (this.measure(text.slice(0, middle) + suffix, style) <= width) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  private drawLine(line: string, left: number, width: number, top: number, options: TextOptions) {
    const size = options.size ?? 10;
    const bold = options.bold ?? false;
    const pieces = this.piecesOf(line, options);
    const widths = pieces.map((piece) => this.pieceWidth(piece, size, bold));
    const total = widths.reduce((sum, pieceWidth) => sum + pieceWidth, 0);
    const align = this.physicalAlign(options.align ?? 'start');
    let x =
      align === 'left'
        ? left
        : align === 'right'
          ? left + width - total
          : left + (width - total) / 2;
    this.doc.fillColor(options.color ?? TEXT_COLOR);
    pieces.forEach((piece, index) => {
      this.useFont(fontName(piece.font, bold), size);
      this.doc.text(piece.text, x, top + size * BASELINE, {
        lineBreak: false,
        baseline: 'alphabetic',
        ...(piece.shaped ? { features: [] } : {}),
      });
      x += widths[index]!;
    });
  }

  private piecesOf(text: string, style: TextStyle): readonly VisualPiece[] {
    return visualPieces(text, style.direction ?? this.direction).map((piece) => {
      const drawable = this.drawable(piece);
      return drawable === piece.text ? piece : { ...piece, text: drawable };
    });
  }

  /** The piece with the characters its font has no glyph for replaced (→ by ->, else ?). */
  private drawable(piece: VisualPiece): string {
    let text = piece.text;
    for (const char of piece.text) {
      if (char.charCodeAt(0) < 0x2000 || this.hasGlyph(piece.font, char)) continue;
      text = text.replaceAll(char, MISSING_GLYPH_FALLBACKS[char] ?? '?');
    }
    return text;
  }

  private hasGlyph(font: ScriptFont, char: string): boolean {
    const key = `${font}|${char}`;
    let known = glyphCoverage.get(key);
    if (known === undefined) {
      this.useFont(fontName(font, false), 10);
      const internals = (this.doc as unknown as { _font: EmbeddedFontInternals })._font;
      known = internals.font.hasGlyphForCodePoint(char.codePointAt(0)!);
      glyphCoverage.set(key, known);
    }
    return known;
  }

  private pieceWidth(piece: VisualPiece, size: number, bold: boolean): number {
    const key = `${piece.font}|${bold ? 'b' : ''}|${size}|${piece.text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      this.useFont(fontName(piece.font, bold), size);
      // `features` makes pdfkit shape the piece whole instead of word by word (see bidi-runs.ts).
      width = this.doc.widthOfString(piece.text, piece.shaped ? { features: [] } : {});
      this.widths.set(key, width);
    }
    return width;
  }

  private useFont(name: FontName, size: number): void {
    this.doc.font(name).fontSize(size);
    prepareEmbeddedFont((this.doc as unknown as { _font: EmbeddedFontInternals })._font, name);
  }

  private physicalAlign(align: Align): 'left' | 'right' | 'center' {
    if (align === 'center') return 'center';
    return (align === 'start') === (this.direction === 'ltr') ? 'left' : 'right';
  }
}

function fontName(font: ScriptFont, bold: boolean): FontName {
  if (font === 'arabic') return bold ? 'arabicBold' : 'arabic';
  return bold ? 'latinBold' : 'latin';
}

/**
 * Parses the fonts and lays out a first line in each (about 1 s of a core, once per process), so
 * that the first document a user asks for does not pay it. For the server to call once it
 * listens, without awaiting it.
 */
export async function prepareDocumentFonts(): Promise<void> {
  const writer = new PdfWriter({ language: 'ar', title: 'Atlas Freight', pageLabel: () => '1' });
  for (const bold of [false, true]) {
    writer.text('Atlas Freight 1.234,50 MAD — محمد العلوي، 1.234,50 درهم', { bold });
  }
  await writer.render();
}
