import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../config/app-config';
import { Mailer, renderEmail } from '../../notifications';
import { OrdersRepository } from '../../orders';
import { formatPurgeDate, purgeCutoff, purgeDate, reminderCutoff, RETENTION_DAYS } from '../domain/retention-policy';

// Orders entering the reminder window in one day; any left over are reminded by the next day's run.
const MAX_REMINDERS_PER_RUN = 1000;

/**
 * Tells each host once, in the last 7 days before an order's photos are purged, to download them. Each order is
 * claimed in the database before its email goes, so concurrent runs send one; a failed send gives the claim back
 * for the next day's run.
 */
@Injectable()
export class SendPurgeReminders {
  private readonly logger = new Logger('RetentionReminders');

  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrdersRepository,
    private readonly mailer: Mailer,
    private readonly config: AppConfig,
  ) {}

  /** The number of reminders sent; `signal` stops between two orders (shutdown), leaving the rest for the next run. */
  async execute(now: Date, signal?: AbortSignal): Promise<number> {
    // Only orders with something to download: a reminder about an order whose photos all failed would confuse.
    const due = await this.orders.dueForPurgeReminder(
      this.dataSource.manager,
      purgeCutoff(now),
      reminderCutoff(now),
      MAX_REMINDERS_PER_RUN,
    );
    let sent = 0;
    for (const id of due) {
      if (signal?.aborted) break;
      try {
        if (await this.remind(id, now)) sent++;
      } catch (err) {
        this.logger.warn(`Purge reminder for order ${id} not sent, the next run tries again: ${String(err)}`);
      }
    }
    if (sent > 0) this.logger.log(`Sent ${sent} purge reminder(s)`);
    return sent;
  }

  private async remind(orderId: string, now: Date): Promise<boolean> {
    const order = await this.orders.claimPurgeReminder(this.dataSource.manager, orderId, now);
    if (!order) return false;
    const deletedOn = formatPurgeDate(purgeDate(order.completedAt));
    const link = `${this.config.publicUrl}/order?order=${order.id}`;
    try {
      const email = await renderEmail({
        email: 'purge-reminder',
        name: order.name,
        photos: order.photos,
        orderId: order.id,
        deletedOn,
        retentionDays: RETENTION_DAYS,
        link,
      });
      await this.mailer.send({ to: order.email, ...email });
    } catch (err) {
      await this.orders.releasePurgeReminder(this.dataSource.manager, orderId);
      throw err;
    }
    return true;
  }
}
