import type { AdjustmentStyle } from '@listinglens/contracts';
import { apiSend } from '../../../lib/api-client';

/** `PUT /api/orders/{id}/look`: allowed until the first photo is uploaded (409 ORDER_LOOK_FIXED after). */
export function changeOrderLook(
  orderId: string,
  look: AdjustmentStyle,
): Promise<{ id: string; look: AdjustmentStyle }> {
  return apiSend('PUT', `/api/orders/${encodeURIComponent(orderId)}/look`, { look });
}
