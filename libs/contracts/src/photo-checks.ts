/**
 * The checks a photo gets before credits are spent: too small for the listing platforms, portrait, very dark,
 * blurred, a near-duplicate of another photo in the same selection or already in the order. Advice only, never a reason to refuse a photo.
 *
 * Shared word for word with the upload widget (`@listinglens/contracts`), so the browser and the server flag the
 * same photos with the same words: plain functions over a size and a grey copy, no Node or DOM imports. Each side
 * makes the grey copy its own way (the server with sharp, the browser with a canvas) at the size `measureSize` gives.
 * The thresholds were calibrated on the shared photo sets (docs/photo-checks.md).
 */

/** Airbnb's minimum, the strictest of the listing platforms: 1024 x 683 landscape, 683 x 1024 portrait. */
export const MIN_LONG_SIDE = 1024;
export const MIN_SHORT_SIDE = 683;
/** Mean luma (0-255, Rec. 601) below which a photo is very dark. */
export const DARK_MEAN_LUMA = 55;
/** Variance of the Laplacian on the grey copy below which a photo looks blurred. */
export const BLUR_LAPLACIAN_VARIANCE = 100;
/** The narrowest grey range `sharpness` stretches to the full 0-255 (a 16-fold gain at most). */
const MIN_CONTRAST_RANGE = 16;
/** Two dHashes this many bits apart or closer are the same picture (re-encoded, resized). */
export const DUPLICATE_HAMMING_DISTANCE = 10;
/** The grey copy's long side: sharpness is measured at one scale, whatever the photo's own size. */
export const MEASURE_LONG_SIDE = 512;

export type PhotoCheckCode = 'too_small' | 'portrait' | 'dark' | 'blurred' | 'duplicate';

export interface PhotoCheck {
  code: PhotoCheckCode;
  message: string;
}

export const PHOTO_CHECK_CODES: readonly PhotoCheckCode[] = ['too_small', 'portrait', 'dark', 'blurred', 'duplicate'];

/** A grey copy: one byte per pixel, row by row. */
export interface GreyImage {
  width: number;
  height: number;
  data: ArrayLike<number>;
}

/** What the checks need to know of one photo. `width` and `height` are upright (EXIF orientation applied). */
export interface PhotoMeasurements {
  width: number;
  height: number;
  /** Mean luma 0-255. */
  brightness: number;
  /** Variance of the Laplacian of the grey copy. */
  sharpness: number;
  /** 64-bit difference hash, 16 hex digits. */
  hash: string;
}

/** The size of the grey copy to make of a `width` x `height` photo: long side MEASURE_LONG_SIDE, never enlarged. */
export function measureSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, MEASURE_LONG_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** EXIF orientations 5 to 8 turn the picture a quarter: the stored width is the upright height. */
export function uprightSize(width: number, height: number, orientation = 1): { width: number; height: number } {
  return orientation >= 5 && orientation <= 8 ? { width: height, height: width } : { width, height };
}

/** Rec. 601 luma of interleaved pixels with `channels` bytes each (RGB, RGBA). */
export function toGrey(data: ArrayLike<number>, width: number, height: number, channels: number): GreyImage {
  const grey = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < grey.length; i++, p += channels) {
    grey[i] = Math.round(0.299 * data[p] + 0.587 * data[p + 1] + 0.114 * data[p + 2]);
  }
  return { width, height, data: grey };
}

export function meanLuma(grey: GreyImage): number {
  let sum = 0;
  for (let i = 0; i < grey.data.length; i++) sum += grey.data[i];
  return grey.data.length ? sum / grey.data.length : 0;
}

/** Variance of the 4-neighbour Laplacian over the inner pixels: edges make it large, blur makes it small. */
export function laplacianVariance(grey: GreyImage): number {
  const { width: w, height: h, data } = grey;
  if (w < 3 || h < 3) return 0;
  let sum = 0;
  let sumSq = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const lap = data[i - 1] + data[i + 1] + data[i - w] + data[i + w] - 4 * data[i];
      sum += lap;
      sumSq += lap * lap;
    }
  }
  const n = (w - 2) * (h - 2);
  const mean = sum / n;
  return sumSq / n - mean * mean;
}

/**
 * Difference hash: the grey copy averaged down to 9 x 8 cells, one bit per pair of horizontal neighbours (is the
 * left one brighter). Resizing and re-encoding barely move it; a different room moves about half the bits.
 */
export function differenceHash(grey: GreyImage): string {
  const cols = 9;
  const rows = 8;
  const sums = new Float64Array(cols * rows);
  const counts = new Float64Array(cols * rows);
  for (let y = 0; y < grey.height; y++) {
    const row = Math.min(rows - 1, Math.floor((y * rows) / grey.height));
    for (let x = 0; x < grey.width; x++) {
      const cell = row * cols + Math.min(cols - 1, Math.floor((x * cols) / grey.width));
      sums[cell] += grey.data[y * grey.width + x];
      counts[cell] += 1;
    }
  }
  const mean = (cell: number) => (counts[cell] ? sums[cell] / counts[cell] : 0);
  let hex = '';
  for (let nibble = 0; nibble < 16; nibble++) {
    let value = 0;
    for (let bit = 0; bit < 4; bit++) {
      const index = nibble * 4 + bit;
      const cell = Math.floor(index / 8) * cols + (index % 8);
      value = (value << 1) | (mean(cell) > mean(cell + 1) ? 1 : 0);
    }
    hex += value.toString(16);
  }
  return hex;
}

export function hammingDistance(a: string, b: string): number {
  let distance = 0;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    let x = parseInt(a[i] ?? '0', 16) ^ parseInt(b[i] ?? '0', 16);
    while (x) {
      distance += x & 1;
      x >>= 1;
    }
  }
  return distance;
}

/** The grey levels below which 1% and above which 1% of the pixels lie. */
function contrastRange(grey: GreyImage): number {
  const histogram = new Uint32Array(256);
  for (let i = 0; i < grey.data.length; i++) histogram[grey.data[i]]++;
  const tail = grey.data.length / 100;
  let low = 0;
  for (let seen = histogram[0]; seen < tail && low < 255; seen += histogram[++low]);
  let high = 255;
  for (let seen = histogram[255]; seen < tail && high > 0; seen += histogram[--high]);
  return Math.max(0, high - low);
}

/**
 * Sharpness as the variance of the Laplacian once the grey copy's contrast is stretched to the full range (1st to
 * 99th percentile): a dark or hazy photo has weak edges because it is dark, not because it is out of focus, and the
 * plain variance would call every night shot blurred. The stretch is capped so a flat picture is not all noise.
 */
export function sharpness(grey: GreyImage): number {
  const gain = 255 / Math.max(MIN_CONTRAST_RANGE, contrastRange(grey));
  return laplacianVariance(grey) * gain * gain;
}

/** Everything the checks need, from the upright size and the grey copy. */
export function measurePhoto(width: number, height: number, grey: GreyImage): PhotoMeasurements {
  return { width, height, brightness: meanLuma(grey), sharpness: sharpness(grey), hash: differenceHash(grey) };
}

export const checkMessages = {
  tooSmall: (width: number, height: number) =>
    `Too small for Airbnb: ${width} x ${height}, needs ${
      height > width ? `${MIN_SHORT_SIDE} x ${MIN_LONG_SIDE}` : `${MIN_LONG_SIDE} x ${MIN_SHORT_SIDE}`
    }`,
  portrait: 'Portrait: listing sites show landscape photos first',
  dark: 'Very dark: we will brighten it, but a brighter shot looks better',
  blurred: 'Looks blurred',
  duplicate: (otherName: string) => `Looks like a duplicate of ${otherName}`,
} as const;

/** The checks of one photo on its own (all but duplicates). */
export function checkPhoto(m: PhotoMeasurements): PhotoCheck[] {
  const checks: PhotoCheck[] = [];
  const portrait = m.height > m.width;
  const [long, short] = portrait ? [m.height, m.width] : [m.width, m.height];
  if (long < MIN_LONG_SIDE || short < MIN_SHORT_SIDE) {
    checks.push({ code: 'too_small', message: checkMessages.tooSmall(m.width, m.height) });
  }
  if (portrait) checks.push({ code: 'portrait', message: checkMessages.portrait });
  if (m.brightness < DARK_MEAN_LUMA) checks.push({ code: 'dark', message: checkMessages.dark });
  if (m.sharpness < BLUR_LAPLACIAN_VARIANCE) checks.push({ code: 'blurred', message: checkMessages.blurred });
  return checks;
}

/**
 * The checks of every photo of one selection, in order. A photo that looks like an earlier one (of the selection,
 * or `earlier` photos already in the order) is flagged as its duplicate; the first of a pair stays unflagged, so
 * removing the flagged one settles it.
 */
export function checkSelection(
  photos: readonly { name: string; measurements: PhotoMeasurements }[],
  earlier: readonly { name: string; hash: string }[] = [],
): PhotoCheck[][] {
  return photos.map((photo, index) => {
    const checks = checkPhoto(photo.measurements);
    const candidates = [
      ...earlier,
      ...photos.slice(0, index).map((p) => ({ name: p.name, hash: p.measurements.hash })),
    ];
    const original = candidates.find(
      (candidate) => hammingDistance(candidate.hash, photo.measurements.hash) <= DUPLICATE_HAMMING_DISTANCE,
    );
    if (original) checks.push({ code: 'duplicate', message: checkMessages.duplicate(original.name) });
    return checks;
  });
}

/** How many photos each check flagged, for analytics (`flaggedTooSmall` ...), plus the photos flagged at all. */
export function countFlags(checks: readonly PhotoCheck[][]): Record<string, number> {
  const counts: Record<string, number> = { photosFlagged: checks.filter((c) => c.length > 0).length };
  for (const code of PHOTO_CHECK_CODES) {
    const name = code.replace(/(^|_)([a-z])/g, (_match, _sep, letter: string) => letter.toUpperCase());
    counts[`flagged${name}`] = checks.filter((c) => c.some((check) => check.code === code)).length;
  }
  return counts;
}
