import { performance } from 'node:perf_hooks';
import { mergeBracket, recoveredShare } from './brackets/merge';
import { decodePhoto } from './decode';
import { encodeBeforePreview, encodeOutputs, reduceBeforePreview } from './encode';
import { ANALYSIS_LONG_SIDE, measureNoise, measurePhoto, measureReduced } from './measure';
import { runPipeline } from './pipeline';
import { privacyStage } from './privacy';
import { downscale } from './rgb-image';
import type { Corrections, EnhanceContext, Stage } from './stage';
import { adjustStage } from './stages/adjust';
import { denoiseStage } from './stages/denoise';
import { learnedStage } from './stages/learned';
import { listingLookStage } from './stages/listing-look';
import { upscaleStage } from './stages/upscale';
import { verticalsStage } from './stages/verticals';
import {
  type EnhanceOptions,
  type EnhanceResult,
  type EnhancementReport,
  type MeasuredStats,
  resolveEngine,
} from './types';
import { ENGINE_VERSION } from './version';

/**
 * What every rendering shares after its colour and tone: geometry, noise, the host's adjustment, size, and the
 * privacy blur on the pixels delivered.
 */
const FINISHING: readonly Stage[] = [verticalsStage, denoiseStage, adjustStage, upscaleStage, privacyStage];

/**
 * The engine, in order, per rendering. The listing look renders colour and tone in one full-resolution pass of its
 * own; the learned style in one pass of the model's finished LUT. The learned stage runs on both (on the listing look
 * it only reports that no model ran). Sharpening for the output size happens while encoding.
 */
export const PIPELINES: Readonly<Record<'listing' | 'learned', readonly Stage[]>> = {
  listing: [learnedStage, listingLookStage, ...FINISHING],
  learned: [learnedStage, ...FINISHING],
};

const isBracket = (input: Buffer | string | readonly Buffer[]): input is readonly Buffer[] => Array.isArray(input);

/**
 * Enhances one photo: decode upright sRGB, measure, run the pipeline (each stage plans from the measurements,
 * applies, reports), encode the JPEG, preview and thumbnail, and assemble the report from the stages' reports.
 * An array of 2-7 frames is a bracket: merged first (brackets/merge.ts), the merged photo then enhanced as any other,
 * with the reference frame as its "before". Throws EnhancementError for input it refuses; nothing is returned unless
 * every output was produced.
 */
export const enhance = async (
  input: Buffer | string | readonly Buffer[],
  options: EnhanceOptions = {},
): Promise<EnhanceResult> => {
  const engine = resolveEngine(options.engine);
  const timings: Record<string, number> = {};
  const started = performance.now();
  const { decoded, bracket } = isBracket(input)
    ? await mergeBracket(input).then((merged) => ({ decoded: merged.decoded, bracket: merged }))
    : { decoded: await decodePhoto(input), bracket: null };
  timings.decode = Math.round(performance.now() - started);
  if (bracket) timings.merge = timings.decode;
  const small = await downscale(decoded.image, ANALYSIS_LONG_SIDE);
  const before: MeasuredStats = { ...measurePhoto(small), noise: measureNoise(decoded.image) };
  const beforePixels = bracket ? bracket.referencePreview : await reduceBeforePreview(decoded.image);
  timings.measure = Math.round(performance.now() - started) - timings.decode;

  const ctx: EnhanceContext = {
    engine,
    options,
    decoded,
    image: decoded.image,
    small,
    before,
    route: engine === 'listing' ? 'listing look' : 'learned requested',
    learned: null,
  };
  const corrections = await runPipeline(PIPELINES[engine], ctx, timings);

  let mark = performance.now();
  // The learned path is not sharpened: the model's rendering as is matches the references better; the listing look
  // keeps its sharpening.
  const [outputs, beforePreview] = await Promise.all([
    encodeOutputs(ctx.image, corrections.denoise?.applied ? 0 : (corrections.denoise?.noise ?? 0), !ctx.learned),
    encodeBeforePreview(beforePixels, corrections.verticals),
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
    pipeline: ctx.learned ? 'learned' : 'listing',
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
    // The window as delivered: the reference's preview has been given the output's geometry (encodeBeforePreview).
    ...(bracket
      ? {
          merge: {
            ...bracket.merge,
            windowRecoveredPct: Math.round(recoveredShare(beforePixels, outputs.previewPixels) * 10000) / 100,
          },
        }
      : {}),
  };
  return { image: outputs.image, preview: outputs.preview, thumbnail: outputs.thumbnail, beforePreview, report };
};
