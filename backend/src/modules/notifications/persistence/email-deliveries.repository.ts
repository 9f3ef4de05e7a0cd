import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { txRows } from '../../../shared/db/query-rows';
import { type OwedEmailKind } from '../domain/owed-email';

export interface EmailLease {
  messageId: string;
  /** 1 on the first attempt. */
  attempt: number;
}

/**
 * The email_deliveries table: one row per owed email (kind, order), pending until a process leases it, leased
 * until `lease_until`, then accepted once the SMTP server took it. Times are the database's, so processes whose
 * clocks disagree still agree on when a lease has run out. Every method takes the transaction handle it runs in.
 */
@Injectable()
export class EmailDeliveriesRepository {
  /**
   * Leases the email for `leaseMs` unless it was accepted or another lease still runs; null then. The first lease
   * records the Message-ID, which every later attempt keeps.
   */
  async lease(
    tx: EntityManager,
    kind: OwedEmailKind,
    orderId: string,
    messageId: string,
    leaseMs: number,
  ): Promise<EmailLease | null> {
    const [row] = await txRows<{ message_id: string; attempts: number }>(
      tx,
      `INSERT INTO email_deliveries (kind, order_id, message_id, attempts, lease_until)
       VALUES ($1, $2, $3, 1, now() + make_interval(secs => $4))
       ON CONFLICT (kind, order_id) DO UPDATE
         SET attempts = email_deliveries.attempts + 1, lease_until = EXCLUDED.lease_until,
             message_id = coalesce(email_deliveries.message_id, EXCLUDED.message_id)
         WHERE email_deliveries.accepted_at IS NULL
           AND (email_deliveries.lease_until IS NULL OR email_deliveries.lease_until <= now())
       RETURNING message_id, attempts`,
      [kind, orderId, messageId, leaseMs / 1000],
    );
    return row ? { messageId: row.message_id, attempt: row.attempts } : null;
  }

  /** The SMTP server accepted the email: no attempt sends it again. */
  async accept(tx: EntityManager, kind: OwedEmailKind, orderId: string): Promise<void> {
    await txRows(
      tx,
      'UPDATE email_deliveries SET accepted_at = now(), lease_until = NULL WHERE kind = $1 AND order_id = $2',
      [kind, orderId],
    );
  }

  /** Ends a lease without sending (the send failed, or the order no longer owes it): pending again. */
  async release(tx: EntityManager, kind: OwedEmailKind, orderId: string): Promise<void> {
    await txRows(
      tx,
      `UPDATE email_deliveries SET lease_until = NULL
       WHERE kind = $1 AND order_id = $2 AND accepted_at IS NULL`,
      [kind, orderId],
    );
  }

  /** Emails whose lease ran out unaccepted: their process died mid-send (bounded per call). */
  async expired(tx: EntityManager, kind: OwedEmailKind, limit: number): Promise<string[]> {
    const rows = await txRows<{ order_id: string }>(
      tx,
      `SELECT order_id FROM email_deliveries
       WHERE kind = $1 AND accepted_at IS NULL AND lease_until <= now()
       ORDER BY lease_until LIMIT $2`,
      [kind, limit],
    );
    return rows.map((r) => r.order_id);
  }
}
