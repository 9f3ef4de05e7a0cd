import { Injectable } from '@nestjs/common';
import { OrdersRepository } from '../persistence/orders.repository';

/**
 * A host's order as the photos module reads it: found for its owner, or locked for the rest of the caller's
 * transaction (an adjustment is decided under the order's row lock, so it takes the caller's EntityManager).
 */
@Injectable()
export class OwnedOrders {
  constructor(private readonly repository: OrdersRepository) {}

  findOwned(...args: Parameters<OrdersRepository['findOwned']>): ReturnType<OrdersRepository['findOwned']> {
    return this.repository.findOwned(...args);
  }

  lockOwned(...args: Parameters<OrdersRepository['lockOwned']>): ReturnType<OrdersRepository['lockOwned']> {
    return this.repository.lockOwned(...args);
  }
}
