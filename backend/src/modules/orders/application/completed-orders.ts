import { Injectable } from '@nestjs/common';
import { OrdersRepository } from '../persistence/orders.repository';

/** Orders completed since a moment (webhooks' reconciler: completions never announced). */
@Injectable()
export class CompletedOrders {
  constructor(private readonly repository: OrdersRepository) {}

  completedSince(
    ...args: Parameters<OrdersRepository['completedSince']>
  ): ReturnType<OrdersRepository['completedSince']> {
    return this.repository.completedSince(...args);
  }
}
