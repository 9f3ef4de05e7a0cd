import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The emails an order is owed (receipt, "photos ready", purge reminder) move from three `*_sent_at` columns of
 * orders to notifications' own table, where a claim is a lease that expires: a process killed mid-send no longer
 * keeps its claim for ever. Emails already sent are carried over as accepted, so none goes out again; their
 * Message-ID was nodemailer's random one, hence null.
 */
export class EmailDeliveries1764288000000 implements MigrationInterface {
  name = 'EmailDeliveries1764288000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE email_deliveries (
        kind text NOT NULL CHECK (kind IN ('purchase-receipt', 'photos-ready', 'purge-reminder')),
        order_id text NOT NULL,
        message_id text,
        attempts integer NOT NULL DEFAULT 0,
        lease_until timestamptz,
        accepted_at timestamptz,
        PRIMARY KEY (kind, order_id)
      )
    `);
    await db.query(`
      INSERT INTO email_deliveries (kind, order_id, attempts, accepted_at)
        SELECT 'purchase-receipt', id, 1, receipt_sent_at FROM orders WHERE receipt_sent_at IS NOT NULL
        UNION ALL
        SELECT 'photos-ready', id, 1, ready_email_sent_at FROM orders WHERE ready_email_sent_at IS NOT NULL
        UNION ALL
        SELECT 'purge-reminder', id, 1, purge_reminder_sent_at FROM orders WHERE purge_reminder_sent_at IS NOT NULL
    `);
    await db.query(
      `ALTER TABLE orders DROP COLUMN receipt_sent_at, DROP COLUMN ready_email_sent_at, DROP COLUMN purge_reminder_sent_at`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE orders ADD COLUMN receipt_sent_at timestamptz, ADD COLUMN ready_email_sent_at timestamptz,
        ADD COLUMN purge_reminder_sent_at timestamptz
    `);
    // A lease still held counts as sent, as the old claim did.
    await db.query(`
      UPDATE orders o SET
        receipt_sent_at = (SELECT coalesce(d.accepted_at, d.lease_until) FROM email_deliveries d
                           WHERE d.kind = 'purchase-receipt' AND d.order_id = o.id),
        ready_email_sent_at = (SELECT coalesce(d.accepted_at, d.lease_until) FROM email_deliveries d
                               WHERE d.kind = 'photos-ready' AND d.order_id = o.id),
        purge_reminder_sent_at = (SELECT coalesce(d.accepted_at, d.lease_until) FROM email_deliveries d
                                  WHERE d.kind = 'purge-reminder' AND d.order_id = o.id)
    `);
    await db.query(`DROP TABLE email_deliveries`);
  }
}
