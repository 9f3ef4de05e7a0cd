import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrderEntity, PhotoEntity } from '../../../shared/db/entities';
import { ConflictError } from '../../../shared/errors/app-error';
import { canMoveOrder, type OrderStatus } from '../domain/order-status';
import { lockOwnedOrder } from './lock-owned-order';

/** PATCH of an order's status, allowed only where the photos already justify it. */
@Injectable()
export class UpdateOrderStatus {
  constructor(private readonly dataSource: DataSource) {}

  async execute(userId: number, orderId: string, target: OrderStatus): Promise<OrderEntity> {
    return this.dataSource.transaction(async (em) => {
      const order = await lockOwnedOrder(em, userId, orderId);
      const photos = await em.getRepository(PhotoEntity).find({ where: { orderId }, select: { status: true } });
      const progress = {
        status: order.status,
        photosRemaining: order.photosRemaining,
        photoStates: photos.map((p) => p.status),
      };
      if (!canMoveOrder(progress, target)) {
        throw new ConflictError('ORDER_STATUS_CONFLICT', `This order cannot be moved to ${target} yet.`);
      }
      if (order.status !== target) {
        order.status = target;
        if (target === 'completed') order.completedAt = new Date();
        await em.getRepository(OrderEntity).save(order);
      }
      return order;
    });
  }
}
