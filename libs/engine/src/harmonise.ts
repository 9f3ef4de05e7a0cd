import { clamp, GAIN_LIGHTNESS, gainsForCastShift, labToLinearRgb, linearRgbToLab } from './color';
import { decodePhoto } from './decode';
import { encodeOutputs } from './encode';
import { ANALYSIS_LONG_SIDE, measurePhoto, measureReduced, type PhotoStats } from './measure';
import { downscale, type RgbImage } from './rgb-image';
import { type AdjustmentStyle, applyAdjustments, correctionPlan, styleWhitePoint } from './stages/adjust';

/** What harmonisation reads of one enhanced photo: its `after` measurements. */
export interface Look {
  /** Log-average exposure, EV relative to 18 % grey. */
  exposureEv: number;
  /** Lab a*, b* of its near-neutral surfaces (the white point a guest sees on walls and linen). */
  castA: number;
  castB: number;
  /** Share of pixels that were near-neutral; undefined in reports older than harmonisation. */
  neutralShare?: number;
  /**
   * Log-average exposure of the photo as it arrived (the report's `before`). A night shot the engine lifted several
   * stops measures like a dim room afterwards; this is what tells it apart. Undefined in older reports.
   */
  inputExposureEv?: number;
}

/** A change of one photo's look: exposure in stops and white gains (luminance kept), on top of its enhancement. */
export interface LookCorrection {
  ev: number;
  gainRed: number;
  gainBlue: number;
}

export interface HarmonisedPhoto {
  /** Whether the photo took part in the order's look; false for dusk and night shots and light too different. */
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
const EXPOSURE_AIM_EV = 0.15;
/**
 * Largest white-point distance (Lab ΔE, a*b* plane) between any two matched photos; corrections move a photo to
 * within CAST_AIM of the order's white point, so any two end within twice that.
 */
export const CAST_SPREAD = 3;
const CAST_AIM = 1;
/**
 * Harmonisation matches, it does not re-grade: at most a stop of exposure, so a photo's own exposure decision (a
 * lifted dark room) stays; and at most 12 ΔE of white point: enough to bring a room the engine left warm under
 * tungsten (its cast correction keeps a trace of strong casts; an e2e bedroom tinted warm kept 12 ΔE) in line with
 * daylit rooms, the spread hosts see most, not enough to re-colour a scene.
 */
const MAX_EV = 1;
const MAX_CAST_SHIFT = 12;
/**
 * Darkening is bounded much tighter than lifting: at most this many stops, under the 0.3 stop from which the gallery
 * names an exposure change. The order's exposure is a log-average, which a room's content moves as much as its light:
 * a white bedroom and one with a black bed frame measured 1.1 EV apart, yet the black-framed one's walls and linen
 * were the brighter (90th percentile of luminance 0.3 EV higher), and matching down darkened the white one 0.9 EV,
 * below the photo as it was taken ("Darkened by 0.8 stops", walls grey). A dim photo is still lifted to the order;
 * a bright one keeps the engine's exposure, give or take a quarter stop.
 */
export const MAX_DARKEN_EV = 0.25;
/**
 * A photo that would need more than those moves is a different kind of shot and is left as it is, out of the order's
 * look: by exposure (dusk outside, a night view, a snowy garden; and anything darker than NIGHT_EV), or by white
 * point (a deliberate mood, a scene of coloured light). So every photo that is matched and not brighter than the
 * order can be brought inside the spread, and none is pushed by more than the bounds.
 */
const OUTLIER_EV = MAX_EV + EXPOSURE_AIM_EV;
const OUTLIER_CAST = MAX_CAST_SHIFT + CAST_AIM;
const NIGHT_EV = -3.5;
/**
 * The order's white point is its photos' median, but no further than this (Lab chroma) from the white point of the
 * order's look (neutral, or the warm look's golden grey): a trace of warmth the engine kept is the order's look, a
 * tint most photos share is not. Without the bound, the rooms set (median a* 7.2, magenta) passed its tint to the
 * rooms that had none (a* 2.1 -> 6.2); bounded around neutral in a warm order, it took back most of the warmth the
 * host chose.
 */
const MAX_TARGET_CAST = 3;
/** Below this share of near-neutral pixels a photo's white point is not measurable: only its exposure is matched. */
export const MIN_NEUTRAL_SHARE = 0.4;

/** The middle value (the mean of the two middle ones for an even count); 0 for none. */
export const median = (values: readonly number[]): number => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const hasWhitePoint = (look: Look) => (look.neutralShare ?? 0) >= MIN_NEUTRAL_SHARE;

/**
 * Whether a photo was taken in ordinary light, not lifted out of the dark by the engine. A night kitchen lifted five
 * stops, windows black, measured about a stop under the bedrooms of its order and pulled the order's look down to it:
 * a bright bedroom was darkened 0.8 EV. Such photos are matched to the look like the others, but do not set it.
 */
const takenInLight = (look: Look) => (look.inputExposureEv ?? 0) >= NIGHT_EV;

/** The photos that set the order's look: those taken in ordinary light when there are two, otherwise all given. */
const lookSetters = (looks: readonly Look[]) => {
  const inLight = looks.filter(takenInLight);
  return inLight.length >= 2 ? inLight : looks;
};

/**
 * The order's exposure: the median of the photos not too far from it, found by a few rounds (the median of all
 * photos can sit between a group of day shots and a group of dusk shots, which would leave out day shots and keep
 * dusk ones).
 */
const orderExposure = (looks: readonly Look[]): { exposureEv: number; inLook: (look: Look) => boolean } => {
  const candidates = lookSetters(looks.filter((l) => l.exposureEv >= NIGHT_EV));
  let exposureEv = candidates.length ? median(candidates.map((l) => l.exposureEv)) : 0;
  const near = (l: Look) => Math.abs(l.exposureEv - exposureEv) <= OUTLIER_EV;
  for (let round = 0; round < 4; round++) {
    const kept = candidates.filter(near);
    if (!kept.length) break;
    const next = median(kept.map((l) => l.exposureEv));
    if (next === exposureEv) break;
    exposureEv = next;
  }
  return { exposureEv, inLook: (l) => l.exposureEv >= NIGHT_EV && near(l) };
};

/** The order's white point: the median of the day photos with one, bounded to near the look's own (`centre`). */
const orderWhitePoint = (
  looks: readonly Look[],
  centre: { castA: number; castB: number },
): { castA: number; castB: number } => {
  const withWhite = looks.filter(hasWhitePoint);
  if (!withWhite.length) return centre;
  const offA = median(withWhite.map((l) => l.castA)) - centre.castA;
  const offB = median(withWhite.map((l) => l.castB)) - centre.castB;
  const shrink = Math.min(1, MAX_TARGET_CAST / Math.max(Math.hypot(offA, offB), 1e-9));
  return { castA: centre.castA + offA * shrink, castB: centre.castB + offB * shrink };
};

/**
 * One look for an order: its photos' exposures are brought within EXPOSURE_SPREAD_EV of their median (a brighter
 * photo darkened by at most MAX_DARKEN_EV) and their white points within CAST_SPREAD of each other, by the smallest
 * move that gets each photo there (a photo already inside is not touched). The order's look is the median of its own
 * photos, not an ideal (its white point only bounded to near the white point of `style`, the look the host chose for
 * the order, which its photos were rendered in): the engine's per-photo result stays the reference, harmonisation
 * closes the gaps.
 */
export const planHarmonisation = (looks: readonly Look[], style: AdjustmentStyle = 'listing'): HarmonisationPlan => {
  const unchanged = (look: Look, note: string | null): HarmonisedPhoto => ({
    matched: false,
    note,
    correction: null,
    expected: { exposureEv: look.exposureEv, castA: look.castA, castB: look.castB },
  });
  const { exposureEv, inLook } = orderExposure(looks);
  const day = looks.filter(inLook);
  if (day.length < 2) return { target: null, photos: looks.map((l) => unchanged(l, null)) };
  const white = orderWhitePoint(lookSetters(day), styleWhitePoint(style));
  const target = { exposureEv, ...white };
  const colourMatched = day.filter(hasWhitePoint).length >= 2;

  const photos = looks.map((look): HarmonisedPhoto => {
    if (!inLook(look))
      return unchanged(look, 'Far darker or brighter than the rest (a dusk, night or snow scene): kept as it is.');
    const da = look.castA - white.castA;
    const db = look.castB - white.castB;
    const distance = Math.hypot(da, db);
    if (colourMatched && hasWhitePoint(look) && distance > OUTLIER_CAST)
      return unchanged(look, 'Its light is too different from the rest to match without re-colouring it.');

    const off = look.exposureEv - exposureEv;
    const ev =
      Math.abs(off) > EXPOSURE_AIM_EV ? clamp(-off + Math.sign(off) * EXPOSURE_AIM_EV, -MAX_DARKEN_EV, MAX_EV) : 0;
    let toA = look.castA;
    let toB = look.castB;
    let note: string | null = null;
    if (!hasWhitePoint(look)) {
      note = 'Too few neutral surfaces to match its white point.';
    } else if (colourMatched && distance > CAST_AIM) {
      const shift = distance - CAST_AIM;
      toA = look.castA - (da / distance) * shift;
      toB = look.castB - (db / distance) * shift;
    }
    const [gainRed, gainBlue] =
      toA === look.castA && toB === look.castB ? [1, 1] : gainsForCastShift(look.castA, look.castB, toA, toB);
    const correction = ev === 0 && gainRed === 1 && gainBlue === 1 ? null : { ev, gainRed, gainBlue };
    return { matched: true, note, correction, expected: { exposureEv: look.exposureEv + ev, castA: toA, castB: toB } };
  });
  return { target, photos };
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
 * How much further than the plan's own gains (ΔE on a grey) the refinement may move a white point: the plan's
 * gains are worked out for a mid-light grey, and a room's near-neutral walls are lighter and partly rolled off.
 */
const REFINE_SLACK = { scale: 1.6, add: 1 };

/**
 * The plan's correction assumes a mid-light grey and linear exposure; a photo's neutral surfaces sit at their own
 * lightness and its highlights roll off. So the correction is tried on the analysis copy, measured, and adjusted
 * until the copy measures as expected (a few rounds, on 768 px).
 */
const refine = (
  small: RgbImage,
  correction: LookCorrection,
  expected: HarmonisedPhoto['expected'],
  before: { castA: number; castB: number },
) => {
  // The refinement may correct the plan's estimate, not run away: as the gains change, so does which pixels count
  // as near-neutral, and on a scene of coloured surfaces that chase turned a dusk garden orange (grey moved 29 ΔE).
  const planned = greyShift(correction.gainRed, correction.gainBlue);
  const allowed = Math.min(MAX_CAST_SHIFT, planned * REFINE_SLACK.scale + REFINE_SLACK.add);
  const castError = (m: { castA: number; castB: number }) =>
    Math.hypot(expected.castA - m.castA, expected.castB - m.castB);
  // The closest result wins; the photo's own white point (exposure only) is the first candidate, so a colour move
  // that measures no closer to the order's than where the photo started is not made at all.
  let best = { correction: { ...correction, gainRed: 1, gainBlue: 1 }, error: castError(before) };
  let current = correction;
  for (let round = 0; round < REFINE_ROUNDS; round++) {
    const copy = { ...small, data: small.data.slice() };
    applyAdjustments(copy, correctionPlan(current));
    const measured = measurePhoto(copy);
    const evOff = expected.exposureEv - measured.exposureEv;
    const castOff = castError(measured);
    if (castOff < best.error - CLOSE_CAST) best = { correction: current, error: castOff };
    else best = { correction: { ...best.correction, ev: current.ev }, error: best.error };
    if (Math.abs(evOff) < CLOSE_EV && castOff < CLOSE_CAST) break;
    const [gainRed, gainBlue] = gainsForCastShift(measured.castA, measured.castB, expected.castA, expected.castB);
    current = bounded(
      {
        ev: clamp(current.ev + evOff, -MAX_DARKEN_EV, MAX_EV + EXPOSURE_AIM_EV),
        gainRed: current.gainRed * gainRed,
        gainBlue: current.gainBlue * gainBlue,
      },
      allowed,
    );
  }
  return best.correction;
};

/**
 * What white gains do to a mid-grey: the a*b* distance it moves (what a white wall or a cloud sees). The plan bounds
 * the move of the measured near-neutral average; this bounds what the gains do to the picture.
 */
export const greyShift = (gainRed: number, gainBlue: number): number => {
  const grey = labToLinearRgb(GAIN_LIGHTNESS, 0, 0);
  const moved = linearRgbToLab(grey[0] * gainRed, grey[1], grey[2] * gainBlue);
  return Math.hypot(moved.a, moved.b);
};

/** The correction with its white gains scaled back (in log space) until they move a grey by at most `allowed`. */
const bounded = (correction: LookCorrection, allowed: number): LookCorrection => {
  const shift = greyShift(correction.gainRed, correction.gainBlue);
  if (shift <= allowed) return correction;
  let low = 0;
  let high = 1;
  for (let step = 0; step < 12; step++) {
    const t = (low + high) / 2;
    if (greyShift(correction.gainRed ** t, correction.gainBlue ** t) <= allowed) low = t;
    else high = t;
  }
  return { ...correction, gainRed: correction.gainRed ** low, gainBlue: correction.gainBlue ** low };
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
  const small = await downscale(image, ANALYSIS_LONG_SIDE);
  const correction = refine(
    small,
    photo.correction ?? { ev: 0, gainRed: 1, gainBlue: 1 },
    photo.expected,
    measurePhoto(small),
  );
  applyAdjustments(image, correctionPlan(correction));
  const outputs = await encodeOutputs(image, 0, false);
  const after = await measureReduced(outputs.previewPixels);
  return { image: outputs.image, preview: outputs.preview, thumbnail: outputs.thumbnail, correction, after };
};
