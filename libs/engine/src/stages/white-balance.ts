import { clamp } from '../color';
import { neutralCast } from '../measure';
import type { RgbImage } from '../rgb-image';
import { stage } from '../stage';

export interface WhiteBalancePlan {
  /** Linear-light channel multipliers, green fixed at 1. */
  gains: [number, number, number];
  /** Cast found on near-neutral pixels (Lab a*, b*) and the share of pixels that were near-neutral. */
  castA: number;
  castB: number;
  neutralShare: number;
  applied: boolean;
}

/** Largest gain of red or blue relative to green that the classical white balance may apply. */
export const MAX_GAIN = 1.6;
/** Below this share of near-neutral pixels the greys are too few to say what the light's colour is. */
export const MIN_GREY_SHARE = 0.03;
/** Below this Lab chroma a cast is invisible; correcting it only risks undoing the light's intended mood. */
const MIN_CAST = 2.5;
/**
 * Most of a small cast is removed; of a strong one (tungsten rooms) a larger trace is kept, so warm light still
 * reads as warm, as retouchers do.
 */
const strengthFor = (cast: number): number => clamp(1 - (cast - 15) / 50, 0.75, 0.97);

/**
 * White balance from the pixels that are nearly grey: their mean colour is pulled to neutral. Re-selecting the
 * greys under the new gains lets a strong cast converge, while saturated walls and furniture never vote.
 * `strengthOverride` (0..1) replaces the share of the cast removed (1: gains that neutralise it fully); `maxGain`
 * bounds red and blue relative to green.
 */
export const planWhiteBalance = (small: RgbImage, strengthOverride?: number, maxGain = MAX_GAIN): WhiteBalancePlan => {
  const first = neutralCast(small);
  let gains: [number, number, number] = [1, 1, 1];
  let estimate = first;
  for (let round = 0; round < 3; round++) {
    if (estimate.share < MIN_GREY_SHARE) break;
    const [r, g, b] = estimate.meanRgb;
    gains = [clamp(g / r, 1 / maxGain, maxGain), 1, clamp(g / b, 1 / maxGain, maxGain)];
    estimate = neutralCast(small, gains);
  }
  const cast = Math.hypot(first.a, first.b);
  const applied = first.share >= MIN_GREY_SHARE && cast >= MIN_CAST;
  const strength = strengthOverride ?? strengthFor(cast);
  return {
    gains: applied ? [Math.pow(gains[0], strength), 1, Math.pow(gains[2], strength)] : [1, 1, 1],
    castA: first.a,
    castB: first.b,
    neutralShare: first.share,
    applied,
  };
};

/** Grey-pixel white balance: measured on every photo (the report's cast), applied on the classical path. */
export const whiteBalanceStage = stage<ReturnType<typeof planWhiteBalance>>({
  name: 'whiteBalance',
  colour: true,
  plan: ({ small }) => planWhiteBalance(small),
  apply: ({ colour }, plan) => {
    colour.gains = plan.gains;
  },
  // On the learned path the gains are those finishing folded into the model's LUT; the cast is still the photo's.
  report: (plan, { learned }) => {
    const gains = learned ? learned.gains : plan.gains;
    return {
      whiteBalance: {
        applied: learned ? gains[0] !== 1 || gains[2] !== 1 : plan.applied,
        gainRed: gains[0],
        gainBlue: gains[2],
        castA: plan.castA,
        castB: plan.castB,
      },
    };
  },
});
