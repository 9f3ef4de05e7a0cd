import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JobQueue } from '../../../shared/queue/job-queue';
import { CompleteOrderIfDone } from '../../orders';

/**
 * The database is the source of truth: whatever it says is unfinished is queued again (job ids make that a no-op
 * for work already queued). A lost message, a killed worker or a restarted Redis never strands an order.
 */
@Injectable()
export class ReconcileUnfinishedWork {
  private readonly logger = new Logger('Reconciler');

  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
    private readonly completeOrderIfDone: CompleteOrderIfDone,
  ) {}

  async execute(): Promise<{ photos: number; orders: number; emails: number; receipts: number }> {
    const photos: { id: number }[] = await this.dataSource.query(
      `SELECT p.id FROM photos p JOIN orders o ON o.id = p.order_id
       WHERE p.status = 'uploaded' AND o.status = 'pending' ORDER BY p.id LIMIT 5000`,
    );
    for (const p of photos) await this.queue.enqueue('photos.enhance', { photoId: p.id }, { jobId: `photo-${p.id}` });

    const stuck: { id: string }[] = await this.dataSource.query(
      `SELECT o.id FROM orders o WHERE o.status = 'pending'
       AND NOT EXISTS (SELECT 1 FROM photos p WHERE p.order_id = o.id AND p.status = 'uploaded') LIMIT 1000`,
    );
    let orders = 0;
    for (const o of stuck) if (await this.completeOrderIfDone.execute(o.id)) orders++;

    const unmailed: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM orders WHERE status = 'completed' AND ready_email_sent_at IS NULL AND purged_at IS NULL LIMIT 1000`,
    );
    for (const o of unmailed) {
      await this.queue.enqueue('orders.photos-ready', { orderId: o.id }, { jobId: `ready-${o.id}` });
    }

    // A purchase made while the queue was down still gets its receipt (recent ones only: a receipt weeks late
    // would confuse more than it confirms).
    const unreceipted: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM orders WHERE receipt_sent_at IS NULL AND created_at > now() - interval '2 days' LIMIT 1000`,
    );
    for (const o of unreceipted) {
      await this.queue.enqueue('payments.purchase-receipt', { orderId: o.id }, { jobId: `receipt-${o.id}` });
    }
    const summary = { photos: photos.length, orders, emails: unmailed.length, receipts: unreceipted.length };
    if (summary.photos + summary.orders + summary.emails + summary.receipts > 0)
      this.logger.log(`Re-queued ${JSON.stringify(summary)}`);
    return summary;
  }
}
