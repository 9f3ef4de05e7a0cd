import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../config/app-config';
import { SendOwedEmail } from '../../notifications';
import { OrderRetention } from '../../orders';
import { formatPurgeDate, purgeCutoff, purgeDate, reminderCutoff, RETENTION_DAYS } from '../domain/retention-policy';

// Orders entering the reminder window in one day; any left over are reminded by the next day's run.
const MAX_REMINDERS_PER_RUN = 1000;

/**
 * Tells each host once, in the last 7 days before an order's photos are purged, to download them, through
 * notifications' SendOwedEmail: concurrent runs send one; a failed send is left for the next day's run, and one
 * whose process died is resumed by retention's reconciler once its lease runs out.
 */
@Injectable()
export class SendPurgeReminders {
  private readonly logger = new Logger('RetentionReminders');

  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrderRetention,
    private readonly sendOwedEmail: SendOwedEmail,
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
        if (await this.remind(id)) sent++;
      } catch (err) {
        this.logger.warn(`Purge reminder for order ${id} not sent, the next run tries again: ${String(err)}`);
      }
    }
    if (sent > 0) this.logger.log(`Sent ${sent} purge reminder(s)`);
    return sent;
  }

  /**
   * Reminds again the orders whose reminder was being sent by a process that died (its lease ran out), rather than
   * leave them to the next day's run; the number sent.
   */
  async resumeInterrupted(): Promise<number> {
    let sent = 0;
    for (const id of await this.sendOwedEmail.interrupted('purge-reminder')) {
      try {
        if (await this.remind(id)) sent++;
      } catch (err) {
        this.logger.warn(`Purge reminder for order ${id} not sent, the next run tries again: ${String(err)}`);
      }
    }
    if (sent > 0) this.logger.log(`Sent ${sent} interrupted purge reminder(s)`);
    return sent;
  }

  private remind(orderId: string): Promise<boolean> {
    return this.sendOwedEmail.execute('purge-reminder', orderId, async () => {
      const order = await this.orders.purgeReminderFacts(this.dataSource.manager, orderId);
      if (!order) return null;
      return {
        to: order.email,
        email: {
          email: 'purge-reminder',
          name: order.name,
          photos: order.photos,
          orderId: order.id,
          deletedOn: formatPurgeDate(purgeDate(order.completedAt)),
          retentionDays: RETENTION_DAYS,
          link: `${this.config.publicUrl}/order?order=${order.id}`,
        },
      };
    });
  }
}
