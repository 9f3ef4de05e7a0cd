import useSWR from 'swr';
import { apiGet } from '../../../lib/api-client';

export type PaymentGatewayKind = 'local' | 'stripe';

export interface PaymentConfig {
  /** 'local' is the built-in test gateway (no money moves); 'stripe' takes real cards through Stripe. */
  gateway: PaymentGatewayKind;
  publishableKey: string | null;
}

export const PAYMENT_CONFIG_KEY = '/api/payments/config';

export function getPaymentConfig(): Promise<PaymentConfig> {
  return apiGet<PaymentConfig>(PAYMENT_CONFIG_KEY);
}

/** Which card form the checkout shows. Fetched once per page load; the server's setting does not change while it runs. */
export function usePaymentConfig() {
  return useSWR<PaymentConfig>(PAYMENT_CONFIG_KEY, getPaymentConfig);
}
