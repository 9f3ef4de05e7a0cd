import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type OrderEntity } from '../persistence/order.entity';
import { OrdersRepository } from '../persistence/orders.repository';
import { type PhotoEntity } from '../../photos';
import { orderNotFound } from '../domain/order-errors';

/** One of the caller's orders with its photos; another user's order is indistinguishable from a missing one. */
@Injectable()
export class GetOrder {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrdersRepository,
  ) {}

  async execute(userId: number, orderId: string): Promise<{ order: OrderEntity; photos: PhotoEntity[] }> {
    const order = await this.orders.findOwned(this.dataSource.manager, userId, orderId);
    if (!order) throw orderNotFound();
    return { order, photos: await this.orders.photosOf(this.dataSource.manager, userId, orderId) };
  }
}
