/**
 * Makes every glyph drawn in a pdfkit font read back as the letter it was drawn for.
 *
 * pdfkit gives each glyph of a font one Unicode text in the PDF's ToUnicode map, the text of the
 * first character it was drawn for. Noto Sans Arabic shapes dotted letters as a dotless body and
 * its dots (ccmp): ب, ت, ث, ن and ي share one body in each position, ش and س another. With pdfkit
 * alone, once "سوق" is written, every later "ش" copies back as "س". So the first time a glyph is
 * drawn for another text, this adds a copy of it to the font's subset under a new glyph number
 * that maps to that text. A font gains a few copies at most (one per letter sharing a body).
 *
 * A glyph drawn for no character of its own (a dot the font placed on a body) maps to WORD JOINER
 * U+2060: an empty mapping makes pdf.js copy the glyph's number instead (a control character in
 * the middle of a word); U+2060 is invisible, dropped by pdf.js, and transparent to Arabic joining
 * should a reader keep it.
 *
 * This reaches into pdfkit's embedded font (its fontkit `font`, `layout`, `subset`, `unicode` and `widths`, the
 * same members its own `encode` uses: pdfkit 0.20, js/pdfkit.js, class EmbeddedFont); the writer's
 * tests read Arabic text with dotted letters back, so a pdfkit that changes them fails there.
 */

interface LaidOutGlyph {
  id: number;
  codePoints: number[];
  advanceWidth: number;
}

interface FontkitFont {
  getGlyph(id: number, codePoints?: number[]): LaidOutGlyph;
}

export interface EmbeddedFontInternals {
  font: FontkitFont;
  scale: number;
  subset: { glyphs: number[]; includeGlyph(id: number): number };
  unicode: Array<number[] | undefined>;
  widths: Array<number | undefined>;
  layout(text: string, features?: unknown): { glyphs: LaidOutGlyph[]; positions: unknown[] };
  encode(text: string, features?: unknown): [string[], unknown[]];
}

const WORD_JOINER = 0x2060;
const patched = new WeakSet<object>();

export function encodeWithExactUnicode(font: EmbeddedFontInternals): void {
  if (patched.has(font) || typeof font.layout !== 'function' || !font.subset) return;
  patched.add(font);
  // fontkit keeps one glyph object per glyph number, holding the characters of its first use;
  // each use gets a view of it that holds its own (the shaper's) characters.
  const getGlyph = font.font.getGlyph.bind(font.font);
  font.font.getGlyph = (id, codePoints = []) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph.codePoints.join(',') === codePoints.join(',')) return glyph;
    return Object.create(glyph, { codePoints: { value: codePoints } }) as LaidOutGlyph;
  };
  const glyphNumbers = new Map<string, number>();
  font.encode = (text, features) => {
    const { glyphs, positions } = font.layout(text, features);
    const encoded = glyphs.map((glyph) => {
      const codePoints = glyph.codePoints.length > 0 ? glyph.codePoints : [WORD_JOINER];
      const key = `${glyph.id}:${codePoints.join(',')}`;
      let number = glyphNumbers.get(key);
      if (number === undefined) {
        number = font.subset.includeGlyph(glyph.id);
        const known = font.unicode[number];
        if (known && known.join(',') !== codePoints.join(',')) {
          font.subset.glyphs.push(glyph.id);
          number = font.subset.glyphs.length - 1;
        }
        font.unicode[number] ??= codePoints;
        font.widths[number] ??= glyph.advanceWidth * font.scale;
        glyphNumbers.set(key, number);
      }
      return `0000${number.toString(16)}`.slice(-4);
    });
    return [encoded, positions];
  };
}
