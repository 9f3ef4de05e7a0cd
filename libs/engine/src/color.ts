/** sRGB transfer function and colour helpers shared by the stages; values are in 0..1 unless stated. */

export const srgbToLinear = (v: number): number => (v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4));

export const linearToSrgb = (v: number): number =>
  v <= 0.0031308 ? v * 12.92 : 1.055 * Math.pow(Math.min(v, 1), 1 / 2.4) - 0.055;

/** Linear value of each 8-bit sRGB code. */
export const SRGB_TO_LINEAR: Float32Array = (() => {
  const table = new Float32Array(256);
  for (let i = 0; i < 256; i++) table[i] = srgbToLinear(i / 255);
  return table;
})();

/** Rec.709 luma weights, applied to gamma-encoded values as a cheap perceptual brightness. */
export const LUMA_R = 0.2126;
export const LUMA_G = 0.7152;
export const LUMA_B = 0.0722;

export interface Lab {
  l: number;
  a: number;
  b: number;
}

const labF = (t: number): number => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);

/** CIE Lab (D65) of linear sRGB. */
export const linearRgbToLab = (r: number, g: number, b: number): Lab => {
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
  const fx = labF(x);
  const fy = labF(y);
  const fz = labF(z);
  return { l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
};

const labFInverse = (t: number): number => (t > 0.206893 ? t * t * t : (t - 16 / 116) / 7.787);

/** Linear sRGB (D65) of a CIE Lab colour; the inverse of linearRgbToLab, unclamped. */
export const labToLinearRgb = (l: number, a: number, b: number): [number, number, number] => {
  const fy = (l + 16) / 116;
  const x = 0.95047 * labFInverse(fy + a / 500);
  const y = labFInverse(fy);
  const z = 1.08883 * labFInverse(fy - b / 200);
  return [
    3.2404542 * x - 1.5371385 * y - 0.4985314 * z,
    -0.969266 * x + 1.8760108 * y + 0.041556 * z,
    0.0556434 * x - 0.2040259 * y + 1.0572252 * z,
  ];
};

export const clamp = (v: number, lo: number, hi: number): number => (v < lo ? lo : v > hi ? hi : v);

/** 0 at or below `from`, 1 at or above `to`, linear between (`from` > `to` ramps down). */
export const ramp = (value: number, from: number, to: number): number => clamp((value - from) / (to - from), 0, 1);

/** Level above which brightening is rolled off towards white (0..1). */
export const SHOULDER = 0.9;

/**
 * Highlight shoulder for a value `raw` that the local stages want above `from` (the larger of SHOULDER and the
 * pixel's own level before the stage): exact at first, then rolled off so it approaches 1 but reaches it only
 * if it started there. Local contrast and lifts therefore keep the gradation of near-white detail instead of
 * pushing it to 255 (the old roll-off steepened 0.9-0.95 by up to 1.6x and took code 253 to 254), and white
 * stays white.
 */
export const shoulder = (raw: number, from: number): number => {
  const start = from > SHOULDER ? from : SHOULDER;
  if (raw <= start) return raw;
  const headroom = 1 - start;
  if (headroom <= 0) return 1;
  const excess = raw - start;
  return start + (headroom * excess) / (excess + headroom);
};

/** Lightness at which a white-point shift is turned into channel gains: a mid-light wall. */
export const GAIN_LIGHTNESS = 65;

/** Red and blue gains (green 1) that move a near-neutral colour from (a, b) to (toA, toB). */
export const gainsForCastShift = (a: number, b: number, toA: number, toB: number): [number, number] => {
  const from = labToLinearRgb(GAIN_LIGHTNESS, a, b);
  const to = labToLinearRgb(GAIN_LIGHTNESS, toA, toB);
  const gains = from.map((v, i) => to[i] / Math.max(v, 1e-4));
  return [gains[0] / gains[1], gains[2] / gains[1]];
};
