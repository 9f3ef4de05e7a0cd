import sharp from 'sharp';
import { clamp } from './color';
import { type RgbImage, longSide, rawInput } from './rgb-image';
import { type SharpenPlan, sharpenLuma } from './stages/sharpen';
import { straightenAsReported } from './stages/verticals';
import type { EnhancementReport } from './types';

export const JPEG_QUALITY = 90;
export const PREVIEW_LONG_SIDE = 1600;
export const THUMBNAIL_LONG_SIDE = 400;

export interface EncodedOutputs {
  image: Buffer;
  preview: Buffer;
  thumbnail: Buffer;
  sharpenSigma: number;
  /** The preview's pixels (before its own sharpening), reused for the after-measurement. */
  previewPixels: RgbImage;
}

/**
 * Sharpening radius follows the output size: a 12 MP photo carries detail over more pixels than a 1 MP one. Flat
 * areas get little, and "flat" starts above twice the measured noise, so sharpening does not bring back the noise
 * the pipeline avoided.
 */
export const sharpenSigmaFor = (side: number): number => clamp(0.5 + side / 8000, 0.55, 1.2);

/** Full-size sharpening: strong on edges, light in flat areas (the old libvips m1 0.3 / m2 2). */
export const fullSharpenPlan = (side: number, noise: number): SharpenPlan => ({
  sigma: sharpenSigmaFor(side),
  amount: 1,
  flatAmount: 0.15,
  threshold: Math.max(0.02, (2.5 * noise) / 255),
});

const REDUCED_SHARPEN: SharpenPlan = { sigma: 0.5, amount: 1.5, flatAmount: 0.3, threshold: 0.02 };

const resizeRaw = async (image: RgbImage, side: number): Promise<RgbImage> => {
  if (longSide(image) <= side) return { width: image.width, height: image.height, data: image.data.slice() };
  const { data, info } = await rawInput(image)
    .resize({ width: side, height: side, fit: 'inside', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
};

const ICC_MARKER = Buffer.from('ICC_PROFILE\0', 'latin1');

/** The APP2 segments carrying libvips' sRGB profile, read once from a one-pixel JPEG written with it. */
let srgbSegments: Promise<Buffer> | null = null;
const srgbProfileSegments = (): Promise<Buffer> =>
  (srgbSegments ??= sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .withIccProfile('srgb')
    .jpeg()
    .toBuffer()
    .then((jpeg) => {
      const segments: Buffer[] = [];
      for (let at = 2; at + 4 <= jpeg.length && jpeg[at] === 0xff && jpeg[at + 1] !== 0xda;) {
        const end = at + 2 + jpeg.readUInt16BE(at + 2);
        if (jpeg[at + 1] === 0xe2 && jpeg.subarray(at + 4, at + 4 + ICC_MARKER.length).equals(ICC_MARKER))
          segments.push(jpeg.subarray(at, end));
        at = end;
      }
      if (segments.length === 0) throw new Error('libvips wrote no sRGB profile');
      return Buffer.concat(segments);
    }));

/**
 * Tags a JPEG as sRGB by inserting the profile's segments after its JFIF header. The pixels already are sRGB, and
 * libvips' withIccProfile would run them through a colour transform to the same space (70 ms at 12 MP, identical
 * pixels) just to attach the profile.
 */
export const tagSrgb = async (jpeg: Buffer): Promise<Buffer> => {
  const profile = await srgbProfileSegments();
  const app0 = jpeg[2] === 0xff && jpeg[3] === 0xe0;
  const at = app0 ? 4 + jpeg.readUInt16BE(4) : 2;
  return Buffer.concat([jpeg.subarray(0, at), profile, jpeg.subarray(at)]);
};

/** WebP at effort 2: half the CPU of the default effort 4 for a few per cent larger previews. */
const webp = (image: RgbImage) => rawInput(image).withIccProfile('srgb').webp({ quality: 85, effort: 2 }).toBuffer();

/**
 * The upright input at preview size, the "before" of the host's before/after slider. Reduced as soon as the photo is
 * decoded: stages may change the full-size pixels in place afterwards.
 */
export const reduceBeforePreview = (image: RgbImage): Promise<RgbImage> => resizeRaw(image, PREVIEW_LONG_SIDE);

/**
 * Writes the "before" with the geometry of the "after" (straightened and cropped as the photo was, colours untouched),
 * so the slider's halves line up, and sharpened like the after preview once resampled, so the slider compares the
 * enhancement and not two kinds of resizing.
 */
export const encodeBeforePreview = (
  reduced: RgbImage,
  verticals: EnhancementReport['corrections']['verticals'] | undefined,
): Promise<Buffer> => {
  straightenAsReported(reduced, verticals);
  sharpenLuma(reduced, REDUCED_SHARPEN);
  return webp(reduced);
};

/**
 * Sharpens the full-size image in place for its size (unless `sharpen` is false) and writes it as JPEG (4:4:4, sRGB
 * ICC profile, no
 * EXIF/GPS/XMP: raw pixels carry no metadata to keep). The preview is reduced once from the unsharpened pixels
 * and the thumbnail from the preview (not from full size again); each is sharpened for its own size in JS, so no
 * libvips pipeline converts the full image to Lab.
 */
export const encodeOutputs = async (image: RgbImage, noise = 0, sharpen = true): Promise<EncodedOutputs> => {
  const previewPixels = await resizeRaw(image, PREVIEW_LONG_SIDE);
  const plan = fullSharpenPlan(longSide(image), noise);
  if (sharpen) sharpenLuma(image, plan);
  const full = rawInput(image).jpeg({ quality: JPEG_QUALITY, chromaSubsampling: '4:4:4' }).toBuffer().then(tagSrgb);
  const thumbnailPixels = await resizeRaw(previewPixels, THUMBNAIL_LONG_SIDE);
  const preview = { ...previewPixels, data: previewPixels.data.slice() };
  sharpenLuma(preview, REDUCED_SHARPEN);
  sharpenLuma(thumbnailPixels, REDUCED_SHARPEN);
  const [imageBuffer, previewBuffer, thumbnailBuffer] = await Promise.all([full, webp(preview), webp(thumbnailPixels)]);
  return {
    image: imageBuffer,
    preview: previewBuffer,
    thumbnail: thumbnailBuffer,
    sharpenSigma: sharpen ? plan.sigma : 0,
    previewPixels,
  };
};
