import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../config/app-config';
import { type DomainEvent } from '../../../shared/events/domain-events';
import { JobQueue } from '../../../shared/queue/job-queue';
import { ActiveApiKeys } from '../../auth';
import { eventData, eventSubject } from '../domain/webhook-payload';
import { WebhooksRepository } from '../persistence/webhooks.repository';

export const deliveryJobId = (deliveryId: number, attempt: number) => `webhook-${deliveryId}-${attempt}`;

/**
 * Turns a domain event into one delivery per endpoint of its owner that asked for it, and queues the first
 * attempts. Once per record and type: announcing the same event again (the reconciler, a retried job) adds nothing.
 * Users without endpoints leave no trace.
 */
@Injectable()
export class RecordWebhookEvent {
  private readonly logger = new Logger('RecordWebhookEvent');

  constructor(
    private readonly dataSource: DataSource,
    private readonly webhooks: WebhooksRepository,
    private readonly apiKeys: ActiveApiKeys,
    private readonly queue: JobQueue,
    private readonly config: AppConfig,
  ) {}

  async execute(event: DomainEvent): Promise<number> {
    const deliveryIds = await this.dataSource.transaction(async (tx) => {
      const subscribed = await this.webhooks.subscribers(tx, event.userId, event.type);
      if (subscribed.length === 0) return [];
      // A revoked key's endpoints hear nothing.
      const active = new Set((await this.apiKeys.listActive(tx, event.userId)).map((k) => k.id));
      const endpoints = subscribed.filter((e) => active.has(e.apiKeyId)).map((e) => e.id);
      if (endpoints.length === 0) return [];
      const id = `evt_${randomBytes(12).toString('hex')}`;
      const data = eventData(event, this.config.publicUrl);
      const recorded = await this.webhooks.recordEvent(tx, {
        id,
        type: event.type,
        subject: eventSubject(event),
        userId: event.userId,
        data,
      });
      return recorded ? this.webhooks.createDeliveries(tx, id, endpoints) : [];
    });
    // A delivery that is recorded but not queued (Redis away, a crash right here) is queued by the reconciler.
    for (const deliveryId of deliveryIds)
      await this.queue
        .enqueue('webhooks.deliver', { deliveryId, attempt: 1 }, { jobId: deliveryJobId(deliveryId, 1) })
        .catch((err: unknown) => this.logger.warn(`Webhook delivery ${deliveryId} not queued yet: ${String(err)}`));
    return deliveryIds.length;
  }
}
