import { apiSend } from '../../../lib/api-client';

export interface TestPaymentResult {
  status: string;
  paymentIntentId: string;
}

/**
 * POST /api/test-payments/{id}/confirm, the local test gateway's stand-in for the card provider: the card number
 * alone decides the outcome. A declined card is a 402 whose message is the sentence to show.
 */
export function confirmTestPayment(paymentIntentId: string, cardNumber: string): Promise<TestPaymentResult> {
  return apiSend<TestPaymentResult>('POST', `/api/test-payments/${encodeURIComponent(paymentIntentId)}/confirm`, {
    cardNumber,
  });
}
