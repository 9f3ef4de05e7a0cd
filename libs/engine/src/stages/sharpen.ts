import { LUMA_B, LUMA_G, LUMA_R, SHOULDER, shoulder } from '../color';
import type { RgbImage } from '../rgb-image';
import { type Detail, type DetailRow, simdDetailRows } from '../unsharp-simd';

export interface SharpenPlan {
  /** Gaussian sigma of the unsharp mask, pixels. */
  sigma: number;
  /** Gain on detail above the flat threshold (the edges and texture). */
  amount: number;
  /** Gain on detail below the threshold (flat areas, where mostly noise lives). */
  flatAmount: number;
  /** Detail (0..1 luma) below which an area counts as flat; at least twice the measured noise. */
  threshold: number;
}

/** Largest brightening and darkening an edge may get, in 0..1 luma: keeps halos from showing. */
const MAX_LIGHTEN = 0.1;
const MAX_DARKEN = 0.16;
const HALF_LEVEL = 0.5 / 255;

/**
 * The detail rows in plain JavaScript, where WebAssembly SIMD is missing (and the reference the SIMD rows are tested
 * against): a ring of five original-luma rows feeds a separable 5-tap Gaussian.
 */
export const detailRows = (image: RgbImage, [w0, w1, w2]: [number, number, number]): DetailRow => {
  const { width, height, data } = image;
  const ring = Array.from({ length: 5 }, () => new Float32Array(width));
  const loaded = new Int32Array(5).fill(-1);
  const rowOf = (y: number): Float32Array => {
    const slot = y % 5;
    if (loaded[slot] !== y) {
      const out = ring[slot];
      for (let x = 0, i = y * width * 3; x < width; x++, i += 3)
        out[x] = (LUMA_R * data[i] + LUMA_G * data[i + 1] + LUMA_B * data[i + 2]) / 255;
      loaded[slot] = y;
    }
    return ring[slot];
  };
  const vertical = new Float32Array(width + 4);
  const detail = new Float32Array(width);
  const result: Detail = { values: detail, groups: null };
  const last = height - 1;
  return (y) => {
    // Rows up to y + 2 are read before row y is written; rows above y were read while still original.
    const top2 = rowOf(y < 2 ? 0 : y - 2);
    const top1 = rowOf(y < 1 ? 0 : y - 1);
    const centre = rowOf(y);
    const bottom1 = rowOf(y + 1 > last ? last : y + 1);
    const bottom2 = rowOf(y + 2 > last ? last : y + 2);
    for (let x = 0; x < width; x++)
      vertical[x + 2] = w0 * centre[x] + w1 * (top1[x] + bottom1[x]) + w2 * (top2[x] + bottom2[x]);
    vertical[0] = vertical[1] = vertical[2];
    vertical[width + 2] = vertical[width + 3] = vertical[width + 1];
    for (let x = 0; x < width; x++)
      detail[x] =
        centre[x] -
        (w0 * vertical[x + 2] + w1 * (vertical[x + 1] + vertical[x + 3]) + w2 * (vertical[x] + vertical[x + 4]));
    return result;
  };
};

/**
 * Unsharp mask on luma only (so edges get no colour fringes), in place, streaming: each row's detail against a
 * separable 5-tap Gaussian (truncated at 2 px, enough for the sigmas used: 0.5-1.2) comes from the SIMD kernel
 * (`unsharp-simd.ts`), and the row is written once its neighbours have been read. Replaces libvips' sharpen, which converts the full image to Lab and
 * back (three quarters of the old encode time).
 */
export const sharpenLuma = (image: RgbImage, plan: SharpenPlan): void => {
  const { width, height, data } = image;
  if (plan.amount <= 0 || width < 3 || height < 3) return;
  const g1 = Math.exp(-1 / (2 * plan.sigma ** 2));
  const g2 = Math.exp(-4 / (2 * plan.sigma ** 2));
  const total = 1 + 2 * g1 + 2 * g2;
  const w0 = 1 / total;
  const w1 = g1 / total;
  const w2 = g2 / total;

  const { amount, flatAmount, threshold } = plan;
  const flatBoost = flatAmount * threshold;
  // The least |detail| whose boost reaches half a level (the boost grows with it); a hair lower for the float32
  // arithmetic of the SIMD rows, which only list the groups of pixels worth looking at.
  const least =
    flatAmount * threshold >= HALF_LEVEL ? HALF_LEVEL / flatAmount : threshold + (HALF_LEVEL - flatBoost) / amount;
  const detailOf = simdDetailRows(image, [w0, w1, w2], least * (1 - 1e-4)) ?? detailRows(image, [w0, w1, w2]);
  const sharpenPixel = (detail: number, i: number) => {
    const magnitude = detail < 0 ? -detail : detail;
    // Flat areas get the small gain; above the threshold the full gain, continuous at the threshold.
    let boost = magnitude <= threshold ? flatAmount * magnitude : flatBoost + amount * (magnitude - threshold);
    // The bounds below only shrink a boost, so one under half a level leaves the pixel as it is (most flat areas).
    if (boost < HALF_LEVEL) return;
    const r0 = data[i];
    const g0 = data[i + 1];
    const b0 = data[i + 2];
    if (detail >= 0) {
      if (boost > MAX_LIGHTEN) boost = MAX_LIGHTEN;
      // Shoulder on the brightest channel: a bright edge's halo approaches white but only reaches it if the
      // pixel was there, so it keeps its gradation instead of clipping (sharpening added ~1 point of clipped
      // pixels on the room photos).
      const top = (r0 > g0 ? (r0 > b0 ? r0 : b0) : g0 > b0 ? g0 : b0) / 255;
      if (top + boost > SHOULDER) boost = shoulder(top + boost, top) - top;
    } else {
      boost = boost > MAX_DARKEN ? MAX_DARKEN : boost;
      // Mirrored towards black for the brightest channel (a pixel counts as crushed when every channel is).
      const top = (r0 > g0 ? (r0 > b0 ? r0 : b0) : g0 > b0 ? g0 : b0) / 255;
      boost = top - boost < 1 - SHOULDER ? 1 - shoulder(1 - top + boost, 1 - top) - top : -boost;
    }
    const delta = boost * 255;
    if (delta > -0.5 && delta < 0.5) return;
    const r = r0 + delta + 0.5;
    const g = g0 + delta + 0.5;
    const b = b0 + delta + 0.5;
    data[i] = r < 0 ? 0 : r > 255 ? 255 : r;
    data[i + 1] = g < 0 ? 0 : g > 255 ? 255 : g;
    data[i + 2] = b < 0 ? 0 : b > 255 ? 255 : b;
  };
  for (let y = 0; y < height; y++) {
    const { values, groups } = detailOf(y);
    const row = y * width * 3;
    if (!groups) {
      for (let x = 0; x < width; x++) sharpenPixel(values[x], row + x * 3);
      continue;
    }
    // Most groups of a photo are flat: only the listed ones can change.
    for (let g = 1, count = groups[0]; g <= count; g++) {
      const start = groups[g] >> 2;
      const end = start + 4 < width ? start + 4 : width;
      for (let x = start; x < end; x++) sharpenPixel(values[x], row + x * 3);
    }
  }
};
