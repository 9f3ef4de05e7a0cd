import { Module } from '@nestjs/common';
import { DomainEvents, InProcessDomainEvents } from './domain-events';

/**
 * The in-process event publisher: imported by the modules that publish (orders, enhancement) and those that listen
 * (webhooks); one instance per app, since a Nest module is one instance however many modules import it.
 */
@Module({ providers: [{ provide: DomainEvents, useClass: InProcessDomainEvents }], exports: [DomainEvents] })
export class EventsModule {}
