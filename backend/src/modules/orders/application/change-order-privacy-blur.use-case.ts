import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { orderNotFound } from '../domain/order-errors';
import { type OrderEntity } from '../persistence/order.entity';
import { OrdersRepository } from '../persistence/orders.repository';

/**
 * A host turns the order's privacy blur on or off. Photos enhanced after the change follow it; a photo already
 * delivered keeps what it was made with until the host has it made again (the photos module's per-photo choice).
 */
@Injectable()
export class ChangeOrderPrivacyBlur {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrdersRepository,
  ) {}

  async execute(userId: number, orderId: string, privacyBlur: boolean): Promise<OrderEntity> {
    const changed = await this.orders.setPrivacyBlur(this.dataSource.manager, userId, orderId, privacyBlur);
    if (!changed) throw orderNotFound();
    return changed;
  }
}
