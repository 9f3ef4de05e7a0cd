import { readFile, stat } from 'node:fs/promises';
import sharp from 'sharp';
import heicDecode from 'heic-decode';
import { EnhancementError } from './errors';
import { readGainMap, type GainMap } from './gain-map';
import type { RgbImage } from './rgb-image';

/**
 * Photos above this are refused before any pixel is decoded (100 megapixels): a decompression bomb. The photos
 * module refuses an upload at the same limit, from its header.
 */
export const MAX_INPUT_PIXELS = 100_000_000;
/**
 * Larger photos are reduced to this many pixels while they are decoded. The engine holds about 16 bytes per pixel at
 * full size (measured: +0.22 GB at 12 MP, +0.77 GB at 48 MP, +1.56 GB at 100 MP), and a worker budgets 2 GB per
 * photo in flight, 0.8 GB of it the model's thread: 50 MP keeps a photo near 1.7 GB and still passes 48 and 50 MP
 * phone photos through untouched. No listing site shows more than a fraction of it.
 */
export const MAX_WORKING_PIXELS = 50_000_000;

const SUPPORTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'tiff', 'heif']);

export interface DecodedPhoto {
  image: RgbImage;
  /** The file's own upright size when it was above MAX_WORKING_PIXELS and `image` is a reduced copy. */
  reducedFrom?: { width: number; height: number };
  format: string;
  /** EXIF orientation found in the file (1 when absent); the pixels are already upright. */
  orientation: number;
  hadIccProfile: boolean;
  inputBytes: number;
  /**
   * The Ultra HDR / ISO 21496-1 gain map when the JPEG carries one (phones record how much brighter windows and skies
   * really were), upright like `image`; see gain-map.ts.
   */
  gainMap?: GainMap;
}

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** iPhone HEIC: sharp's prebuilt libvips only decodes AVIF, so HEVC-coded HEIF goes through libheif (wasm). */
const isHeic = (buffer: Buffer): boolean =>
  buffer.length > 12 &&
  buffer.toString('latin1', 4, 8) === 'ftyp' &&
  HEIC_BRANDS.has(buffer.toString('latin1', 8, 12).replace('\0', ' ').trim());

const readInput = async (input: Buffer | string): Promise<Buffer> => {
  if (typeof input !== 'string') return input;
  const info = await stat(input).catch((cause: unknown) => {
    throw new EnhancementError('IMAGE_UNREADABLE', `Cannot read ${input}: ${(cause as Error).message}`, { cause });
  });
  if (!info.isFile()) throw new EnhancementError('IMAGE_UNREADABLE', `${input} is not a file.`);
  if (info.size === 0) throw new EnhancementError('IMAGE_EMPTY', 'The file is empty (0 bytes).');
  return readFile(input);
};

/** The long side that brings a photo of this size within `bound` pixels, or undefined when it fits already. */
const boundedLongSide = (width: number, height: number, bound: number): number | undefined =>
  width * height > bound ? Math.floor(Math.max(width, height) * Math.sqrt(bound / (width * height))) : undefined;

const tooLarge = (width: number, height: number) =>
  new EnhancementError(
    'IMAGE_TOO_LARGE',
    `The photo is ${((width * height) / 1e6).toFixed(1)} megapixels; the limit is ${MAX_INPUT_PIXELS / 1e6}.`,
  );

const translateSharpError = (cause: unknown): EnhancementError => {
  const text = cause instanceof Error ? cause.message : String(cause);
  if (/pixel limit/i.test(text))
    return new EnhancementError('IMAGE_TOO_LARGE', 'The photo exceeds 100 megapixels.', { cause });
  if (/premature end|truncated|unexpected end|read error|not enough data|out of order/i.test(text))
    return new EnhancementError('IMAGE_TRUNCATED', 'The photo file is incomplete (truncated or damaged).', { cause });
  return new EnhancementError('IMAGE_UNREADABLE', 'The file is not a readable JPEG, PNG, WebP or HEIC photo.', {
    cause,
  });
};

const decodeHeic = async (buffer: Buffer, maxPixels: number): Promise<DecodedPhoto> => {
  const images = await heicDecode.all({ buffer }).catch((cause: unknown) => {
    throw new EnhancementError('IMAGE_UNREADABLE', 'The HEIC file could not be read.', { cause });
  });
  try {
    const primary = images[0];
    if (primary.width * primary.height > MAX_INPUT_PIXELS) throw tooLarge(primary.width, primary.height);
    const decoded = await primary.decode().catch((cause: unknown) => {
      throw new EnhancementError('IMAGE_TRUNCATED', 'The HEIC file is incomplete or damaged.', { cause });
    });
    // libheif has applied the container's rotation; pixels come as RGBA in the file's (sRGB or Display P3) space.
    const bound = boundedLongSide(decoded.width, decoded.height, maxPixels);
    let pipeline = sharp(decoded.data, {
      raw: { width: decoded.width, height: decoded.height, channels: 4 },
      limitInputPixels: MAX_INPUT_PIXELS,
    }).removeAlpha();
    if (bound) pipeline = pipeline.resize({ width: bound, height: bound, fit: 'inside' });
    const { data: rgb, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
    return {
      image: { width: info.width, height: info.height, data: new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.length) },
      ...(bound ? { reducedFrom: { width: decoded.width, height: decoded.height } } : {}),
      format: 'heic',
      orientation: 1,
      hadIccProfile: false,
      inputBytes: buffer.length,
    };
  } finally {
    images.dispose();
  }
};

/** EXIF orientations 5-8 turn the photo a quarter: its upright width is the file's height. */
const uprightSize = (width: number, height: number, orientation = 1) =>
  orientation >= 5 ? { width: height, height: width } : { width, height };

/**
 * Decodes a photo to upright 8-bit sRGB, reduced to `maxPixels` (MAX_WORKING_PIXELS unless a caller needs less) when
 * larger. Refuses empty, oversized, truncated and non-image input with an EnhancementError before producing anything.
 */
export const decodePhoto = async (
  input: Buffer | string,
  maxPixels: number = MAX_WORKING_PIXELS,
): Promise<DecodedPhoto> => {
  const buffer = await readInput(input);
  if (buffer.length === 0) throw new EnhancementError('IMAGE_EMPTY', 'The file is empty (0 bytes).');
  if (isHeic(buffer)) return decodeHeic(buffer, maxPixels);

  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' as const };
  const meta = await sharp(buffer, options)
    .metadata()
    .catch((cause: unknown) => {
      throw translateSharpError(cause);
    });
  if (!meta.format || !SUPPORTED_FORMATS.has(meta.format))
    throw new EnhancementError('IMAGE_UNSUPPORTED', `Photos in ${meta.format ?? 'this'} format are not supported.`);
  if (!meta.width || !meta.height) throw new EnhancementError('IMAGE_UNREADABLE', 'The photo has no dimensions.');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw tooLarge(meta.width, meta.height);

  const bound = boundedLongSide(meta.width, meta.height, maxPixels);
  // Reduced inside the decoding pipeline, which libvips runs in strips: the full-size pixels never exist at once.
  const upright = sharp(buffer, options).autoOrient();
  const [{ data, info }, gainMap] = await Promise.all([
    (bound ? upright.resize({ width: bound, height: bound, fit: 'inside' }) : upright)
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
      .catch((cause: unknown) => {
        throw translateSharpError(cause);
      }),
    // Only Ultra HDR JPEGs have one: a photo without costs nothing more than the metadata read above.
    meta.gainMap ? readGainMap(meta.gainMap.image, meta.orientation ?? 1) : undefined,
  ]);
  if (info.channels !== 3) throw new EnhancementError('IMAGE_UNREADABLE', 'The photo could not be converted to RGB.');
  return {
    image: { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) },
    ...(bound ? { reducedFrom: uprightSize(meta.width, meta.height, meta.orientation) } : {}),
    format: meta.format,
    orientation: meta.orientation ?? 1,
    hadIccProfile: Boolean(meta.icc),
    inputBytes: buffer.length,
    ...(gainMap ? { gainMap } : {}),
  };
};
