import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrderEntity } from '../persistence/order.entity';
import { type PhotoEntity } from '../../photos';
import { orderNotFound } from '../domain/order-errors';

/** One of the caller's orders with its photos; another user's order is indistinguishable from a missing one. */
@Injectable()
export class GetOrder {
  constructor(private readonly dataSource: DataSource) {}

  async execute(userId: number, orderId: string): Promise<{ order: OrderEntity; photos: PhotoEntity[] }> {
    const order = await this.dataSource.getRepository(OrderEntity).findOneBy({ id: orderId, userId });
    if (!order) throw orderNotFound();
    // By entity name, not class: photos depends on orders (credits), so orders imports only photos' types.
    const photos = await this.dataSource
      .getRepository<PhotoEntity>('PhotoEntity')
      .find({ where: { orderId, userId }, order: { id: 'ASC' } });
    return { order, photos };
  }
}
