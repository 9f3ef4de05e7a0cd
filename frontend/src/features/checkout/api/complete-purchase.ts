import { apiSend } from '../../../lib/api-client';

export interface CompletedPurchase {
  orderId: string;
  redirectUrl?: string;
}

/** POST /api/complete-purchase: once the provider reports the payment succeeded, the server creates the order. */
export function completePurchase(paymentIntentId: string): Promise<CompletedPurchase> {
  return apiSend<CompletedPurchase>('POST', '/api/complete-purchase', { paymentIntentId });
}
