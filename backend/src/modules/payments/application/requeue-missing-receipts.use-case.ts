import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JobQueue } from '../../../shared/queue/job-queue';
import { UnfinishedWork, type UnfinishedWorkSource } from '../../../shared/reconcile/unfinished-work';
import { OrderReceipts } from '../../orders';

/**
 * Payments' share of the reconciler: a purchase made while the queue was down, or whose receipt's sender died
 * mid-send (its lease ran out), still gets its receipt (recent ones only: a receipt weeks late would confuse more
 * than it confirms).
 */
@Injectable()
@UnfinishedWork('payments')
export class RequeueMissingReceipts implements UnfinishedWorkSource {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrderReceipts,
    private readonly queue: JobQueue,
  ) {}

  async requeue(): Promise<Record<string, number>> {
    const ids = await this.orders.recentWithoutReceipt(this.dataSource.manager);
    for (const id of ids) {
      await this.queue.enqueue('payments.purchase-receipt', { orderId: id }, { jobId: `receipt-${id}` });
    }
    return { receipts: ids.length };
  }
}
