import { type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { Mailer, type MailMessage } from '../ports/mailer';
import { inlineAttachments } from './inline-attachments';

// A send fails within about 3 minutes in all (connect, greeting, then a server silent for 2 minutes), well inside
// the owed emails' lease (MAIL_LEASE_SECONDS, 600 by default), so a slow send is not taken over mid-way.
// Nodemailer's own socket timeout is 10 minutes.
const CONNECTION_TIMEOUT_MS = 30_000;
const GREETING_TIMEOUT_MS = 30_000;
const SOCKET_TIMEOUT_MS = 120_000;

/** Sends through the SMTP server of `SMTP_URL` (`smtp://user:pass@host:port` or `smtps://…`), from `MAIL_FROM`. */
export class SmtpMailer extends Mailer implements OnModuleDestroy {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    this.transport = createTransport({
      url: smtpUrl,
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      greetingTimeout: GREETING_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
    });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      replyTo: message.replyTo,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: inlineAttachments(message),
      messageId: message.messageId,
    });
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
