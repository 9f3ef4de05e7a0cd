import { performance } from 'node:perf_hooks';
import { decodePhoto } from './decode';
import { encodeOutputs } from './encode';
import { measureNoise, measurePhoto } from './measure';
import { type RgbImage, downscale, longSide } from './rgb-image';
import { EnhancementError } from './errors';
import { applyLut, fitLut, LUT_SIZE, lutResidual } from './lut3d';
import { applyLocalTone, type LocalTonePlan } from './stages/local-tone';
import { buildChannelLuts, planTone, type TonePlan } from './stages/tone';
import { correctVerticals, estimateVerticals } from './stages/verticals';
import { planWhiteBalance } from './stages/white-balance';
import type { EnhanceOptions, EnhanceResult, EnhancementReport, MeasuredStats, Retoucher } from './types';
import { ENGINE_VERSION } from './version';

/** Long side of the copy used for measuring and planning; large enough for line detection. */
const ANALYSIS_LONG_SIDE = 768;

const measureAll = async (image: RgbImage): Promise<MeasuredStats> => {
  const small = await downscale(image, ANALYSIS_LONG_SIDE);
  return { ...measurePhoto(small), noise: measureNoise(image) };
};

/** The learned model sees the photo at this long side; its colour and tone change is lifted to full size by a LUT. */
export const LEARNED_LONG_SIDE = 256;

/** After the learned colour and tone, only the local work the LUT cannot carry is left to the classical stages. */
const LEARNED_LOCAL: LocalTonePlan = {
  shadows: 0,
  highlights: 0,
  detail: 0.08,
  vibrance: 0,
  blackPoint: 0,
  contrast: 0,
};

interface LearnedOutcome {
  lut: ReturnType<typeof fitLut>;
  residual: number;
  modelName: string;
  size: string;
}

const runLearned = async (image: RgbImage, retoucher: Retoucher): Promise<LearnedOutcome> => {
  const modelInput = await downscale(image, LEARNED_LONG_SIDE);
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
 * Auto keeps the learned result only when, on the analysis copy, it adds no clipping and no cast: the model was
 * trained on landscapes and portraits, so a room it misreads falls back to the classical stages.
 */
const learnedIsSafe = (small: RgbImage, before: MeasuredStats, lut: LearnedOutcome['lut']): string | null => {
  const preview = { ...small, data: small.data.slice() };
  applyLut(preview, lut);
  const after = measurePhoto(preview);
  // Retouchers do set some shadows to black and warm some scenes: only a marked excess counts.
  if (after.clippedHighlights > before.clippedHighlights + 0.01) return 'learned result clipped highlights';
  if (after.clippedShadows > before.clippedShadows + 0.06) return 'learned result crushed shadows';
  if (after.cast > Math.max(before.cast, 4) + 5) return 'learned result added a colour cast';
  return null;
};

const localTonePlan = (stats: MeasuredStats, tone: TonePlan): LocalTonePlan => ({
  blackPoint: tone.blackPoint,
  contrast: tone.contrast,
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
  const image = decoded.image;
  lap('decode');

  const small = await downscale(image, ANALYSIS_LONG_SIDE);
  const before: MeasuredStats = { ...measurePhoto(small), noise: measureNoise(image) };
  const verticals = estimateVerticals(small);
  lap('measure');

  if (engine === 'learned' && !options.retoucher)
    throw new EnhancementError('MODEL_FAILED', 'The learned engine was requested without a model runner.');
  let learned: LearnedOutcome | null = null;
  let route = engine === 'classic' ? 'classic requested' : 'no model runner available';
  if (engine !== 'classic' && options.retoucher) {
    learned = await runLearned(image, options.retoucher);
    route = 'learned requested';
    if (engine === 'auto') {
      const unsafe = learnedIsSafe(small, before, learned.lut);
      route = unsafe ?? 'learned: no new clipping or cast';
      if (unsafe) learned = null;
    }
    lap('learned');
  }

  const whiteBalance = planWhiteBalance(small);
  const tone = planTone(small, before, whiteBalance.gains);
  const local = learned ? LEARNED_LOCAL : localTonePlan(before, tone);
  if (learned) {
    applyLut(image, learned.lut);
    lap('lut');
  }
  applyLocalTone(image, learned ? null : buildChannelLuts(whiteBalance.gains, tone), local);
  lap('tone');

  const straighten = options.correctVerticals !== false && verticals.correct;
  if (straighten) correctVerticals(image, verticals, longSide(small));
  lap('verticals');

  const outputs = await encodeOutputs(image);
  lap('encode');
  const after = await measureAll(image);
  lap('measureAfter');
  timings.total = Math.round(performance.now() - started);

  const report: EnhancementReport = {
    engineVersion: ENGINE_VERSION,
    engineRequested: engine,
    pipeline: learned ? 'learned' : 'classic',
    route,
    input: {
      format: decoded.format,
      width: image.width,
      height: image.height,
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
      whiteBalance: {
        applied: !learned && whiteBalance.applied,
        gainRed: whiteBalance.gains[0],
        gainBlue: whiteBalance.gains[2],
        castA: whiteBalance.castA,
        castB: whiteBalance.castB,
      },
      exposure: { applied: !learned && tone.exposureCurve !== 1, ev: learned ? 0 : tone.exposureEv },
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
      denoise: { applied: false, strength: 0 },
      sharpen: { sigma: outputs.sharpenSigma },
      learned: {
        applied: Boolean(learned),
        model: learned?.modelName ?? null,
        size: learned?.size ?? null,
        lutSize: learned ? LUT_SIZE : null,
        lutError: learned?.residual ?? null,
      },
    },
    timingsMs: timings,
  };
  return { image: outputs.image, preview: outputs.preview, thumbnail: outputs.thumbnail, report };
};
