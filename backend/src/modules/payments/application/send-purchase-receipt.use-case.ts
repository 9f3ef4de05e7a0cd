import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../config/app-config';
import { formatPrice, getPackage } from '../../packages';
import { Mailer, renderEmail } from '../../notifications';
import { OrdersRepository } from '../../orders';

/** Emails the receipt for one order. The claim comes first, so concurrent runs send one email. */
@Injectable()
export class SendPurchaseReceipt {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrdersRepository,
    private readonly mailer: Mailer,
    private readonly config: AppConfig,
  ) {}

  async execute(orderId: string): Promise<void> {
    const order = await this.orders.claimReceipt(this.dataSource.manager, orderId);
    if (!order) return;
    const pkg = getPackage(order.packageType as Parameters<typeof getPackage>[0]);
    const link = `${this.config.publicUrl}/order?order=${order.id}`;
    try {
      const email = await renderEmail({
        email: 'purchase-receipt',
        name: order.name,
        packageName: pkg.name,
        photos: pkg.photos,
        price: formatPrice(order.amount),
        orderId: order.id,
        link,
      });
      await this.mailer.send({ to: order.email, ...email });
    } catch (err) {
      // Give the claim back so the job's retry can send it.
      await this.orders.releaseReceipt(this.dataSource.manager, orderId);
      throw err;
    }
  }
}
