import { type AdjustmentStyle } from '@listinglens/contracts';
import { type PackageType } from '../../packages';

/** What we keep of a payment intent: the gateway's word on status, amount and whose purchase it is. */
export interface PaymentIntentSnapshot {
  id: string;
  clientSecret: string;
  status:
    'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  /** Smallest currency unit (cents). */
  amount: number;
  currency: string;
  userId: number | undefined;
  packageType: string | undefined;
  /** The look chosen for the order, as the intent recorded it (unchecked: an older intent has none). */
  look: string | undefined;
  /** Whether the order's photos are to be blurred for privacy (false for an intent that does not say). */
  privacyBlur: boolean;
}

export interface CreatePaymentIntentInput {
  amount: number;
  currency: string;
  userId: number;
  userEmail: string;
  packageType: PackageType;
  /** The look the paid order is rendered in; kept with the intent until the order is written. */
  look: AdjustmentStyle;
  /** Faces and licence plates blurred on every photo of the paid order; kept with the intent, as the look. */
  privacyBlur: boolean;
  /** Makes a retried create return the same intent instead of a second charge. */
  idempotencyKey: string;
}

/** A verified gateway notification that a payment finished. */
export interface PaymentSucceededEvent {
  eventId: string;
  paymentIntentId: string;
}

/** Card payments. The server always prices from the catalogue; the gateway is asked, never the client. */
export abstract class PaymentGateway {
  abstract readonly kind: 'stripe' | 'local';
  /** What the client needs to render the payment form (Stripe's publishable key; none for the local gateway). */
  abstract readonly publishableKey: string | null;
  abstract createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntentSnapshot>;
  /** Undefined when the gateway has no such payment. */
  abstract retrievePaymentIntent(id: string): Promise<PaymentIntentSnapshot | undefined>;
  /**
   * Checks a webhook's signature over the exact bytes received and returns the payment it reports as succeeded,
   * `null` for a valid event of another type; throws `InvalidWebhookError` for a bad signature.
   */
  abstract parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentSucceededEvent | null;
}

export class InvalidWebhookError extends Error {}
