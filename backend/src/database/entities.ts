import { AnalyticsEventEntity } from '../modules/analytics';
import { ApiKeyEntity, LoginTokenEntity, SessionEntity, UserEntity } from '../modules/auth';
import { ContactMessageEntity } from '../modules/contact';
import { OrderEntity } from '../modules/orders';
import { LocalPaymentIntentEntity, TransactionEntity } from '../modules/payments';
import { PhotoAdjustmentEntity, PhotoEntity } from '../modules/photos';
import { PhotoRatingEntity } from '../modules/ratings';
import { JobLockEntity } from '../modules/system';
import {
  WebhookAttemptEntity,
  WebhookDeliveryEntity,
  WebhookEndpointEntity,
  WebhookEventEntity,
} from '../modules/webhooks';

/**
 * Every table's entity, collected from the module that owns it: the one list the data source (and so the app, the
 * migrate CLI and the tests) uses. A module adds its entity here and exports it from its index.ts.
 */
export const ENTITIES = [
  UserEntity,
  OrderEntity,
  PhotoEntity,
  TransactionEntity,
  SessionEntity,
  LoginTokenEntity,
  ApiKeyEntity,
  ContactMessageEntity,
  AnalyticsEventEntity,
  JobLockEntity,
  LocalPaymentIntentEntity,
  PhotoAdjustmentEntity,
  PhotoRatingEntity,
  WebhookEndpointEntity,
  WebhookEventEntity,
  WebhookDeliveryEntity,
  WebhookAttemptEntity,
];
