import { Global, Module } from '@nestjs/common';
import { DomainEvents, InProcessDomainEvents } from './domain-events';

/** One in-process event publisher per app, injectable everywhere (like the queue). */
@Global()
@Module({ providers: [{ provide: DomainEvents, useClass: InProcessDomainEvents }], exports: [DomainEvents] })
export class EventsModule {}
