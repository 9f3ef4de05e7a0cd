import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrdersRepository, type OrderSummary } from '../persistence/orders.repository';

/** The caller's orders, newest first. */
@Injectable()
export class ListOrders {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrdersRepository,
  ) {}

  execute(userId: number): Promise<OrderSummary[]> {
    return this.orders.listOwned(this.dataSource.manager, userId);
  }
}
