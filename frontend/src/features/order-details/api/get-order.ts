import useSWR from 'swr';
import type { AdjustmentStyle, PackageType } from '@listinglens/contracts';
import type { DeliveredPhotoFields } from '../../../components/delivered-photo';
import { toast } from '../../../components/ui/use-toast';
import { apiGet } from '../../../lib/api-client';
import { PHOTOS_POLL_MS } from '../../photos';

/** One photo of an order as `GET /api/orders/{id}` lists it. */
export interface OrderPhoto extends DeliveredPhotoFields {
  id: number;
  status: 'uploaded' | 'completed' | 'failed' | string;
  name: string | null;
  /** null once the 90-day purge has deleted the files. */
  original_path: string | null;
  enhanced_path: string | null;
  thumbnail_path: string | null;
  upload_date: string;
  process_date: string | null;
}

/** `GET /api/orders/{id}`: the order with its photos (404 for a missing order or someone else's). */
export interface OrderDetails {
  id: string;
  /** new, pending or completed; any other value is shown as unknown. */
  status: 'new' | 'pending' | 'completed' | string;
  package_type: PackageType;
  amount: number;
  photos_purchased: number;
  photos_remaining: number;
  created_at: string;
  completed_at: string | null;
  /** Set once the 90-day retention purge has deleted the photo files. */
  purged_at?: string | null;
  /** Photos whose colour and brightness were matched across the order; null until (or unless) it was harmonised. */
  photos_matched?: number | null;
  /** The look chosen at purchase, which every photo is made in; absent from a server before looks. */
  look?: AdjustmentStyle;
  photos: OrderPhoto[];
}

export const orderKey = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}`;

export function getOrder(key: string): Promise<OrderDetails> {
  return apiGet<OrderDetails>(key);
}

/**
 * The order behind /order?order={id}; a failed load raises the spec's 'Error' toast (section 8) unless `quiet` (a
 * screen that only reads a detail of the order, such as the gallery).
 */
export function useOrder(orderId: string | null, { quiet = false }: { quiet?: boolean } = {}) {
  return useSWR<OrderDetails>(orderId ? orderKey(orderId) : null, getOrder, {
    // The order changes behind the screen (processing finishes): read it afresh each time the page opens.
    revalidateIfStale: true,
    // While it is being enhanced, ask again at the processing screen's pace, so photos appear as they are done.
    refreshInterval: (order) => (order?.status === 'pending' ? PHOTOS_POLL_MS : 0),
    onError: () => {
      if (!quiet)
        toast({
          title: 'Error',
          description: 'Failed to load order details. Please try again.',
          variant: 'destructive',
        });
    },
  });
}
