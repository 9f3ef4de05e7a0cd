import { Injectable } from '@nestjs/common';
import { AdjustmentsRepository } from '../persistence/adjustments.repository';

/** What enhancement reads and moves of a host's adjustment while rendering it, and the adjustments still queued. */
@Injectable()
export class AdjustmentRendering {
  constructor(private readonly repository: AdjustmentsRepository) {}

  findById(...args: Parameters<AdjustmentsRepository['findById']>): ReturnType<AdjustmentsRepository['findById']> {
    return this.repository.findById(...args);
  }

  countAttempt(
    ...args: Parameters<AdjustmentsRepository['countAttempt']>
  ): ReturnType<AdjustmentsRepository['countAttempt']> {
    return this.repository.countAttempt(...args);
  }

  finish(...args: Parameters<AdjustmentsRepository['finish']>): ReturnType<AdjustmentsRepository['finish']> {
    return this.repository.finish(...args);
  }

  queuedIds(...args: Parameters<AdjustmentsRepository['queuedIds']>): ReturnType<AdjustmentsRepository['queuedIds']> {
    return this.repository.queuedIds(...args);
  }
}
