import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../config/app-config';
import { SendOwedEmail } from '../../notifications';
import { OrdersRepository } from '../persistence/orders.repository';
import { ReadyEmailThumbnails } from './ready-email-thumbnails';

/** The one "your photos are ready" email per completed order, sent at least once by notifications' SendOwedEmail. */
@Injectable()
export class SendPhotosReadyEmail {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrdersRepository,
    private readonly sendOwedEmail: SendOwedEmail,
    private readonly config: AppConfig,
    private readonly thumbnails: ReadyEmailThumbnails,
  ) {}

  async execute(orderId: string): Promise<void> {
    await this.sendOwedEmail.execute('photos-ready', orderId, async () => {
      const order = await this.orders.readyEmailFacts(this.dataSource.manager, orderId);
      if (!order) return null;
      return {
        to: order.email,
        email: {
          email: 'photos-ready',
          name: order.name,
          delivered: order.delivered,
          failed: order.failed,
          link: `${this.config.publicUrl}/gallery?order=${order.id}`,
          supportEmail: this.config.mail.supportEmail,
          thumbnails: await this.thumbnails.load(order.id),
        },
      };
    });
  }
}
