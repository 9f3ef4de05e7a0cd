/**
 * The webhooks module: integrators' endpoints and signed deliveries. Other modules never call it: they publish
 * domain events (shared/events), which it hears.
 */
export { WebhooksModule } from './webhooks.module';
export {
  WebhookAttemptEntity,
  WebhookDeliveryEntity,
  WebhookEndpointEntity,
  WebhookEventEntity,
} from './persistence/webhook.entities';
