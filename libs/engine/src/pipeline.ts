import { performance } from 'node:perf_hooks';
import type { Corrections, EnhanceContext, Stage } from './stage';

/** Runs the pipeline in order: plan, apply and report per stage, with each stage's time. */
export const runPipeline = async (
  stages: readonly Stage[],
  ctx: EnhanceContext,
  timings: Record<string, number>,
): Promise<Partial<Corrections>> => {
  const corrections: Partial<Corrections> = {};
  for (const current of stages) {
    const started = performance.now();
    const plan = await current.plan(ctx);
    await current.apply(ctx, plan);
    Object.assign(corrections, current.report(plan, ctx));
    timings[current.name] = Math.round(performance.now() - started);
  }
  return corrections;
};
