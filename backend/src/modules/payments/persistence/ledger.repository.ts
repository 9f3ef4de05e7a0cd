import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { txRows } from '../../../shared/db/query-rows';

export interface LedgerEntry {
  userId: number;
  packageId: string;
  /** Amount paid, in cents. */
  amount: number;
  photos: number;
  paymentIntentId: string;
}

/** The transactions table: one row per paid payment. Every method takes the transaction handle it runs in. */
@Injectable()
export class LedgerRepository {
  /**
   * Records a payment once: the payment id is unique, so only the first caller gets an id back; every later one
   * (however concurrent) gets null.
   */
  async recordOnce(tx: EntityManager, entry: LedgerEntry): Promise<number | null> {
    const [row] = await txRows<{ id: number }>(
      tx,
      `INSERT INTO transactions (user_id, package_type, amount, photos_purchased, stripe_transaction_id)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (stripe_transaction_id) DO NOTHING RETURNING id`,
      [entry.userId, entry.packageId, entry.amount, entry.photos, entry.paymentIntentId],
    );
    return row?.id ?? null;
  }

  async linkOrder(tx: EntityManager, ledgerId: number, orderId: string): Promise<void> {
    await txRows(tx, 'UPDATE transactions SET order_id = $1 WHERE id = $2', [orderId, ledgerId]);
  }
}
