import { performance } from 'node:perf_hooks';
import type { DecodedPhoto } from './decode';
import type { Lut3d } from './lut3d';
import type { RgbImage } from './rgb-image';
import { applyLocalTone, type Dequantize, type LocalTonePlan } from './stages/local-tone';
import type { EngineChoice, EnhanceOptions, EnhancementReport, MeasuredStats } from './types';

export type Corrections = EnhancementReport['corrections'];

/** What every stage may read (the measurements) and what the colour stages leave for the fused pass. */
export interface EnhanceContext {
  engine: EngineChoice;
  options: EnhanceOptions;
  decoded: DecodedPhoto;
  /** The one full-size buffer; pixel stages replace or modify it. */
  image: RgbImage;
  /** The analysis copy (768 px) the plans are measured on. */
  small: RgbImage;
  before: MeasuredStats;
  pipeline: EnhancementReport['pipeline'];
  route: string;
  /** The colour stages' contribution to the fused full-resolution pass. */
  colour: {
    lut: Lut3d | null;
    channelLuts: Uint8Array[] | null;
    local: LocalTonePlan | null;
    /** White-balance gains of the classical path, and those finishing folded into the learned LUT. */
    gains: [number, number, number];
    learnedGains: [number, number, number];
    /** Pre-lift smoothing of the learned path's input, for a photo its LUT lifts by several stops. */
    dequantize: Dequantize | null;
  };
}

/**
 * One stage: a plan made from measurements, applied to the photo, and reported. A `colour` stage applies by
 * contributing to `ctx.colour`; the executor then renders every colour stage in one fused full-resolution pass.
 */
export interface Stage<P = unknown> {
  readonly name: string;
  readonly colour?: boolean;
  plan(ctx: EnhanceContext): P | Promise<P>;
  apply(ctx: EnhanceContext, plan: P): void | Promise<void>;
  report(plan: P, ctx: EnhanceContext): Partial<Corrections>;
}

/** Declares a stage with its plan type checked against its apply and report. */
export const stage = <P>(definition: Stage<P>): Stage => definition as Stage;

/** The fused pass: the colour transform (LUT or per-channel tables) and the local tone stage, one loop over pixels. */
const renderColour = (ctx: EnhanceContext) => {
  const { lut, channelLuts, local, dequantize } = ctx.colour;
  if (!local) return;
  applyLocalTone(ctx.image, lut ? null : channelLuts, local, lut, ctx.small, dequantize);
};

/**
 * Runs the pipeline in order: plan, apply and report per stage; consecutive colour stages are rendered together in
 * one full-resolution pass once the last of them has applied. Timings per stage (the fused pass under `tone`).
 */
export const runPipeline = async (
  stages: readonly Stage[],
  ctx: EnhanceContext,
  timings: Record<string, number>,
): Promise<Partial<Corrections>> => {
  const corrections: Partial<Corrections> = {};
  for (const [index, current] of stages.entries()) {
    const started = performance.now();
    const plan = await current.plan(ctx);
    await current.apply(ctx, plan);
    Object.assign(corrections, current.report(plan, ctx));
    if (current.colour && !stages[index + 1]?.colour) renderColour(ctx);
    timings[current.name] = Math.round(performance.now() - started);
  }
  return corrections;
};
