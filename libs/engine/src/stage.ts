import type { DecodedPhoto } from './decode';
import type { Lut3d } from './lut3d';
import type { RgbImage } from './rgb-image';
import type { Dequantize, LocalTonePlan } from './stages/local-tone';
import type { EngineChoice, EnhanceOptions, EnhancementReport, MeasuredStats } from './types';

export type Corrections = EnhancementReport['corrections'];

/**
 * What a stage may read (the measurements, the options, the learned stage's decision) and what the colour stages
 * leave for the fused pass. Each stage names the parts it reads in its parameters.
 */
export interface EnhanceContext {
  engine: EngineChoice;
  options: EnhanceOptions;
  decoded: DecodedPhoto;
  /** The one full-size buffer; pixel stages replace or modify it. */
  image: RgbImage;
  /** The analysis copy (768 px) the plans are measured on. */
  small: RgbImage;
  before: MeasuredStats;
  route: string;
  /**
   * What the learned stage decided, once it took the photo (null: the classical path). The classical colour stages
   * take it as an input and stand aside; the learned path is not sharpened.
   */
  learned: { gains: [number, number, number] } | null;
  /** The colour stages' contribution to the fused full-resolution pass. */
  colour: {
    lut: Lut3d | null;
    channelLuts: Uint8Array[] | null;
    local: LocalTonePlan | null;
    /** White-balance gains of the classical path. */
    gains: [number, number, number];
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
