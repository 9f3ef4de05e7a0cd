import { LUMA_B, LUMA_G, LUMA_R, SRGB_TO_LINEAR, clamp, linearToSrgb, srgbToLinear } from '../color';
import type { PhotoStats } from '../measure';
import type { RgbImage } from '../rgb-image';

export interface TonePlan {
  /** Exposure change at the photo's mean brightness, in EV (the curve keeps black and white fixed). */
  exposureEv: number;
  /** Curve strength: slope at black of x -> g x / (1 + (g - 1) x) in linear light. */
  exposureCurve: number;
}

/** Photos whose mean luma is inside this band are left at their exposure. */
export const WELL_EXPOSED: [number, number] = [0.4, 0.56];

/** A mean-luma band widened by `stops` on both sides (in linear light): [0.40, 0.56] by one stop is [0.29, 0.77]. */
export const widenBand = ([lo, hi]: [number, number], stops: number): [number, number] => [
  linearToSrgb(srgbToLinear(lo) / 2 ** stops),
  linearToSrgb(Math.min(1, srgbToLinear(hi) * 2 ** stops)),
];
const MAX_EV = 2.5;
/** 8-bit level from which a channel counts as clipped (as in the measurements). */
const CLIPPED = 254;
/**
 * Largest share of pixels a global exposure lift may newly clip. Lifting the mid-tones compresses the top of the
 * curve (its slope at white is 1/gain), so bright detail near white (candle flames, lamp shades, windows) is
 * pushed to 255; above this share the lift is reduced until it holds. Half the acceptance criterion (0.5 points).
 */
export const MAX_NEW_CLIPPING = 0.0025;

/** The exposure curve x -> g x / (1 + (g - 1) x) on a linear value, returned gamma-encoded (0..1). */
const exposeLinear = (x: number, g: number): number => clamp(linearToSrgb((g * x) / (1 + (g - 1) * x)), 0, 1);

const GAIN_KNEE = 0.85;

/** Per-channel white balance and exposure on a continuous gamma-encoded value (0..1), for the learned LUT's nodes. */
export const channelCurve = (v: number, gain: number, plan: Pick<TonePlan, 'exposureCurve'>): number => {
  const linear = srgbToLinear(clamp(v, 0, 1));
  // A gain above 1 is exact up to a knee and then rolls off linearly so white stays white: balancing a residual
  // cast can never clip a channel (a plain gain clipped near-white walls on two rooms). A gain below 1 is exact up
  // to the knee and then rises linearly to white: a plain one turned blown windows and white frames cyan or yellow
  // (red gain 0.68 took white to 215/249/250), since a clipped pixel carries no colour to correct.
  const x =
    gain > 1
      ? linear <= GAIN_KNEE / gain
        ? linear * gain
        : GAIN_KNEE + ((1 - GAIN_KNEE) * (linear - GAIN_KNEE / gain)) / (1 - GAIN_KNEE / gain)
      : linear <= GAIN_KNEE
        ? linear * gain
        : GAIN_KNEE * gain + ((1 - GAIN_KNEE * gain) * (linear - GAIN_KNEE)) / (1 - GAIN_KNEE);
  return exposeLinear(x, plan.exposureCurve);
};

/** One 8-bit code through white balance (with the knee) and exposure, 0..1. */
const channelValue = (v: number, gain: number, plan: Pick<TonePlan, 'exposureCurve'>): number =>
  channelCurve(v / 255, gain, plan);

const toneValue = (v: number, gain: number, plan: TonePlan): number => clamp(channelValue(v, gain, plan), 0, 1);

/**
 * Per-channel tables for white balance and exposure, with the knee of `channelCurve`: a plain gain above 1 clipped
 * every channel value above 1/gain, and a plain gain below 1 tinted white.
 */
export const buildChannelLuts = (
  gains: [number, number, number],
  plan: Pick<TonePlan, 'exposureCurve'>,
): Uint8Array[] =>
  gains.map((gain) => {
    const lut = new Uint8Array(256);
    for (let v = 0; v < 256; v++) lut[v] = Math.round(channelValue(v, gain, plan) * 255);
    return lut;
  });

/**
 * Share of the pixels, not clipped before, that white balance and exposure would take to 254 or above in any
 * channel: the highlight detail a global lift destroys.
 */
export const newlyClippedShare = (
  small: RgbImage,
  gains: [number, number, number],
  plan: Pick<TonePlan, 'exposureCurve'>,
): number => {
  const [lutR, lutG, lutB] = buildChannelLuts(gains, plan);
  const { data } = small;
  let count = 0;
  for (let i = 0; i < data.length; i += 3) {
    const r = data[i];
    const g = data[i + 1];
    const b = data[i + 2];
    if (r >= CLIPPED || g >= CLIPPED || b >= CLIPPED) continue;
    if (lutR[r] >= CLIPPED || lutG[g] >= CLIPPED || lutB[b] >= CLIPPED) count++;
  }
  return count / (data.length / 3);
};

const channelHistograms = (image: RgbImage): Float64Array[] => {
  const histograms = [new Float64Array(256), new Float64Array(256), new Float64Array(256)];
  const { data } = image;
  for (let i = 0; i < data.length; i += 3) {
    histograms[0][data[i]]++;
    histograms[1][data[i + 1]]++;
    histograms[2][data[i + 2]]++;
  }
  return histograms;
};

/** Mean luma after the curves: luma is linear in the channels, so per-channel histograms suffice. */
const meanLumaAfter = (histograms: Float64Array[], gains: [number, number, number], plan: TonePlan): number => {
  const weights = [LUMA_R, LUMA_G, LUMA_B];
  let mean = 0;
  for (let c = 0; c < 3; c++) {
    let sum = 0;
    let count = 0;
    for (let v = 0; v < 256; v++) {
      if (!histograms[c][v]) continue;
      sum += histograms[c][v] * toneValue(v, gains[c], plan);
      count += histograms[c][v];
    }
    mean += (weights[c] * sum) / count;
  }
  return mean;
};

/**
 * Exposure of the learned style's finishing: a result outside the mean-luma `band` is brought to its nearest edge
 * with a curve that keeps black and white and newly clips at most MAX_NEW_CLIPPING of the photo.
 */
export const planExposure = (small: RgbImage, stats: PhotoStats, band: [number, number] = WELL_EXPOSED): TonePlan => {
  const plan: TonePlan = { exposureEv: 0, exposureCurve: 1 };
  const gains: [number, number, number] = [1, 1, 1];
  const histograms = channelHistograms(small);
  const before = meanLumaAfter(histograms, gains, plan);
  const target = clamp(before, band[0], band[1]);
  if (Math.abs(target - before) < 0.005) return plan;
  let lo = -MAX_EV;
  let hi = MAX_EV;
  for (let i = 0; i < 24; i++) {
    const ev = (lo + hi) / 2;
    const mean = meanLumaAfter(histograms, gains, { ...plan, exposureCurve: Math.pow(2, ev) });
    if (mean < target) lo = ev;
    else hi = ev;
  }
  let curveEv = (lo + hi) / 2;
  // Clipping-bounded: a lift that would newly clip more than MAX_NEW_CLIPPING of the photo is reduced to the
  // largest that does not (darkening never clips, so only lifts are checked).
  if (curveEv > 0 && newlyClippedShare(small, gains, { exposureCurve: Math.pow(2, curveEv) }) > MAX_NEW_CLIPPING) {
    let safe = 0;
    let unsafe = curveEv;
    for (let i = 0; i < 10; i++) {
      const ev = (safe + unsafe) / 2;
      if (newlyClippedShare(small, gains, { exposureCurve: Math.pow(2, ev) }) > MAX_NEW_CLIPPING) unsafe = ev;
      else safe = ev;
    }
    curveEv = safe;
    if (curveEv < 0.01) return plan;
  }
  const g = Math.pow(2, curveEv);
  // Report the effective change at the photo's key (mean linear level), not the curve's slope at black.
  const key = SRGB_TO_LINEAR[Math.round(stats.meanLuma * 255)];
  const exposureEv = Math.log2(g / (1 + (g - 1) * key));
  return { ...plan, exposureCurve: g, exposureEv };
};
