import { LUMA_B, LUMA_G, LUMA_R, SRGB_TO_LINEAR, linearRgbToLab, linearToSrgb } from './color';
import { downscale, type RgbImage } from './rgb-image';

/** What the engine measures on a photo; the same figures are reported before and after enhancement. */
export interface PhotoStats {
  /** Mean gamma-encoded luma, 0..1. */
  meanLuma: number;
  /** Log-average linear luminance relative to 18 % grey, in EV (0 = average key, negative = dark). */
  exposureEv: number;
  /** Luma percentiles (0..1). */
  p01: number;
  p50: number;
  p99: number;
  /** Share of pixels with a channel at 254 or above. */
  clippedHighlights: number;
  /** Share of pixels with every channel at 1 or below. */
  clippedShadows: number;
  /** Mean Lab a*, b* of near-neutral pixels and their chroma: how far greys are from grey. */
  castA: number;
  castB: number;
  cast: number;
  /** Share of the pixels the cast was measured on (near-neutral): below a few per cent it says little. */
  neutralShare: number;
  /** Mean Lab chroma of all pixels. */
  meanChroma: number;
}

const MID_GREY = 0.18;

/** Long side of the copy used for measuring and planning; large enough for line detection. */
export const ANALYSIS_LONG_SIDE = 768;

export const lumaOf = (data: Uint8Array, i: number): number =>
  (LUMA_R * data[i] + LUMA_G * data[i + 1] + LUMA_B * data[i + 2]) / 255;

const percentile = (histogram: Uint32Array, total: number, fraction: number): number => {
  const target = total * fraction;
  let seen = 0;
  for (let v = 0; v < histogram.length; v++) {
    seen += histogram[v];
    if (seen >= target) return v / (histogram.length - 1);
  }
  return 1;
};

/**
 * Mean a*, b* of the pixels that are already nearly grey (mid lightness, low chroma), refined over a few rounds
 * so a strong cast still finds its greys. Coloured walls and furniture fall outside the final selection.
 */
export const neutralCast = (image: RgbImage, gains: [number, number, number] = [1, 1, 1]) => {
  // meanRgb is the selection's mean linear colour before `gains`, for deriving white-balance gains.
  const { data } = image;
  const n = data.length / 3;
  const step = Math.max(1, Math.floor(n / 60_000));
  // Lab of every eligible sample once; the rounds only move the selection's centre and narrow its radius.
  const capacity = Math.ceil(n / step);
  const labA = new Float32Array(capacity);
  const labB = new Float32Array(capacity);
  const linear = new Float32Array(capacity * 3);
  let considered = 0;
  for (let p = 0; p < n; p += step) {
    const i = p * 3;
    if (Math.max(data[i], data[i + 1], data[i + 2]) >= 250) continue;
    const r = SRGB_TO_LINEAR[data[i]] * gains[0];
    const g = SRGB_TO_LINEAR[data[i + 1]] * gains[1];
    const b = SRGB_TO_LINEAR[data[i + 2]] * gains[2];
    const lab = linearRgbToLab(r, g, b);
    if (lab.l < 15 || lab.l > 95) continue;
    labA[considered] = lab.a;
    labB[considered] = lab.b;
    linear[considered * 3] = r;
    linear[considered * 3 + 1] = g;
    linear[considered * 3 + 2] = b;
    considered++;
  }
  let centreA = 0;
  let centreB = 0;
  let result = { a: 0, b: 0, share: 0, meanRgb: [1, 1, 1] as [number, number, number] };
  for (const radius of [30, 18, 12]) {
    let sumR = 0;
    let sumG = 0;
    let sumB = 0;
    let count = 0;
    const limit = radius * radius;
    for (let k = 0; k < considered; k++) {
      const da = labA[k] - centreA;
      const db = labB[k] - centreB;
      if (da * da + db * db > limit) continue;
      sumR += linear[k * 3];
      sumG += linear[k * 3 + 1];
      sumB += linear[k * 3 + 2];
      count++;
    }
    if (count < 50) break;
    const mean = linearRgbToLab(sumR / count, sumG / count, sumB / count);
    centreA = mean.a;
    centreB = mean.b;
    result = {
      a: mean.a,
      b: mean.b,
      share: considered ? count / considered : 0,
      meanRgb: [sumR / count / gains[0], sumG / count / gains[1], sumB / count / gains[2]],
    };
  }
  return result;
};

/** Statistics of an (ideally reduced) image: exposure, clipping, cast, colourfulness. */
export const measurePhoto = (image: RgbImage): PhotoStats => {
  const { data } = image;
  const n = data.length / 3;
  const histogram = new Uint32Array(1024);
  let sumLuma = 0;
  let sumLogLinear = 0;
  let highlights = 0;
  let shadows = 0;
  let chroma = 0;
  const chromaStep = Math.max(1, Math.floor(n / 40_000));
  for (let p = 0; p < n; p++) {
    const i = p * 3;
    const r = data[i];
    const g = data[i + 1];
    const b = data[i + 2];
    const luma = lumaOf(data, i);
    sumLuma += luma;
    histogram[Math.round(luma * 1023)]++;
    const linear = LUMA_R * SRGB_TO_LINEAR[r] + LUMA_G * SRGB_TO_LINEAR[g] + LUMA_B * SRGB_TO_LINEAR[b];
    sumLogLinear += Math.log(Math.max(linear, 1e-3));
    if (r >= 254 || g >= 254 || b >= 254) highlights++;
    if (r <= 1 && g <= 1 && b <= 1) shadows++;
    if (p % chromaStep === 0) {
      const lab = linearRgbToLab(SRGB_TO_LINEAR[r], SRGB_TO_LINEAR[g], SRGB_TO_LINEAR[b]);
      chroma += Math.hypot(lab.a, lab.b);
    }
  }
  const cast = neutralCast(image);
  return {
    meanLuma: sumLuma / n,
    exposureEv: Math.log2(Math.exp(sumLogLinear / n) / MID_GREY),
    p01: percentile(histogram, n, 0.01),
    p50: percentile(histogram, n, 0.5),
    p99: percentile(histogram, n, 0.99),
    clippedHighlights: highlights / n,
    clippedShadows: shadows / n,
    castA: cast.a,
    castB: cast.b,
    cast: Math.hypot(cast.a, cast.b),
    neutralShare: cast.share,
    meanChroma: chroma / Math.ceil(n / chromaStep),
  };
};

/** A result measured the one way every report does: reduced to the analysis size first. */
export const measureReduced = async (image: RgbImage): Promise<PhotoStats> =>
  measurePhoto(await downscale(image, ANALYSIS_LONG_SIDE));

/** Log-average luminance (EV relative to 18 % grey, as `exposureEv`) of about 250 000 pixels on a regular grid. */
export const sampledExposureEv = (image: RgbImage): number => {
  const { data } = image;
  const n = data.length / 3;
  const step = Math.max(1, Math.floor(n / 250_000));
  let sum = 0;
  let count = 0;
  for (let p = 0; p < n; p += step, count++) {
    const i = p * 3;
    const linear =
      LUMA_R * SRGB_TO_LINEAR[data[i]] + LUMA_G * SRGB_TO_LINEAR[data[i + 1]] + LUMA_B * SRGB_TO_LINEAR[data[i + 2]];
    sum += Math.log(Math.max(linear, 1e-3));
  }
  return Math.log2(Math.exp(sum / count) / MID_GREY);
};

/** Sobel magnitudes and Laplacians of sampled 3x3 luma neighbourhoods, on a grid of about 400 x 600 samples. */
interface NoiseSamples {
  rowStep: number;
  colStep: number;
  gradients: Float32Array;
  laplacians: Float32Array;
}

const noiseSamples = (width: number, height: number): NoiseSamples => {
  const rowStep = Math.max(1, Math.floor((height - 2) / 400));
  const colStep = Math.max(1, Math.floor((width - 2) / 600));
  const size = (Math.floor((height - 3) / rowStep) + 1) * (Math.floor((width - 3) / colStep) + 1);
  return { rowStep, colStep, gradients: new Float32Array(size), laplacians: new Float32Array(size) };
};

/** Records one neighbourhood, its nine luma values row by row, in slot k. */
const addSample = (
  { gradients, laplacians }: NoiseSamples,
  k: number,
  a0: number,
  a1: number,
  a2: number,
  b0: number,
  b1: number,
  b2: number,
  c0: number,
  c1: number,
  c2: number,
) => {
  gradients[k] = Math.abs(a2 + 2 * b2 + c2 - a0 - 2 * b0 - c0) + Math.abs(c0 + 2 * c1 + c2 - a0 - 2 * a1 - a2);
  laplacians[k] = Math.abs(a0 - 2 * a1 + a2 - 2 * b0 + 4 * b1 - 2 * b2 + c0 - 2 * c1 + c2);
};

/** Immerkaer's sigma from the Laplacians of the flattest 60 % of the samples (by gradient). */
const flattestNoise = ({ gradients, laplacians }: NoiseSamples, k: number): number => {
  const used = gradients.subarray(0, k);
  // The 60th percentile of the gradients from a histogram (Sobel magnitudes of 8-bit luma are below 2048).
  const histogram = new Uint32Array(2049);
  for (let j = 0; j < k; j++) histogram[Math.min(2048, used[j] | 0)]++;
  let threshold = 2048;
  for (let v = 0, seen = 0; v <= 2048; v++) {
    seen += histogram[v];
    if (seen >= k * 0.6) {
      threshold = v + 1;
      break;
    }
  }
  let total = 0;
  let count = 0;
  for (let j = 0; j < k; j++) {
    if (used[j] >= threshold) continue;
    total += laplacians[j];
    count++;
  }
  return count ? (Math.sqrt(Math.PI / 2) * total) / (6 * count) : 0;
};

/**
 * Noise as the standard deviation of 8-bit luma (Immerkaer's Laplacian-difference estimator) over the flattest
 * 60 % of sampled pixels, so texture and edges are not taken for noise. Runs on full-resolution pixels: about
 * 250 000 3x3 neighbourhoods on a regular grid, each read directly (no full rows), so it costs the same ~20 ms at
 * 1 MP and at 12 MP.
 */
export const measureNoise = (image: RgbImage): number => {
  const { width, height, data } = image;
  if (width < 8 || height < 8) return 0;
  const samples = noiseSamples(width, height);
  let k = 0;
  const stride = width * 3;
  const l = (i: number) => LUMA_R * data[i] + LUMA_G * data[i + 1] + LUMA_B * data[i + 2];
  for (let y = 1; y < height - 1; y += samples.rowStep) {
    for (let x = 1; x < width - 1; x += samples.colStep) {
      const i = (y * width + x) * 3;
      const up = i - stride;
      const down = i + stride;
      addSample(samples, k++, l(up - 3), l(up), l(up + 3), l(i - 3), l(i), l(i + 3), l(down - 3), l(down), l(down + 3));
    }
  }
  return flattestNoise(samples, k);
};

/**
 * The same noise measured on the photo at half size (2x2 block means of luma, kept as floats): where the coarse
 * grain of a lifted phone shot shows. White noise reads half as strong there; grain correlated over several pixels
 * as strong or stronger. About 50 ms at 12 MP (the half-size luma plane, then the sampled estimate).
 */
export const measureHalfSizeNoise = (image: RgbImage): number => {
  const { data } = image;
  const width = image.width >> 1;
  const height = image.height >> 1;
  if (width < 8 || height < 8) return 0;
  const plane = new Float32Array(width * height);
  const stride = image.width * 3;
  for (let y = 0; y < height; y++)
    for (let x = 0, i = 2 * y * stride, p = y * width; x < width; x++, i += 6, p++) {
      const j = i + stride;
      plane[p] =
        (LUMA_R * (data[i] + data[i + 3] + data[j] + data[j + 3]) +
          LUMA_G * (data[i + 1] + data[i + 4] + data[j + 1] + data[j + 4]) +
          LUMA_B * (data[i + 2] + data[i + 5] + data[j + 2] + data[j + 5])) /
        4;
    }
  const samples = noiseSamples(width, height);
  let k = 0;
  for (let y = 1; y < height - 1; y += samples.rowStep) {
    for (let x = 1; x < width - 1; x += samples.colStep) {
      const p = y * width + x;
      const up = p - width;
      const down = p + width;
      const v = plane;
      addSample(samples, k++, v[up - 1], v[up], v[up + 1], v[p - 1], v[p], v[p + 1], v[down - 1], v[down], v[down + 1]);
    }
  }
  return flattestNoise(samples, k);
};

/**
 * How a photo reads as a JPEG of a dark scene, from one pass over its luma steps by phase mod 8 (every fourth row
 * and column; pairs of black pixels left out, so a frame mostly clipped to black does not dilute its blocks):
 * - `blockiness`: the mean step at the strongest column phase over the median phase's, and the same down the rows;
 *   the mean of the two. About 1 without an 8x8 grid (raw low-light captures: 1.00-1.14), 1.2-1.9 for phone JPEGs of
 *   dark rooms. A quarter of a level is the least the median step counts as, so blocks coded flat read as very
 *   blocky, not infinitely.
 * - `flatShare`: the share of the 8x8 blocks on that grid (found, not assumed, so a crop or rotation that moved it is
 *   still read) whose luma varies by at most 1.5 codes inside, among those not entirely black. A phone JPEG of a dark
 *   room codes most of its dim blocks as one value each: 0.5-0.75 on the night shots that came back as a mosaic once
 *   lifted, 0.2-0.25 on dark foliage and floors, below 0.1 on underexposed photos with detail. A raw capture near
 *   black can read high too (two lol-dev photos: 0.31, 0.41), its flatness its own: blockiness tells a grid.
 */
export const measureJpegBlocks = (image: RgbImage): { blockiness: number; flatShare: number } => {
  const { width, height, data } = image;
  if (width < 32 || height < 32) return { blockiness: 1, flatShare: 0 };
  const steps = new Float64Array(16);
  const pairs = new Float64Array(16);
  const l = (i: number) => LUMA_R * data[i] + LUMA_G * data[i + 1] + LUMA_B * data[i + 2];
  const add = (slot: number, a: number, b: number) => {
    if (a === 0 && b === 0) return;
    steps[slot] += Math.abs(a - b);
    pairs[slot]++;
  };
  for (let y = 0; y < height - 1; y += 4)
    for (let x = 0, i = y * width * 3; x < width - 1; x++, i += 3) add(x % 8, l(i), l(i + 3));
  for (let x = 0; x < width; x += 4)
    for (let y = 0, i = x * 3; y < height - 1; y++, i += width * 3) add(8 + (y % 8), l(i), l(i + width * 3));
  const means = (from: number) => Array.from({ length: 8 }, (_, k) => steps[from + k] / Math.max(1, pairs[from + k]));
  const ratio = (phase: number[]) => {
    const sorted = [...phase].sort((a, b) => a - b);
    return sorted[7] / Math.max(sorted[3], 0.25);
  };
  const [across, down] = [means(0), means(8)];
  // The strongest step lies between a block's last pixel and the next block's first.
  const start = (phase: number[]) => (phase.indexOf(Math.max(...phase)) + 1) % 8;
  let flat = 0;
  let counted = 0;
  for (let by = start(down); by + 8 <= height; by += 8)
    for (let bx = start(across); bx + 8 <= width; bx += 8) {
      let low = Infinity;
      let high = -Infinity;
      for (let y = by; y < by + 8; y++)
        for (let x = bx, i = (y * width + x) * 3; x < bx + 8; x++, i += 3) {
          const v = l(i);
          if (v < low) low = v;
          if (v > high) high = v;
        }
      if (high < 0.5) continue;
      counted++;
      if (high - low <= 1.5) flat++;
    }
  return { blockiness: (ratio(across) + ratio(down)) / 2, flatShare: counted ? flat / counted : 0 };
};

/** Share of pixels too dark for the cast measurement to use them (L* below 15). */
const tooDarkShare = (image: RgbImage): number => {
  let dark = 0;
  for (let i = 0; i < image.data.length; i += 3)
    if (
      LUMA_R * SRGB_TO_LINEAR[image.data[i]] +
        LUMA_G * SRGB_TO_LINEAR[image.data[i + 1]] +
        LUMA_B * SRGB_TO_LINEAR[image.data[i + 2]] <
      0.0191
    )
      dark++;
  return dark / (image.data.length / 3);
};

/**
 * A photo's cast (Lab a*, b* of its near-neutral pixels; `stats` are its measurements), measured so that a photo
 * too dark to measure does not read as neutral: when more than half of its pixels are below L* 15, the cast is
 * measured on a copy brought to a log-average of 18 % grey by one linear gain (at most 2^8). `neutralShare` is the
 * share of its pixels the cast was measured on. Null when fewer than a fifth of its pixels reach code 8 in any
 * channel, or the lifted copy has no greys: there is no colour to measure.
 */
export const measurableCast = (
  small: RgbImage,
  stats: PhotoStats,
): { castA: number; castB: number; neutralShare: number } | null => {
  // A photo bright enough to measure has its cast in its measurements already.
  if (tooDarkShare(small) <= 0.5) return stats;
  let resolved = 0;
  for (let i = 0; i < small.data.length; i += 3)
    if (Math.max(small.data[i], small.data[i + 1], small.data[i + 2]) >= 8) resolved++;
  if (resolved < (small.data.length / 3) * 0.2) return null;
  const gain = Math.min(256, 2 ** -stats.exposureEv);
  const lifted = new Uint8Array(small.data.length);
  for (let i = 0; i < lifted.length; i++)
    lifted[i] = Math.round(linearToSrgb(Math.min(1, SRGB_TO_LINEAR[small.data[i]] * gain)) * 255);
  const greys = neutralCast({ width: small.width, height: small.height, data: lifted });
  return greys.share > 0 ? { castA: greys.a, castB: greys.b, neutralShare: greys.share } : null;
};
