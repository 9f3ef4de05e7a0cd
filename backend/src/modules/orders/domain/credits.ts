import { type OrderStatus, type PhotoState, justifiedStatus } from './order-status';
import { noCredits, orderNotAccepting, tooManyPhotos } from './order-errors';

export interface CreditsBefore {
  order: { status: OrderStatus; photosRemaining: number; photoStates: PhotoState[] };
  /** The owner's balance across all their orders. */
  userCredits: number;
}

export interface CreditsAfter {
  orderCredits: number;
  userCredits: number;
  status: OrderStatus;
}

/**
 * Taking `count` credits for photos added to an order: only a new order takes photos, never more than it has
 * credits for, never more than its owner has; the order's status then follows from its photos (new to pending when
 * the last credit is used). Throws the error the host sees otherwise.
 */
export function takeCredits(before: CreditsBefore, count: number): CreditsAfter {
  const { order } = before;
  if (order.status !== 'new') throw orderNotAccepting();
  if (count > order.photosRemaining) throw tooManyPhotos(order.photosRemaining);
  if (before.userCredits < count) throw noCredits();
  const orderCredits = order.photosRemaining - count;
  const photoStates = [...order.photoStates, ...Array<PhotoState>(count).fill('uploaded')];
  return {
    orderCredits,
    userCredits: before.userCredits - count,
    status: justifiedStatus({ status: order.status, photosRemaining: orderCredits, photoStates }),
  };
}
