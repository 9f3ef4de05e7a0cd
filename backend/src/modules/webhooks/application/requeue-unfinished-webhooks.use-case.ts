import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type DomainEvent, type DomainEventType } from '../../../shared/events/domain-events';
import { JobQueue } from '../../../shared/queue/job-queue';
import { UnfinishedWork, type UnfinishedWorkSource } from '../../../shared/reconcile/unfinished-work';
import { ActiveApiKeys } from '../../auth';
import { CompletedOrders } from '../../orders';
import { FinishedPhotos } from '../../photos';
import { eventSubject } from '../domain/webhook-payload';
import { MAX_DELIVERY_ATTEMPTS } from '../domain/webhook-rules';
import { type EndpointSubscription, WebhooksRepository } from '../persistence/webhooks.repository';
import { deliveryJobId, RecordWebhookEvent } from './record-webhook-event.use-case';

/** How far back the reconciler looks for finished orders and photos that were never announced. */
const ANNOUNCE_WINDOW_MS = 3 * 24 * 3600 * 1000;

/**
 * Webhooks' share of the reconciler, for at-least-once delivery: events lost between another module's commit and
 * its in-process announcement are announced again from the orders and photos themselves (finished after an endpoint
 * of their owner asked for them, within three days), and deliveries whose next attempt is due without a job (a lost
 * message, a restart of the in-process queue, a worker killed mid-attempt) are queued.
 */
@Injectable()
@UnfinishedWork('webhooks')
export class RequeueUnfinishedWebhooks implements UnfinishedWorkSource {
  constructor(
    private readonly dataSource: DataSource,
    private readonly webhooks: WebhooksRepository,
    private readonly apiKeys: ActiveApiKeys,
    private readonly orders: CompletedOrders,
    private readonly photos: FinishedPhotos,
    private readonly recordEvent: RecordWebhookEvent,
    private readonly queue: JobQueue,
  ) {}

  async requeue(): Promise<Record<string, number>> {
    let announced = 0;
    for (const event of await this.unannounced(this.dataSource.manager))
      if ((await this.recordEvent.execute(event)) > 0) announced++;
    const due = await this.dataSource.transaction((tx) => this.webhooks.dueDeliveries(tx, MAX_DELIVERY_ATTEMPTS));
    for (const { id, attempt } of due)
      await this.queue.enqueue('webhooks.deliver', { deliveryId: id, attempt }, { jobId: deliveryJobId(id, attempt) });
    return { webhookEvents: announced, webhookDeliveries: due.length };
  }

  private async unannounced(tx: EntityManager): Promise<DomainEvent[]> {
    const byUser = new Map<number, EndpointSubscription[]>();
    for (const e of await this.webhooks.allSubscriptions(tx))
      byUser.set(e.userId, [...(byUser.get(e.userId) ?? []), e]);
    const windowStart = Date.now() - ANNOUNCE_WINDOW_MS;
    const missed: DomainEvent[] = [];
    for (const [userId, endpoints] of byUser) {
      const active = new Set((await this.apiKeys.listActive(tx, userId)).map((k) => k.id));
      /** Since when this user has wanted `type`: their earliest working endpoint asking for it, within the window. */
      const since = (type: DomainEventType): Date | null => {
        const times = endpoints
          .filter((e) => active.has(e.apiKeyId) && e.events.includes(type))
          .map((e) => e.createdAt.getTime());
        return times.length > 0 ? new Date(Math.max(windowStart, Math.min(...times))) : null;
      };
      const found: DomainEvent[] = [];
      const orders = since('order.completed');
      if (orders)
        for (const o of await this.orders.completedSince(tx, userId, orders))
          found.push({ type: 'order.completed', userId, orderId: o.id, photosProcessed: o.photos_processed });
      for (const type of ['photo.completed', 'photo.failed'] as const) {
        const from = since(type);
        if (!from) continue;
        const status = type === 'photo.completed' ? 'completed' : 'failed';
        for (const p of await this.photos.finishedSince(tx, userId, status, from))
          found.push({ type, userId, orderId: p.order_id, photoId: p.id });
      }
      for (const type of ['order.completed', 'photo.completed', 'photo.failed'] as const) {
        const ofType = found.filter((e) => e.type === type);
        const recorded = await this.webhooks.recordedSubjects(tx, type, ofType.map(eventSubject));
        missed.push(...ofType.filter((e) => !recorded.has(eventSubject(e))));
      }
    }
    return missed;
  }
}
