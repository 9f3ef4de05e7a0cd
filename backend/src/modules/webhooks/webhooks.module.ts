import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { EventsModule } from '../../shared/events/events.module';
import { MetricsModule } from '../../shared/metrics/metrics.module';
import { QueueModule } from '../../shared/queue/queue.module';
import { AuthModule } from '../auth';
import { OrdersModule } from '../orders';
import { PhotosModule } from '../photos';
import { AesGcmSecretCipher } from './adapters/aes-gcm.secret-cipher';
import { NodeHttpWebhookSender } from './adapters/node-http.webhook-sender';
import { CreateWebhookEndpoint } from './application/create-webhook-endpoint.use-case';
import { DeleteWebhookEndpoint } from './application/delete-webhook-endpoint.use-case';
import { DeliverWebhook } from './application/deliver-webhook.use-case';
import { ListWebhookDeliveries } from './application/list-webhook-deliveries.use-case';
import { ListWebhookEndpoints } from './application/list-webhook-endpoints.use-case';
import { RecordWebhookEvent } from './application/record-webhook-event.use-case';
import { RequeueUnfinishedWebhooks } from './application/requeue-unfinished-webhooks.use-case';
import { DELIVERY_TIMEOUT_MS, RESPONSE_BODY_CAP_BYTES } from './domain/webhook-rules';
import { WebhookEndpointsController } from './http/webhook-endpoints.controller';
import { DeliverWebhookJob } from './jobs/deliver-webhook.job';
import { DomainEventsListener } from './listeners/domain-events.listener';
import { WebhooksRepository } from './persistence/webhooks.repository';
import { SecretCipher } from './ports/secret-cipher';
import { WebhookSender } from './ports/webhook-sender';

/**
 * Integrators' webhooks: endpoints per API key, one delivery per event and endpoint, signed HTTP attempts with
 * backoff, and the reconciler's share. Nothing imports this module: it hears orders and enhancement through the
 * in-process domain events, and reads orders and photos only in the reconciler.
 */
@Module({
  imports: [AuthModule, EventsModule, MetricsModule, OrdersModule, PhotosModule, QueueModule],
  controllers: [WebhookEndpointsController],
  providers: [
    {
      provide: SecretCipher,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => new AesGcmSecretCipher(config.webhooks.secretKey),
    },
    {
      provide: WebhookSender,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        new NodeHttpWebhookSender({
          allowPrivateTargets: config.webhooks.allowPrivateTargets,
          timeoutMs: DELIVERY_TIMEOUT_MS,
          responseCapBytes: RESPONSE_BODY_CAP_BYTES,
          userAgent: `ListingLens-Webhooks/1.0 (+${config.publicUrl})`,
        }),
    },
    WebhooksRepository,
    CreateWebhookEndpoint,
    ListWebhookEndpoints,
    DeleteWebhookEndpoint,
    ListWebhookDeliveries,
    RecordWebhookEvent,
    DeliverWebhook,
    DeliverWebhookJob,
    DomainEventsListener,
    RequeueUnfinishedWebhooks,
  ],
})
export class WebhooksModule {}
