import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../config/app-config';
import { Mailer, renderEmail } from '../../notifications';
import { OrdersRepository } from '../persistence/orders.repository';
import { ReadyEmailThumbnails } from './ready-email-thumbnails';

/** The one "your photos are ready" email per order: claimed in the database first, given back if sending fails. */
@Injectable()
export class SendPhotosReadyEmail {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrdersRepository,
    private readonly mailer: Mailer,
    private readonly config: AppConfig,
    private readonly thumbnails: ReadyEmailThumbnails,
  ) {}

  async execute(orderId: string): Promise<void> {
    const order = await this.orders.claimReadyEmail(this.dataSource.manager, orderId);
    if (!order) return;
    const link = `${this.config.publicUrl}/gallery?order=${order.id}`;
    try {
      const email = await renderEmail({
        email: 'photos-ready',
        name: order.name,
        delivered: order.delivered,
        failed: order.failed,
        link,
        supportEmail: this.config.mail.supportEmail,
        thumbnails: await this.thumbnails.load(order.id),
      });
      await this.mailer.send({ to: order.email, ...email });
    } catch (err) {
      await this.orders.releaseReadyEmail(this.dataSource.manager, orderId);
      throw err;
    }
  }
}
