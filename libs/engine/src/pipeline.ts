import { performance } from 'node:perf_hooks';
import { applyLocalTone } from './stages/local-tone';
import type { Corrections, EnhanceContext, Stage } from './stage';

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
