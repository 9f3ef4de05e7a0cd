import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrdersRepository } from '../persistence/orders.repository';
import { CompleteOrderIfDone } from './complete-order-if-done.use-case';

/**
 * The end of an order's harmonisation: records how many photos were matched (null when it could not be done, so
 * the host is not told it was) and completes the order. Idempotent: a repeated call records nothing new.
 */
@Injectable()
export class MarkOrderHarmonised {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrdersRepository,
    private readonly completeOrderIfDone: CompleteOrderIfDone,
  ) {}

  async execute(orderId: string, photosMatched: number | null): Promise<void> {
    await this.orders.markHarmonised(this.dataSource.manager, orderId, photosMatched);
    await this.completeOrderIfDone.execute(orderId);
  }
}
