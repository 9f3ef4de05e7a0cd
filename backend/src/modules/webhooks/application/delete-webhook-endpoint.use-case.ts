import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { endpointNotFound, isRowId } from '../domain/webhook-rules';
import { WebhooksRepository } from '../persistence/webhooks.repository';
import { type WebhookCaller } from './webhook-caller';

/** Deletes one of the caller's key's endpoints with its delivery log; pending deliveries to it are dropped. */
@Injectable()
export class DeleteWebhookEndpoint {
  constructor(
    private readonly dataSource: DataSource,
    private readonly webhooks: WebhooksRepository,
  ) {}

  async execute(caller: WebhookCaller, id: number): Promise<void> {
    if (!isRowId(id)) throw endpointNotFound();
    const deleted = await this.dataSource.transaction(async (tx) => {
      await this.webhooks.lockKey(tx, caller.apiKeyId);
      return this.webhooks.deleteForKey(tx, caller.userId, caller.apiKeyId, id);
    });
    if (!deleted) throw endpointNotFound();
  }
}
