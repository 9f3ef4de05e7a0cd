import { LUMA_B, LUMA_G, LUMA_R, SRGB_TO_LINEAR, linearRgbToLab } from './color';
import type { RgbImage } from './rgb-image';

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
  /** Mean Lab chroma of all pixels. */
  meanChroma: number;
}

const MID_GREY = 0.18;

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
  let centreA = 0;
  let centreB = 0;
  let result = { a: 0, b: 0, share: 0, meanRgb: [1, 1, 1] as [number, number, number] };
  for (const radius of [30, 18, 12]) {
    let sumR = 0;
    let sumG = 0;
    let sumB = 0;
    let count = 0;
    let considered = 0;
    for (let p = 0; p < n; p += step) {
      const i = p * 3;
      const r = SRGB_TO_LINEAR[data[i]] * gains[0];
      const g = SRGB_TO_LINEAR[data[i + 1]] * gains[1];
      const b = SRGB_TO_LINEAR[data[i + 2]] * gains[2];
      const lab = linearRgbToLab(r, g, b);
      if (lab.l < 15 || lab.l > 95 || Math.max(data[i], data[i + 1], data[i + 2]) >= 250) continue;
      considered++;
      if (Math.hypot(lab.a - centreA, lab.b - centreB) > radius) continue;
      sumR += r;
      sumG += g;
      sumB += b;
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
    meanChroma: chroma / Math.ceil(n / chromaStep),
  };
};

/**
 * Noise as the standard deviation of 8-bit luma (Immerkaer's Laplacian-difference estimator) over the flattest
 * 60 % of sampled pixels, so texture and edges are not taken for noise. Runs on full-resolution pixels, sampled.
 */
export const measureNoise = (image: RgbImage): number => {
  const { width, height, data } = image;
  if (width < 8 || height < 8) return 0;
  const row = (y: number, out: Float32Array) => {
    let i = y * width * 3;
    for (let x = 0; x < width; x++, i += 3) out[x] = LUMA_R * data[i] + LUMA_G * data[i + 1] + LUMA_B * data[i + 2];
  };
  const a = new Float32Array(width);
  const b = new Float32Array(width);
  const c = new Float32Array(width);
  const gradients: number[] = [];
  const laplacians: number[] = [];
  const rowStep = Math.max(2, Math.floor(height / 600));
  const colStep = Math.max(1, Math.floor(width / 1200));
  for (let y = 1; y < height - 1; y += rowStep) {
    row(y - 1, a);
    row(y, b);
    row(y + 1, c);
    for (let x = 1; x < width - 1; x += colStep) {
      const gx = a[x + 1] + 2 * b[x + 1] + c[x + 1] - a[x - 1] - 2 * b[x - 1] - c[x - 1];
      const gy = c[x - 1] + 2 * c[x] + c[x + 1] - a[x - 1] - 2 * a[x] - a[x + 1];
      gradients.push(Math.abs(gx) + Math.abs(gy));
      laplacians.push(
        Math.abs(
          a[x - 1] - 2 * a[x] + a[x + 1] - 2 * b[x - 1] + 4 * b[x] - 2 * b[x + 1] + c[x - 1] - 2 * c[x] + c[x + 1],
        ),
      );
    }
  }
  const threshold = Float32Array.from(gradients).sort()[Math.floor(gradients.length * 0.6)] ?? 0;
  let total = 0;
  let count = 0;
  for (let k = 0; k < gradients.length; k++) {
    if (gradients[k] > threshold) continue;
    total += laplacians[k];
    count++;
  }
  return count ? (Math.sqrt(Math.PI / 2) * total) / (6 * count) : 0;
};
