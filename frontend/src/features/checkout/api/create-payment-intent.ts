import type { AdjustmentStyle, PackageType } from '@listinglens/contracts';
import { apiSend } from '../../../lib/api-client';

export interface PaymentIntent {
  clientSecret: string;
  paymentIntentId: string;
}

/**
 * POST /api/create-payment-intent: starts a payment for one package in the look its photos are made in, with or
 * without the privacy blur; the server prices it from the catalogue.
 */
export function createPaymentIntent(
  packageType: PackageType,
  photosCount: number,
  look: AdjustmentStyle,
  privacyBlur: boolean,
): Promise<PaymentIntent> {
  return apiSend<PaymentIntent>('POST', '/api/create-payment-intent', { packageType, photosCount, look, privacyBlur });
}
