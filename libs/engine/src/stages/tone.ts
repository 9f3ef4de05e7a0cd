import { LUMA_B, LUMA_G, LUMA_R, SRGB_TO_LINEAR, clamp, linearToSrgb, srgbToLinear } from '../color';
import type { PhotoStats } from '../measure';
import type { RgbImage } from '../rgb-image';
import { stage } from '../stage';
import type { MeasuredStats } from '../types';
import type { LocalTonePlan } from './local-tone';

export interface TonePlan {
  /** Exposure change at the photo's mean brightness, in EV (the curve keeps black and white fixed). */
  exposureEv: number;
  /** Curve strength: slope at black of x -> g x / (1 + (g - 1) x) in linear light. */
  exposureCurve: number;
  /** Gamma-encoded level mapped to black (removes haze and lifted blacks). */
  blackPoint: number;
  /** Mid-tone S-curve amount, 0 = none. */
  contrast: number;
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
 * pushed to 255; above this share the lift is reduced until it holds, and the local shadow lift does the rest.
 * Half the acceptance criterion (0.5 points), leaving room for local contrast and sharpening.
 */
export const MAX_NEW_CLIPPING = 0.0025;

/** Black point and S-curve on gamma-encoded luma; applied to luma only so they cannot tint greys. */
export const lumaCurve = (v: number, plan: Pick<TonePlan, 'blackPoint' | 'contrast'>): number => {
  const s = Math.max(0, (v - plan.blackPoint) / (1 - plan.blackPoint));
  return s - (plan.contrast * Math.sin(2 * Math.PI * Math.min(s, 1))) / (2 * Math.PI);
};

/** The exposure curve x -> g x / (1 + (g - 1) x) on a linear value, returned gamma-encoded (0..1). */
const exposeLinear = (x: number, g: number): number => clamp(linearToSrgb((g * x) / (1 + (g - 1) * x)), 0, 1);

/** The exposure curve alone on a gamma-encoded value (0..1). */
export const exposureCurve = (v: number, g: number): number => exposeLinear(srgbToLinear(clamp(v, 0, 1)), g);

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

const toneValue = (v: number, gain: number, plan: TonePlan): number =>
  clamp(lumaCurve(channelValue(v, gain, plan), plan), 0, 1);

/**
 * Per-channel tables for white balance and exposure; black point and contrast go to the luma stage. The classical
 * white balance uses the same knee as the learned finishing: a plain gain above 1 clipped every channel value
 * above 1/gain (a blue gain of 1.58 clipped blue from code 207 up, 0.85 % of a candle-lit photo), and a plain gain
 * below 1 tinted white.
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
 * The highest black point that sets at most MAX_NEW_CLIPPING of the pixels to black: the luma level below which that
 * share lies. 90 % of the 1st percentile alone sent up to 1 % of a photo with true blacks to black (a graded FiveK
 * photo: 0.04 -> 1.1 % of its pixels), beyond the acceptance criterion.
 */
const blackPointBound = (small: RgbImage): number => {
  const histogram = new Uint32Array(256);
  const { data } = small;
  for (let i = 0; i < data.length; i += 3)
    histogram[Math.round(LUMA_R * data[i] + LUMA_G * data[i + 1] + LUMA_B * data[i + 2])]++;
  const allowed = (MAX_NEW_CLIPPING * data.length) / 3;
  let below = 0;
  for (let level = 0; level < 256; level++) {
    if (below + histogram[level] > allowed) return level / 255;
    below += histogram[level];
  }
  return 1;
};

/**
 * Global tone from the measured statistics: lifted blacks are set down, flat photos get a gentle S-curve, and a
 * photo outside the well-exposed band is brought to its nearest edge with a curve that never clips highlights.
 */
export const planTone = (
  small: RgbImage,
  stats: PhotoStats,
  gains: [number, number, number],
  exposureOnly = false,
  band: [number, number] = WELL_EXPOSED,
): TonePlan => {
  // Retouchers set the darkest tones to black; lifted blacks read as haze.
  const blackPoint = exposureOnly || !(stats.p01 > 0.01) ? 0 : Math.min(stats.p01 * 0.9, 0.12, blackPointBound(small));
  const span = stats.p99 - stats.p01;
  const contrast = exposureOnly ? 0 : clamp(0.12 + (0.7 - span) * 0.4, 0.08, 0.3);
  const plan: TonePlan = { exposureEv: 0, exposureCurve: 1, blackPoint, contrast };
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

/**
 * The classical exposure is split by direction. A lift stays in the per-channel curves, whose roll-off keeps
 * highlights from clipping. Darkening goes to luma: per channel, its slope of up to 2 near white doubled the small
 * channel differences of bright surfaces, stretching a pale overexposed sky to teal (exposure `julochka`).
 */
const darkens = (tone: TonePlan) => tone.exposureCurve < 1;

const localTonePlan = (stats: MeasuredStats, tone: TonePlan): LocalTonePlan => ({
  blackPoint: tone.blackPoint,
  contrast: tone.contrast,
  darkening: darkens(tone) ? tone.exposureCurve : 1,
  shadows: stats.p50 < 0.3 ? 0.12 : 0.05,
  highlights: stats.clippedHighlights > 0.01 || stats.p99 > 0.95 ? 0.2 : 0.05,
  detail: 0.2,
  vibrance: Math.max(0.1, Math.min(0.35, 0.45 - stats.meanChroma / 60)),
});

/**
 * Classical tone: exposure into the well-exposed band (clipping-bounded), black point, S-curve, and the local stage's
 * shadows, highlights, detail and vibrance. On the learned path only the local stage's light settings remain.
 */
export const toneStage = stage<TonePlan | null>({
  name: 'tone',
  colour: true,
  plan: ({ learned, small, before, colour }) => (learned ? null : planTone(small, before, colour.gains)),
  apply: ({ colour, before }, tone) => {
    if (!tone) return;
    colour.channelLuts = buildChannelLuts(colour.gains, darkens(tone) ? { exposureCurve: 1 } : tone);
    colour.local = localTonePlan(before, tone);
  },
  report: (tone, { colour }) => {
    const local = colour.local as LocalTonePlan;
    return {
      ...(tone && { exposure: { applied: tone.exposureCurve !== 1, ev: tone.exposureEv } }),
      blackPoint: { applied: Boolean(tone && tone.blackPoint > 0), level: tone?.blackPoint ?? 0 },
      contrast: { amount: tone?.contrast ?? 0 },
      shadows: { amount: local.shadows },
      highlights: { amount: local.highlights },
      localContrast: { amount: local.detail },
      vibrance: { amount: local.vibrance },
    };
  },
});
