import type { AdjustmentStyle } from '@listinglens/contracts';
import type {
  EngineChoice,
  EnhanceResult,
  HarmonisationPlan,
  HarmonisedOutputs,
  HostAdjustments,
  LookCorrection,
} from '@listinglens/engine';

export type EnhancementResult = EnhanceResult;

export interface EnhancementRequest {
  /** Overrides the adapter's default pipeline for this photo. */
  engine?: EngineChoice;
  /**
   * The order's look, which every photo of the order is rendered in (`natural` also asks for the learned engine);
   * a host's `adjustments` take its place.
   */
  look?: AdjustmentStyle;
  /** A host's adjustment of a delivered photo, rendered again from its original. */
  adjustments?: HostAdjustments;
  /** Converging-verticals correction; on unless a host asked for it off. */
  correctVerticals?: boolean;
  /** The order's harmonisation of the photo, kept when it is rendered again. */
  harmonise?: LookCorrection;
  /** Blur faces and licence plates beyond recognition on the delivered photo (the order's or the host's choice). */
  privacyBlur?: boolean;
}

/** One photo's share of its order's harmonisation: the planned correction and the look it should reach. */
export type HarmonisationRequest = Pick<HarmonisationPlan['photos'][number], 'correction' | 'expected'>;

/** One photo's file, or the 2-7 frames of an exposure bracket, which the engine merges before it renders. */
export type EnhancementInput = Buffer | readonly Buffer[];

/**
 * Turns one uploaded photo into the delivered JPEG, its preview and thumbnail, and a report of what was done.
 * Rejects with an EnhancementError (stable `code`) for input it refuses; never resolves with partial output.
 */
export abstract class EnhancementModel {
  /** Engine version stamped on every result, to trace a delivered photo to the code that made it. */
  abstract readonly version: string;
  abstract enhance(input: EnhancementInput, options?: EnhancementRequest): Promise<EnhancementResult>;
  /** Applies an order's harmonisation to one delivered JPEG: the corrected JPEG, preview and thumbnail. */
  abstract harmonise(enhanced: Buffer, request: HarmonisationRequest): Promise<HarmonisedOutputs>;
  /** Releases model workers; further calls reject. */
  abstract close(): Promise<void>;
}
