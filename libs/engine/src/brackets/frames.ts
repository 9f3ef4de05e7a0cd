import { parse as parseExif } from 'exifr';
import sharp from 'sharp';
import { LUMA_B, LUMA_G, LUMA_R, SRGB_TO_LINEAR } from '../color';
import { MAX_INPUT_PIXELS, decodePhoto } from '../decode';
import { isEnhancementError } from '../errors';
import { type RgbImage, downscale } from '../rgb-image';

/** A bracket is 2 to 7 frames of one view at different exposures. */
export const MIN_BRACKET_FRAMES = 2;
export const MAX_BRACKET_FRAMES = 7;

/** One frame of a bracket as read for checking and aligning: its upright size, exposure and a reduced copy. */
export interface BracketFrame {
  /** Position in the upload (0-based). */
  index: number;
  /** Upright size of the file's pixels. */
  width: number;
  height: number;
  /** Exposure time x ISO / aperture², from EXIF; null without exposure time. */
  exposure: number | null;
  /** Mean linear luminance of the reduced copy: the exposure's stand-in where EXIF has none. */
  brightness: number;
  /** Upright sRGB copy with its long side at most the size asked for. */
  small: RgbImage;
}

/** A frame that could not be read, with the decoder's reason. */
export class UnreadableFrame extends Error {
  constructor(
    readonly index: number,
    reason: string,
  ) {
    super(reason);
  }
}

const uprightSize = (width: number, height: number, orientation = 1) =>
  orientation >= 5 ? { width: height, height: width } : { width, height };

/**
 * Exposure time x ISO / f-number²: the light each frame gathered, in units shared by frames of one camera. Null when
 * the file records no exposure time (ISO and aperture count as 1 when missing: they are the same for a bracket).
 */
const exifExposure = async (buffer: Buffer): Promise<number | null> => {
  try {
    const tags = (await parseExif(buffer, { pick: ['ExposureTime', 'FNumber', 'ISO'] })) as
      { ExposureTime?: number; FNumber?: number; ISO?: number } | undefined;
    const time = tags?.ExposureTime;
    if (!time || !(time > 0)) return null;
    const iso = tags.ISO && tags.ISO > 0 ? tags.ISO : 1;
    const aperture = tags.FNumber && tags.FNumber > 0 ? tags.FNumber : 1;
    return (time * iso) / (aperture * aperture);
  } catch {
    return null;
  }
};

const meanLinearLuma = ({ data }: RgbImage): number => {
  let sum = 0;
  for (let i = 0; i < data.length; i += 3)
    sum +=
      LUMA_R * SRGB_TO_LINEAR[data[i]] + LUMA_G * SRGB_TO_LINEAR[data[i + 1]] + LUMA_B * SRGB_TO_LINEAR[data[i + 2]];
  return sum / (data.length / 3);
};

/**
 * Reads one frame: its upright size from the header and a copy reduced while decoding (a JPEG is decoded at an eighth
 * of its size when that is enough, so a 12 MP frame costs tens of milliseconds). HEIC and anything libvips cannot
 * reduce on its own goes through the engine's full decoder. Throws UnreadableFrame with the decoder's reason.
 */
export const readFrame = async (buffer: Buffer, index: number, side: number): Promise<BracketFrame> => {
  const exposure = exifExposure(buffer);
  const viaDecoder = async () => {
    const decoded = await decodePhoto(buffer);
    const size = decoded.reducedFrom ?? decoded.image;
    return { width: size.width, height: size.height, small: await downscale(decoded.image, side) };
  };
  const read = async () => {
    const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' as const };
    const meta = await sharp(buffer, options).metadata();
    if (!meta.width || !meta.height || !['jpeg', 'png', 'webp', 'tiff'].includes(meta.format ?? ''))
      return viaDecoder();
    const { data, info } = await sharp(buffer, options)
      .autoOrient()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      ...uprightSize(meta.width, meta.height, meta.orientation),
      small: {
        width: info.width,
        height: info.height,
        data: new Uint8Array(data.buffer, data.byteOffset, data.length),
      },
    };
  };
  try {
    // An empty file goes straight to the decoder for its message; libvips' own errors are the decoder's to word.
    const { width, height, small } = buffer.length === 0 ? await viaDecoder() : await read().catch(() => viaDecoder());
    return { index, width, height, exposure: await exposure, brightness: meanLinearLuma(small), small };
  } catch (cause) {
    throw new UnreadableFrame(
      index,
      isEnhancementError(cause) ? cause.message : 'The file is not a readable JPEG, PNG, WebP or HEIC photo.',
    );
  }
};

/**
 * Frames from darkest to brightest: by EXIF exposure when every frame records one, by measured brightness otherwise
 * (a bracket from one camera either has it on all frames or on none; a mix is sorted by what all of them have).
 */
export const byExposure = (frames: readonly BracketFrame[]): BracketFrame[] => {
  const exif = frames.every((frame) => frame.exposure !== null);
  return [...frames].sort((a, b) =>
    exif && a.exposure !== b.exposure ? a.exposure! - b.exposure! : a.brightness - b.brightness,
  );
};
