import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../config/app-config';
import { Mailer } from '../../notifications';
import { OrdersRepository } from '../persistence/orders.repository';

/** The one "your photos are ready" email per order: claimed in the database first, given back if sending fails. */
@Injectable()
export class SendPhotosReadyEmail {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrdersRepository,
    private readonly mailer: Mailer,
    private readonly config: AppConfig,
  ) {}

  async execute(orderId: string): Promise<void> {
    const order = await this.orders.claimReadyEmail(this.dataSource.manager, orderId);
    if (!order) return;
    const link = `${this.config.publicUrl}/gallery?order=${order.id}`;
    const lines = [
      `Hi${order.name ? ` ${order.name}` : ''},`,
      '',
      `Your ${order.delivered} enhanced photo${order.delivered === 1 ? ' is' : 's are'} ready.`,
      `View and download them here: ${link}`,
      '',
      'You can download them one by one or all at once as a zip. They are kept for 90 days.',
    ];
    if (order.failed > 0) {
      lines.push(
        '',
        `${order.failed} photo${order.failed === 1 ? '' : 's'} could not be enhanced; our team has been told and ` +
          `will be in touch. You can also reply to ${this.config.mail.supportEmail}.`,
      );
    }
    try {
      await this.mailer.send({ to: order.email, subject: 'Your enhanced photos are ready', text: lines.join('\n') });
    } catch (err) {
      await this.orders.releaseReadyEmail(this.dataSource.manager, orderId);
      throw err;
    }
  }
}
