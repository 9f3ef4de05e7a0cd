import { clamp } from './color';
import { type RgbImage, longSide, rawInput } from './rgb-image';

export const JPEG_QUALITY = 90;
export const PREVIEW_LONG_SIDE = 1600;
export const THUMBNAIL_LONG_SIDE = 400;

export interface EncodedOutputs {
  image: Buffer;
  preview: Buffer;
  thumbnail: Buffer;
  sharpenSigma: number;
}

/**
 * Sharpening radius follows the output size: a 12 MP photo carries detail over more pixels than a 1 MP one. Flat
 * areas get almost none (m1), so sharpening does not bring back the noise the pipeline avoided.
 */
export const sharpenSigmaFor = (side: number): number => clamp(0.5 + side / 8000, 0.55, 1.2);

/**
 * Writes the full-size JPEG (4:4:4, sRGB ICC profile, no EXIF/GPS/XMP: raw pixels carry no metadata to keep), and
 * the WebP preview and thumbnail, each resized from the same buffer and sharpened for its own size.
 */
export const encodeOutputs = async (image: RgbImage): Promise<EncodedOutputs> => {
  const sharpenSigma = sharpenSigmaFor(longSide(image));
  const full = await rawInput(image)
    .sharpen({ sigma: sharpenSigma, m1: 0.3, m2: 2 })
    .withIccProfile('srgb')
    .jpeg({ quality: JPEG_QUALITY, chromaSubsampling: '4:4:4', optimiseCoding: true })
    .toBuffer();
  const reduced = (side: number) =>
    rawInput(image)
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true, kernel: 'lanczos3' })
      .sharpen({ sigma: 0.5, m1: 0.3, m2: 1.5 })
      .withIccProfile('srgb')
      .webp({ quality: 85 })
      .toBuffer();
  return {
    image: full,
    preview: await reduced(PREVIEW_LONG_SIDE),
    thumbnail: await reduced(THUMBNAIL_LONG_SIDE),
    sharpenSigma,
  };
};
