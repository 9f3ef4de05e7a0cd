import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BadRequestError } from '../../../shared/errors/app-error';
import { JobQueue } from '../../../shared/queue/job-queue';
import { PhotosRepository } from '../persistence/photos.repository';

/** Re-queues the caller's photos that are still waiting (`POST /api/photos/process`); others are ignored. */
@Injectable()
export class QueuePhotoProcessing {
  constructor(
    private readonly dataSource: DataSource,
    private readonly photos: PhotosRepository,
    private readonly queue: JobQueue,
  ) {}

  async execute(userId: number, photoIds: number[], orderId?: string): Promise<{ queued: number[] }> {
    const ids = await this.photos.waitingOfOwner(this.dataSource.manager, userId, photoIds, orderId);
    if (ids.length === 0) throw new BadRequestError('NO_PHOTOS_TO_PROCESS', 'No photos to process');
    for (const id of ids) await this.queue.enqueue('photos.enhance', { photoId: id }, { jobId: `photo-${id}` });
    return { queued: ids };
  }
}
