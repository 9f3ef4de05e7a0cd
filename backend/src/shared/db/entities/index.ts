import { AnalyticsEventEntity } from './analytics-event.entity';
import { ApiKeyEntity } from './api-key.entity';
import { ContactMessageEntity } from './contact-message.entity';
import { JobLockEntity } from './job-lock.entity';
import { LocalPaymentIntentEntity } from './local-payment-intent.entity';
import { LoginTokenEntity } from './login-token.entity';
import { OrderEntity } from './order.entity';
import { PhotoEntity } from './photo.entity';
import { SessionEntity } from './session.entity';
import { TransactionEntity } from './transaction.entity';
import { UserEntity } from './user.entity';

export {
  AnalyticsEventEntity,
  ApiKeyEntity,
  ContactMessageEntity,
  JobLockEntity,
  LocalPaymentIntentEntity,
  LoginTokenEntity,
  OrderEntity,
  PhotoEntity,
  SessionEntity,
  TransactionEntity,
  UserEntity,
};

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
];
