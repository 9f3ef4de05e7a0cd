import { Injectable } from '@nestjs/common';
import { OrdersRepository } from '../persistence/orders.repository';

/** What payments reads of an order: the order a payment created, what its receipt says, the receipts still owed. */
@Injectable()
export class OrderReceipts {
  constructor(private readonly repository: OrdersRepository) {}

  findByPaymentIntent(
    ...args: Parameters<OrdersRepository['findByPaymentIntent']>
  ): ReturnType<OrdersRepository['findByPaymentIntent']> {
    return this.repository.findByPaymentIntent(...args);
  }

  receiptFacts(...args: Parameters<OrdersRepository['receiptFacts']>): ReturnType<OrdersRepository['receiptFacts']> {
    return this.repository.receiptFacts(...args);
  }

  recentWithoutReceipt(
    ...args: Parameters<OrdersRepository['recentWithoutReceipt']>
  ): ReturnType<OrdersRepository['recentWithoutReceipt']> {
    return this.repository.recentWithoutReceipt(...args);
  }
}
