import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DomainEvents } from '../../../shared/events/domain-events';
import { RecordWebhookEvent } from '../application/record-webhook-event.use-case';

/** Hears what orders and enhancement announce, in whichever process announces it (api, worker or both in one). */
@Injectable()
export class DomainEventsListener implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly recordWebhookEvent: RecordWebhookEvent,
  ) {}

  onModuleInit(): void {
    this.events.subscribe(async (event) => {
      await this.recordWebhookEvent.execute(event);
    });
  }
}
