import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type OrderEntity } from '../persistence/order.entity';
import { orderStatusConflict } from '../domain/order-errors';
import { canMoveOrder, type OrderStatus } from '../domain/order-status';
import { OrdersRepository } from '../persistence/orders.repository';

/** PATCH of an order's status, allowed only where the photos already justify it. */
@Injectable()
export class UpdateOrderStatus {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrdersRepository,
  ) {}

  async execute(userId: number, orderId: string, target: OrderStatus): Promise<OrderEntity> {
    return this.dataSource.transaction(async (tx) => {
      const order = await this.orders.lockOwned(tx, userId, orderId);
      const photoStates = await this.orders.photoStates(tx, orderId);
      const progress = { status: order.status, photosRemaining: order.photosRemaining, photoStates };
      if (!canMoveOrder(progress, target)) throw orderStatusConflict(target);
      if (order.status !== target) await this.orders.setStatus(tx, order, target);
      return order;
    });
  }
}
