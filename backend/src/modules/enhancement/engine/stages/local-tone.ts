import { LUMA_B, LUMA_G, LUMA_R, clamp } from '../color';
import { guidedCoefficients } from '../box-filter';
import type { RgbImage } from '../rgb-image';
import { lumaCurve } from './tone';

export interface LocalTonePlan {
  /** Lift of dark regions (0..0.5): raises the smoothed base layer where it is dark, keeping its texture. */
  shadows: number;
  /** Compression of bright regions (0..0.5): brings detail back into skies through windows and lamp shades. */
  highlights: number;
  /** Extra local contrast: gain on the detail layer above the edge-aware base (0 = none). */
  detail: number;
  /** Saturation boost weighted towards muted colours (0 = none). */
  vibrance: number;
  /** Global black point and S-curve, applied to the base layer's luma. */
  blackPoint: number;
  contrast: number;
}

/** The base layer is computed on a grid of about this long side and interpolated back up (fast guided filter). */
const GRID_LONG_SIDE = 384;
/** Base-layer window as a share of the grid's long side: the scale at which "local" contrast is judged. */
const RADIUS_SHARE = 0.025;
const EDGE_EPS = 0.012;

const baseCurve = (base: number, plan: LocalTonePlan): number => {
  const dark = 1 - base;
  const lift = plan.shadows * 4 * base * dark * dark * dark;
  const compress = plan.highlights * 4 * dark * base * base * base;
  return lumaCurve(base + lift - compress, plan);
};

/** Rolls values above 0.9 off so 1 stays 1 but the overshoot of added detail does not create new clipped pixels. */
const softClip = (v: number): number =>
  v <= 0.9 ? v : 0.9 + (0.1 * (1 - Math.exp((0.9 - v) / 0.1))) / (1 - Math.exp(-1));

/**
 * One full-resolution pass: optional per-channel curves, then shadow/highlight recovery and local contrast on an
 * edge-aware base layer of luma, then vibrance. Works in place on the image's only pixel buffer.
 */
export const applyLocalTone = (image: RgbImage, channelLuts: Uint8Array[] | null, plan: LocalTonePlan): void => {
  const { width, height, data } = image;
  const n = width * height;
  const luma = new Float32Array(n);
  for (let p = 0, i = 0; p < n; p++, i += 3) {
    if (channelLuts) {
      data[i] = channelLuts[0][data[i]];
      data[i + 1] = channelLuts[1][data[i + 1]];
      data[i + 2] = channelLuts[2][data[i + 2]];
    }
    luma[p] = (LUMA_R * data[i] + LUMA_G * data[i + 1] + LUMA_B * data[i + 2]) / 255;
  }

  const factor = Math.max(1, Math.round(Math.max(width, height) / GRID_LONG_SIDE));
  const gw = Math.ceil(width / factor);
  const gh = Math.ceil(height / factor);
  const grid = new Float32Array(gw * gh);
  const counts = new Float32Array(gw * gh);
  for (let y = 0; y < height; y++) {
    const gy = Math.floor(y / factor) * gw;
    for (let x = 0; x < width; x++) {
      const g = gy + Math.floor(x / factor);
      grid[g] += luma[y * width + x];
      counts[g]++;
    }
  }
  for (let g = 0; g < grid.length; g++) grid[g] /= counts[g];
  const radius = Math.max(1, Math.round(Math.max(gw, gh) * RADIUS_SHARE));
  const { a, b } = guidedCoefficients(grid, gw, gh, radius, EDGE_EPS);

  // Bilinear interpolation of the grid coefficients at pixel centres; columns are precomputed once.
  const x0 = new Int32Array(width);
  const fx = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const gx = clamp((x + 0.5) / factor - 0.5, 0, gw - 1);
    x0[x] = Math.min(Math.floor(gx), gw - 2 < 0 ? 0 : gw - 2);
    fx[x] = gw > 1 ? gx - x0[x] : 0;
  }
  const x1Offset = gw > 1 ? 1 : 0;
  const gain = 1 + plan.detail;
  for (let y = 0; y < height; y++) {
    const gy = clamp((y + 0.5) / factor - 0.5, 0, gh - 1);
    const y0 = Math.min(Math.floor(gy), Math.max(0, gh - 2));
    const fy = gh > 1 ? gy - y0 : 0;
    const r0 = y0 * gw;
    const r1 = gh > 1 ? r0 + gw : r0;
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const c0 = r0 + x0[x];
      const c1 = r1 + x0[x];
      const wx = fx[x];
      const aTop = a[c0] + (a[c0 + x1Offset] - a[c0]) * wx;
      const aBottom = a[c1] + (a[c1 + x1Offset] - a[c1]) * wx;
      const bTop = b[c0] + (b[c0 + x1Offset] - b[c0]) * wx;
      const bBottom = b[c1] + (b[c1 + x1Offset] - b[c1]) * wx;
      const y0Luma = luma[p];
      const base = clamp((aTop + (aBottom - aTop) * fy) * y0Luma + bTop + (bBottom - bTop) * fy, 0, 1);
      const target = softClip(baseCurve(base, plan) + gain * (y0Luma - base));
      const ratio = y0Luma > 0.004 ? Math.min(target / y0Luma, 3) : 1;
      const i = p * 3;
      const r = data[i] / 255;
      const g = data[i + 1] / 255;
      const bl = data[i + 2] / 255;
      const max = Math.max(r, g, bl);
      const min = Math.min(r, g, bl);
      const saturation = max > 0 ? (max - min) / max : 0;
      // Darkening keeps relative colourfulness; lifting shadows is damped so noise in them is not saturated too.
      let chroma = (ratio <= 1 ? ratio : Math.sqrt(ratio)) * (1 + plan.vibrance * (1 - saturation) * (1 - saturation));
      // Desaturate rather than clip when a channel would leave the gamut, so hue survives in bright colours.
      const dr = r - y0Luma;
      const dg = g - y0Luma;
      const db = bl - y0Luma;
      const peak = Math.max(dr, dg, db) * chroma;
      if (target + peak > 1 && peak > 0) chroma *= Math.max(0, 1 - target) / (peak / chroma);
      const trough = Math.min(dr, dg, db) * chroma;
      if (target + trough < 0 && trough < 0) chroma *= target / (-trough / chroma);
      data[i] = Math.round(clamp(target + dr * chroma, 0, 1) * 255);
      data[i + 1] = Math.round(clamp(target + dg * chroma, 0, 1) * 255);
      data[i + 2] = Math.round(clamp(target + db * chroma, 0, 1) * 255);
    }
  }
};
