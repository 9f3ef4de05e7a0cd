import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type OrderEntity } from '../persistence/order.entity';
import { OrdersRepository } from '../persistence/orders.repository';

/** The caller's orders, newest first. */
@Injectable()
export class ListOrders {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrdersRepository,
  ) {}

  execute(userId: number): Promise<OrderEntity[]> {
    return this.orders.listOwned(this.dataSource.manager, userId);
  }
}
