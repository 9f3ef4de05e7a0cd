export type OrderStatus = 'new' | 'pending' | 'completed';
export type PhotoState = 'uploaded' | 'completed' | 'failed';

export interface OrderProgress {
  status: OrderStatus;
  photosRemaining: number;
  photoStates: PhotoState[];
}

/**
 * Whether an order may be moved to `target` by request. Status follows the photos, never the other way round: an
 * order is pending only once every credit has a photo, and completed only once every photo is done.
 */
export function canMoveOrder(order: OrderProgress, target: OrderStatus): boolean {
  if (target === order.status) return true;
  if (order.status === 'new' && target === 'pending') {
    return order.photosRemaining === 0 && order.photoStates.length > 0;
  }
  if (order.status === 'pending' && target === 'completed') {
    return order.photoStates.length > 0 && order.photoStates.every((s) => s !== 'uploaded');
  }
  return false;
}
