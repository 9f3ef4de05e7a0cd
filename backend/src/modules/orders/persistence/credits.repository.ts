import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type AdjustmentStyle } from '@listinglens/contracts';
import { OrderEntity } from './order.entity';
import { txRows } from '../../../shared/db/query-rows';
import { takeCredits } from '../domain/credits';
import { type OrderStatus } from '../domain/order-status';
import { OrdersRepository } from './orders.repository';

export interface Purchase {
  orderId: string;
  userId: number;
  packageId: string;
  /** Amount paid, in cents. */
  amount: number;
  photos: number;
  paymentIntentId: string;
  /** The look chosen for the order when it was bought; the listing look (the column's default) when none. */
  look?: AdjustmentStyle;
  /** Faces and licence plates blurred on the order's photos; off (the column's default) when not asked for. */
  privacyBlur?: boolean;
}

export interface CreditsTaken {
  status: OrderStatus;
  photosRemaining: number;
}

/**
 * The one writer of photo credits: an order's (`orders.photos_remaining`) and its owner's balance and counters
 * (`users.photos_remaining`, `photos_processed`, `package_type`). The rules are in `domain/credits.ts`; this class
 * locks, reads and writes, always inside the caller's transaction.
 */
@Injectable()
export class CreditsRepository {
  constructor(private readonly orders: OrdersRepository) {}

  /** A paid package: its order (new, every credit still to use) and the same credits on its owner's balance. */
  async grant(tx: EntityManager, purchase: Purchase): Promise<void> {
    await tx.getRepository(OrderEntity).insert({
      id: purchase.orderId,
      userId: purchase.userId,
      packageType: purchase.packageId as OrderEntity['packageType'],
      amount: purchase.amount,
      photosPurchased: purchase.photos,
      photosRemaining: purchase.photos,
      stripePaymentIntentId: purchase.paymentIntentId,
      status: 'new',
      look: purchase.look,
      privacyBlur: purchase.privacyBlur,
    });
    await txRows(tx, 'UPDATE users SET photos_remaining = photos_remaining + $1, package_type = $2 WHERE id = $3', [
      purchase.photos,
      purchase.packageId,
      purchase.userId,
    ]);
  }

  /**
   * Takes `count` credits from the caller's order and balance for photos added in the same transaction, and moves
   * the order on when its photos justify it. Locks the order, then the user (always in that order: no deadlock
   * between two uploads). Throws ORDER_NOT_FOUND, ORDER_NOT_ACCEPTING, TOO_MANY_PHOTOS or NO_CREDITS.
   */
  async take(tx: EntityManager, userId: number, orderId: string, count: number): Promise<CreditsTaken> {
    const order = await this.orders.lockOwned(tx, userId, orderId);
    const photoStates = await this.orders.photoStates(tx, orderId);
    const [user] = await txRows<{ photos_remaining: number }>(
      tx,
      'SELECT photos_remaining FROM users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    const after = takeCredits(
      {
        order: { status: order.status, photosRemaining: order.photosRemaining, photoStates },
        userCredits: user?.photos_remaining ?? 0,
      },
      count,
    );
    await txRows(tx, 'UPDATE orders SET photos_remaining = $1, status = $2 WHERE id = $3', [
      after.orderCredits,
      after.status,
      orderId,
    ]);
    await txRows(tx, 'UPDATE users SET photos_remaining = photos_remaining - $1 WHERE id = $2', [count, userId]);
    return { status: after.status, photosRemaining: after.orderCredits };
  }

  /** One more photo delivered to the user (the counter the account screen shows). */
  async recordProcessed(tx: EntityManager, userId: number): Promise<void> {
    await txRows(tx, 'UPDATE users SET photos_processed = photos_processed + 1 WHERE id = $1', [userId]);
  }
}
