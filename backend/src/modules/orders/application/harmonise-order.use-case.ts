import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { Analytics } from '../../analytics';
import { OrdersRepository } from '../persistence/orders.repository';
import { OrderLook } from '../ports/order-look';
import { CompleteOrderIfDone } from './complete-order-if-done.use-case';

/**
 * An order's step between its last photo and its completion: its delivered photos are rendered to one look within
 * the look the host chose (the OrderLook port, which photos provides), the number matched is recorded on the order, and the order completes.
 * Idempotent: an order already harmonised, or no longer pending, is left as it is; storage and database outages are
 * retried (the reconciler queues the order again).
 */
@Injectable()
export class HarmoniseOrder implements OnModuleInit {
  private readonly logger = new Logger('HarmoniseOrder');
  private look?: OrderLook;

  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrdersRepository,
    private readonly completeOrderIfDone: CompleteOrderIfDone,
    private readonly analytics: Analytics,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** The photos module provides OrderLook; found across the application once at boot, like auth's OrderHistory. */
  onModuleInit(): void {
    this.look = this.moduleRef.get(OrderLook, { strict: false });
  }

  async execute(orderId: string): Promise<void> {
    if (!this.look) throw new Error('OrderLook is not provided (the photos module provides it)');
    const style = await this.orders.awaitsHarmonisation(this.dataSource.manager, orderId);
    if (!style) return;
    const look = await this.look.render(orderId, style);
    // Recorded before the order completes: the host's funnel reads harmonised, then completed, and whoever sees the
    // order completed sees this event too.
    if (look.userId !== undefined && look.planned) {
      await this.analytics.capture('Order Harmonised', String(look.userId), {
        orderId,
        matched: look.matched,
        corrected: look.corrected,
      });
    }
    await this.orders.markHarmonised(this.dataSource.manager, orderId, look.planned ? look.matched : 0);
    await this.completeOrderIfDone.execute(orderId);
    this.logger.log(`Order ${orderId} harmonised: ${look.matched} photos matched, ${look.corrected} corrected`);
  }
}
