import { Injectable } from '@nestjs/common';
import { type JobPayloads } from '../../../shared/queue/job-definitions';
import { JobHandler } from '../../../shared/queue/job-handler.decorator';
import { DeliverWebhook } from '../application/deliver-webhook.use-case';

@Injectable()
@JobHandler('webhooks.deliver')
export class DeliverWebhookJob {
  constructor(private readonly deliverWebhook: DeliverWebhook) {}

  handle(payload: JobPayloads['webhooks.deliver']): Promise<void> {
    return this.deliverWebhook.execute(payload.deliveryId, payload.attempt);
  }
}
