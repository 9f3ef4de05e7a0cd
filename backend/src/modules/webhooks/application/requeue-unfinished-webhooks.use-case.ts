import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JobQueue } from '../../../shared/queue/job-queue';
import { UnfinishedWork, type UnfinishedWorkSource } from '../../../shared/reconcile/unfinished-work';
import { MAX_DELIVERY_ATTEMPTS } from '../domain/webhook-rules';
import { WebhooksRepository } from '../persistence/webhooks.repository';
import { deliveryJobId, RecordWebhookEvent } from './record-webhook-event.use-case';

/** How far back the reconciler looks for finished orders and photos that were never announced. */
const ANNOUNCE_WINDOW_DAYS = 3;

/**
 * Webhooks' share of the reconciler, for at-least-once delivery: events lost between another module's commit and
 * its in-process announcement are recorded from the orders and photos themselves, and deliveries whose next attempt
 * is due without a job (a lost message, a restart of the in-process queue, a worker killed mid-attempt) are queued.
 */
@Injectable()
@UnfinishedWork('webhooks')
export class RequeueUnfinishedWebhooks implements UnfinishedWorkSource {
  constructor(
    private readonly dataSource: DataSource,
    private readonly webhooks: WebhooksRepository,
    private readonly recordEvent: RecordWebhookEvent,
    private readonly queue: JobQueue,
  ) {}

  async requeue(): Promise<Record<string, number>> {
    let announced = 0;
    for (const event of await this.webhooks.unannounced(this.dataSource.manager, ANNOUNCE_WINDOW_DAYS))
      if ((await this.recordEvent.execute(event)) > 0) announced++;
    const due = await this.dataSource.transaction((tx) => this.webhooks.dueDeliveries(tx, MAX_DELIVERY_ATTEMPTS));
    for (const { id, attempt } of due)
      await this.queue.enqueue('webhooks.deliver', { deliveryId: id, attempt }, { jobId: deliveryJobId(id, attempt) });
    return { webhookEvents: announced, webhookDeliveries: due.length };
  }
}
