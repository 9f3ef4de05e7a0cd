import type { LookCorrection } from './harmonise';
import type { PhotoStats } from './measure';
import type { PrivacyBox } from './privacy/blur';
import type { AdjustmentStyle, HostAdjustments } from './stages/adjust';

/**
 * The renderings a caller may ask for: `listing`, the default, is our own code on the photo in linear light (no
 * learned weights); `learned` is the optional "natural" style, the retouching model's rendering (its weights carry
 * research-only terms: docs/enhancement.md).
 */
export const ENGINE_CHOICES = ['listing', 'learned'] as const;
/** Names earlier releases took (their default and their classical path); each now selects the listing look. */
export const LEGACY_ENGINE_NAMES = ['auto', 'classic'] as const;
/** Every name the config, the CLIs and the API accept. */
export const ENGINE_NAMES = [...ENGINE_CHOICES, ...LEGACY_ENGINE_NAMES] as const;
export type EngineChoice = (typeof ENGINE_NAMES)[number];
/** The rendering a name selects. */
export const resolveEngine = (name: EngineChoice | undefined): (typeof ENGINE_CHOICES)[number] =>
  name === 'learned' ? 'learned' : 'listing';

/** Runs the learned retouching model on a small image; the engine lifts its change to full size itself. */
export interface Retoucher {
  readonly modelName: string;
  /** Returns the retouched pixels, same size as `image` (8-bit RGB, interleaved). */
  retouch(image: { width: number; height: number; data: Uint8Array }): Promise<Uint8Array>;
}

export interface EnhanceOptions {
  /** Rendering: the listing look (default) or the learned "natural" style. */
  engine?: EngineChoice;
  /** Model runner for the learned stage; required when engine is 'learned'. */
  retoucher?: Retoucher;
  /** Converging-verticals correction; on by default. */
  correctVerticals?: boolean;
  /**
   * Model for low-light photos (MAXIM trained on LOL): with engine 'learned', photos whose measured exposure is below
   * LOW_LIGHT_EV go to it instead of `retoucher`. Optional; without it they take the usual route.
   */
  lowLightRetoucher?: Retoucher;
  /**
   * Enlarge (lanczos3) outputs whose long side is below this many pixels, e.g. 2048 for listing sites. Off by
   * default: the output then has the input's size. Never shrinks.
   */
  minLongSide?: number;
  /**
   * The order's look: the style every photo of an order is rendered in, at its own strength and with no steps
   * (`listing`, the default, adds nothing). A host's `adjustments` name a style of their own and take its place.
   * `natural` is the learned rendering: the caller asks for it with `engine: 'learned'`, as for an adjustment.
   */
  look?: AdjustmentStyle;
  /** A host's requested look and steps, applied last (before any enlargement); none for a first delivery. */
  adjustments?: HostAdjustments;
  /**
   * The order's harmonisation of this photo, kept when it is rendered again for a host's adjustment, so the adjusted
   * photo still matches the rest of its order.
   */
  harmonise?: LookCorrection;
  /**
   * Blur faces and licence plates beyond recognition on the delivered photo (privacy/): off by default. The input
   * and the "before" preview are left as they came.
   */
  privacyBlur?: boolean;
}

export interface MeasuredStats extends PhotoStats {
  /** Luma noise, standard deviation in 8-bit levels, at full resolution. */
  noise: number;
}

export interface EnhancementReport {
  engineVersion: string;
  engineRequested: EngineChoice;
  /** The rendering that ran, and the route it took. */
  pipeline: 'listing' | 'learned';
  route: string;
  input: { format: string; width: number; height: number; orientation: number; bytes: number; hadIccProfile: boolean };
  output: { width: number; height: number; bytes: number; previewBytes: number; thumbnailBytes: number };
  before: MeasuredStats;
  after: MeasuredStats;
  corrections: {
    whiteBalance: { applied: boolean; gainRed: number; gainBlue: number; castA: number; castB: number };
    exposure: { applied: boolean; ev: number };
    blackPoint: { applied: boolean; level: number };
    contrast: { amount: number };
    shadows: { amount: number };
    highlights: { amount: number };
    localContrast: { amount: number };
    vibrance: { amount: number };
    /**
     * The listing look's own choices (engine 3.0.0 on): strength of the exposure fusion (0..1), whether the photo was
     * read as a night or dusk scene kept dark, and the saturation kept (1 = as is). `headroom`: the largest gain on
     * luminance the photo's Ultra HDR gain map records (linear, e.g. 6.3), when the look fused windows and sky from
     * it; absent for a photo without one.
     */
    look?: { fusion: number; mood: boolean; saturation: number; headroom?: number };
    verticals: {
      applied: boolean;
      /** Camera pitch implied by the converging verticals, degrees (positive: camera tilted up). */
      pitchDeg: number;
      /**
       * The part of it undone (at most 20°, less on weak evidence or where undoing it all would crop more than about
       * an eighth of the frame); 0 when nothing was straightened.
       */
      correctedPitchDeg: number;
      /** The part of the roll undone, degrees; with `correctedPitchDeg` it fixes the warp and crop. */
      correctedRollDeg?: number;
      rollDeg: number;
      lines: number;
      reason: string;
    };
    /** Edge-preserving noise reduction, applied only when the toned photo's luma noise exceeds the threshold. */
    denoise: {
      applied: boolean;
      strength: number;
      noise?: number;
      /** Coarse grain: luma noise at half size beyond what the full-size noise explains (engine 2.3.0 on). */
      coarseNoise?: number;
      edgeFactor?: number;
    };
    /** Full-size sharpening: the classical path only (sigma 0 when not applied). */
    sharpen: { applied?: boolean; sigma: number };
    /** A host's adjustment (style, brightness and warmth steps), when one was requested. */
    adjustments?: {
      applied: boolean;
      style: AdjustmentStyle;
      ev: number;
      gainRed: number;
      gainBlue: number;
      /** Whether the order's harmonisation of the photo is part of `ev` and the gains. */
      harmonised?: boolean;
    };
    /**
     * The order's look the photo was rendered in, when the caller named one and no host adjustment replaced it:
     * its exposure change in stops, white gains, chroma scale and shadow lift.
     */
    orderLook?: {
      style: AdjustmentStyle;
      applied: boolean;
      ev: number;
      gainRed: number;
      gainBlue: number;
      saturation: number;
      shadowLift: number;
    };
    /**
     * The privacy blur, when requested: the faces and plates blurred and each region, in the delivered photo's
     * pixels (a face's box grown by its margin).
     */
    privacy?: { faces: number; plates: number; boxes: PrivacyBox[] };
    /** Enlargement to `minLongSide`, when requested and the photo is smaller. */
    upscale?: { applied: boolean; scale: number };
    learned: {
      applied: boolean;
      model: string | null;
      size: string | null;
      lutSize: number | null;
      lutError: number | null;
      /** Cast left on near-neutral pixels by the model's LUT, before the bounded neutralisation. */
      residualCast?: number | null;
      /**
       * The input smoothed before its lift (a photo the LUT lifts by four stops or more: its dark codes and JPEG
       * blocks would become steps of tens of levels); engine 2.3.0 on.
       */
      smoothedBeforeLift?: boolean;
      /** How far a low-light result's blacks were lowered at black (0..1 of full scale; 0: not); engine 2.4.0 on. */
      blacksLowered?: number;
    };
  };
  timingsMs: Record<string, number>;
  /**
   * A bracket's merge, when the input was 2-7 frames (brackets/merge.ts): the frames merged (one clipped or black all
   * over is left out); the alignment's residual (mean over a grid of cells, full-size pixels), the largest movement
   * of a frame against the reference and the largest rotation (degrees); the share of the photo where a frame was
   * left out because something had moved (per cent); and the share of the reference frame's clipped pixels (its
   * blown window) that the delivered photo does not show blown (near white and flat), per cent, 0 when the
   * reference clips almost nothing. `input` describes the reference frame, with the bytes of every frame.
   */
  merge?: {
    frames: number;
    alignment: { meanErrorPx: number; maxShiftPx: number; rotationDeg: number };
    ghostSharePct: number;
    windowRecoveredPct: number;
  };
}

export interface EnhanceResult {
  image: Buffer;
  preview: Buffer;
  thumbnail: Buffer;
  /** The input as it arrived (upright, sRGB) at the preview's size: the "before" beside `preview`. */
  beforePreview: Buffer;
  report: EnhancementReport;
}
