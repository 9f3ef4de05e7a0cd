import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JobQueue } from '../../../shared/queue/job-queue';
import { UnfinishedWork, type UnfinishedWorkSource } from '../../../shared/reconcile/unfinished-work';
import { PhotosRepository } from '../persistence/photos.repository';

/** Enhancement's share of the reconciler: every uploaded photo of a pending order gets its job queued again. */
@Injectable()
@UnfinishedWork('enhancement')
export class RequeueUnfinishedEnhancements implements UnfinishedWorkSource {
  constructor(
    private readonly dataSource: DataSource,
    private readonly photos: PhotosRepository,
    private readonly queue: JobQueue,
  ) {}

  async requeue(): Promise<Record<string, number>> {
    const ids = await this.photos.awaitingEnhancement(this.dataSource.manager);
    for (const id of ids) await this.queue.enqueue('photos.enhance', { photoId: id }, { jobId: `photo-${id}` });
    return { photos: ids.length };
  }
}
