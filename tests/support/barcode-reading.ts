import zxing, { type BarcodeFormat as Format, type DecodeHintType as Hint } from '@zxing/library';
import jsQR from 'jsqr';
import type { GrayImage } from './pdf-raster';

// The package is CommonJS for Node, whose named exports Node's ESM loader cannot see: taken from
// its default export, which works under tsx as under vitest.
const {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  NotFoundException,
  RGBLuminanceSource,
} = zxing;

/** A part of an image, in pixels from its top left. */
export interface PixelRegion {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The text of the Code 128 barcode in the image (or in `region` of it), as a scanner reads it;
 * null when none is found. ZXing (@zxing/library, the decoder the web app's scanner falls back
 * to) runs here in Node over the grey pixels `rasterizePdfPage` draws.
 */
export function readCode128(image: GrayImage, region?: PixelRegion): string | null {
  return readWithZxing(image, region, BarcodeFormat.CODE_128);
}

/**
 * The text of the QR code in the image (or in `region` of it); null when none is found. Read with
 * jsQR, not ZXing: the label's QR code is encoded by ZXing, and a reader of another lineage
 * catches a fault the two would share.
 */
export function readQrCode(image: GrayImage, region?: PixelRegion): string | null {
  const { left, top, width, height } = regionOf(image, region);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let row = 0; row < height; row += 1) {
    for (let column = 0; column < width; column += 1) {
      const grey = image.pixels[(top + row) * image.width + left + column]!;
      const at = (row * width + column) * 4;
      rgba[at] = grey;
      rgba[at + 1] = grey;
      rgba[at + 2] = grey;
      rgba[at + 3] = 255;
    }
  }
  return jsQR(rgba, width, height)?.data ?? null;
}

function regionOf(image: GrayImage, region: PixelRegion | undefined): PixelRegion {
  return region ?? { left: 0, top: 0, width: image.width, height: image.height };
}

function readWithZxing(image: GrayImage, region: PixelRegion | undefined, format: Format) {
  const { left, top, width, height } = regionOf(image, region);
  // Copied row by row: the luminance source takes one byte per pixel of exactly this size.
  const luminances = new Uint8ClampedArray(width * height);
  for (let row = 0; row < height; row += 1) {
    const start = (top + row) * image.width + left;
    luminances.set(image.pixels.subarray(start, start + width), row * width);
  }
  const reader = new MultiFormatReader();
  const hints = new Map<Hint, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [format]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const bitmap = new BinaryBitmap(
    new HybridBinarizer(new RGBLuminanceSource(luminances, width, height)),
  );
  try {
    // The hints go with each call: decode() without them starts again with every format.
    return reader.decode(bitmap, hints).getText();
  } catch (error) {
    if (error instanceof NotFoundException) return null;
    throw error;
  }
}
