import {
  clamp,
  GAIN_LIGHTNESS,
  labToLinearRgb,
  linearRgbToLab,
  linearToSrgb,
  LUMA_B,
  LUMA_G,
  LUMA_R,
  shoulder,
  SRGB_TO_LINEAR,
} from '../color';
import type { LookCorrection } from '../harmonise';
import type { RgbImage } from '../rgb-image';
import { stage } from '../stage';
import type { EnhanceOptions } from '../types';

/**
 * The looks a host can ask for on a delivered photo: `listing` is the photo as delivered; `natural` is the learned
 * engine's rendering, which the caller selects with `engine: 'learned'` (the style itself adds nothing to it).
 */
export const ADJUSTMENT_STYLES = ['listing', 'natural', 'bright-airy', 'warm'] as const;
export type AdjustmentStyle = (typeof ADJUSTMENT_STYLES)[number];

/** Steps a host can move brightness and warmth by, either way. */
export const MAX_ADJUSTMENT_STEPS = 2;

/**
 * A host's adjustment of a delivered photo: a style and small steps, applied on top of the engine's own result of
 * the original (never of a previous output, so adjustments do not compound). Straightening is the verticals stage
 * itself, switched off or on through `correctVerticals`.
 */
export interface HostAdjustments {
  style: AdjustmentStyle;
  /** -2..2: a third of a stop each. */
  brightness: number;
  /** -2..2: each step warms (or cools) whites by about 250 K. */
  warmth: number;
}

export interface AdjustPlan {
  applied: boolean;
  style: AdjustmentStyle;
  /** Exposure change in stops, style and steps together. */
  ev: number;
  /** Red and blue gains of the warmth change (green stays 1). */
  gainRed: number;
  gainBlue: number;
  /** Chroma scale: below 1 for the softer "bright & airy" look. */
  saturation: number;
  /** Shadow lift (0..1) of the "bright & airy" look. */
  shadowLift: number;
}

const EV_PER_STEP = 1 / 3;
const WARMTH_PER_STEP = 0.035;
const STYLE_LOOK: Record<AdjustmentStyle, { ev: number; warmth: number; saturation: number; shadowLift: number }> = {
  listing: { ev: 0, warmth: 0, saturation: 1, shadowLift: 0 },
  // The retouching model provides this look; the style only carries the host's steps.
  natural: { ev: 0, warmth: 0, saturation: 1, shadowLift: 0 },
  // Lighter, softer, slightly less saturated: the airy look of many vacation-rental listings.
  'bright-airy': { ev: 0.35, warmth: 0, saturation: 0.9, shadowLift: 0.25 },
  // Golden-hour warmth, a touch more colour.
  warm: { ev: 0, warmth: 1.5, saturation: 1.05, shadowLift: 0 },
};

export const planAdjustments = (adjustments: HostAdjustments | undefined): AdjustPlan => {
  const style = adjustments?.style ?? 'listing';
  const look = STYLE_LOOK[style];
  const steps = (v: number | undefined) => clamp(Math.round(v ?? 0), -MAX_ADJUSTMENT_STEPS, MAX_ADJUSTMENT_STEPS);
  const ev = look.ev + steps(adjustments?.brightness) * EV_PER_STEP;
  const warmth = (look.warmth + steps(adjustments?.warmth)) * WARMTH_PER_STEP;
  const plan = {
    style,
    ev,
    gainRed: 1 + warmth,
    gainBlue: 1 - 1.3 * warmth,
    saturation: look.saturation,
    shadowLift: look.shadowLift,
  };
  const applied = ev !== 0 || warmth !== 0 || plan.saturation !== 1 || plan.shadowLift !== 0;
  return { ...plan, applied };
};

/**
 * Applies a plan in linear light: exposure and white gains with the luminance kept (warming does not darken),
 * a gentle shadow lift, chroma scaled around each pixel's own luminance, then the highlight shoulder so that
 * brightening rolls off into white instead of clipping windows. In place.
 */
export const applyAdjustments = (image: RgbImage, plan: AdjustPlan): void => {
  if (!plan.applied) return;
  const exposure = 2 ** plan.ev;
  const norm = 1 / (LUMA_R * plan.gainRed + LUMA_G + LUMA_B * plan.gainBlue);
  const gains = [plan.gainRed * norm * exposure, norm * exposure, plan.gainBlue * norm * exposure];
  const toSrgb = new Uint8Array(4096);
  for (let i = 0; i < 4096; i++) toSrgb[i] = Math.round(linearToSrgb(i / 4095) * 255);
  const { data } = image;
  const lift = plan.shadowLift;
  const sat = plan.saturation;
  for (let i = 0; i < data.length; i += 3) {
    const r0 = SRGB_TO_LINEAR[data[i]];
    const g0 = SRGB_TO_LINEAR[data[i + 1]];
    const b0 = SRGB_TO_LINEAR[data[i + 2]];
    let r = r0 * gains[0];
    let g = g0 * gains[1];
    let b = b0 * gains[2];
    let y = LUMA_R * r + LUMA_G * g + LUMA_B * b;
    if (lift > 0 && y > 0) {
      // Raise dark tones more than light ones (a lifted toe), as a luminance ratio so hues hold.
      const lifted = y + lift * y * (1 - y) * (1 - y);
      const k = lifted / y;
      r *= k;
      g *= k;
      b *= k;
      y = lifted;
    }
    if (sat !== 1) {
      r = y + (r - y) * sat;
      g = y + (g - y) * sat;
      b = y + (b - y) * sat;
    }
    // The shoulder starts at each channel's own level, so highlights the adjustment did not raise stay as they were.
    data[i] = toSrgb[Math.round(clamp(shoulder(r, r0), 0, 1) * 4095)];
    data[i + 1] = toSrgb[Math.round(clamp(shoulder(g, g0), 0, 1) * 4095)];
    data[i + 2] = toSrgb[Math.round(clamp(shoulder(b, b0), 0, 1) * 4095)];
  }
};

/** A correction as the adjust stage's plan: exposure and white gains, luminance kept, highlights rolled off. */
export const correctionPlan = (correction: LookCorrection): AdjustPlan => ({
  applied: correction.ev !== 0 || correction.gainRed !== 1 || correction.gainBlue !== 1,
  style: 'listing',
  ev: correction.ev,
  gainRed: correction.gainRed,
  gainBlue: correction.gainBlue,
  saturation: 1,
  shadowLift: 0,
});

/** Folds a harmonisation correction into a host's adjustment plan, so an adjusted photo keeps the order's look. */
export const withCorrection = (plan: AdjustPlan, correction: LookCorrection): AdjustPlan => {
  const merged = {
    ...plan,
    ev: plan.ev + correction.ev,
    gainRed: plan.gainRed * correction.gainRed,
    gainBlue: plan.gainBlue * correction.gainBlue,
  };
  return { ...merged, applied: plan.applied || correctionPlan(correction).applied };
};

/**
 * The white point a style gives a neutral grey (Lab a*, b* at the lightness white gains are worked out for): where an
 * order in that look is centred. Only `warm` moves it; the others keep grey neutral.
 */
export const styleWhitePoint = (style: AdjustmentStyle): { castA: number; castB: number } => {
  const { gainRed, gainBlue } = planAdjustments({ style, brightness: 0, warmth: 0 });
  if (gainRed === 1 && gainBlue === 1) return { castA: 0, castB: 0 };
  const norm = 1 / (LUMA_R * gainRed + LUMA_G + LUMA_B * gainBlue);
  const [r, g, b] = labToLinearRgb(GAIN_LIGHTNESS, 0, 0);
  const { a, b: yellow } = linearRgbToLab(r * gainRed * norm, g * norm, b * gainBlue * norm);
  return { castA: a, castB: yellow };
};

/**
 * What the photo is rendered with on top of the engine's own result: a host's requested adjustment when one is given
 * (it names its own style), otherwise the order's look at its own strength; with the order's harmonisation of the
 * photo folded in when it had one. Null when there is none of these.
 */
export const requestedAdjustment = ({ adjustments, look, harmonise }: EnhanceOptions): AdjustPlan | null => {
  const asked = adjustments ?? (look ? { style: look, brightness: 0, warmth: 0 } : undefined);
  if (!asked && !harmonise) return null;
  const plan = planAdjustments(asked);
  return harmonise ? withCorrection(plan, harmonise) : plan;
};

/**
 * Applies the adjustment to the learned style's rendering. The listing look folds it into its own rendering
 * instead (stages/listing-look.ts), so that its highlight roll-off still holds the windows and lamps a brighter
 * look would otherwise blow: this stage then only reports it.
 */
export const adjustStage = stage<AdjustPlan | null>({
  name: 'adjust',
  plan: ({ options }) => requestedAdjustment(options),
  apply: ({ image, learned }, plan) => {
    if (plan && learned) applyAdjustments(image, plan);
  },
  report: (plan, { options }) => {
    if (!plan) return {};
    // A host's adjustment is reported as theirs (harmonisation leaves such a photo alone); the order's look is not.
    if (!options.adjustments && options.look) {
      const { style, applied, ev, gainRed, gainBlue, saturation, shadowLift } = plan;
      return { orderLook: { style, applied, ev, gainRed, gainBlue, saturation, shadowLift } };
    }
    return {
      adjustments: {
        applied: plan.applied,
        style: plan.style,
        ev: plan.ev,
        gainRed: plan.gainRed,
        gainBlue: plan.gainBlue,
        ...(options.harmonise && { harmonised: true }),
      },
    };
  },
});
