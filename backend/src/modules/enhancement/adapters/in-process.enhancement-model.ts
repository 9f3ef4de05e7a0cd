import { Injectable } from '@nestjs/common';
import {
  ENGINE_VERSION,
  EnhancementError,
  enhance,
  type EngineChoice,
  type HarmonisedOutputs,
  MaximPool,
  renderHarmonised,
  resolveEngine,
} from '@listinglens/engine';
import {
  EnhancementModel,
  type EnhancementInput,
  type EnhancementRequest,
  type EnhancementResult,
  type HarmonisationRequest,
} from '../ports/enhancement-model';

export interface InProcessEnhancementModelOptions {
  /** Default rendering when a request does not name one. Default 'listing' (the listing look, no learned weights). */
  engine?: EngineChoice;
  /** Model worker threads (one inference per core); defaults to the number of cores. */
  workers?: number;
  /**
   * Send low-light photos to the LOL-trained MAXIM model under 'learned' (its workers start only when a dark photo
   * arrives). Default true.
   */
  lowLightModel?: boolean;
  /** Enlarge outputs whose long side is below this (e.g. 2048); default off (output has the input's size). */
  minLongSide?: number;
}

/**
 * Runs the engine in this process: the listing look on the calling thread, the learned model in worker threads
 * that are started on the first photo that needs them and kept for the life of the process.
 */
@Injectable()
export class InProcessEnhancementModel extends EnhancementModel {
  readonly version = ENGINE_VERSION;
  private readonly engine: EngineChoice;
  private readonly workers: number | undefined;
  private readonly lowLightModel: boolean;
  private readonly minLongSide: number | undefined;
  private pool: MaximPool | null = null;
  private lowLightPool: MaximPool | null = null;
  private closed = false;

  constructor(options: InProcessEnhancementModelOptions = {}) {
    super();
    this.engine = options.engine ?? 'listing';
    this.workers = options.workers;
    this.lowLightModel = options.lowLightModel ?? true;
    this.minLongSide = options.minLongSide;
  }

  async enhance(input: EnhancementInput, options: EnhancementRequest = {}): Promise<EnhancementResult> {
    if (this.closed) throw new EnhancementError('MODEL_FAILED', 'The enhancement model has been closed.');
    const engine = options.engine ?? this.engine;
    const learned = resolveEngine(engine) === 'learned';
    if (learned) this.pool ??= new MaximPool({ workers: this.workers });
    // Constructing a pool starts no worker: the low-light model loads on the first dark photo only.
    if (learned && this.lowLightModel)
      this.lowLightPool ??= new MaximPool({ workers: this.workers, variant: 'enhancement' });
    return enhance(input, {
      engine,
      retoucher: learned ? (this.pool ?? undefined) : undefined,
      lowLightRetoucher: learned ? (this.lowLightPool ?? undefined) : undefined,
      minLongSide: this.minLongSide,
      look: options.look,
      adjustments: options.adjustments,
      correctVerticals: options.correctVerticals,
      harmonise: options.harmonise,
      privacyBlur: options.privacyBlur,
    });
  }

  async harmonise(enhanced: Buffer, request: HarmonisationRequest): Promise<HarmonisedOutputs> {
    if (this.closed) throw new EnhancementError('MODEL_FAILED', 'The enhancement model has been closed.');
    return renderHarmonised(enhanced, request);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([this.pool?.close(), this.lowLightPool?.close()]);
    this.pool = null;
    this.lowLightPool = null;
  }
}
