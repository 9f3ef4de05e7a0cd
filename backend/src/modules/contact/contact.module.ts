import { Module } from '@nestjs/common';
import { RateLimitModule } from '../../shared/rate-limit/rate-limit.module';
import { AuthModule } from '../auth';
import { SubmitContactMessage } from './application/submit-contact-message.use-case';
import { ContactController } from './http/contact.controller';
import { ContactMessagesRepository } from './persistence/contact-messages.repository';
import { NotificationsModule } from '../notifications';

/** POST /api/contact: the contact form's messages, stored and mailed to support (spec sections 2 and 7). */
@Module({
  imports: [AuthModule, NotificationsModule, RateLimitModule],
  controllers: [ContactController],
  providers: [ContactMessagesRepository, SubmitContactMessage],
})
export class ContactModule {}
