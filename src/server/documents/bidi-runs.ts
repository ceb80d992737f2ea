import bidiFactory from 'bidi-js';

/**
 * Mixed Latin and Arabic text cut into the pieces a PDF line draws from left to right
 * (docs/decisions/0019-pdf-documents.md). pdfkit hands each piece to fontkit, which shapes Arabic
 * (initial, medial, final forms and ligatures) and then reverses the glyphs of any run whose
 * script is right to left. It does not order runs: a line "محمد العلوي – AT-123" has to be cut
 * into pieces of one direction and one font, put in visual order by the Unicode bidirectional
 * algorithm (bidi-js), and each piece given to fontkit in the order that comes out right after
 * fontkit's own reversal.
 */

export type Direction = 'ltr' | 'rtl';
export type ScriptFont = 'latin' | 'arabic';

export interface VisualPiece {
  /** What to hand to the shaper: it draws it from left to right after its own reversal. */
  text: string;
  font: ScriptFont;
  /** True when the piece holds Arabic letters: fontkit must shape it whole, not word by word. */
  shaped: boolean;
}

const bidi = bidiFactory();

/** Letters fontkit recognises as Arabic script, whose glyph run it reverses. */
const ARABIC_SCRIPT = /\p{Script=Arabic}/u;
/** Characters written with the Arabic font: its letters, marks, digits, comma, tatweel. */
const ARABIC_FONT_CHAR = /\p{Script_Extensions=Arabic}/u;
/** Right-to-left letters (Hebrew, Arabic, Syriac… and their presentation forms). */
const RTL_CHAR = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
/** Direction marks and embeddings: they steer the algorithm and are never drawn. */
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const BIDI_CONTROLS = new RegExp(BIDI_CONTROL, 'g');
const SPACE = /\s/;

/** The direction of the first strong letter, else the given default (Unicode rules P2, P3). */
export function textDirection(text: string, fallback: Direction = 'ltr'): Direction {
  for (const char of text) {
    if (RTL_CHAR.test(char)) return 'rtl';
    if (/\p{L}/u.test(char)) return 'ltr';
  }
  return fallback;
}

export function hasRightToLeftText(text: string): boolean {
  return RTL_CHAR.test(text) || /[\u200f\u202b\u202e\u2067]/.test(text);
}

interface Cell {
  char: string;
  rtl: boolean;
  font: ScriptFont | null;
}

/**
 * One line (no line breaks) in visual order. `direction` is the paragraph's: the document's
 * language for its own words, `auto` (the first strong letter) for a name someone typed.
 */
export function visualPieces(line: string, direction: Direction | 'auto'): VisualPiece[] {
  if (line.length === 0) return [];
  const base = direction === 'auto' ? textDirection(line) : direction;
  if (base === 'ltr' && !hasRightToLeftText(line)) {
    const drawn = line.replace(BIDI_CONTROLS, '');
    return drawn ? [{ text: drawn, font: 'latin', shaped: false }] : [];
  }
  const levels = bidi.getEmbeddingLevels(line, base);
  const mirrors = bidi.getMirroredCharactersMap(line, levels.levels);
  const cells: Cell[] = [];
  for (const index of bidi.getReorderedIndices(line, levels)) {
    const char = line[index]!;
    if (BIDI_CONTROL.test(char)) continue;
    const rtl = (levels.levels[index]! & 1) === 1;
    cells.push({
      char: mirrors.get(index) ?? char,
      rtl,
      font: SPACE.test(char) ? null : ARABIC_FONT_CHAR.test(char) ? 'arabic' : 'latin',
    });
  }
  // A space takes the font of the letters on its left in its direction, so that "محمد العلوي"
  // stays one piece (one shaping call); other spaces are Latin.
  let previous: Cell | undefined;
  for (const cell of cells) {
    if (cell.font === null) cell.font = previous?.rtl === cell.rtl ? previous.font : 'latin';
    previous = cell;
  }
  const pieces: VisualPiece[] = [];
  let start = 0;
  for (let index = 1; index <= cells.length; index += 1) {
    const cell = cells[index];
    const first = cells[start]!;
    if (cell && cell.rtl === first.rtl && cell.font === first.font) continue;
    pieces.push(pieceOf(cells.slice(start, index)));
    start = index;
  }
  return pieces;
}

function pieceOf(cells: Cell[]): VisualPiece {
  const visual = cells.map((cell) => cell.char).join('');
  const shaped = ARABIC_SCRIPT.test(visual);
  // fontkit reverses a run that holds Arabic letters: give it that run reversed (for an
  // right-to-left run, this is the reading order that shaping needs).
  return {
    text: shaped ? [...visual].reverse().join('') : visual,
    font: cells[0]!.font!,
    shaped,
  };
}
