import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

interface PlacedText {
  text: string;
  x: number;
  y: number;
  width: number;
}

/**
 * The text of a PDF as a reader's copy and paste finds it, through pdf.js (its legacy build is
 * the one that runs in Node): one line per baseline, top to bottom, pages in order, NFKC
 * normalised.
 *
 * What pdf.js gives back for our documents (src/server/documents): each drawn piece of one
 * direction and one font is one item. An Arabic piece is drawn as glyphs in visual order, and
 * pdf.js, seeing right-to-left text, returns it in logical order ("محمد العلوي" as typed), from
 * the ToUnicode map pdfkit embeds; the items of a line are put here from left to right, so an
 * Arabic line made of several pieces reads in visual order piece by piece. NFKC folds Arabic
 * presentation forms (ﻣﺤﻤﺪ) to their letters, should a PDF use them, and the narrow no-break
 * space of French numbers to a space.
 */
export async function readPdfText(buffer: Uint8Array): Promise<string> {
  const pdf = await getDocument({
    data: new Uint8Array(buffer),
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  const pages: string[] = [];
  try {
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const placed: PlacedText[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        placed.push({
          text: item.str,
          x: item.transform[4] as number,
          y: item.transform[5] as number,
          width: item.width,
        });
      }
      pages.push(linesOf(placed).join('\n'));
    }
  } finally {
    await pdf.destroy();
  }
  return pages.join('\n').normalize('NFKC');
}

/** Items on one baseline (within a point) make a line, read from left to right. */
function linesOf(items: PlacedText[]): string[] {
  const rows: PlacedText[][] = [];
  for (const item of [...items].sort((a, b) => b.y - a.y || a.x - b.x)) {
    const row = rows.at(-1);
    if (row && Math.abs(row[0]!.y - item.y) < 1) row.push(item);
    else rows.push([item]);
  }
  return rows.map((row) => {
    let line = '';
    let end = Number.NEGATIVE_INFINITY;
    for (const item of row) {
      if (line !== '' && item.x - end > 1 && !line.endsWith(' ')) line += ' ';
      line += item.text;
      end = item.x + item.width;
    }
    return line.replace(/\s+/g, ' ').trim();
  });
}
