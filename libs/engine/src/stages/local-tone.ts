import { LUMA_B, LUMA_G, LUMA_R, SHOULDER, clamp, shoulder } from '../color';
import { guidedCoefficients } from '../box-filter';
import type { RgbImage } from '../rgb-image';
import { applyLut, type Lut3d, lutAt, lutCell } from '../lut3d';
import { CURVE_STEPS, DARKEN_STEPS, simdToneRows } from '../local-tone-simd';
import { smoothAtHalfSize, toChannels } from './denoise';
import { exposureCurve, lumaCurve } from './tone';

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
  /**
   * A darkening exposure curve (strength below 1, as TonePlan.exposureCurve; 1 = none), applied to each pixel's luma
   * with its channels scaled alike, so that every colour keeps its hue and relative saturation. Per pixel, before
   * the base layer, as the per-channel curves are: on the base layer alone it drew halos around every edge.
   */
  darkening: number;
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

/**
 * The plan that changes no tone and no colour beyond the colour transform: identity base curve, no detail gain, no
 * vibrance, no darkening. The learned path's: its LUT carries all the colour and tone.
 */
export const COLOUR_ONLY: Readonly<LocalTonePlan> = {
  shadows: 0,
  highlights: 0,
  detail: 0,
  vibrance: 0,
  blackPoint: 0,
  contrast: 0,
  darkening: 1,
};

/**
 * Whether a plan is COLOUR_ONLY, whichever path made it. Its per-pixel work would give back each pixel's own value
 * (the shoulders only act on a pixel raised above its own level), so the base layer is not built.
 */
const isColourOnly = (plan: LocalTonePlan): boolean =>
  (Object.keys(COLOUR_ONLY) as (keyof LocalTonePlan)[]).every((key) => plan[key] === COLOUR_ONLY[key]);

/** Trilinear LUT lookup of one pixel into `out` (0..255 floats); per-code indices precomputed by the caller. */
const lutPixel = (
  lut: Lut3d,
  index: Int32Array,
  fraction: Float32Array,
  r: number,
  g: number,
  b: number,
  out: Float32Array,
) => {
  const p000 = (index[r] + (index[g] + index[b] * lut.size) * lut.size) * 3;
  lutCell(lut, p000, fraction[r], fraction[g], fraction[b], out);
};

/**
 * Pre-lift smoothing for a photo the LUT lifts by several stops: guided filters on the input's luma and colour
 * differences with `eps` (in 0..1 luma, squared) and `radius` (full-size pixels), kept as floats through the LUT.
 */
export interface Dequantize {
  radius: number;
  eps: number;
}

/**
 * The LUT applied to a smoothed, unquantised copy of the pixels. A photo lifted by four or more stops was taken
 * with most of its pixels on a few dark codes: one code is a step of 20-60 levels after the lift, and the 8x8 blocks
 * of its JPEG, a code or two apart, become the blocky "night-vision" look. Filtering after the lift cannot tell those
 * steps from edges; before it they are at the level of the quantisation, and the guided filters flatten them while
 * edges of several codes stay. The filtered values are looked up between the LUT's codes, never rounded to them.
 */
const applyLutSmoothed = (image: RgbImage, lut: Lut3d, { radius, eps }: Dequantize) => {
  const { width, height, data } = image;
  const n = width * height;
  const channels = toChannels(image);
  // The blocks are 8 pixels: filtered at half size (half the radius); at full size the same filters took 3.5 s and
  // 430 MB more at 8 MP for a result that looks alike.
  smoothAtHalfSize(channels, width, height, Math.max(1, radius >> 1), eps);
  const { luma, cb, cr } = channels;
  const out = new Float32Array(3);
  for (let p = 0, i = 0; p < n; p++, i += 3) {
    const y = luma[p];
    const blue = y + cb[p];
    const red = y + cr[p];
    lutAt(lut, red, (y - LUMA_R * red - LUMA_B * blue) / LUMA_G, blue, out);
    data[i] = out[0] + 0.5;
    data[i + 1] = out[1] + 0.5;
    data[i + 2] = out[2] + 0.5;
  }
};

/**
 * One fused full-resolution pass: the colour transform (a 3D LUT or per-channel curves, whichever the route
 * produced), then shadow/highlight recovery and local contrast on an edge-aware base layer of luma, and vibrance.
 * The base layer's grid comes from `guide` (the analysis copy, transformed the same way) when given, otherwise
 * from an extra full-resolution pass. Works in place on the image's only pixel buffer, no full-size float copies.
 */
export const applyLocalTone = (
  image: RgbImage,
  channelLuts: Uint8Array[] | null,
  plan: LocalTonePlan,
  lut: Lut3d | null = null,
  guide: RgbImage | null = null,
  dequantize: Dequantize | null = null,
): void => {
  const { width, height, data } = image;
  const factor = Math.max(1, Math.round(Math.max(width, height) / GRID_LONG_SIDE));
  const gw = Math.ceil(width / factor);
  const gh = Math.ceil(height / factor);
  const grid = new Float32Array(gw * gh);
  const counts = new Float32Array(gw * gh);
  const column = new Int32Array(width);
  for (let x = 0; x < width; x++) column[x] = Math.floor(x / factor);

  const index = new Int32Array(256);
  const fraction = new Float32Array(256);
  if (lut) {
    for (let v = 0; v < 256; v++) {
      const f = (v * (lut.size - 1)) / 255;
      index[v] = Math.min(Math.floor(f), lut.size - 2);
      fraction[v] = f - index[v];
    }
  }
  const mapped = new Float32Array(3);
  const [lutR, lutG, lutB] = channelLuts ?? [null, null, null];
  // Darkening as a ratio per luma level, tabulated finely: luma is fractional, so 256 codes would band.
  const darken = plan.darkening === 1 ? null : new Float32Array(DARKEN_STEPS + 1);
  if (darken)
    for (let k = 1; k <= DARKEN_STEPS; k++)
      darken[k] = exposureCurve(k / DARKEN_STEPS, plan.darkening) / (k / DARKEN_STEPS);
  /** The darkening's ratio at a luma of 0..1 (used only when `darken` exists). */
  const darkenRatio = (luma: number) => darken![(luma * DARKEN_STEPS + 0.5) | 0];
  /** The colour transform (LUT or per-channel tables), and the darkening when `darkening` (8-bit, in place). */
  const transform = (pixels: Uint8Array, i: number, darkening: boolean) => {
    if (lut) {
      lutPixel(lut, index, fraction, pixels[i], pixels[i + 1], pixels[i + 2], mapped);
      pixels[i] = mapped[0] + 0.5;
      pixels[i + 1] = mapped[1] + 0.5;
      pixels[i + 2] = mapped[2] + 0.5;
    } else if (lutR && lutG && lutB) {
      pixels[i] = lutR[pixels[i]];
      pixels[i + 1] = lutG[pixels[i + 1]];
      pixels[i + 2] = lutB[pixels[i + 2]];
    }
    if (darken && darkening) {
      const ratio = darkenRatio((LUMA_R * pixels[i] + LUMA_G * pixels[i + 1] + LUMA_B * pixels[i + 2]) / 255);
      // A ratio below 1 keeps every channel in range; +0.5 rounds on the truncating store.
      pixels[i] = pixels[i] * ratio + 0.5;
      pixels[i + 1] = pixels[i + 1] * ratio + 0.5;
      pixels[i + 2] = pixels[i + 2] * ratio + 0.5;
    }
  };

  if (isColourOnly(plan)) {
    // Nothing local to do (the learned path): the base layer would be computed only to be added back unchanged.
    if (lut && dequantize) applyLutSmoothed(image, lut, dequantize);
    else if (lut) applyLut(image, lut);
    else for (let i = 0; i < data.length; i += 3) transform(data, i, false);
    return;
  }
  if (guide) {
    // The grid is sampled from the (already low-passed) analysis copy after the same colour transform, which
    // saves a full-resolution pass: the full-size pixels are then read and written exactly once.
    const copy = guide.data.slice();
    for (let i = 0; i < copy.length; i += 3) transform(copy, i, true);
    const sx = guide.width / width;
    const sy = guide.height / height;
    const lumaAt = (x: number, y: number) => {
      const i = (y * guide.width + x) * 3;
      return LUMA_R * copy[i] + LUMA_G * copy[i + 1] + LUMA_B * copy[i + 2];
    };
    for (let gy = 0; gy < gh; gy++) {
      const v = clamp(Math.min((gy + 0.5) * factor, height) * sy - 0.5, 0, guide.height - 1);
      const v0 = Math.min(Math.floor(v), Math.max(0, guide.height - 2));
      const v1 = Math.min(v0 + 1, guide.height - 1);
      const wv = v - v0;
      for (let gx = 0; gx < gw; gx++) {
        const u = clamp(Math.min((gx + 0.5) * factor, width) * sx - 0.5, 0, guide.width - 1);
        const u0 = Math.min(Math.floor(u), Math.max(0, guide.width - 2));
        const u1 = Math.min(u0 + 1, guide.width - 1);
        const wu = u - u0;
        const top = lumaAt(u0, v0) + (lumaAt(u1, v0) - lumaAt(u0, v0)) * wu;
        const bottom = lumaAt(u0, v1) + (lumaAt(u1, v1) - lumaAt(u0, v1)) * wu;
        grid[gy * gw + gx] = top + (bottom - top) * wv;
        counts[gy * gw + gx] = 1;
      }
    }
  } else {
    for (let y = 0, i = 0; y < height; y++) {
      const gy = Math.floor(y / factor) * gw;
      for (let x = 0; x < width; x++, i += 3) {
        transform(data, i, true);
        const g = gy + column[x];
        grid[g] += LUMA_R * data[i] + LUMA_G * data[i + 1] + LUMA_B * data[i + 2];
        counts[g]++;
      }
    }
  }
  for (let g = 0; g < grid.length; g++) grid[g] /= counts[g] * 255;
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
  // The base curve depends only on the base level: tabulate it finely once instead of per pixel.
  const curve = new Float32Array(CURVE_STEPS + 2);
  for (let k = 0; k <= CURVE_STEPS + 1; k++) curve[k] = baseCurve(Math.min(k / CURVE_STEPS, 1), plan);
  const x1Offset = gw > 1 ? 1 : 0;
  const gain = 1 + plan.detail;
  const vibrance = plan.vibrance;
  // Each code's value in 0..1 after the per-channel tables (with a guide the full-size pixels are transformed only
  // here; without one they already were): one lookup per channel instead of a table, a store and a division.
  const unitTable = (table: Uint8Array | null) =>
    Float64Array.from({ length: 256 }, (_, v) => (table ? table[v] : v) / 255);
  const unit = lut && guide ? null : [0, 1, 2].map((c) => unitTable(guide ? (channelLuts?.[c] ?? null) : null));
  const aRow = new Float32Array(gw + 1);
  const bRow = new Float32Array(gw + 1);
  // Per-channel tables (not a 3D LUT): the SIMD rows, the same arithmetic in float32 (within a level).
  const simdRow = unit
    ? simdToneRows(data, width, gw, {
        unit: unit as [Float64Array, Float64Array, Float64Array],
        curve,
        darken: guide ? darken : null,
        gain,
        vibrance,
        x0,
        fx,
      })
    : null;
  for (let y = 0; y < height; y++) {
    const gy = clamp((y + 0.5) / factor - 0.5, 0, gh - 1);
    const y0 = Math.min(Math.floor(gy), Math.max(0, gh - 2));
    const fy = gh > 1 ? gy - y0 : 0;
    const r0 = y0 * gw;
    const r1 = gh > 1 ? r0 + gw : r0;
    // Coefficients change slowly: interpolate the two grid rows once per image row, then along the row per pixel.
    for (let c = 0; c < gw; c++) {
      aRow[c] = a[r0 + c] + (a[r1 + c] - a[r0 + c]) * fy;
      bRow[c] = b[r0 + c] + (b[r1 + c] - b[r0 + c]) * fy;
    }
    aRow[gw] = aRow[gw - 1];
    bRow[gw] = bRow[gw - 1];
    if (simdRow) {
      simdRow(y, aRow, bRow);
      continue;
    }
    for (let x = 0, i = y * width * 3; x < width; x++, i += 3) {
      const c0 = x0[x];
      const c1 = c0 + x1Offset;
      const wx = fx[x];
      const ca = aRow[c0] + (aRow[c1] - aRow[c0]) * wx;
      const cb = bRow[c0] + (bRow[c1] - bRow[c0]) * wx;
      let r: number;
      let g: number;
      let bl: number;
      if (unit) {
        r = unit[0][data[i]];
        g = unit[1][data[i + 1]];
        bl = unit[2][data[i + 2]];
      } else {
        // A 3D LUT with a guide: the full-size pixels are transformed here.
        transform(data, i, false);
        r = data[i] / 255;
        g = data[i + 1] / 255;
        bl = data[i + 2] / 255;
      }
      let y0Luma = LUMA_R * r + LUMA_G * g + LUMA_B * bl;
      // With a guide the darkening is applied here, on the float values.
      if (guide && darken) {
        const ratio = darken[(y0Luma * DARKEN_STEPS + 0.5) | 0];
        r *= ratio;
        g *= ratio;
        bl *= ratio;
        y0Luma *= ratio;
      }
      const rawBase = ca * y0Luma + cb;
      const base = rawBase < 0 ? 0 : rawBase > 1 ? 1 : rawBase;
      const k = base * CURVE_STEPS;
      const k0 = k | 0;
      const curved = curve[k0] + (curve[k0 + 1] - curve[k0]) * (k - k0);
      const raw = curved + gain * (y0Luma - base);
      const target = raw > SHOULDER && raw > y0Luma ? shoulder(raw, y0Luma) : raw;
      const ratio = y0Luma > 0.004 ? Math.min(target / y0Luma, 3) : 1;
      const max = r > g ? (r > bl ? r : bl) : g > bl ? g : bl;
      const min = r < g ? (r < bl ? r : bl) : g < bl ? g : bl;
      const muted = max > 0 ? 1 - (max - min) / max : 1;
      // Darkening keeps relative colourfulness; lifting shadows is damped so noise in them is not saturated too.
      let chroma = (ratio <= 1 ? ratio : Math.sqrt(ratio)) * (1 + vibrance * muted * muted);
      // Desaturate rather than clip when a channel would leave the gamut, so hue survives in bright colours.
      const dr = r - y0Luma;
      const dg = g - y0Luma;
      const db = bl - y0Luma;
      const high = dr > dg ? (dr > db ? dr : db) : dg > db ? dg : db;
      const low = dr < dg ? (dr < db ? dr : db) : dg < db ? dg : db;
      // The brightest channel gets the same shoulder as luma (from its own level): more colour may not clip it.
      if (high > 0 && target + high * chroma > SHOULDER && target + high * chroma > max) {
        const top = shoulder(target + high * chroma, max);
        chroma = Math.max(0, top - target) / high;
      }
      if (low < 0 && target + low * chroma < 0) chroma = Math.min(chroma, target / -low);
      // Uint8Array stores truncate: +0.5 rounds, and the values are already within 0..1 up to rounding error.
      const outR = (target + dr * chroma) * 255 + 0.5;
      const outG = (target + dg * chroma) * 255 + 0.5;
      const outB = (target + db * chroma) * 255 + 0.5;
      data[i] = outR < 0 ? 0 : outR > 255 ? 255 : outR;
      data[i + 1] = outG < 0 ? 0 : outG > 255 ? 255 : outG;
      data[i + 2] = outB < 0 ? 0 : outB > 255 ? 255 : outB;
    }
  }
};
