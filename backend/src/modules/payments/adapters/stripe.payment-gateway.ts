import Stripe from 'stripe';
import {
  type CreatePaymentIntentInput,
  InvalidWebhookError,
  PaymentGateway,
  type PaymentIntentSnapshot,
  type PaymentSucceededEvent,
} from '../ports/payment-gateway';

export interface StripeGatewayOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Overrides api.stripe.com (tests point it at a local stand-in). */
  apiUrl?: string;
}

/** Stripe PaymentIntents through the official SDK. */
export class StripePaymentGateway extends PaymentGateway {
  readonly kind = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(options: StripeGatewayOptions) {
    super();
    this.publishableKey = options.publishableKey;
    this.webhookSecret = options.webhookSecret;
    const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(api
        ? {
            host: api.hostname,
            port: api.port || undefined,
            protocol: api.protocol.replace(':', '') as 'http' | 'https',
          }
        : {}),
    });
  }

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntentSnapshot> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amount,
        currency: input.currency,
        automatic_payment_methods: { enabled: true },
        receipt_email: input.userEmail,
        metadata: {
          user_id: String(input.userId),
          package_type: input.packageType,
          look: input.look,
          privacy_blur: String(input.privacyBlur),
        },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return toSnapshot(intent);
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentSnapshot | undefined> {
    try {
      return toSnapshot(await this.stripe.paymentIntents.retrieve(id));
    } catch (err) {
      if ((err as { code?: string }).code === 'resource_missing') return undefined;
      throw err;
    }
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentSucceededEvent | null {
    if (!signature) throw new InvalidWebhookError('Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch (err) {
      throw new InvalidWebhookError(err instanceof Error ? err.message : 'Invalid signature');
    }
    if (event.type !== 'payment_intent.succeeded') return null;
    return { eventId: event.id, paymentIntentId: (event.data.object as Stripe.PaymentIntent).id };
  }
}

function toSnapshot(intent: Stripe.PaymentIntent): PaymentIntentSnapshot {
  const userId = Number(intent.metadata?.user_id);
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status as PaymentIntentSnapshot['status'],
    amount: intent.amount,
    currency: intent.currency,
    userId: Number.isInteger(userId) && userId > 0 ? userId : undefined,
    packageType: intent.metadata?.package_type,
    look: intent.metadata?.look,
    privacyBlur: intent.metadata?.privacy_blur === 'true',
  };
}
