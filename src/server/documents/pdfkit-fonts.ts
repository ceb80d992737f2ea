/**
 * Two changes to the fonts pdfkit embeds, made on each font the writer selects
 * (`prepareEmbeddedFont`). Both reach into pdfkit's embedded font (its fontkit `font`, `layout`,
 * `subset`, `unicode` and `widths`: the members its own `encode` uses; pdfkit 0.20, js/pdfkit.js,
 * class EmbeddedFont). The writer's tests read back Arabic letters that share glyphs and time
 * nothing, the bench times a statement: a pdfkit that changes these members fails there.
 *
 * 1. One parsed font per process. pdfkit parses the font file afresh for every document, and
 *    fontkit's first layout with Noto Sans reads its large substitution and positioning tables:
 *    about 0.4 s per font and document on this machine, most of a statement's time. Each document
 *    keeps its own subset (the glyphs it embeds); the parsed font is shared. Layout runs
 *    synchronously from start to end, so two documents never interleave inside it.
 *
 * 2. Every glyph reads back as the letter it was drawn for. pdfkit gives each glyph one Unicode
 *    text in the PDF's ToUnicode map, that of the first character it was drawn for, and fontkit
 *    keeps one glyph object per glyph number with the characters of its first use. Noto Sans
 *    Arabic shapes dotted letters as a dotless body and its dots: ب, ت, ث, ن and ي share one body
 *    in each position, س and ش another. So once "سوق" is written, every later "ش" would copy back
 *    as "س". Here each use of a glyph keeps its own characters, and the first time a glyph is drawn
 *    for another text, a copy of it joins the subset under a new number that maps to that text (a
 *    few copies at most: one per letter sharing a body). A glyph drawn for no character of its own
 *    (a dot placed on a body) maps to WORD JOINER U+2060: an empty mapping makes pdf.js copy the
 *    glyph's number instead (a control character inside the word); U+2060 is invisible, dropped
 *    by pdf.js, and transparent to Arabic joining should a reader keep it.
 */

interface LaidOutGlyph {
  id: number;
  codePoints: number[];
  advanceWidth: number;
}

interface FontkitFont {
  getGlyph(id: number, codePoints?: number[]): LaidOutGlyph;
  hasGlyphForCodePoint(codePoint: number): boolean;
  createSubset(): EmbeddedFontInternals['subset'];
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
const sharedFonts = new Map<string, FontkitFont>();
const preparedEmbeddedFonts = new WeakSet<object>();
const preparedFontkitFonts = new WeakSet<object>();

/** `name`: the name the font was registered under (one file per name). */
export function prepareEmbeddedFont(font: EmbeddedFontInternals, name: string): void {
  if (preparedEmbeddedFonts.has(font)) return;
  preparedEmbeddedFonts.add(font);
  const shared = sharedFonts.get(name);
  if (!shared) sharedFonts.set(name, font.font);
  else if (font.font !== shared) {
    font.font = shared;
    font.subset = shared.createSubset();
  }
  keepCodePointsPerUse(font.font);
  encodeWithExactUnicode(font);
}

/** fontkit's glyph objects hold their first use's characters; each use gets a view with its own. */
function keepCodePointsPerUse(font: FontkitFont): void {
  if (preparedFontkitFonts.has(font)) return;
  preparedFontkitFonts.add(font);
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints = []) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph.codePoints.join(',') === codePoints.join(',')) return glyph;
    return Object.create(glyph, { codePoints: { value: codePoints } }) as LaidOutGlyph;
  };
}

function encodeWithExactUnicode(font: EmbeddedFontInternals): void {
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
