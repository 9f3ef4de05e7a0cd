import { Injectable } from '@nestjs/common';
import { type EntityManager, IsNull } from 'typeorm';
import { type OrderHistory } from '../../auth';
import { type OwedEmailKind } from '../../notifications';
import { type AdjustmentStyle } from '@listinglens/contracts';
import { type PhotoEntity } from '../../photos';
import { OrderEntity } from './order.entity';
import { preparedRows, type PreparedStatement, txRows } from '../../../shared/db/query-rows';
import { orderNotFound } from '../domain/order-errors';
import { type OrderStatus, type PhotoState, justifiedStatus } from '../domain/order-status';

export interface ReadyEmailFacts {
  id: string;
  email: string;
  name: string | null;
  delivered: number;
  failed: number;
}

export interface ReceiptFacts {
  id: string;
  email: string;
  name: string | null;
  packageType: string;
  /** Amount paid, in cents. */
  amount: number;
}

export interface PurgeReminderFacts {
  id: string;
  completedAt: Date;
  email: string;
  name: string | null;
  /** Enhanced photos not purged: what the host can still download. */
  photos: number;
}

/**
 * Whether the order `o`'s email of `kind` went out (accepted by the SMTP server) or is being sent (its lease runs):
 * the reconcilers and the reminder run leave it alone.
 */
const emailSettled = (kind: OwedEmailKind) => `SELECT 1 FROM email_deliveries d
  WHERE d.kind = '${kind}' AND d.order_id = o.id AND (d.accepted_at IS NOT NULL OR d.lease_until > now())`;

/** What the order list shows of each order. */
export type OrderSummary = Pick<
  OrderEntity,
  | 'id'
  | 'packageType'
  | 'amount'
  | 'photosPurchased'
  | 'photosRemaining'
  | 'status'
  | 'createdAt'
  | 'completedAt'
  | 'purgedAt'
  | 'photosMatched'
  | 'look'
  | 'privacyBlur'
>;

/** listOwned's statement, prepared: parsed and planned once per connection rather than on every list. */
const LIST_OWNED: PreparedStatement = {
  name: 'orders.listOwned',
  text: `SELECT id, package_type AS "packageType", amount, photos_purchased AS "photosPurchased",
           photos_remaining AS "photosRemaining", status, created_at AS "createdAt", completed_at AS "completedAt",
           purged_at AS "purgedAt", photos_matched AS "photosMatched", look,
           privacy_blur AS "privacyBlur"
         FROM orders WHERE user_id = $1 ORDER BY created_at DESC, id ASC LIMIT 500`,
};

export interface CompletedOrder {
  id: string;
  userId: number;
  packageType: string;
  photosProcessed: number;
}

/**
 * The orders table. Every method takes the transaction handle it runs in (a data source's `manager` outside one),
 * so a caller decides what commits together. Status changes are decided by `justifiedStatus`, never here.
 */
@Injectable()
export class OrdersRepository implements OrderHistory {
  /** Whether the user has any order (auth asks at sign-in, through its OrderHistory port). */
  async hasOrders(tx: EntityManager, userId: number): Promise<boolean> {
    const [row] = await txRows<{ has: boolean }>(tx, 'SELECT EXISTS (SELECT 1 FROM orders WHERE user_id = $1) AS has', [
      userId,
    ]);
    return Boolean(row?.has);
  }

  /**
   * The caller's orders, newest first (at most 500): the list's columns only, in one plain statement. The list is
   * the most frequent signed-in read, and building a TypeORM query and whole entities for it cost more CPU than the
   * statement itself.
   */
  listOwned(tx: EntityManager, userId: number): Promise<OrderSummary[]> {
    return preparedRows<OrderSummary>(tx, LIST_OWNED, [userId]);
  }

  /**
   * What the "photos are ready" email of a completed order says; null when it is not completed. Whether it went out
   * already is notifications' record (SendOwedEmail), not the order's.
   */
  async readyEmailFacts(tx: EntityManager, orderId: string): Promise<ReadyEmailFacts | null> {
    const [order] = await txRows<ReadyEmailFacts>(
      tx,
      `SELECT o.id, u.email, u.name,
         (SELECT count(*) FROM photos p WHERE p.order_id = o.id AND p.status = 'completed')::int AS delivered,
         (SELECT count(*) FROM photos p WHERE p.order_id = o.id AND p.status = 'failed')::int AS failed
       FROM orders o JOIN users u ON u.id = o.user_id
       WHERE o.id = $1 AND o.status = 'completed'`,
      [orderId],
    );
    return order ?? null;
  }

  /** A user's orders completed after `since`, with how many photos each delivered (webhooks' reconciler). */
  completedSince(tx: EntityManager, userId: number, since: Date): Promise<{ id: string; photos_processed: number }[]> {
    return txRows(
      tx,
      `SELECT o.id, (SELECT count(*) FROM photos p WHERE p.order_id = o.id AND p.status = 'completed')::int
         AS photos_processed
       FROM orders o WHERE o.user_id = $1 AND o.status = 'completed' AND o.completed_at > $2 LIMIT 1000`,
      [userId, since],
    );
  }

  findOwned(tx: EntityManager, userId: number, orderId: string): Promise<OrderEntity | null> {
    return tx.getRepository(OrderEntity).findOneBy({ id: orderId, userId });
  }

  findByPaymentIntent(tx: EntityManager, paymentIntentId: string): Promise<OrderEntity | null> {
    return tx.getRepository(OrderEntity).findOneBy({ stripePaymentIntentId: paymentIntentId });
  }

  /** The caller's order, row-locked until the transaction ends, so credit and status changes cannot interleave. */
  async lockOwned(tx: EntityManager, userId: number, orderId: string): Promise<OrderEntity> {
    const order = await tx
      .getRepository(OrderEntity)
      .createQueryBuilder('o')
      .setLock('pessimistic_write')
      .where('o.id = :orderId AND o.user_id = :userId', { orderId, userId })
      .getOne();
    if (!order) throw orderNotFound();
    return order;
  }

  /** Where each of the order's photos stands: the facts the status rule reads. */
  async photoStates(tx: EntityManager, orderId: string): Promise<PhotoState[]> {
    const rows = await txRows<{ status: PhotoState }>(tx, 'SELECT status FROM photos WHERE order_id = $1', [orderId]);
    return rows.map((r) => r.status);
  }

  async setStatus(tx: EntityManager, order: OrderEntity, status: OrderStatus): Promise<void> {
    order.status = status;
    if (status === 'completed') order.completedAt = new Date();
    await tx.getRepository(OrderEntity).save(order);
  }

  /** Pending orders with no photo still waiting: their completion was lost (bounded per pass). */
  async pendingWithNothingWaiting(tx: EntityManager): Promise<string[]> {
    const rows = await txRows<{ id: string }>(
      tx,
      `SELECT o.id FROM orders o WHERE o.status = 'pending'
       AND NOT EXISTS (SELECT 1 FROM photos p WHERE p.order_id = o.id AND p.status = 'uploaded') LIMIT 1000`,
    );
    return rows.map((r) => r.id);
  }

  /**
   * Completed orders whose "photos are ready" email has neither gone out nor is being sent: never sent, or its
   * sender died and its lease ran out (bounded per pass). Notifications' email_deliveries is read by SQL, as the
   * photos are: the reconciler needs the orders the record lacks.
   */
  async completedWithoutReadyEmail(tx: EntityManager): Promise<string[]> {
    const rows = await txRows<{ id: string }>(
      tx,
      `SELECT o.id FROM orders o WHERE o.status = 'completed' AND o.purged_at IS NULL
         AND NOT EXISTS (${emailSettled('photos-ready')}) LIMIT 1000`,
    );
    return rows.map((r) => r.id);
  }

  /** Orders of the last two days whose receipt has neither gone out nor is being sent (bounded per pass). */
  async recentWithoutReceipt(tx: EntityManager): Promise<string[]> {
    const rows = await txRows<{ id: string }>(
      tx,
      `SELECT o.id FROM orders o WHERE o.created_at > now() - interval '2 days'
         AND NOT EXISTS (${emailSettled('purchase-receipt')}) LIMIT 1000`,
    );
    return rows.map((r) => r.id);
  }

  /**
   * Completes a pending order once its photos justify it and they have been harmonised, and says what completed;
   * 'harmonise' when everything is done but the harmonisation; null when it is not (yet) due or another call already
   * completed it. The row lock makes the check and the update one step, and Postgres re-checks
   * `status = 'pending'` on a row another transaction just changed, so it completes once.
   */
  async completeIfDone(tx: EntityManager, orderId: string): Promise<CompletedOrder | 'harmonise' | null> {
    const [order] = await txRows<{
      user_id: number;
      package_type: string;
      photos_remaining: number;
      harmonised: boolean;
    }>(
      tx,
      `SELECT user_id, package_type, photos_remaining, harmonised_at IS NOT NULL AS harmonised
       FROM orders WHERE id = $1 AND status = 'pending' FOR UPDATE`,
      [orderId],
    );
    if (!order) return null;
    const photoStates = await this.photoStates(tx, orderId);
    const progress = { status: 'pending' as const, photosRemaining: order.photos_remaining, photoStates };
    if (justifiedStatus(progress) !== 'completed') return null;
    if (!order.harmonised) return 'harmonise';
    await txRows(tx, `UPDATE orders SET status = 'completed', completed_at = now() WHERE id = $1`, [orderId]);
    return {
      id: orderId,
      userId: order.user_id,
      packageType: order.package_type,
      photosProcessed: photoStates.filter((s) => s === 'completed').length,
    };
  }

  /**
   * The look of a pending order that still waits for its harmonisation, which its photos are matched within; null
   * once done, or when it is not pending.
   */
  async awaitsHarmonisation(tx: EntityManager, orderId: string): Promise<AdjustmentStyle | null> {
    const [row] = await txRows<{ look: AdjustmentStyle }>(
      tx,
      `SELECT look FROM orders WHERE id = $1 AND status = 'pending' AND harmonised_at IS NULL`,
      [orderId],
    );
    return row?.look ?? null;
  }

  /**
   * Sets the look of the caller's order while no photo has been uploaded to it (a new order, every credit unused):
   * the row's own condition, so an upload that took a credit first leaves the look as it was. The order after the
   * change, or null when the condition did not hold (or it is not the caller's order).
   */
  async changeLookBeforeUpload(
    tx: EntityManager,
    userId: number,
    orderId: string,
    look: AdjustmentStyle,
  ): Promise<OrderEntity | null> {
    const changed = await txRows<{ id: string }>(
      tx,
      `UPDATE orders SET look = $3 WHERE id = $1 AND user_id = $2 AND status = 'new'
         AND photos_remaining = photos_purchased AND NOT EXISTS (SELECT 1 FROM photos p WHERE p.order_id = $1)
       RETURNING id`,
      [orderId, userId, look],
    );
    return changed.length ? this.findOwned(tx, userId, orderId) : null;
  }

  /**
   * Turns the privacy blur of the caller's order on or off for the photos enhanced from now on (the delivered ones
   * are made again one by one). The order after the change, or null when it is not the caller's or its files are
   * purged.
   */
  async setPrivacyBlur(
    tx: EntityManager,
    userId: number,
    orderId: string,
    privacyBlur: boolean,
  ): Promise<OrderEntity | null> {
    const changed = await txRows<{ id: string }>(
      tx,
      `UPDATE orders SET privacy_blur = $3 WHERE id = $1 AND user_id = $2 AND purged_at IS NULL RETURNING id`,
      [orderId, userId, privacyBlur],
    );
    return changed.length ? this.findOwned(tx, userId, orderId) : null;
  }

  /** Records the harmonisation of a pending order, once; `photosMatched` null when it could not be done. */
  async markHarmonised(tx: EntityManager, orderId: string, photosMatched: number | null): Promise<void> {
    await txRows(
      tx,
      `UPDATE orders SET harmonised_at = now(), photos_matched = $2
       WHERE id = $1 AND status = 'pending' AND harmonised_at IS NULL`,
      [orderId, photosMatched],
    );
  }

  /**
   * The order's photos, oldest first. By entity name: photos depends on orders (credits), so orders imports only
   * photos' types.
   */
  photosOf(tx: EntityManager, userId: number, orderId: string): Promise<PhotoEntity[]> {
    return tx.getRepository<PhotoEntity>('PhotoEntity').find({ where: { orderId, userId }, order: { id: 'ASC' } });
  }

  /** What the receipt email of an order says; null for an unknown order. */
  async receiptFacts(tx: EntityManager, orderId: string): Promise<ReceiptFacts | null> {
    const [order] = await txRows<{
      id: string;
      email: string;
      name: string | null;
      package_type: string;
      amount: number;
    }>(
      tx,
      `SELECT o.id, u.email, u.name, o.package_type, o.amount FROM orders o JOIN users u ON u.id = o.user_id
       WHERE o.id = $1`,
      [orderId],
    );
    if (!order) return null;
    return {
      id: order.id,
      email: order.email,
      name: order.name,
      packageType: order.package_type,
      amount: order.amount,
    };
  }

  /**
   * Completed orders not purged whose completion is at or before `cutoff`, by id after `afterId`, at most `limit`:
   * the purge pages through them by id, so an order it fails on or a dry run does not come back in the next page.
   */
  dueForPurge(tx: EntityManager, cutoff: Date, afterId: string, limit: number): Promise<OrderEntity[]> {
    return tx
      .getRepository(OrderEntity)
      .createQueryBuilder('o')
      .where("o.status = 'completed' AND o.purged_at IS NULL AND o.completed_at <= :cutoff AND o.id > :afterId", {
        cutoff,
        afterId,
      })
      .orderBy('o.id')
      .limit(limit)
      .getMany();
  }

  async markPurged(tx: EntityManager, orderId: string, now: Date): Promise<void> {
    await tx.getRepository(OrderEntity).update({ id: orderId, purgedAt: IsNull() }, { purgedAt: now });
  }

  /**
   * Completed orders, not purged, completed after `purgeCutoff` and at or before `reminderCutoff`, that still have
   * an enhanced photo to download (a reminder about an order whose photos all failed would confuse) and whose
   * reminder has neither gone out nor is being sent; the longest-waiting first, at most `limit`.
   */
  async dueForPurgeReminder(
    tx: EntityManager,
    purgeCutoff: Date,
    reminderCutoff: Date,
    limit: number,
  ): Promise<string[]> {
    const rows = await txRows<{ id: string }>(
      tx,
      `SELECT o.id FROM orders o
       WHERE o.status = 'completed' AND o.purged_at IS NULL
         AND NOT EXISTS (${emailSettled('purge-reminder')})
         AND o.completed_at > $1 AND o.completed_at <= $2
         AND EXISTS (SELECT 1 FROM photos p WHERE p.order_id = o.id AND p.enhanced_path IS NOT NULL)
       ORDER BY o.completed_at LIMIT $3`,
      [purgeCutoff, reminderCutoff, limit],
    );
    return rows.map((r) => r.id);
  }

  /** What the purge reminder of an order not purged says; null once it is purged. */
  async purgeReminderFacts(tx: EntityManager, orderId: string): Promise<PurgeReminderFacts | null> {
    const [order] = await txRows<{
      id: string;
      completed_at: Date | string;
      email: string;
      name: string | null;
      photos: number;
    }>(
      tx,
      `SELECT o.id, o.completed_at, u.email, u.name,
         (SELECT count(*) FROM photos p
          WHERE p.order_id = o.id AND p.enhanced_path IS NOT NULL AND p.purged_at IS NULL)::int AS photos
       FROM orders o JOIN users u ON u.id = o.user_id
       WHERE o.id = $1 AND o.status = 'completed' AND o.purged_at IS NULL`,
      [orderId],
    );
    if (!order) return null;
    return {
      id: order.id,
      completedAt: new Date(order.completed_at),
      email: order.email,
      name: order.name,
      photos: order.photos,
    };
  }
}
