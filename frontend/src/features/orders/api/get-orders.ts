import useSWR from 'swr';
import type { PackageType } from '@listinglens/contracts';
import { apiGet } from '../../../lib/api-client';

export type OrderStatus = 'new' | 'pending' | 'completed';

/** One order as `GET /api/orders` lists it (newest first). Status is a string: any other value is shown as is. */
export interface OrderSummary {
  id: string;
  package_type: PackageType;
  amount: number;
  photos_purchased: number;
  photos_remaining: number;
  status: OrderStatus | string;
  created_at: string;
}

export const ORDERS_KEY = '/api/orders';

export function getOrders(): Promise<OrderSummary[]> {
  return apiGet<OrderSummary[]>(ORDERS_KEY);
}

/** Spec section 7: orders are retried 3 times and stay fresh for 5 minutes (re-fetched on a later visit after that). */
export const ORDERS_QUERY_OPTIONS = {
  dedupingInterval: 300000,
  revalidateIfStale: true,
  errorRetryCount: 3,
  shouldRetryOnError: true,
} as const;

export function useOrders() {
  return useSWR<OrderSummary[]>(ORDERS_KEY, getOrders, ORDERS_QUERY_OPTIONS);
}
