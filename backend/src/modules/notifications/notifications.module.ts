import { Module } from '@nestjs/common';
import path from 'node:path';
import { AppConfig } from '../../config/app-config';
import { OutboxMailer } from './adapters/outbox.mailer';
import { SmtpMailer } from './adapters/smtp.mailer';
import { SendOwedEmail } from './application/send-owed-email.use-case';
import { EmailDeliveriesRepository } from './persistence/email-deliveries.repository';
import { Mailer } from './ports/mailer';

/**
 * Provides {@link Mailer}: SMTP when `SMTP_URL` is set, else the `.eml` outbox under `DATA_DIR/outbox`. Modules that
 * send mail import this module; Nest builds its one Mailer once for all of them. Nothing connects until the first
 * email (nodemailer opens connections on send). It needs no database, so the sign-in link and the contact form
 * send without one.
 */
@Module({
  providers: [
    {
      provide: Mailer,
      inject: [AppConfig],
      useFactory: (config: AppConfig): Mailer =>
        config.mail.smtpUrl
          ? new SmtpMailer(config.mail.smtpUrl, config.mail.from)
          : new OutboxMailer(path.join(config.dataDir, 'outbox'), config.mail.from),
    },
  ],
  exports: [Mailer],
})
export class NotificationsModule {}

/**
 * Provides {@link SendOwedEmail} (and its email_deliveries table) to the modules whose orders are owed an email:
 * orders (photos ready), payments (receipt), retention (purge reminder).
 */
@Module({
  imports: [NotificationsModule],
  providers: [EmailDeliveriesRepository, SendOwedEmail],
  exports: [SendOwedEmail],
})
export class OwedEmailsModule {}
