import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BadRequestError } from '../../../shared/errors/app-error';
import { JobQueue } from '../../../shared/queue/job-queue';

/** Re-queues the caller's photos that are still waiting (`POST /api/photos/process`); others are ignored. */
@Injectable()
export class QueuePhotoProcessing {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
  ) {}

  async execute(userId: number, photoIds: number[], orderId?: string): Promise<{ queued: number[] }> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT p.id FROM photos p JOIN orders o ON o.id = p.order_id
       WHERE p.user_id = $1 AND p.id = ANY($2::int[]) AND p.status = 'uploaded' AND o.status = 'pending'
         AND ($3::text IS NULL OR p.order_id = $3)
       ORDER BY p.id`,
      [userId, photoIds, orderId ?? null],
    );
    if (rows.length === 0) throw new BadRequestError('NO_PHOTOS_TO_PROCESS', 'No photos to process');
    for (const r of rows) await this.queue.enqueue('photos.enhance', { photoId: r.id }, { jobId: `photo-${r.id}` });
    return { queued: rows.map((r) => r.id) };
  }
}
