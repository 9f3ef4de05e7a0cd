import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../config/app-config';
import { type OwedEmailKind, owedMessageId } from '../domain/owed-email';
import { EmailDeliveriesRepository } from '../persistence/email-deliveries.repository';
import { Mailer } from '../ports/mailer';
import { type Email, renderEmail } from './render-email';

/** What an owed email says and to whom; null when the order no longer owes it (not completed, purged). */
export type OwedEmailContent = { to: string; email: Email } | null;

// Leases a reconciler pass takes over at most; the rest wait for the next pass.
const MAX_EXPIRED_PER_PASS = 1000;

/**
 * Sends an email an order is owed (receipt, photos ready, purge reminder) at least once, whatever process dies
 * when. It leases the email in email_deliveries (concurrent runs send one), reads and renders it, sends it with its
 * order's stable Message-ID and records it accepted once the SMTP server said so; a send that throws ends the lease
 * at once. A process killed mid-send holds its lease until it runs out (MAIL_LEASE_SECONDS); then the owning
 * module's reconciler, or its next run, sends it. The only copy sent twice is one whose acceptance the dead process
 * never recorded, and it carries the same Message-ID as the first.
 */
@Injectable()
export class SendOwedEmail {
  private readonly logger = new Logger('OwedEmails');

  constructor(
    private readonly dataSource: DataSource,
    private readonly deliveries: EmailDeliveriesRepository,
    private readonly mailer: Mailer,
    private readonly config: AppConfig,
  ) {}

  /**
   * Sends the order's email of this kind unless it went out already or another process is sending it; true when
   * this call sent it. `content` is read after the lease is taken, so it is what the email says now.
   */
  async execute(kind: OwedEmailKind, orderId: string, content: () => Promise<OwedEmailContent>): Promise<boolean> {
    const tx = this.dataSource.manager;
    const messageId = owedMessageId(kind, orderId, this.config.mail.from);
    const lease = await this.deliveries.lease(tx, kind, orderId, messageId, this.config.mail.leaseMs);
    if (!lease) return false;
    // Operators see a take-over: the attempt before it failed or its process died mid-send.
    if (lease.attempt > 1) this.logger.log(`${kind} email of order ${orderId}: attempt ${lease.attempt}`);
    try {
      const owed = await content();
      if (!owed) {
        await this.deliveries.release(tx, kind, orderId);
        return false;
      }
      const email = await renderEmail(owed.email);
      await this.mailer.send({ to: owed.to, ...email, messageId: lease.messageId });
    } catch (err) {
      await this.deliveries.release(tx, kind, orderId);
      throw err;
    }
    await this.deliveries.accept(tx, kind, orderId);
    return true;
  }

  /** Orders whose email of this kind was being sent by a process that died: their lease ran out unaccepted. */
  interrupted(kind: OwedEmailKind): Promise<string[]> {
    return this.deliveries.expired(this.dataSource.manager, kind, MAX_EXPIRED_PER_PASS);
  }
}
