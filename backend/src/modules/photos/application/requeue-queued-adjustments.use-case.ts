import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JobQueue } from '../../../shared/queue/job-queue';
import { UnfinishedWork, type UnfinishedWorkSource } from '../../../shared/reconcile/unfinished-work';
import { AdjustmentsRepository } from '../persistence/adjustments.repository';

/** Adjustments' share of the reconciler: every queued adjustment gets its job queued again (same job id: once). */
@Injectable()
@UnfinishedWork('adjustments')
export class RequeueQueuedAdjustments implements UnfinishedWorkSource {
  constructor(
    private readonly dataSource: DataSource,
    private readonly adjustments: AdjustmentsRepository,
    private readonly queue: JobQueue,
  ) {}

  async requeue(): Promise<Record<string, number>> {
    const ids = await this.adjustments.queuedIds(this.dataSource.manager);
    for (const id of ids)
      await this.queue.enqueue('photos.adjust', { adjustmentId: id }, { jobId: `adjustment-${id}` });
    return { adjustments: ids.length };
  }
}
