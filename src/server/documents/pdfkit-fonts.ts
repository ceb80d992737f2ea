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
 *    Laid-out words and shaped runs are kept per font for later documents too (up to
 *    LAYOUTS_KEPT each): pdfkit keeps words per document, and shapes a run given `features` (the
 *    writer's Arabic runs) afresh every time, for its width and again to draw it. A word with
 *    digits (a tracking number, an amount, a date: new in nearly every row) is put together from
 *    its characters' runs: shaping each anew was most of a statement's time.
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

interface GlyphRun {
  glyphs: LaidOutGlyph[];
  positions: unknown[];
  advanceWidth: number;
}

export interface EmbeddedFontInternals {
  font: FontkitFont;
  scale: number;
  layoutRun(text: string, features?: unknown): GlyphRun;
  layoutCached(text: string): GlyphRun;
  subset: { glyphs: number[]; includeGlyph(id: number): number };
  unicode: Array<number[] | undefined>;
  widths: Array<number | undefined>;
  layout(text: string, features?: unknown, onlyWidth?: boolean): Partial<GlyphRun>;
  encode(text: string, features?: unknown): [string[], unknown[]];
}

const WORD_JOINER = 0x2060;
/** A word with a digit, written in ASCII and Latin-1 only (no ligature or mark to shape). */
const FIGURES = /^(?=.*\d)[\u0020-\u007e\u00a0-\u00ff\u202f]+$/;
/** Runs kept per font and kind; past this the cache starts again (tracking numbers are unique). */
const LAYOUTS_KEPT = 20_000;
const sharedFonts = new Map<string, FontkitFont>();
const sharedLayouts = new Map<
  string,
  { words: Map<string, GlyphRun>; shaped: Map<string, GlyphRun> }
>();
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
  shareLayouts(font, name);
  encodeWithExactUnicode(font);
}

function shareLayouts(font: EmbeddedFontInternals, name: string): void {
  let layouts = sharedLayouts.get(name);
  if (!layouts) {
    layouts = { words: new Map(), shaped: new Map() };
    sharedLayouts.set(name, layouts);
  }
  const { words, shaped } = layouts;
  const remember = (cache: Map<string, GlyphRun>, text: string, run: GlyphRun) => {
    if (cache.size >= LAYOUTS_KEPT) cache.clear();
    cache.set(text, run);
    return run;
  };
  const layoutWord = (text: string) =>
    words.get(text) ?? remember(words, text, font.layoutRun(text));
  font.layoutCached = (text) => {
    const known = words.get(text);
    if (known) return known;
    if (!FIGURES.test(text)) return remember(words, text, font.layoutRun(text));
    // A figure (tracking number, amount, date) is seldom seen twice: put together from its
    // characters' runs instead of shaping each anew (only kerning inside it is lost).
    const parts = Array.from(text, layoutWord);
    return remember(words, text, {
      glyphs: parts.flatMap((part) => part.glyphs),
      positions: parts.flatMap((part) => part.positions),
      advanceWidth: parts.reduce((sum, part) => sum + part.advanceWidth, 0),
    });
  };
  const layout = font.layout.bind(font);
  font.layout = (text, features, onlyWidth) => {
    if (!Array.isArray(features) || features.length > 0) return layout(text, features, onlyWidth);
    return shaped.get(text) ?? remember(shaped, text, font.layoutRun(text, features));
  };
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
    const { glyphs = [], positions = [] } = font.layout(text, features);
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
