import { gainsForCastShift, ramp } from '../color';
import { EnhancementError } from '../errors';
import { applyLut, composeLut, composeLutLuma, fitLut, type Lut3d, LUT_SIZE, lutResidual } from '../lut3d';
import { measurableCast, measureJpegBlocks, measurePhoto, neutralCast, type PhotoStats } from '../measure';
import { type RgbImage, resizeExact } from '../rgb-image';
import { stage } from '../stage';
import type { EnhanceOptions, MeasuredStats, Retoucher } from '../types';
import { applyLearnedColour, type Dequantize } from './learned-colour';
import { channelCurve, planExposure, WELL_EXPOSED, widenBand } from './tone';

/**
 * The learned model sees the photo at about this long side, resized (not padded) to multiples of 64 on both sides
 * so no inference is spent on padding; its colour and tone change is lifted to full size by a LUT. 192 px costs
 * half the CPU of 256 px (7 s instead of 14 s on one core).
 */
export const LEARNED_LONG_SIDE = 192;
const MODEL_MULTIPLE = 64;

/** Model input size: the photo's aspect, long side LEARNED_LONG_SIDE, each side rounded to a multiple of 64. */
export const learnedInputSize = (width: number, height: number): { width: number; height: number } => {
  const scale = LEARNED_LONG_SIDE / Math.max(width, height);
  const round = (v: number) => Math.max(MODEL_MULTIPLE, Math.round((v * scale) / MODEL_MULTIPLE) * MODEL_MULTIPLE);
  return { width: round(width), height: round(height) };
};

/** Below this share of near-neutral pixels the greys are too few to say what the light's colour is. */
const MIN_GREY_SHARE = 0.03;
/** Below this Lab chroma a photo has no cast of its own for a learned result to deepen or to correct. */
const VISIBLE_CAST = 2.5;
/** Lab chroma a learned result may keep beyond its aim along the photo's cast: about one just-noticeable difference. */
export const CAST_ALLOWANCE = 1;
/**
 * Share of near-neutral pixels from which their common tint is taken for the light's colour, and below which for
 * the surfaces' own; linear in between. Walls, ceiling, floor and linen fill most of a room photo (the rooms with a
 * tungsten or magenta light: 0.90-0.97); where near-neutral pixels are little more than half the frame they are
 * foliage, sky or sand as often as walls, and pulling a model's greener foliage back toward the input's tint turns
 * it violet (docs/engine-changelog.md, "Evidence behind the constants").
 */
const LIGHT_SHARE: [number, number] = [0.7, 0.9];
/**
 * Share of the photo's own cast of the light that the finishing takes off, where the tint is surely the light's
 * (LIGHT_SHARE). The retouching model, trained on landscapes, keeps or deepens a tungsten or magenta light in a room;
 * a listing wants white walls and fixtures. Not all of it: a room a touch warm reads as lit, and a surface colour
 * counted among the greys (beige walls) is not turned grey.
 */
export const LIGHT_CAST_CORRECTION = 0.7;
/**
 * Not after the low-light model: it rebuilds a night scene's colour from a few codes, and the cast measured on the
 * lifted input cannot tell the light from the surfaces; the night scenes it would move most keep their tint in
 * references taken in normal light.
 */
const LOW_LIGHT_CAST_CORRECTION = 0;

/**
 * The shift (Lab a*, b*) that takes a learned result's greys toward neutral along the photo's own cast, or null
 * when they already are. The aim is the input's cast less LIGHT_CAST_CORRECTION of it, plus CAST_ALLOWANCE, all
 * scaled by how surely the tint is the light's (LIGHT_SHARE): a cast the model deepened is pulled back past where
 * the photo had it, and one the model already took off stays off. Only the component along the input's cast
 * moves, so whatever else the model did to the colour stays. A blue cast (b* below 0 and at least a*) is left to
 * the model: blue is sky, water and shade, and the FiveK experts deepen it too.
 */
export const lightCastShift = (
  input: { castA: number; castB: number; neutralShare: number },
  result: { castA: number; castB: number },
  correction = LIGHT_CAST_CORRECTION,
): { a: number; b: number } | null => {
  const cast = Math.hypot(input.castA, input.castB);
  if (cast < VISIBLE_CAST || (input.castB < 0 && -input.castB >= input.castA)) return null;
  const trust = ramp(input.neutralShare, LIGHT_SHARE[0], LIGHT_SHARE[1]);
  const [ua, ub] = [input.castA / cast, input.castB / cast];
  const aim = cast * (1 - correction) + CAST_ALLOWANCE;
  const excess = (result.castA * ua + result.castB * ub - aim) * trust;
  return excess > 0.05 ? { a: -excess * ua, b: -excess * ub } : null;
};

/** Bounds of finishing: the mean-luma band a learned result is re-exposed into when it lies outside it. */
interface FinishBounds {
  band: [number, number];
  /** Where the darkest percent of a lifted result is aimed (0..1, luma); absent: blacks as the model left them. */
  blackAim?: number;
  /** Share of the photo's cast of the light taken off (`lightCastShift`). */
  lightCorrection: number;
}
/** After the retouching model: re-exposed only when more than a stop outside the well-exposed band. */
const RETOUCH_FINISH: FinishBounds = { band: widenBand(WELL_EXPOSED, 1), lightCorrection: LIGHT_CAST_CORRECTION };
/**
 * Mean-luma band a low-light model's result is re-exposed into: the well-exposed band with its lower edge at 0.45
 * instead of 0.40. The model's exposure decision at 192 px leaves night scenes dim, and the LOL references are the
 * same scenes under normal light; a higher edge loses on the check half what it wins on the tune half.
 */
export const LOW_LIGHT_BAND: [number, number] = [0.45, WELL_EXPOSED[1]];
/**
 * The low-light model lifts a night scene's blacks with it: its results' darkest percent sat at 20-85 levels on
 * lol-dev, a grey veil over the photo. A toe on luma lowers the darks (by the black's excess over 20 levels, fading
 * to nothing at mid-grey: `deepenBlacks`, each colour scaled in proportion). On luma, not per channel, which would
 * tint the darks; a toe, not a curve moving the black itself to the aim: the references keep some lift.
 */
const LOW_LIGHT_BLACK_AIM = 20 / 255;
const LOW_LIGHT_FINISH: FinishBounds = {
  band: LOW_LIGHT_BAND,
  blackAim: LOW_LIGHT_BLACK_AIM,
  lightCorrection: LOW_LIGHT_CAST_CORRECTION,
};
/** Where the toe of `deepenBlacks` fades out (luma, 0..1): mid-tones and highlights are left alone. */
const BLACK_TOE_END = 0.5;

/** Lowers a luma by `excess` at black, fading quadratically to nothing at BLACK_TOE_END. */
export const deepenBlacks =
  (excess: number) =>
  (v: number): number =>
    v - excess * Math.max(0, 1 - v / BLACK_TOE_END) ** 2;

/**
 * Photos darker than this (log-average exposure, EV relative to 18 % grey) are low-light shots: night interiors,
 * unlit rooms. The retouching model was trained on well-lit FiveK photos and barely lifts them.
 */
export const LOW_LIGHT_EV = -1.5;
/**
 * The low-light model's result is kept when the retouching model left the photo below this exposure (log-average,
 * EV) and the low-light model's result is at least LOW_LIGHT_GAIN_EV brighter: routing by outcome, not by the
 * input's exposure. A dim portrait the retouching model lifts to -2.1 EV stays with it (the low-light model makes
 * such a photo flat and grey); night scenes it leaves at -2.6 to -7 EV go to the low-light model.
 */
export const RETOUCH_TOO_DARK_EV = -2.4;
const LOW_LIGHT_GAIN_EV = 1;

export interface LearnedOutcome {
  lut: Lut3d;
  residual: number;
  modelName: string;
  size: string;
}

export const runLearned = async (image: RgbImage, retoucher: Retoucher): Promise<LearnedOutcome> => {
  const size = learnedInputSize(image.width, image.height);
  const modelInput = await resizeExact(image, size.width, size.height);
  const retouched = { ...modelInput, data: await retoucher.retouch(modelInput) };
  const lut = fitLut(modelInput, retouched);
  return {
    lut,
    residual: lutResidual(modelInput, retouched, lut),
    modelName: retoucher.modelName,
    size: `${modelInput.width}x${modelInput.height}`,
  };
};

/**
 * The baseline every stage is judged against: the learned model's output as is, lifted to full size by its LUT,
 * with no finishing, routing or guard. Returns a new image.
 */
export const renderBaseline = async (image: RgbImage, retoucher: Retoucher): Promise<RgbImage> => {
  const { lut } = await runLearned(image, retoucher);
  const copy = { width: image.width, height: image.height, data: image.data.slice() };
  applyLut(copy, lut);
  return copy;
};

interface Finishing {
  lut: Lut3d;
  /** Channel gains (green 1) that took the light's cast toward neutral (`lightCastShift`); [1, 1, 1] when none. */
  gains: [number, number, number];
  /** Cast the model's LUT left on near-neutral pixels, before the light's cast was corrected. */
  residualCast: number;
  exposureEv: number;
  /** How far the toe lowered the blacks (0..1 at black; 0 when it did not). */
  blacksLowered: number;
  after: PhotoStats;
}

/**
 * What the classical stages still owe a learned result, measured on the analysis copy after the LUT: the photo's
 * own cast of the light, kept or deepened by the model, is taken toward neutral (`lightCastShift`), and an exposure
 * left outside the band is brought to its edge with the highlight-safe curve. Both are folded into the LUT, so the
 * full-size pass stays one lookup per pixel. Any other colour the model chose is kept: the experts' references
 * keep the casts the model adds, even where the grey-pixel, grey-edge and white-patch estimates agree on one.
 */
const finishLearned = (
  small: RgbImage,
  lut: Lut3d,
  bounds: FinishBounds,
  inputCast: { castA: number; castB: number; neutralShare: number } | null,
): Finishing => {
  const render = (table: Lut3d) => {
    const copy = { ...small, data: small.data.slice() };
    applyLut(copy, table);
    return copy;
  };
  let current = lut;
  let gains: [number, number, number] = [1, 1, 1];
  let greys = neutralCast(render(current));
  const residualCast = Math.hypot(greys.a, greys.b);
  const shift =
    inputCast && greys.share >= MIN_GREY_SHARE
      ? lightCastShift(inputCast, { castA: greys.a, castB: greys.b }, bounds.lightCorrection)
      : null;
  if (shift) {
    // The greys are measured again after each step, as the classical white balance does, so the gains converge on
    // the target they actually reach (the knee and the re-selected greys make one step fall short).
    const target = { a: greys.a + shift.a, b: greys.b + shift.b };
    for (let round = 0; round < 3 && Math.hypot(target.a - greys.a, target.b - greys.b) > 0.1; round++) {
      const [gainRed, gainBlue] = gainsForCastShift(greys.a, greys.b, target.a, target.b);
      gains = [gains[0] * gainRed, 1, gains[2] * gainBlue];
      current = composeLut(lut, curvesFor(gains, 1));
      greys = neutralCast(render(current));
    }
  }
  const preview = render(current);
  const tone = planExposure(preview, measurePhoto(preview), bounds.band);
  if (tone.exposureCurve !== 1) current = composeLut(current, curvesFor([1, 1, 1], tone.exposureCurve));
  let blacksLowered = 0;
  if (bounds.blackAim !== undefined) {
    blacksLowered = Math.max(0, measurePhoto(render(current)).p01 - bounds.blackAim);
    if (blacksLowered > 0) current = composeLutLuma(current, deepenBlacks(blacksLowered));
  }
  return {
    lut: current,
    gains,
    residualCast,
    exposureEv: tone.exposureCurve !== 1 ? tone.exposureEv : 0,
    blacksLowered,
    after: measurePhoto(finishedPreview(small, current)),
  };
};

/** The analysis copy as the learned path will render it (its LUT), for the guard. */
const finishedPreview = (small: RgbImage, lut: Lut3d): RgbImage => {
  const copy = { ...small, data: small.data.slice() };
  applyLut(copy, lut);
  return copy;
};

const curvesFor = (gains: number[], exposureCurve: number) =>
  gains.map((gain) => (v: number) => channelCurve(v, gain, { exposureCurve })) as [
    (v: number) => number,
    (v: number) => number,
    (v: number) => number,
  ];

/**
 * Which learned result to keep. The retouching model always runs; on a dark photo (input below LOW_LIGHT_EV) the
 * low-light model runs beside it, and its result is kept only when the retouching model's outcome is still too dark
 * (RETOUCH_TOO_DARK_EV) and the low-light result is clearly brighter: routed by measured outcome.
 */
const chooseLearned = async (
  image: RgbImage,
  small: RgbImage,
  before: MeasuredStats,
  options: EnhanceOptions,
): Promise<{ learned: LearnedOutcome; lowLight: boolean; why: string }> => {
  const retoucher = options.retoucher as Retoucher;
  const dark = before.exposureEv < LOW_LIGHT_EV && options.lowLightRetoucher;
  if (!dark) return { learned: await runLearned(image, retoucher), lowLight: false, why: retoucher.modelName };
  const [retouched, lifted] = await Promise.all([
    runLearned(image, retoucher),
    runLearned(image, options.lowLightRetoucher as Retoucher),
  ]);
  const exposureOf = (lut: Lut3d) => {
    const copy = { ...small, data: small.data.slice() };
    applyLut(copy, lut);
    return measurePhoto(copy).exposureEv;
  };
  const retouchedEv = exposureOf(retouched.lut);
  const liftedEv = exposureOf(lifted.lut);
  const useLowLight = retouchedEv < RETOUCH_TOO_DARK_EV && liftedEv > retouchedEv + LOW_LIGHT_GAIN_EV;
  const outcome = `dark input: ${retoucher.modelName} ${retouchedEv.toFixed(1)} EV, ${lifted.modelName} ${liftedEv.toFixed(1)} EV`;
  return useLowLight
    ? { learned: lifted, lowLight: true, why: `${lifted.modelName} (${outcome})` }
    : { learned: retouched, lowLight: false, why: `${retoucher.modelName} (${outcome})` };
};

/**
 * A photo the learned LUT lifts by at least DEQUANTIZE_LIFT_EV (log-average, after minus before) that is a JPEG
 * (`measureJpegBlocks`: blockiness at least DEQUANTIZE_BLOCKINESS) which coded most of its dim blocks flat
 * (flat share at least DEQUANTIZE_FLAT_BLOCKS) is smoothed before the lift, in floats: those 8x8 blocks, a code or two apart,
 * would become a mosaic of steps of tens of levels (lowlight-phone `474`, a kitchen at night, lifted 5 stops).
 * Variation under about DEQUANTIZE_CODES input codes is taken for blocking over a window of about 2 DEQUANTIZE_RADIUS
 * pixels (filtered at half size), wider than a block. Photos with detail in their dark blocks keep it: raw captures
 * and underexposed JPEGs with few flat blocks come out softer for the same smoothing, and near-black raw captures
 * are flat of their own but not blocky.
 */
const DEQUANTIZE_LIFT_EV = 4;
const DEQUANTIZE_BLOCKINESS = 1.2;
const DEQUANTIZE_FLAT_BLOCKS = 0.3;
const DEQUANTIZE_CODES = 2;
const DEQUANTIZE_RADIUS = 12;

const dequantizeFor = (liftEv: number, input: RgbImage): Dequantize | null => {
  if (liftEv < DEQUANTIZE_LIFT_EV) return null;
  const { blockiness, flatShare } = measureJpegBlocks(input);
  return blockiness >= DEQUANTIZE_BLOCKINESS && flatShare >= DEQUANTIZE_FLAT_BLOCKS
    ? { radius: DEQUANTIZE_RADIUS, eps: (DEQUANTIZE_CODES / 255) ** 2 }
    : null;
};

/** The learned colour and tone (auto or learned): the model's LUT, finished, unless the guard sends it back. */
export const learnedStage = stage<{
  learned: LearnedOutcome;
  finishing: Finishing;
  dequantize: Dequantize | null;
  route: string;
} | null>({
  name: 'learned',
  plan: async (ctx) => {
    const { engine, options, image, small, before } = ctx;
    if (engine !== 'learned') return null;
    if (!options.retoucher)
      throw new EnhancementError('MODEL_FAILED', 'The learned engine was requested without a model runner.');
    const chosen = await chooseLearned(image, small, before, options);
    const finishing = finishLearned(
      small,
      chosen.learned.lut,
      chosen.lowLight ? LOW_LIGHT_FINISH : RETOUCH_FINISH,
      measurableCast(small, before),
    );
    const dequantize = dequantizeFor(finishing.after.exposureEv - before.exposureEv, image);
    return { learned: chosen.learned, finishing, dequantize, route: `learned: ${chosen.why}` };
  },
  apply: (ctx, plan) => {
    if (!plan) return;
    ctx.learned = { gains: plan.finishing.gains };
    ctx.route = plan.route;
    applyLearnedColour(ctx.image, plan.finishing.lut, plan.dequantize);
  },
  report: (plan, { before }) => ({
    learned: {
      applied: Boolean(plan),
      model: plan?.learned.modelName ?? null,
      size: plan?.learned.size ?? null,
      lutSize: plan ? LUT_SIZE : null,
      lutError: plan?.learned.residual ?? null,
      residualCast: plan?.finishing.residualCast ?? null,
      smoothedBeforeLift: Boolean(plan?.dequantize),
      blacksLowered: plan?.finishing.blacksLowered ?? 0,
    },
    ...(plan && {
      exposure: { applied: plan.finishing.exposureEv !== 0, ev: plan.finishing.exposureEv },
      // The model's LUT carries all of the style's colour and tone: the gains are those finishing folded into it,
      // the cast is the photo's own; nothing local is added on top.
      whiteBalance: {
        applied: plan.finishing.gains[0] !== 1 || plan.finishing.gains[2] !== 1,
        gainRed: plan.finishing.gains[0],
        gainBlue: plan.finishing.gains[2],
        castA: before.castA,
        castB: before.castB,
      },
      blackPoint: { applied: false, level: 0 },
      contrast: { amount: 0 },
      shadows: { amount: 0 },
      highlights: { amount: 0 },
      localContrast: { amount: 0 },
      vibrance: { amount: 0 },
    }),
  }),
});
