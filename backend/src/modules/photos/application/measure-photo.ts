import sharp, { type Sharp } from 'sharp';
import { MAX_INPUT_PIXELS } from '@listinglens/engine';
import { measurePhoto, measureSize, type PhotoMeasurements, toGrey, uprightSize } from '@listinglens/contracts';

/** A photo with more pixels than MAX_INPUT_PIXELS: refused from its header, before any pixel is decoded. */
export class ImageTooLargeError extends Error {
  constructor() {
    super(`The image has more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`);
    this.name = 'ImageTooLargeError';
  }
}

/**
 * The server's side of the photo checks: sharp decodes the file (refusing truncated files), turns it upright and
 * makes the grey copy the shared checks measure. Throws ImageTooLargeError for a pixel bomb, and what sharp throws
 * for a file it cannot read.
 */
export async function measurePhotoFile(input: Buffer): Promise<PhotoMeasurements> {
  const options = { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS } as const;
  // The header alone (no pixel is decoded), so the size is checked here and a bomb is told from a broken file.
  const meta = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  if (!meta.width || !meta.height) throw new Error('No image size');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new ImageTooLargeError();
  const upright = uprightSize(meta.width, meta.height, meta.orientation);
  return measureRgb(upright.width, upright.height, sharp(input, options).rotate());
}

/** The same measurement over pixels already decoded (iPhone HEIC goes through the engine's decoder). */
export async function measureDecodedPixels(image: {
  width: number;
  height: number;
  data: Uint8Array;
}): Promise<PhotoMeasurements> {
  const pixels = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
  return measureRgb(image.width, image.height, pixels);
}

async function measureRgb(width: number, height: number, pipeline: Sharp): Promise<PhotoMeasurements> {
  const size = measureSize(width, height);
  const { data, info } = await pipeline
    .resize(size.width, size.height, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return measurePhoto(width, height, toGrey(data, info.width, info.height, info.channels));
}
