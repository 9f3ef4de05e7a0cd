import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { OrderEntity } from '../persistence/order.entity';

/** The caller's orders, newest first. */
@Injectable()
export class ListOrders {
  constructor(@InjectRepository(OrderEntity) private readonly orders: Repository<OrderEntity>) {}

  execute(userId: number): Promise<OrderEntity[]> {
    return this.orders.find({ where: { userId }, order: { createdAt: 'DESC', id: 'ASC' }, take: 500 });
  }
}
