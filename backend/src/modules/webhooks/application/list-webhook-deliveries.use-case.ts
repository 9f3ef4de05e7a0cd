import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DELIVERY_LOG_LIMIT, endpointNotFound, isRowId } from '../domain/webhook-rules';
import { type DeliveryRow, WebhooksRepository } from '../persistence/webhooks.repository';
import { type WebhookCaller } from './webhook-caller';

/** The latest deliveries to one of the caller's key's endpoints; anyone else's endpoint is "not found". */
@Injectable()
export class ListWebhookDeliveries {
  constructor(
    private readonly dataSource: DataSource,
    private readonly webhooks: WebhooksRepository,
  ) {}

  async execute(caller: WebhookCaller, endpointId: number): Promise<DeliveryRow[]> {
    if (!isRowId(endpointId)) throw endpointNotFound();
    const tx = this.dataSource.manager;
    const endpoint = await this.webhooks.findForKey(tx, caller.userId, caller.apiKeyId, endpointId);
    if (!endpoint) throw endpointNotFound();
    return this.webhooks.deliveries(tx, endpoint.id, DELIVERY_LOG_LIMIT);
  }
}
