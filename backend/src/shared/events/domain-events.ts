import { Logger } from '@nestjs/common';

/**
 * What happened to a host's work, as the modules that decide it announce it. Ids only, plus what the publisher
 * already holds: a listener that needs more reads it from the database, the source of truth.
 */
export interface DomainEventMap {
  'order.completed': { userId: number; orderId: string; photosProcessed: number };
  'photo.completed': { userId: number; orderId: string; photoId: number };
  'photo.failed': { userId: number; orderId: string; photoId: number };
}

export type DomainEventType = keyof DomainEventMap;
export type DomainEvent = { [T in DomainEventType]: { type: T } & DomainEventMap[T] }[DomainEventType];
export type DomainEventListener = (event: DomainEvent) => Promise<void>;

/**
 * In-process announcements, published after the publisher's own transaction has committed. Publishing never fails
 * the publisher: a listener that cannot keep up logs it and catches up from the database (its `@UnfinishedWork`),
 * so a listener's outage never fails a photo. Lives in shared/ so a module can listen to another without importing
 * it (webhooks hears orders and enhancement, which import nothing of webhooks).
 */
export abstract class DomainEvents {
  abstract publish(event: DomainEvent): Promise<void>;
  abstract subscribe(listener: DomainEventListener): void;
}

/** Calls every listener in turn, in this process; each listener's failure is its own. */
export class InProcessDomainEvents extends DomainEvents {
  private readonly logger = new Logger('DomainEvents');
  private readonly listeners: DomainEventListener[] = [];

  async publish(event: DomainEvent): Promise<void> {
    for (const listener of this.listeners) {
      await listener(event).catch((err: unknown) =>
        this.logger.warn(`A listener of ${event.type} failed (it catches up later): ${String(err)}`),
      );
    }
  }

  subscribe(listener: DomainEventListener): void {
    this.listeners.push(listener);
  }
}
