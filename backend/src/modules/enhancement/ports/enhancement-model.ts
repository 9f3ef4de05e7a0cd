import type { EngineChoice, EnhanceResult, HostAdjustments } from '../engine';

export type EnhancementResult = EnhanceResult;

export interface EnhancementRequest {
  /** Overrides the adapter's default pipeline for this photo. */
  engine?: EngineChoice;
  /** A host's adjustment of a delivered photo, rendered again from its original. */
  adjustments?: HostAdjustments;
  /** Converging-verticals correction; on unless a host asked for it off. */
  correctVerticals?: boolean;
}

/**
 * Turns one uploaded photo into the delivered JPEG, its preview and thumbnail, and a report of what was done.
 * Rejects with an EnhancementError (stable `code`) for input it refuses; never resolves with partial output.
 */
export abstract class EnhancementModel {
  /** Engine version stamped on every result, to trace a delivered photo to the code that made it. */
  abstract readonly version: string;
  abstract enhance(input: Buffer, options?: EnhancementRequest): Promise<EnhancementResult>;
  /** Releases model workers; further calls reject. */
  abstract close(): Promise<void>;
}
