import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JobQueue } from '../../../shared/queue/job-queue';
import { UnfinishedWork, type UnfinishedWorkSource } from '../../../shared/reconcile/unfinished-work';
import { OrdersRepository } from '../persistence/orders.repository';
import { CompleteOrderIfDone } from './complete-order-if-done.use-case';

/**
 * Orders' share of the reconciler: a pending order whose last photo finished while its completion was lost is
 * completed, and a completed order still without its "photos are ready" email (never sent, or its sender died
 * mid-send and its lease ran out) gets the email queued again.
 */
@Injectable()
@UnfinishedWork('orders')
export class RequeueUnfinishedOrders implements UnfinishedWorkSource {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrdersRepository,
    private readonly completeOrderIfDone: CompleteOrderIfDone,
    private readonly queue: JobQueue,
  ) {}

  async requeue(): Promise<Record<string, number>> {
    let completed = 0;
    for (const id of await this.orders.pendingWithNothingWaiting(this.dataSource.manager)) {
      if (await this.completeOrderIfDone.execute(id)) completed++;
    }
    const unmailed = await this.orders.completedWithoutReadyEmail(this.dataSource.manager);
    for (const id of unmailed)
      await this.queue.enqueue('orders.photos-ready', { orderId: id }, { jobId: `ready-${id}` });
    return { orders: completed, emails: unmailed.length };
  }
}
