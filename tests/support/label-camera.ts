import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pdfPageInfo, rasterizePdfPage, type GrayImage } from './pdf-raster';

/*
 * The fake camera of the scanning e2e (docs/decisions/0022-labels-manifests-scanning.md, "How the
 * tests read labels back"): a label PDF drawn to grey pixels and written as the YUV4MPEG2 video
 * that Chromium plays as its camera (--use-file-for-fake-video-capture).
 */

/** The frame's longer side: a phone camera's 720p picture held upright over the label. */
const FRAME_LONG_SIDE = 1280;
/** White around the label, so its codes keep their quiet zones at the frame's edges. */
const FRAME_MARGIN = 40;
/** Chromium plays the file in a loop; a few identical frames are enough. */
const FRAME_COUNT = 5;

/**
 * The label's first page as a camera sees it when the label fills the picture: drawn at the
 * resolution that makes its longer side fit FRAME_LONG_SIDE, then centred on white in a frame
 * of even width and height (what 4:2:0 video needs). Answers the .y4m file's path, in a new
 * temporary folder the caller may remove.
 */
export async function labelImageY4m(pdf: Buffer): Promise<string> {
  const { widthMm, heightMm } = await pdfPageInfo(pdf);
  const longSideInches = Math.max(widthMm, heightMm) / 25.4;
  const dpi = Math.floor((FRAME_LONG_SIDE - 2 * FRAME_MARGIN) / longSideInches);
  const frame = padOnWhite(await rasterizePdfPage(pdf, 1, dpi), FRAME_MARGIN);
  const path = join(await mkdtemp(join(tmpdir(), 'label-camera-')), 'label.y4m');
  await writeFile(path, y4mVideo(frame, FRAME_COUNT));
  return path;
}

const even = (n: number) => n + (n % 2);

/** The image centred on white, `margin` pixels or more on each side, in even dimensions. */
export function padOnWhite(image: GrayImage, margin: number): GrayImage {
  const width = even(image.width + 2 * margin);
  const height = even(image.height + 2 * margin);
  const pixels = new Uint8Array(width * height).fill(255);
  const left = Math.floor((width - image.width) / 2);
  const top = Math.floor((height - image.height) / 2);
  for (let row = 0; row < image.height; row += 1) {
    const from = row * image.width;
    pixels.set(image.pixels.subarray(from, from + image.width), (top + row) * width + left);
  }
  return { width, height, pixels };
}

/**
 * YUV4MPEG2, 4:2:0: a header line, then per frame `FRAME`, the luma plane (the grey pixels
 * themselves, full range as C420jpeg says) and the two chroma planes at a quarter size, all 128:
 * no colour.
 */
export function y4mVideo(frame: GrayImage, frames: number): Buffer {
  if (frame.width % 2 || frame.height % 2) throw new Error('4:2:0 video needs even dimensions');
  const header = Buffer.from(
    `YUV4MPEG2 W${frame.width} H${frame.height} F10:1 Ip A1:1 C420jpeg\n`,
    'latin1',
  );
  const chroma = Buffer.alloc((frame.width / 2) * (frame.height / 2) * 2, 128);
  const oneFrame = Buffer.concat([Buffer.from('FRAME\n', 'latin1'), frame.pixels, chroma]);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => oneFrame)]);
}
