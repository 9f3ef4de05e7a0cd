import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from '../../../shared/db/query-rows';
import { JobQueue } from '../../../shared/queue/job-queue';
import { Analytics } from '../../analytics/ports/analytics';

/**
 * Completes a pending order once none of its photos is still waiting (completed or failed both count), and queues
 * the one "photos are ready" email. Safe to call after every photo and from the reconciler: the status update only
 * matches once.
 */
@Injectable()
export class CompleteOrderIfDone {
  private readonly logger = new Logger('CompleteOrderIfDone');

  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
    private readonly analytics: Analytics,
  ) {}

  async execute(orderId: string): Promise<boolean> {
    const completed = await queryRows<{ id: string; user_id: number; package_type: string; photos_processed: number }>(
      this.dataSource,
      `UPDATE orders SET status = 'completed', completed_at = now()
       WHERE id = $1 AND status = 'pending'
         AND NOT EXISTS (SELECT 1 FROM photos WHERE order_id = $1 AND status = 'uploaded')
       RETURNING id, user_id, package_type,
         (SELECT count(*) FROM photos WHERE order_id = $1 AND status = 'completed')::int AS photos_processed`,
      [orderId],
    );
    if (completed.length === 0) return false;
    this.logger.log(`Order ${orderId} completed`);
    const [order] = completed;
    await this.analytics.capture('Order Completion', String(order.user_id), {
      orderId,
      packageId: order.package_type,
      photosProcessed: order.photos_processed,
    });
    await this.queue
      .enqueue('orders.photos-ready', { orderId }, { jobId: `ready-${orderId}` })
      .catch((err: unknown) => this.logger.warn(`Ready email for ${orderId} not queued yet: ${String(err)}`));
    return true;
  }
}
