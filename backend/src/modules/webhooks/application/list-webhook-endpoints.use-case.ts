import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type WebhookEndpointEntity } from '../persistence/webhook.entities';
import { WebhooksRepository } from '../persistence/webhooks.repository';
import { type WebhookCaller } from './webhook-caller';

/** The endpoints the caller's key registered, oldest first (never their secrets). */
@Injectable()
export class ListWebhookEndpoints {
  constructor(
    private readonly dataSource: DataSource,
    private readonly webhooks: WebhooksRepository,
  ) {}

  execute(caller: WebhookCaller): Promise<WebhookEndpointEntity[]> {
    return this.webhooks.listForKey(this.dataSource.manager, caller.userId, caller.apiKeyId);
  }
}
