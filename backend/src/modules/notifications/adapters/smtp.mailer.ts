import { MailerService } from '@nestjs-modules/mailer';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../config/app-config';
import { Mailer, MailMessage } from '../ports/mailer';
import { inlineAttachments } from './inline-attachments';

/** Sends through the SMTP server of `SMTP_URL` (MailerModule's transport), from `MAIL_FROM`. */
@Injectable()
export class SmtpMailer extends Mailer {
  constructor(
    private readonly mailer: MailerService,
    private readonly config: AppConfig,
  ) {
    super();
  }

  async send(message: MailMessage): Promise<void> {
    await this.mailer.sendMail({
      from: this.config.mail.from,
      to: message.to,
      replyTo: message.replyTo,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: inlineAttachments(message),
    });
  }
}
