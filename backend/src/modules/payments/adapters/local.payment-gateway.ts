import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { Repository } from 'typeorm';
import { LocalPaymentIntentEntity } from '../persistence/local-payment-intent.entity';
import { testCardOutcome, type TestCardOutcome } from '../domain/test-cards';
import {
  type CreatePaymentIntentInput,
  InvalidWebhookError,
  PaymentGateway,
  type PaymentIntentSnapshot,
} from '../ports/payment-gateway';

/**
 * The embedded default: a test gateway with Stripe's shapes (`pi_…`, `pi_…_secret_…`) kept in our own database.
 * No money moves; the checkout confirms with Stripe's test card numbers.
 */
@Injectable()
export class LocalPaymentGateway extends PaymentGateway {
  readonly kind = 'local' as const;
  readonly publishableKey = null;

  constructor(
    @InjectRepository(LocalPaymentIntentEntity) private readonly intents: Repository<LocalPaymentIntentEntity>,
  ) {
    super();
  }

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntentSnapshot> {
    const id = `pi_${randomBytes(12).toString('hex')}`;
    await this.intents
      .createQueryBuilder()
      .insert()
      .values({
        id,
        clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        idempotencyKey: input.idempotencyKey,
        amount: input.amount,
        currency: input.currency,
        userId: input.userId,
        packageType: input.packageType,
        look: input.look,
        privacyBlur: input.privacyBlur,
      })
      .orIgnore()
      .execute();
    // A repeated idempotency key answers with the intent the first call made, as Stripe does.
    const row = await this.intents.findOneByOrFail({ idempotencyKey: input.idempotencyKey });
    return toSnapshot(row);
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentSnapshot | undefined> {
    const row = await this.intents.findOneBy({ id });
    return row ? toSnapshot(row) : undefined;
  }

  /** The test checkout's "card payment": the number decides, as in Stripe's test mode. */
  async confirmWithTestCard(id: string, cardNumber: string): Promise<TestCardOutcome> {
    const outcome = testCardOutcome(cardNumber);
    if (outcome.ok) {
      await this.intents.update({ id, status: 'requires_payment_method' }, { status: 'succeeded', lastError: null });
    } else {
      await this.intents.update({ id, status: 'requires_payment_method' }, { lastError: outcome.message });
    }
    return outcome;
  }

  parseWebhook(): never {
    throw new InvalidWebhookError('Stripe webhooks are not configured: the local test gateway is active.');
  }
}

function toSnapshot(row: LocalPaymentIntentEntity): PaymentIntentSnapshot {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    userId: row.userId,
    packageType: row.packageType,
    look: row.look,
    privacyBlur: row.privacyBlur,
  };
}
