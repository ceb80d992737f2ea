import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** One page drawn in shades of grey: one byte per pixel, rows top to bottom. */
export interface GrayImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/**
 * Draws one page of a PDF with poppler's `pdftoppm` (Debian's poppler-utils; `.ci/run` installs
 * it) at `dpi`, the way a scanner or a camera would see the printed page.
 */
export async function rasterizePdfPage(pdf: Buffer, page = 1, dpi = 200): Promise<GrayImage> {
  const dir = await mkdtemp(join(tmpdir(), 'pdf-raster-'));
  try {
    const input = join(dir, 'in.pdf');
    await writeFile(input, pdf);
    await run('pdftoppm', [
      '-gray',
      '-r',
      String(dpi),
      '-f',
      String(page),
      '-l',
      String(page),
      '-singlefile',
      input,
      join(dir, 'page'),
    ]).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT')
        throw new Error('pdftoppm is missing: apt-get install -y poppler-utils');
      throw error;
    });
    return parsePgm(await readFile(join(dir, 'page.pgm')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Reads a binary PGM (P5, 8 bits), what `pdftoppm -gray` writes. */
export function parsePgm(file: Buffer): GrayImage {
  const fields: string[] = [];
  let offset = 0;
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(file[offset]!))) offset += 1;
    if (file[offset] === 0x23) {
      while (file[offset] !== 0x0a) offset += 1;
      continue;
    }
    const start = offset;
    while (!/\s/.test(String.fromCharCode(file[offset]!))) offset += 1;
    fields.push(file.subarray(start, offset).toString('latin1'));
  }
  const [magic, width, height, maxValue] = fields;
  if (magic !== 'P5' || maxValue !== '255')
    throw new Error(`Not an 8-bit binary PGM: ${magic} ${maxValue}`);
  offset += 1;
  const w = Number(width);
  const h = Number(height);
  return { width: w, height: h, pixels: new Uint8Array(file.subarray(offset, offset + w * h)) };
}

/** The number of pages and the first page's size in millimetres, from poppler's `pdfinfo`. */
export async function pdfPageInfo(
  pdf: Buffer,
): Promise<{ pages: number; widthMm: number; heightMm: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'pdf-info-'));
  try {
    const input = join(dir, 'in.pdf');
    await writeFile(input, pdf);
    const { stdout } = await run('pdfinfo', [input]);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]);
    const size = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(stdout);
    const toMm = (points: string | undefined) => Math.round((Number(points) * 25.4) / 72);
    return { pages, widthMm: toMm(size?.[1]), heightMm: toMm(size?.[2]) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
