import { performance } from 'node:perf_hooks';
import { decodePhoto } from './decode';
import { encodeOutputs } from './encode';
import { measureNoise, measurePhoto, oppositeShare, sampledExposureEv, type PhotoStats } from './measure';
import { clamp } from './color';
import { type RgbImage, downscale, longSide, resizeExact } from './rgb-image';
import { EnhancementError } from './errors';
import { applyLut, composeLut, fitLut, type Lut3d, LUT_SIZE, lutResidual } from './lut3d';
import { applyLocalTone, type LocalTonePlan } from './stages/local-tone';
import { buildChannelLuts, channelCurve, planTone, type TonePlan, WELL_EXPOSED, widenBand } from './stages/tone';
import { DENOISE_THRESHOLD, denoise, planDenoise } from './stages/denoise';
import { correctVerticals, estimateVerticals } from './stages/verticals';
import { MAX_GAIN, planWhiteBalance } from './stages/white-balance';
import type { EnhanceOptions, EnhanceResult, EnhancementReport, MeasuredStats, Retoucher } from './types';
import { ENGINE_VERSION } from './version';

/** Long side of the copy used for measuring and planning; large enough for line detection. */
const ANALYSIS_LONG_SIDE = 768;

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

/** After the learned colour and tone, only the local work the LUT cannot carry is left to the classical stages. */
const LEARNED_LOCAL: LocalTonePlan = {
  shadows: 0,
  highlights: 0,
  detail: 0.08,
  vibrance: 0,
  blackPoint: 0,
  contrast: 0,
  darkening: 1,
};

/**
 * Residual cast on near-neutral surfaces (Lab chroma) that the learned path may keep: a trace of warmth or
 * coolness is a retoucher's choice (the FiveK experts keep some), a stronger one is a cast a guest would see on
 * white walls. Above it, the learned result's greys are pulled back to this much, in the same direction.
 */
export const RESIDUAL_CAST = 4;
/**
 * Share of near-neutral surfaces lying opposite the cast estimate (`oppositeShare`) up to which the estimate is
 * trusted as an illuminant cast, and from which it is taken for a coloured surface and left alone; linear in
 * between. Rooms measure at most 0.11; a clear blue sky and lake over stone 0.41 (finishing warmed the sky where the
 * expert kept it blue: 24.28 -> 18.92 dB); blue-hour and dusk scenes 0.18-0.24 are corrected partially.
 */
const TRUST_FULL = 0.15;
const TRUST_NONE = 0.35;
export const castTrust = (opposite: number): number => clamp((TRUST_NONE - opposite) / (TRUST_NONE - TRUST_FULL), 0, 1);

/** Bounds of the finishing white balance: of the grey estimate (red or blue relative to green), and in all. */
interface FinishBounds {
  estimateGain: number;
  totalGain: number;
}
/**
 * After the retouching model: the classical estimate (at most 1.6), and no channel lifted by more than 2x (1 EV)
 * relative to the least-lifted one.
 */
const RETOUCH_FINISH: FinishBounds = { estimateGain: MAX_GAIN, totalGain: 2 };
/**
 * After the low-light model both bounds are 2.5 (about 1.3 EV). Its colour is reconstructed from a photo below
 * -3 EV that carried almost no colour information, so a tint in its greys is the model's, not a retoucher's
 * choice: on lowlight `147` the 1 EV bound left a magenta cast of 11.7 (20.5 before finishing), 1.3 EV brings it
 * to 4.1. The retouching model keeps the 1 EV bound: 1.3 EV there cost 1.35 dB on a FiveK photo whose expert kept
 * more of the model's warm tint (fivek-dev 23.10 -> 22.94).
 */
const LOW_LIGHT_FINISH: FinishBounds = { estimateGain: 2.5, totalGain: 2.5 };

/**
 * Photos darker than this (log-average exposure, EV relative to 18 % grey) are low-light shots: night interiors,
 * unlit rooms. The retouching model was trained on well-lit FiveK photos and barely lifts them.
 */
export const LOW_LIGHT_EV = -3;

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

/**
 * The learned model judges exposure like a retoucher, who keeps dusk dusky and bright rooms bright: its result is
 * only re-exposed when it is more than a stop outside the classical well-exposed band (re-exposing every learned
 * result into the classical band cost 2 dB against the FiveK experts).
 */
const LEARNED_BAND = widenBand(WELL_EXPOSED, 1);

interface Finishing {
  lut: Lut3d;
  gains: [number, number, number];
  residualCast: number;
  /** Whether the cast correction was cut short by its bound (bounds.totalGain between channels). */
  bounded: boolean;
  exposureEv: number;
  after: PhotoStats;
}

/**
 * What the classical stages still owe a learned result, measured on the analysis copy after the LUT: a residual
 * cast above RESIDUAL_CAST is reduced to it (the same grey-pixel estimate as the classical white balance, applied
 * partially) unless the scene's other near-neutral surfaces contradict it (`castTrust`: the "greys" are then a
 * saturated surface such as sky or water, and the correction is scaled down, to nothing when they clearly do),
 * and an exposure left outside the well-exposed band is brought to its edge with the same highlight-safe curve.
 * Both are folded into the LUT, so the full-size pass stays one lookup per pixel. A well-exposed, neutral learned
 * result is left exactly as the model made it.
 */
const finishLearned = (small: RgbImage, lut: Lut3d, bounds: FinishBounds): Finishing => {
  const render = (table: Lut3d) => {
    const copy = { ...small, data: small.data.slice() };
    applyLut(copy, table);
    return copy;
  };
  let current = lut;
  let gains: [number, number, number] = [1, 1, 1];
  let residualCast = 0;
  let bounded = false;
  // One round: a second (re-estimating the greys after the first) over-corrected (FiveK 16 dB on a tinted sunset).
  for (let round = 0; round < 1; round++) {
    const rendered = render(current);
    const balance = planWhiteBalance(rendered, 1, bounds.estimateGain);
    const cast = Math.hypot(balance.castA, balance.castB);
    if (round === 0) residualCast = cast;
    if (!balance.applied || cast <= RESIDUAL_CAST + 0.5) break;
    const share = (1 - RESIDUAL_CAST / cast) * castTrust(oppositeShare(rendered, balance.castA, balance.castB));
    if (share <= 0) break;
    const step = [Math.pow(balance.gains[0], share), 1, Math.pow(balance.gains[2], share)];
    // Normalised so the smallest gain is 1 and applied with a knee: the correction can neither crush shadows nor
    // clip highlights.
    const least = Math.min(...step);
    // Bounded: in all, no channel is lifted by more than bounds.totalGain relative to another.
    const normalised = step.map((gain, c) => clamp(gain / least, 1, bounds.totalGain / gains[c]));
    bounded = normalised.some((gain, c) => gain < step[c] / least);
    gains = gains.map((gain, c) => gain * normalised[c]) as [number, number, number];
    current = composeLut(current, curvesFor(normalised, 1));
  }
  const preview = render(current);
  const tone = planTone(preview, measurePhoto(preview), [1, 1, 1], true, LEARNED_BAND);
  if (tone.exposureCurve !== 1) current = composeLut(current, curvesFor([1, 1, 1], tone.exposureCurve));
  return {
    lut: current,
    gains,
    residualCast,
    bounded,
    exposureEv: tone.exposureCurve !== 1 ? tone.exposureEv : 0,
    after: measurePhoto(finishedPreview(small, current)),
  };
};

/** The analysis copy as the learned path will render it: the LUT and the light local contrast, for the guard. */
const finishedPreview = (small: RgbImage, lut: Lut3d): RgbImage => {
  const copy = { ...small, data: small.data.slice() };
  applyLocalTone(copy, null, LEARNED_LOCAL, lut, small);
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

/** A finished learned result's cast (Lab chroma of its greys) above which a cast the model deepened is damage. */
const LEARNED_CAST_LIMIT = 10;

/**
 * Auto keeps the learned result only when, on the analysis copy and after finishing, it adds no clipping: the
 * model was trained on landscapes and portraits, so a photo whose tones it misreads falls back to the classical
 * stages. Casts are not a reason to fall back any more: finishing bounds them, and the classical path re-exposes
 * into its own band, which on FiveK photos the expert kept dark cost up to 7 dB (13 dB on a tinted dusk scene
 * where the finished learned result scores 18.5 dB). The one cast that does send a photo back is one the model
 * deepened, finishing trusted as an illuminant but could not remove within its bound (1 EV between channels), and
 * that stays above LEARNED_CAST_LIMIT: a warm bathroom the model read as golden hour came out olive (input 17.5,
 * model 22.4, finished 12.2; classical 5.0). Without the bound condition, a sky and lake finishing rightly left
 * alone and a foliage scene fell back too, losing 4.4 and 5.5 dB against the FiveK experts.
 */
const learnedIsSafe = (before: MeasuredStats, inputCast: number, finishing: Finishing): string | null => {
  const after = finishing.after;
  // The acceptance criterion: the clipped share (highlights plus shadows) may not grow by more than NEW_CLIPPING.
  // Judged on the analysis copy rendered with the LUT and the local contrast, which is where the clipping of the
  // full-size output shows (the LUT alone passed two photos that clipped at full size). Separate limits for
  // highlights and shadows sent rooms whose blown windows the model recovers to the classical path for a few
  // shadows set to black.
  const grew = after.clippedHighlights + after.clippedShadows - before.clippedHighlights - before.clippedShadows;
  if (grew <= NEW_CLIPPING)
    return finishing.bounded && finishing.residualCast > inputCast && after.cast > LEARNED_CAST_LIMIT
      ? 'learned result deepened a cast'
      : null;
  return after.clippedHighlights - before.clippedHighlights >= after.clippedShadows - before.clippedShadows
    ? 'learned result clipped highlights'
    : 'learned result crushed shadows';
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
 * Enhances one photo: decode upright sRGB, measure, plan every correction from the measurements, apply them in
 * place on the single full-size buffer, and encode the JPEG, preview and thumbnail. Throws EnhancementError for
 * input it refuses; nothing is returned unless every output was produced.
 */
export const enhance = async (input: Buffer | string, options: EnhanceOptions = {}): Promise<EnhanceResult> => {
  const engine = options.engine ?? 'auto';
  const timings: Record<string, number> = {};
  const started = performance.now();
  let mark = started;
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - mark);
    mark = now;
  };

  const decoded = await decodePhoto(input);
  let image = decoded.image;
  const inputSize = { width: image.width, height: image.height };
  lap('decode');

  const small = await downscale(image, ANALYSIS_LONG_SIDE);
  const before: MeasuredStats = { ...measurePhoto(small), noise: measureNoise(image) };
  const verticals = estimateVerticals(small);
  lap('measure');

  if (engine === 'learned' && !options.retoucher)
    throw new EnhancementError('MODEL_FAILED', 'The learned engine was requested without a model runner.');
  const whiteBalance = planWhiteBalance(small);
  const lowLight = before.exposureEv < LOW_LIGHT_EV;
  // Auto sends low-light photos to the low-light model when one is configured; 'learned' always means retouching.
  const lowLightModel = engine === 'auto' && lowLight && Boolean(options.lowLightRetoucher);
  const model = lowLightModel ? options.lowLightRetoucher : options.retoucher;
  let learned: LearnedOutcome | null = null;
  let finishing: Finishing | null = null;
  let route = engine === 'classic' ? 'classic requested' : 'no model runner available';
  if (engine !== 'classic' && model) {
    learned = await runLearned(image, model);
    finishing = finishLearned(small, learned.lut, lowLightModel ? LOW_LIGHT_FINISH : RETOUCH_FINISH);
    route = engine === 'learned' ? 'learned requested' : `${model.modelName}${lowLight ? ' (low light)' : ''}`;
    if (engine === 'auto') {
      const unsafe = learnedIsSafe(before, Math.hypot(whiteBalance.castA, whiteBalance.castB), finishing);
      route = unsafe ?? `${route}: no new clipping`;
      if (unsafe) {
        learned = null;
        finishing = null;
      }
    }
    lap('learned');
  }

  const tone = planTone(small, before, whiteBalance.gains);
  const local = learned ? LEARNED_LOCAL : localTonePlan(before, tone);
  applyLocalTone(
    image,
    learned ? null : buildChannelLuts(whiteBalance.gains, darkens(tone) ? { exposureCurve: 1 } : tone),
    local,
    finishing?.lut ?? null,
    small,
  );
  lap('tone');

  const straighten = options.correctVerticals !== false && verticals.correct;
  if (straighten) correctVerticals(image, verticals, longSide(small));
  lap('verticals');

  const noise = measureNoise(image);
  // The lift is only measured when there is noise to reduce: clean photos pay nothing.
  const noisePlan = planDenoise(noise, noise > DENOISE_THRESHOLD ? sampledExposureEv(image) - before.exposureEv : 0);
  denoise(image, noisePlan);
  const noiseLeft = noisePlan.applied ? measureNoise(image) : noisePlan.sigma;
  lap('denoise');

  const minLongSide = options.minLongSide ?? 0;
  const upscale = minLongSide > longSide(image);
  if (upscale) {
    const scale = minLongSide / longSide(image);
    image = await resizeExact(image, Math.round(image.width * scale), Math.round(image.height * scale));
    lap('upscale');
  }

  const outputs = await encodeOutputs(image, noiseLeft);
  lap('encode');
  const after: MeasuredStats = {
    ...measurePhoto(await downscale(outputs.previewPixels, ANALYSIS_LONG_SIDE)),
    noise: measureNoise(image),
  };
  lap('measureAfter');
  timings.total = Math.round(performance.now() - started);

  const learnedGains = finishing?.gains ?? [1, 1, 1];
  const report: EnhancementReport = {
    engineVersion: ENGINE_VERSION,
    engineRequested: engine,
    pipeline: learned ? 'learned' : 'classic',
    route,
    input: {
      format: decoded.format,
      width: inputSize.width,
      height: inputSize.height,
      orientation: decoded.orientation,
      bytes: decoded.inputBytes,
      hadIccProfile: decoded.hadIccProfile,
    },
    output: {
      width: image.width,
      height: image.height,
      bytes: outputs.image.length,
      previewBytes: outputs.preview.length,
      thumbnailBytes: outputs.thumbnail.length,
    },
    before,
    after,
    corrections: {
      whiteBalance: learned
        ? {
            applied: learnedGains[0] !== 1 || learnedGains[2] !== 1,
            gainRed: learnedGains[0],
            gainBlue: learnedGains[2],
            castA: whiteBalance.castA,
            castB: whiteBalance.castB,
          }
        : {
            applied: whiteBalance.applied,
            gainRed: whiteBalance.gains[0],
            gainBlue: whiteBalance.gains[2],
            castA: whiteBalance.castA,
            castB: whiteBalance.castB,
          },
      exposure: learned
        ? { applied: finishing?.exposureEv !== 0, ev: finishing?.exposureEv ?? 0 }
        : { applied: tone.exposureCurve !== 1, ev: tone.exposureEv },
      blackPoint: { applied: !learned && tone.blackPoint > 0, level: learned ? 0 : tone.blackPoint },
      contrast: { amount: learned ? 0 : tone.contrast },
      shadows: { amount: local.shadows },
      highlights: { amount: local.highlights },
      localContrast: { amount: local.detail },
      vibrance: { amount: local.vibrance },
      verticals: {
        applied: straighten,
        pitchDeg: verticals.pitchDeg,
        rollDeg: verticals.rollDeg,
        lines: verticals.lines,
        reason: options.correctVerticals === false ? 'disabled' : verticals.reason,
      },
      denoise: {
        applied: noisePlan.applied,
        strength: noisePlan.strength,
        noise: noisePlan.sigma,
        edgeFactor: noisePlan.edgeFactor,
      },
      sharpen: { sigma: outputs.sharpenSigma },
      upscale: { applied: upscale, scale: upscale ? image.width / inputSize.width : 1 },
      learned: {
        applied: Boolean(learned),
        model: learned?.modelName ?? null,
        size: learned?.size ?? null,
        lutSize: learned ? LUT_SIZE : null,
        lutError: learned?.residual ?? null,
        residualCast: finishing?.residualCast ?? null,
      },
    },
    timingsMs: timings,
  };
  return { image: outputs.image, preview: outputs.preview, thumbnail: outputs.thumbnail, report };
};
