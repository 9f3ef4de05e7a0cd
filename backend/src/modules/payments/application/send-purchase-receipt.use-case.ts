import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../config/app-config';
import { queryRows } from '../../../shared/db/query-rows';
import { formatPrice, getPackage } from '../../packages';
import { Mailer, renderEmail } from '../../notifications';

interface ClaimedOrder {
  id: string;
  email: string;
  name: string | null;
  package_type: string;
  amount: number;
}

/** Emails the receipt for one order. The claim comes first, so concurrent runs send one email. */
@Injectable()
export class SendPurchaseReceipt {
  constructor(
    private readonly dataSource: DataSource,
    private readonly mailer: Mailer,
    private readonly config: AppConfig,
  ) {}

  async execute(orderId: string): Promise<void> {
    const [order] = await queryRows<ClaimedOrder>(
      this.dataSource,
      `UPDATE orders o SET receipt_sent_at = now() FROM users u
       WHERE o.id = $1 AND o.receipt_sent_at IS NULL AND u.id = o.user_id
       RETURNING o.id, u.email, u.name, o.package_type, o.amount`,
      [orderId],
    );
    if (!order) return;
    const pkg = getPackage(order.package_type as Parameters<typeof getPackage>[0]);
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
      await this.dataSource.query('UPDATE orders SET receipt_sent_at = NULL WHERE id = $1', [orderId]);
      throw err;
    }
  }
}
