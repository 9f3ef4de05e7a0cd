export type OrderStatus = 'new' | 'pending' | 'completed';
export type PhotoState = 'uploaded' | 'completed' | 'failed';

export interface OrderProgress {
  status: OrderStatus;
  photosRemaining: number;
  photoStates: PhotoState[];
}

/**
 * The one home of the order-status rule; PATCH, the upload and the completion after the last photo all ask it.
 * Status follows the photos, never the other way round: an order is pending only once every credit has a photo,
 * and completed only once every photo is done (completed or failed). It moves one step at a time, never back.
 */
export function justifiedStatus(order: OrderProgress): OrderStatus {
  const hasPhotos = order.photoStates.length > 0;
  if (order.status === 'new' && order.photosRemaining === 0 && hasPhotos) return 'pending';
  if (order.status === 'pending' && hasPhotos && order.photoStates.every((s) => s !== 'uploaded')) return 'completed';
  return order.status;
}

/** Whether an order may be moved to `target` by request: staying put, or the one step its photos justify. */
export function canMoveOrder(order: OrderProgress, target: OrderStatus): boolean {
  return target === order.status || target === justifiedStatus(order);
}
