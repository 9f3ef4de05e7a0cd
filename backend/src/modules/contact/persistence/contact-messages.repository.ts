import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type ContactMessage } from '../domain/contact-message';
import { ContactMessageEntity } from './contact-message.entity';

/** The contact_messages table. Every method takes the transaction handle it runs in. */
@Injectable()
export class ContactMessagesRepository {
  /** Stores the message; answers its id and when it was received. */
  async insert(tx: EntityManager, message: ContactMessage): Promise<{ id: number; createdAt: Date }> {
    const messages = tx.getRepository(ContactMessageEntity);
    const saved = await messages.save(messages.create(message));
    return { id: saved.id, createdAt: saved.createdAt };
  }
}
