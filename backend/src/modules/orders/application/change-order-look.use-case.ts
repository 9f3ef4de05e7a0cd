import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type AdjustmentStyle } from '@listinglens/contracts';
import { orderLookFixed, orderNotFound } from '../domain/order-errors';
import { type OrderEntity } from '../persistence/order.entity';
import { OrdersRepository } from '../persistence/orders.repository';

/**
 * A host changes the look chosen at purchase while nothing has been uploaded yet. Once a photo is uploaded it is
 * enhanced in the look at once, and one order is one look: the look then stays (each photo can still be adjusted).
 */
@Injectable()
export class ChangeOrderLook {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrdersRepository,
  ) {}

  async execute(userId: number, orderId: string, look: AdjustmentStyle): Promise<OrderEntity> {
    const tx = this.dataSource.manager;
    const changed = await this.orders.changeLookBeforeUpload(tx, userId, orderId, look);
    if (changed) return changed;
    if (!(await this.orders.findOwned(tx, userId, orderId))) throw orderNotFound();
    throw orderLookFixed();
  }
}
