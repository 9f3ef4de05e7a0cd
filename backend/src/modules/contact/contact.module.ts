import { Module } from '@nestjs/common';
import { SubmitContactMessage } from './application/submit-contact-message.use-case';
import { ContactController } from './http/contact.controller';

/** POST /api/contact: the contact form's messages, stored and mailed to support (spec sections 2 and 7). */
@Module({ controllers: [ContactController], providers: [SubmitContactMessage] })
export class ContactModule {}
