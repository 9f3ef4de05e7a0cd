import { clamp, labToLinearRgb } from './color';
import { decodePhoto } from './decode';
import { encodeOutputs } from './encode';
import { ANALYSIS_LONG_SIDE, measurePhoto, type PhotoStats } from './measure';
import { downscale, type RgbImage } from './rgb-image';
import { type AdjustPlan, applyAdjustments } from './stages/adjust';

/** What harmonisation reads of one enhanced photo: its `after` measurements. */
export interface Look {
  /** Log-average exposure, EV relative to 18 % grey. */
  exposureEv: number;
  /** Lab a*, b* of its near-neutral surfaces (the white point a guest sees on walls and linen). */
  castA: number;
  castB: number;
  /** Share of pixels that were near-neutral; undefined in reports older than harmonisation. */
  neutralShare?: number;
}

/** A change of one photo's look: exposure in stops and white gains (luminance kept), on top of its enhancement. */
export interface LookCorrection {
  ev: number;
  gainRed: number;
  gainBlue: number;
}

export interface HarmonisedPhoto {
  /** Whether the photo took part (was measured against the order's look); false for dusk and night shots. */
  matched: boolean;
  /** Why a photo was left out, or why its white point was left as it was. */
  note: string | null;
  correction: LookCorrection | null;
  /** The look the correction aims at: the photo's own, moved into the order's spread. */
  expected: { exposureEv: number; castA: number; castB: number };
}

export interface HarmonisationPlan {
  /** The order's look (medians of the matched photos, white point bounded), or null with fewer than two photos. */
  target: { exposureEv: number; castA: number; castB: number } | null;
  photos: HarmonisedPhoto[];
}

/** Exposure spread the issue allows around the order's look, and the narrower band corrections aim into. */
export const EXPOSURE_SPREAD_EV = 0.25;
const EXPOSURE_AIM_EV = 0.2;
/**
 * Largest white-point distance (Lab ΔE, a*b* plane) between any two matched photos; corrections move a photo to
 * within 1.25 of the order's white point, so any two end within 2.5.
 */
export const CAST_SPREAD = 3;
const CAST_AIM = 1.25;
/**
 * A photo whose exposure is this far from the order's is a different kind of shot (dusk outside, a night view, a
 * snowy garden) and is left as it is, and out of the order's look; so is one darker than NIGHT_EV, whatever the rest
 * of the order looks like.
 */
const OUTLIER_EV = 1.5;
const NIGHT_EV = -3.5;
/**
 * The order's white point is its photos' median, but no further from neutral than this (Lab chroma): a trace of
 * warmth the engine kept is the order's look, a tint most photos share is not. Without the bound, the rooms set
 * (median a* 7.2, magenta) passed its tint to the rooms that had none (a* 2.1 -> 6.2).
 */
const MAX_TARGET_CAST = 3;
/** Below this share of near-neutral pixels a photo's white point is not measurable: only its exposure is matched. */
const MIN_NEUTRAL_SHARE = 0.05;
/**
 * Harmonisation matches, it does not re-grade: at most a stop of exposure, so a photo's own exposure decision (a
 * lifted dark room) stays; and at most 15 ΔE of white point: enough to bring a room the engine left warm under
 * tungsten (its cast correction keeps a trace of strong casts) in line with daylit rooms, which is the spread
 * hosts see most (an e2e bedroom tinted warm kept 12 ΔE after the engine), not enough to re-colour a scene.
 */
const MAX_EV = 1;
const MAX_CAST_SHIFT = 15;
/** Lightness at which a white-point shift is turned into channel gains: a mid-light wall. */
const GAIN_LIGHTNESS = 65;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Red and blue gains (green 1) that move a near-neutral colour from (a, b) to (toA, toB). */
export const gainsForCastShift = (a: number, b: number, toA: number, toB: number): [number, number] => {
  const from = labToLinearRgb(GAIN_LIGHTNESS, a, b);
  const to = labToLinearRgb(GAIN_LIGHTNESS, toA, toB);
  const gains = from.map((v, i) => to[i] / Math.max(v, 1e-4));
  return [gains[0] / gains[1], gains[2] / gains[1]];
};

const isNight = (look: Look, reference: number) =>
  look.exposureEv < NIGHT_EV || Math.abs(look.exposureEv - reference) > OUTLIER_EV;

const hasWhitePoint = (look: Look) => (look.neutralShare ?? 0) >= MIN_NEUTRAL_SHARE;

/**
 * One look for an order: its photos' exposures are brought within EXPOSURE_SPREAD_EV of their median and their
 * white points within CAST_SPREAD of each other, by the smallest move that gets each photo there (a photo already
 * inside is not touched). The order's look is the median of its own photos, not an ideal (its white point only
 * bounded to near neutral): the engine's per-photo result stays the reference, harmonisation closes the gaps.
 */
export const planHarmonisation = (looks: readonly Look[]): HarmonisationPlan => {
  const unchanged = (look: Look, note: string | null, matched: boolean): HarmonisedPhoto => ({
    matched,
    note,
    correction: null,
    expected: { exposureEv: look.exposureEv, castA: look.castA, castB: look.castB },
  });
  const overall = looks.length ? median(looks.map((l) => l.exposureEv)) : 0;
  const day = looks.filter((l) => !isNight(l, overall));
  if (day.length < 2) return { target: null, photos: looks.map((l) => unchanged(l, null, false)) };
  const exposureEv = median(day.map((l) => l.exposureEv));
  const neutral = day.filter(hasWhitePoint);
  const medianA = neutral.length ? median(neutral.map((l) => l.castA)) : 0;
  const medianB = neutral.length ? median(neutral.map((l) => l.castB)) : 0;
  const shrink = Math.min(1, MAX_TARGET_CAST / Math.max(Math.hypot(medianA, medianB), 1e-9));
  const castA = medianA * shrink;
  const castB = medianB * shrink;
  const target = { exposureEv, castA, castB };

  const photos = looks.map((look): HarmonisedPhoto => {
    if (isNight(look, overall))
      return unchanged(
        look,
        'Far darker or brighter than the rest (a dusk, night or snow scene): kept as it is.',
        false,
      );
    const off = look.exposureEv - exposureEv;
    const ev = Math.abs(off) > EXPOSURE_AIM_EV ? clamp(-off + Math.sign(off) * EXPOSURE_AIM_EV, -MAX_EV, MAX_EV) : 0;

    let toA = look.castA;
    let toB = look.castB;
    let note: string | null = null;
    if (!hasWhitePoint(look)) {
      note = 'Too few neutral surfaces to match its white point.';
    } else if (neutral.length >= 2) {
      const da = look.castA - castA;
      const db = look.castB - castB;
      const distance = Math.hypot(da, db);
      if (distance > CAST_AIM) {
        const shift = Math.min(distance - CAST_AIM, MAX_CAST_SHIFT);
        toA = look.castA - (da / distance) * shift;
        toB = look.castB - (db / distance) * shift;
      }
    }
    const [gainRed, gainBlue] =
      toA === look.castA && toB === look.castB ? [1, 1] : gainsForCastShift(look.castA, look.castB, toA, toB);
    const correction = ev === 0 && gainRed === 1 && gainBlue === 1 ? null : { ev, gainRed, gainBlue };
    return { matched: true, note, correction, expected: { exposureEv: look.exposureEv + ev, castA: toA, castB: toB } };
  });
  return { target, photos };
};

/** A correction as the adjust stage's plan: exposure and white gains, luminance kept, highlights rolled off. */
export const correctionPlan = (correction: LookCorrection): AdjustPlan => ({
  applied: correction.ev !== 0 || correction.gainRed !== 1 || correction.gainBlue !== 1,
  style: 'natural',
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

export interface HarmonisedOutputs {
  image: Buffer;
  preview: Buffer;
  thumbnail: Buffer;
  /** The correction as applied: the plan's, refined on the photo itself to reach the expected look. */
  correction: LookCorrection;
  /** The corrected photo measured as `enhance` measures its result. */
  after: PhotoStats;
}

/** Refinement rounds on the analysis copy, and when its look is close enough to the expected one to stop. */
const REFINE_ROUNDS = 5;
const CLOSE_EV = 0.03;
const CLOSE_CAST = 0.3;

/**
 * The plan's correction assumes a mid-light grey and linear exposure; a photo's neutral surfaces sit at their own
 * lightness and its highlights roll off. So the correction is tried on the analysis copy, measured, and adjusted
 * until the copy measures as expected (a few rounds, on 768 px).
 */
const refine = (small: RgbImage, correction: LookCorrection, expected: HarmonisedPhoto['expected']) => {
  let current = correction;
  for (let round = 0; round < REFINE_ROUNDS; round++) {
    const copy = { ...small, data: small.data.slice() };
    applyAdjustments(copy, correctionPlan(current));
    const measured = measurePhoto(copy);
    const evOff = expected.exposureEv - measured.exposureEv;
    const castOff = Math.hypot(expected.castA - measured.castA, expected.castB - measured.castB);
    if (Math.abs(evOff) < CLOSE_EV && castOff < CLOSE_CAST) break;
    const [gainRed, gainBlue] = gainsForCastShift(measured.castA, measured.castB, expected.castA, expected.castB);
    current = {
      ev: clamp(current.ev + evOff, -MAX_EV - EXPOSURE_AIM_EV, MAX_EV + EXPOSURE_AIM_EV),
      gainRed: current.gainRed * gainRed,
      gainBlue: current.gainBlue * gainBlue,
    };
  }
  return current;
};

/**
 * Applies a photo's harmonisation to its delivered JPEG (the engine's own output: upright sRGB, already sharpened)
 * and encodes it again with its preview and thumbnail. A JPEG re-encoded at the same quality loses little; rendering
 * the original again would cost the whole engine per photo.
 */
export const renderHarmonised = async (
  jpeg: Buffer,
  photo: Pick<HarmonisedPhoto, 'correction' | 'expected'>,
): Promise<HarmonisedOutputs> => {
  const { image } = await decodePhoto(jpeg);
  const correction = refine(
    await downscale(image, ANALYSIS_LONG_SIDE),
    photo.correction ?? { ev: 0, gainRed: 1, gainBlue: 1 },
    photo.expected,
  );
  applyAdjustments(image, correctionPlan(correction));
  const outputs = await encodeOutputs(image, 0, false);
  const after = measurePhoto(await downscale(outputs.previewPixels, ANALYSIS_LONG_SIDE));
  return { image: outputs.image, preview: outputs.preview, thumbnail: outputs.thumbnail, correction, after };
};
