import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../config/app-config';
import { formatPrice, getPackage } from '../../packages';
import { SendOwedEmail } from '../../notifications';
import { OrderReceipts } from '../../orders';

/** Emails the receipt for one order, at least once and, concurrent runs included, once (notifications' SendOwedEmail). */
@Injectable()
export class SendPurchaseReceipt {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrderReceipts,
    private readonly sendOwedEmail: SendOwedEmail,
    private readonly config: AppConfig,
  ) {}

  async execute(orderId: string): Promise<void> {
    await this.sendOwedEmail.execute('purchase-receipt', orderId, async () => {
      const order = await this.orders.receiptFacts(this.dataSource.manager, orderId);
      if (!order) return null;
      const pkg = getPackage(order.packageType as Parameters<typeof getPackage>[0]);
      return {
        to: order.email,
        email: {
          email: 'purchase-receipt',
          name: order.name,
          packageName: pkg.name,
          photos: pkg.photos,
          price: formatPrice(order.amount),
          orderId: order.id,
          link: `${this.config.publicUrl}/order?order=${order.id}`,
        },
      };
    });
  }
}
