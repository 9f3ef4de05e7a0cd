import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainEvents } from '../../../shared/events/domain-events';
import { JobQueue } from '../../../shared/queue/job-queue';
import { Analytics } from '../../analytics';
import { OrdersRepository } from '../persistence/orders.repository';

/**
 * Completes a pending order once none of its photos is still waiting (completed or failed both count) and its photos
 * have been matched to one look, and queues the one "photos are ready" email. When only the matching is missing it
 * queues that instead. Safe to call after every photo and from the reconciler: the order completes once.
 */
@Injectable()
export class CompleteOrderIfDone {
  private readonly logger = new Logger('CompleteOrderIfDone');

  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrdersRepository,
    private readonly queue: JobQueue,
    private readonly analytics: Analytics,
    private readonly events: DomainEvents,
  ) {}

  async execute(orderId: string): Promise<boolean> {
    const order = await this.dataSource.transaction((tx) => this.orders.completeIfDone(tx, orderId));
    if (order === 'harmonise') {
      // This module's orders.harmonise job (HarmoniseOrder) completes the order once its look is rendered.
      // Not queued (Redis away): the reconciler finds the order done and queues it again.
      await this.queue
        .enqueue('orders.harmonise', { orderId }, { jobId: `harmonise-${orderId}` })
        .catch((err: unknown) => this.logger.warn(`Harmonisation of ${orderId} not queued yet: ${String(err)}`));
      return false;
    }
    if (!order) return false;
    this.logger.log(`Order ${orderId} completed`);
    await this.events.publish({
      type: 'order.completed',
      userId: order.userId,
      orderId,
      photosProcessed: order.photosProcessed,
    });
    await this.analytics.capture('Order Completion', String(order.userId), {
      orderId,
      packageId: order.packageType,
      photosProcessed: order.photosProcessed,
    });
    await this.queue
      .enqueue('orders.photos-ready', { orderId }, { jobId: `ready-${orderId}` })
      .catch((err: unknown) => this.logger.warn(`Ready email for ${orderId} not queued yet: ${String(err)}`));
    return true;
  }
}
