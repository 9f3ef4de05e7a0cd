import { performance } from 'node:perf_hooks';
import { decodePhoto } from './decode';
import { encodeBeforePreview, encodeOutputs, reduceBeforePreview } from './encode';
import { type AdjustPlan, applyAdjustments, planAdjustments } from './stages/adjust';
import {
  ANALYSIS_LONG_SIDE,
  measurableCast,
  measureJpegBlocks,
  measureHalfSizeNoise,
  measureNoise,
  measurePhoto,
  measureReduced,
  neutralCast,
  sampledExposureEv,
  type PhotoStats,
} from './measure';
import { gainsForCastShift, ramp } from './color';
import { type RgbImage, downscale, longSide, resizeExact } from './rgb-image';
import { EnhancementError } from './errors';
import { withCorrection } from './harmonise';
import { applyLut, composeLut, composeLutLuma, fitLut, type Lut3d, LUT_SIZE, lutResidual } from './lut3d';
import { applyLocalTone, COLOUR_ONLY, type Dequantize, type LocalTonePlan } from './stages/local-tone';
import { buildChannelLuts, channelCurve, planTone, type TonePlan, WELL_EXPOSED, widenBand } from './stages/tone';
import { DENOISE_THRESHOLD, type DenoisePlan, denoise, planDenoise } from './stages/denoise';
import { correctVerticals, estimateVerticals, type VerticalsEstimate } from './stages/verticals';
import { type Corrections, type EnhanceContext, runPipeline, type Stage, stage } from './pipeline';
import { MIN_GREY_SHARE, planWhiteBalance } from './stages/white-balance';
import type { EnhanceOptions, EnhanceResult, EnhancementReport, MeasuredStats, Retoucher } from './types';
import { ENGINE_VERSION } from './version';

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

/** Below this Lab chroma a photo has no cast of its own for a learned result to deepen or to correct. */
const VISIBLE_CAST = 2.5;
/** Lab chroma a learned result may keep beyond its aim along the photo's cast: about one just-noticeable difference. */
export const CAST_ALLOWANCE = 1;
/**
 * Share of near-neutral pixels from which their common tint is taken for the light's colour, and below which for
 * the surfaces' own; linear in between. Walls, ceiling, floor and linen fill most of a room photo (the rooms with a
 * tungsten or magenta light: 0.90-0.97); where near-neutral pixels are little more than half the frame they are
 * foliage, sky or sand as often as walls: on FiveK tulips (0.61) the model's yellower greens read as a deepened
 * cast, and pulling them back turned the flowers violet (20.08 -> 18.44 dB against the expert).
 */
const LIGHT_SHARE: [number, number] = [0.7, 0.9];
/**
 * Share of the photo's own cast of the light that the finishing takes off, where the tint is surely the light's
 * (LIGHT_SHARE). The retouching model, trained on landscapes, keeps or deepens a tungsten or magenta light in a room
 * (a yellow bathroom 17.5 -> 22.4); a listing wants white walls and fixtures. Not all of it: a room a touch warm
 * reads as lit, and a surface colour counted among the greys (beige walls) is not turned grey. Chosen on the rooms'
 * contact sheets and the degradation benchmark's tungsten and green copies (changelog 2.5.0).
 */
export const LIGHT_CAST_CORRECTION = 0.7;
/**
 * Not after the low-light model: it rebuilds a night scene's colour from a few codes, and the cast measured on the
 * lifted input cannot tell the light from the surfaces. On lol-dev the two such photos it would move most keep
 * their tint in the references, taken in normal light (`209` magenta, 29.48 -> 26.78 dB; `222` yellow,
 * 22.13 -> 21.21); the two others gained under 0.1 dB.
 */
const LOW_LIGHT_CAST_CORRECTION = 0;

/**
 * The shift (Lab a*, b*) that takes a learned result's greys toward neutral along the photo's own cast, or null
 * when they already are. The aim is the input's cast less LIGHT_CAST_CORRECTION of it, plus CAST_ALLOWANCE, all
 * scaled by how surely the tint is the light's (LIGHT_SHARE): a cast the model deepened is pulled back past where
 * the photo had it, and one the model already took off stays off. Only the component along the input's cast
 * moves, so whatever else the model did to the colour stays. A blue cast (b* below 0 and at least a*) is left to
 * the model: blue is sky, water and shade, and the FiveK experts deepen it too (a4514 10 -> 14.4, a4591 4.2 -> 15,
 * a0535 5.4 -> 10.8).
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
 * same scenes under normal light. On the whole lol-dev tune half (50 pairs, engine 2.2.2): 0.40 -> 19.87 dB,
 * 0.45 -> 19.82, 0.50 -> 19.30 (check: 19.78, 20.48, 20.16). Per photo the best level varies by several dB either
 * way (the references' own brightness varies); 0.05 dB on the tune half is no reason to move when the check half
 * loses 0.7 dB for it, so 0.45 stays.
 */
export const LOW_LIGHT_BAND: [number, number] = [0.45, WELL_EXPOSED[1]];
/**
 * The low-light model lifts a night scene's blacks with it: its results' darkest percent sat at 20-85 levels on
 * lol-dev, a grey veil over the photo. A toe on luma that lowers the darks (by the black's excess over 20 levels,
 * fading to nothing at mid-grey: `deepenBlacks`, each colour scaled in proportion) matched the references better on
 * both halves (a sweep on 25 tune photos: aim 10-30 levels, fade 96-160 levels, strength 0.75-1.5; best at 20 / 128 /
 * 1: tune 19.80 -> 19.98 dB, check 20.43 -> 20.68). The same toe per channel scored 0.03 dB more on both halves but
 * tinted the darks (lowlight-phone cast 8.91 -> 9.63; on luma 8.81). Curves that move the black itself to the aim
 * lost up to 0.8 dB: the references keep some lift.
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
 * input's exposure. A dim portrait the retouching model lifts to -2.1 EV stays with it (the low-light model made it
 * flat and grey: 7.5 dB against the expert instead of 18.0); LOL night scenes it leaves at -2.6 to -7 EV go to the
 * low-light model (16.4 dB against 9.8 on the first 25 pairs).
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
 * full-size pass stays one lookup per pixel. Any other colour the model chose is kept: correcting casts the model
 * added, even where the grey-pixel, grey-edge and white-patch estimates agreed, lost on the tune halves of the paired
 * sets (changelog).
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
  const tone = planTone(preview, measurePhoto(preview), [1, 1, 1], true, bounds.band);
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

/** The analysis copy as the learned path will render it (its LUT: the learned plan adds nothing local), for the guard. */
const finishedPreview = (small: RgbImage, lut: Lut3d): RgbImage => {
  const copy = { ...small, data: small.data.slice() };
  applyLocalTone(copy, null, COLOUR_ONLY, lut, small);
  return copy;
};

const curvesFor = (gains: number[], exposureCurve: number) =>
  gains.map((gain) => (v: number) => channelCurve(v, gain, { exposureCurve })) as [
    (v: number) => number,
    (v: number) => number,
    (v: number) => number,
  ];

/** Share of pixels newly clipped (highlights, or shadows) that counts as damage: the acceptance criterion. */
const NEW_CLIPPING = 0.005;

/**
 * Auto keeps the learned result only when, on the analysis copy and after finishing, it adds no clipping: the
 * model was trained on landscapes and portraits, so a photo whose tones it misreads falls back to the classical
 * stages. Casts are no reason to fall back: the classical path re-exposes into its own band, which on FiveK photos
 * the expert kept dark cost up to 7 dB (13 dB on a tinted dusk scene), and finishing pulls back the casts the model
 * deepens.
 */
const learnedIsSafe = (before: MeasuredStats, finishing: Finishing): string | null => {
  const after = finishing.after;
  // The acceptance criterion, on highlights: judged on the analysis copy rendered with the LUT and the local
  // contrast, which is where the clipping of the full-size output shows. Shadows the model sets to black are its
  // choice (the old "crushed shadows" fallback returned a dull classical result on FiveK foliage, -1.6 dB).
  const grew = after.clippedHighlights - before.clippedHighlights;
  return grew > NEW_CLIPPING ? 'learned result clipped highlights' : null;
};

/**
 * Which learned result to keep. The retouching model always runs; on a dark photo (input below LOW_LIGHT_EV) the
 * low-light model runs beside it, and its result is kept only when the retouching model's outcome is still too dark
 * (RETOUCH_TOO_DARK_EV) and the low-light result is clearly brighter: routed by measured outcome.
 */
const chooseLearned = async (
  image: RgbImage,
  small: RgbImage,
  before: MeasuredStats,
  engine: EnhanceOptions['engine'],
  options: EnhanceOptions,
): Promise<{ learned: LearnedOutcome; lowLight: boolean; why: string }> => {
  const retoucher = options.retoucher as Retoucher;
  const dark = engine === 'auto' && before.exposureEv < LOW_LIGHT_EV && options.lowLightRetoucher;
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
 * A photo the learned LUT lifts by at least DEQUANTIZE_LIFT_EV (log-average, after minus before) that is a JPEG
 * (`measureJpegBlocks`: blockiness at least DEQUANTIZE_BLOCKINESS) which coded most of its dim blocks flat
 * (flat share at least DEQUANTIZE_FLAT_BLOCKS) is smoothed before the lift, in floats: those 8x8 blocks, a code or two apart,
 * would become a mosaic of steps of tens of levels (lowlight-phone `474`, a kitchen at night, lifted 5 stops).
 * Variation under about DEQUANTIZE_CODES input codes is taken for blocking over a window of about 2 DEQUANTIZE_RADIUS
 * pixels (filtered at half size), wider than a block. Photos with detail in their dark blocks keep it: on the paired
 * low-light set (raw captures) the same smoothing cost 0.3-0.6 dB on the tune half, two underexposed Flickr JPEGs of the exposure set
 * (flat blocks 0.04, 0.09) came out softer, and two near-black raw captures whose flatness is their own (flat
 * blocks 0.31, 0.41, blockiness 1.14 at most) lost 0.14-0.27 dB.
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
const learnedStage = stage<{
  learned: LearnedOutcome;
  finishing: Finishing;
  dequantize: Dequantize | null;
  route: string;
} | null>({
  name: 'learned',
  colour: true,
  plan: async (ctx) => {
    const { engine, options, image, small, before } = ctx;
    if (engine === 'learned' && !options.retoucher)
      throw new EnhancementError('MODEL_FAILED', 'The learned engine was requested without a model runner.');
    if (engine === 'classic' || !options.retoucher) return null;
    const chosen = await chooseLearned(image, small, before, engine, options);
    const finishing = finishLearned(
      small,
      chosen.learned.lut,
      chosen.lowLight ? LOW_LIGHT_FINISH : RETOUCH_FINISH,
      measurableCast(small, before),
    );
    const dequantize = dequantizeFor(finishing.after.exposureEv - before.exposureEv, image);
    if (engine === 'learned') return { learned: chosen.learned, finishing, dequantize, route: 'learned requested' };
    const unsafe = learnedIsSafe(before, finishing);
    if (unsafe) {
      ctx.route = unsafe;
      return null;
    }
    return { learned: chosen.learned, finishing, dequantize, route: `${chosen.why}; no new clipping` };
  },
  apply: (ctx, plan) => {
    if (!plan) return;
    ctx.pipeline = 'learned';
    ctx.route = plan.route;
    ctx.colour.lut = plan.finishing.lut;
    ctx.colour.local = COLOUR_ONLY;
    ctx.colour.learnedGains = plan.finishing.gains;
    ctx.colour.dequantize = plan.dequantize;
  },
  report: (plan) => ({
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
    }),
  }),
});

/** Grey-pixel white balance: measured on every photo (the report's cast), applied on the classical path. */
const whiteBalanceStage = stage<ReturnType<typeof planWhiteBalance>>({
  name: 'whiteBalance',
  colour: true,
  plan: (ctx) => planWhiteBalance(ctx.small),
  apply: (ctx, plan) => {
    ctx.colour.gains = plan.gains;
  },
  report: (plan, ctx) => {
    const gains = ctx.pipeline === 'learned' ? ctx.colour.learnedGains : plan.gains;
    return {
      whiteBalance: {
        applied: ctx.pipeline === 'learned' ? gains[0] !== 1 || gains[2] !== 1 : plan.applied,
        gainRed: gains[0],
        gainBlue: gains[2],
        castA: plan.castA,
        castB: plan.castB,
      },
    };
  },
});

/**
 * Classical tone: exposure into the well-exposed band (clipping-bounded), black point, S-curve, and the local stage's
 * shadows, highlights, detail and vibrance. On the learned path only the local stage's light settings remain.
 */
const toneStage = stage<TonePlan | null>({
  name: 'tone',
  colour: true,
  plan: (ctx) => (ctx.pipeline === 'learned' ? null : planTone(ctx.small, ctx.before, ctx.colour.gains)),
  apply: (ctx, tone) => {
    if (!tone) return;
    ctx.colour.channelLuts = buildChannelLuts(ctx.colour.gains, darkens(tone) ? { exposureCurve: 1 } : tone);
    ctx.colour.local = localTonePlan(ctx.before, tone);
  },
  report: (tone, ctx) => {
    const local = ctx.colour.local as LocalTonePlan;
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

/**
 * Photos darker than this (log-average, EV) are not straightened. Their edges are the sensor noise's as much as the
 * room's: copies of such a photo came out straightened 0.2-0.5° apart (exposure photo Rodrigo, -5.6 EV), and the
 * paired low-light set, whose references keep the camera's geometry, lost 2.2 dB on its first 30 pairs to
 * straightening, up to 8.6 dB a photo (52 of its 100 night scenes read as pitched, all below -4 EV). Rooms in
 * ordinary light measure -1.5 EV and up, so their -1 EV copies are still straightened like them.
 */
const VERTICALS_MIN_EV = -3;

/** Converging verticals, measured on the analysis copy, corrected at full size. */
const verticalsStage = stage<{ estimate: VerticalsEstimate; straighten: boolean; reason: string }>({
  name: 'verticals',
  plan: (ctx) => {
    const estimate = estimateVerticals(ctx.small);
    const withheld =
      ctx.options.correctVerticals === false
        ? 'disabled'
        : ctx.before.exposureEv < VERTICALS_MIN_EV
          ? 'too dark to measure reliably'
          : null;
    return { estimate, straighten: !withheld && estimate.correct, reason: withheld ?? estimate.reason };
  },
  apply: (ctx, { estimate, straighten }) => {
    if (straighten) correctVerticals(ctx.image, estimate.correction, longSide(ctx.small));
  },
  report: ({ estimate, straighten, reason }) => ({
    verticals: {
      applied: straighten,
      pitchDeg: estimate.pitchDeg,
      correctedPitchDeg: straighten ? estimate.correctedPitchDeg : 0,
      rollDeg: estimate.rollDeg,
      lines: estimate.lines,
      reason,
    },
  }),
});

/** Exposure lift (EV) from which a noisy result is denoised. */
const DENOISE_MIN_LIFT_EV = 1;

/**
 * Edge-aware luma and chroma denoise, only on a photo the engine lifted by at least DENOISE_MIN_LIFT_EV and whose
 * result measures noisy at full or at half size: on a photo left near its exposure, "noise" on the flattest pixels
 * is texture the FiveK experts keep (a4963: -0.7 dB). The lift and the half-size noise are only measured when the
 * full-size noise is above half the threshold: clean photos pay nothing.
 */
const denoiseStage = stage<DenoisePlan & { left: number }>({
  name: 'denoise',
  plan: (ctx) => {
    const noise = measureNoise(ctx.image);
    const halfSize = noise > DENOISE_THRESHOLD / 2 ? measureHalfSizeNoise(ctx.image) : 0;
    const measured = planDenoise(noise, 0, halfSize);
    const lift = measured.applied ? sampledExposureEv(ctx.image) - ctx.before.exposureEv : 0;
    const plan =
      lift >= DENOISE_MIN_LIFT_EV
        ? planDenoise(noise, lift, halfSize)
        : { ...measured, applied: false, strength: 0, edgeFactor: 0 };
    return { ...plan, left: noise };
  },
  apply: (ctx, plan) => {
    denoise(ctx.image, plan);
    if (plan.applied) plan.left = measureNoise(ctx.image);
  },
  report: (plan) => ({
    denoise: {
      applied: plan.applied,
      strength: plan.strength,
      noise: plan.sigma,
      coarseNoise: plan.coarseSigma,
      edgeFactor: plan.edgeFactor,
    },
  }),
});

/**
 * A host's requested adjustment of a delivered photo (only when `options.adjustments` is given), with the order's
 * harmonisation of the photo folded in when it had one.
 */
const adjustStage = stage<AdjustPlan | null>({
  name: 'adjust',
  plan: (ctx) => {
    const { adjustments, harmonise } = ctx.options;
    if (!adjustments && !harmonise) return null;
    const plan = planAdjustments(adjustments);
    return harmonise ? withCorrection(plan, harmonise) : plan;
  },
  apply: (ctx, plan) => {
    if (plan) applyAdjustments(ctx.image, plan);
  },
  report: (plan, ctx) =>
    plan
      ? {
          adjustments: {
            applied: plan.applied,
            style: plan.style,
            ev: plan.ev,
            gainRed: plan.gainRed,
            gainBlue: plan.gainBlue,
            ...(ctx.options.harmonise && { harmonised: true }),
          },
        }
      : {},
});

/** Optional enlargement to `minLongSide` (lanczos3), before sharpening. */
const upscaleStage = stage<number>({
  name: 'upscale',
  plan: (ctx) => {
    const minLongSide = ctx.options.minLongSide ?? 0;
    return minLongSide > longSide(ctx.image) ? minLongSide / longSide(ctx.image) : 1;
  },
  apply: async (ctx, scale) => {
    if (scale === 1) return;
    const { image } = ctx;
    ctx.image = await resizeExact(image, Math.round(image.width * scale), Math.round(image.height * scale));
  },
  report: (scale) => ({ upscale: { applied: scale !== 1, scale } }),
});

/**
 * The engine, in order. The three colour stages are rendered together in one full-resolution pass; the others
 * work on the full-size buffer in turn. Sharpening for the output size happens while encoding.
 */
export const PIPELINE: readonly Stage[] = [
  learnedStage,
  whiteBalanceStage,
  toneStage,
  verticalsStage,
  denoiseStage,
  adjustStage,
  upscaleStage,
];

/**
 * Enhances one photo: decode upright sRGB, measure, run the pipeline (each stage plans from the measurements,
 * applies, reports), encode the JPEG, preview and thumbnail, and assemble the report from the stages' reports.
 * Throws EnhancementError for input it refuses; nothing is returned unless every output was produced.
 */
export const enhance = async (input: Buffer | string, options: EnhanceOptions = {}): Promise<EnhanceResult> => {
  const engine = options.engine ?? 'auto';
  const timings: Record<string, number> = {};
  const started = performance.now();
  const decoded = await decodePhoto(input);
  timings.decode = Math.round(performance.now() - started);
  const small = await downscale(decoded.image, ANALYSIS_LONG_SIDE);
  const before: MeasuredStats = { ...measurePhoto(small), noise: measureNoise(decoded.image) };
  const beforePixels = await reduceBeforePreview(decoded.image);
  timings.measure = Math.round(performance.now() - started) - timings.decode;

  const ctx: EnhanceContext = {
    engine,
    options,
    decoded,
    image: decoded.image,
    small,
    before,
    pipeline: 'classic',
    route: engine === 'classic' ? 'classic requested' : 'no model runner available',
    colour: {
      lut: null,
      channelLuts: null,
      local: null,
      gains: [1, 1, 1],
      learnedGains: [1, 1, 1],
      dequantize: null,
    },
  };
  const corrections = await runPipeline(PIPELINE, ctx, timings);

  let mark = performance.now();
  // The learned path is not sharpened: the model's rendering as is scored higher against the references on the
  // tune halves (fivek-dev tune 22.12 -> 22.16 dB without it); the classical path keeps its sharpening.
  const [outputs, beforePreview] = await Promise.all([
    encodeOutputs(
      ctx.image,
      corrections.denoise?.applied ? 0 : (corrections.denoise?.noise ?? 0),
      ctx.pipeline !== 'learned',
    ),
    encodeBeforePreview(beforePixels),
  ]);
  timings.encode = Math.round(performance.now() - mark);
  mark = performance.now();
  const after: MeasuredStats = {
    ...(await measureReduced(outputs.previewPixels)),
    noise: measureNoise(ctx.image),
  };
  timings.measureAfter = Math.round(performance.now() - mark);
  timings.total = Math.round(performance.now() - started);

  const report: EnhancementReport = {
    engineVersion: ENGINE_VERSION,
    engineRequested: engine,
    pipeline: ctx.pipeline,
    route: ctx.route,
    input: {
      format: decoded.format,
      width: decoded.image.width,
      height: decoded.image.height,
      orientation: decoded.orientation,
      bytes: decoded.inputBytes,
      hadIccProfile: decoded.hadIccProfile,
    },
    output: {
      width: ctx.image.width,
      height: ctx.image.height,
      bytes: outputs.image.length,
      previewBytes: outputs.preview.length,
      thumbnailBytes: outputs.thumbnail.length,
    },
    before,
    after,
    corrections: {
      ...(corrections as Corrections),
      sharpen: { applied: outputs.sharpenSigma > 0, sigma: outputs.sharpenSigma },
    },
    timingsMs: timings,
  };
  return { image: outputs.image, preview: outputs.preview, thumbnail: outputs.thumbnail, beforePreview, report };
};
