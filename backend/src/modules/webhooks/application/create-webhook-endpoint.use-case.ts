import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../config/app-config';
import { newEndpointSecret } from '../domain/signature';
import { checkEndpointUrl, MAX_ENDPOINTS_PER_KEY, privateTarget, tooManyEndpoints } from '../domain/webhook-rules';
import { type WebhookEndpointEntity } from '../persistence/webhook.entities';
import { WebhooksRepository } from '../persistence/webhooks.repository';
import { SecretCipher } from '../ports/secret-cipher';
import { WebhookSender } from '../ports/webhook-sender';
import { type WebhookCaller } from './webhook-caller';

export const secretContext = (userId: number) => `webhook-endpoint-secret:user-${userId}`;

/** Registers an endpoint for the caller's key; its signing secret is returned this once and kept encrypted. */
@Injectable()
export class CreateWebhookEndpoint {
  constructor(
    private readonly dataSource: DataSource,
    private readonly webhooks: WebhooksRepository,
    private readonly cipher: SecretCipher,
    private readonly sender: WebhookSender,
    private readonly config: AppConfig,
  ) {}

  async execute(
    caller: WebhookCaller,
    rawUrl: string,
    events: string[],
  ): Promise<{ endpoint: WebhookEndpointEntity; secret: string }> {
    const { allowPrivateTargets } = this.config.webhooks;
    const url = checkEndpointUrl(rawUrl.trim(), {
      httpsOnly: this.config.isProduction && !allowPrivateTargets,
      allowPrivateTargets,
    });
    const refusal = await this.sender.refusal(url);
    if (refusal) throw privateTarget(url.hostname, refusal);

    const secret = newEndpointSecret();
    const endpoint = await this.dataSource.transaction(async (tx) => {
      await this.webhooks.lockKey(tx, caller.apiKeyId);
      if ((await this.webhooks.countForKey(tx, caller.apiKeyId)) >= MAX_ENDPOINTS_PER_KEY) throw tooManyEndpoints();
      return this.webhooks.createEndpoint(tx, {
        userId: caller.userId,
        apiKeyId: caller.apiKeyId,
        url: url.toString(),
        events: [...new Set(events)],
        secretCiphertext: this.cipher.encrypt(secret, secretContext(caller.userId)),
      });
    });
    return { endpoint, secret };
  }
}
