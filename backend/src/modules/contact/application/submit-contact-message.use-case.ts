import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../config/app-config';
import { ContactMessagesRepository } from '../persistence/contact-messages.repository';
import { RateLimitedError } from '../../../shared/errors/app-error';
import { RateLimiter } from '../../../shared/rate-limit/rate-limiter';
import { Mailer } from '../../notifications';
import {
  CONTACT_RATE_LIMIT,
  CONTACT_RATE_LIMITED_MESSAGE,
  type ContactMessage,
  supportBody,
  supportSubject,
} from '../domain/contact-message';

const CONTACT_LIMIT = { max: CONTACT_RATE_LIMIT.max, windowMs: CONTACT_RATE_LIMIT.windowSeconds * 1000 };

/** Stores a contact message and mails it to the support address, at most a few per sender address per window. */
@Injectable()
export class SubmitContactMessage {
  private readonly logger = new Logger(SubmitContactMessage.name);
  constructor(
    private readonly dataSource: DataSource,
    private readonly messages: ContactMessagesRepository,
    private readonly mailer: Mailer,
    private readonly config: AppConfig,
    private readonly limiter: RateLimiter,
  ) {}

  async execute(msg: ContactMessage, clientIp: string): Promise<{ id: number }> {
    const retryAfter = await this.limiter.hit('contact', clientIp, CONTACT_LIMIT);
    if (retryAfter > 0) throw new RateLimitedError(CONTACT_RATE_LIMITED_MESSAGE, retryAfter);

    const saved = await this.messages.insert(this.dataSource.manager, msg);
    try {
      await this.mailer.send({
        to: this.config.mail.supportEmail,
        replyTo: msg.email,
        subject: supportSubject(msg.subject),
        text: supportBody(msg, saved.createdAt),
      });
    } catch (error) {
      // The message is stored, so support can still read it; the sender need not try again.
      this.logger.error(`Contact message ${saved.id} stored but not mailed: ${String(error)}`);
    }
    return { id: saved.id };
  }

  /** A bot filled the hidden field: answer as if all went well, keep nothing. */
  async ignore(clientIp: string): Promise<void> {
    await this.limiter.hit('contact', clientIp, CONTACT_LIMIT);
  }
}
