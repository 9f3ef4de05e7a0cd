import type { DecodedPhoto } from './decode';
import type { RgbImage } from './rgb-image';
import type { EngineChoice, EnhanceOptions, EnhancementReport, MeasuredStats } from './types';

export type Corrections = EnhancementReport['corrections'];

/**
 * What a stage may read (the measurements, the options, the learned stage's decision). Each stage names the parts
 * it reads in its parameters.
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
   * What the learned stage decided, once it took the photo (null: the listing look). The listing look and the
   * listing look's adjustments stand aside when it is set; the learned path is not sharpened.
   */
  learned: { gains: [number, number, number] } | null;
}

/** One stage: a plan made from measurements, applied to the photo, and reported. */
export interface Stage<P = unknown> {
  readonly name: string;
  plan(ctx: EnhanceContext): P | Promise<P>;
  apply(ctx: EnhanceContext, plan: P): void | Promise<void>;
  report(plan: P, ctx: EnhanceContext): Partial<Corrections>;
}

/** Declares a stage with its plan type checked against its apply and report. */
export const stage = <P>(definition: Stage<P>): Stage => definition as Stage;
