import { type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { Mailer, type MailMessage } from '../ports/mailer';
import { inlineAttachments } from './inline-attachments';

/** Sends through the SMTP server of `SMTP_URL` (`smtp://user:pass@host:port` or `smtps://…`), from `MAIL_FROM`. */
export class SmtpMailer extends Mailer implements OnModuleDestroy {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    this.transport = createTransport(smtpUrl);
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
    });
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
