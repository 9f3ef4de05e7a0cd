import { Injectable } from '@nestjs/common';
import { ENGINE_VERSION, EnhancementError, enhance, type EngineChoice } from '../engine';
import { MaximPool } from '../engine/learned/maxim-pool';
import { EnhancementModel, type EnhancementRequest, type EnhancementResult } from '../ports/enhancement-model';

export interface InProcessEnhancementModelOptions {
  /** Default pipeline when a request does not name one. Default 'auto'. */
  engine?: EngineChoice;
  /** Model worker threads (one inference per core); defaults to the number of cores. */
  workers?: number;
}

/**
 * Runs the engine in this process: classical stages on the calling thread, the learned model in worker threads
 * that are started on the first photo that needs them and kept for the life of the process.
 */
@Injectable()
export class InProcessEnhancementModel extends EnhancementModel {
  readonly version = ENGINE_VERSION;
  private readonly engine: EngineChoice;
  private readonly workers: number | undefined;
  private pool: MaximPool | null = null;
  private closed = false;

  constructor(options: InProcessEnhancementModelOptions = {}) {
    super();
    this.engine = options.engine ?? 'auto';
    this.workers = options.workers;
  }

  async enhance(input: Buffer, options: EnhancementRequest = {}): Promise<EnhancementResult> {
    if (this.closed) throw new EnhancementError('MODEL_FAILED', 'The enhancement model has been closed.');
    const engine = options.engine ?? this.engine;
    if (engine !== 'classic') this.pool ??= new MaximPool({ workers: this.workers });
    return enhance(input, { engine, retoucher: engine === 'classic' ? undefined : (this.pool ?? undefined) });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pool?.close();
    this.pool = null;
  }
}
