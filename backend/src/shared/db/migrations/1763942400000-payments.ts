import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** The local test gateway's payment intents, and a once-only marker for purchase receipts. */
export class Payments1763942400000 implements MigrationInterface {
  name = 'Payments1763942400000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE local_payment_intents (
        id text PRIMARY KEY,
        client_secret text NOT NULL UNIQUE,
        idempotency_key text NOT NULL UNIQUE,
        amount integer NOT NULL CHECK (amount > 0),
        currency text NOT NULL,
        status text NOT NULL DEFAULT 'requires_payment_method'
          CHECK (status IN ('requires_payment_method', 'succeeded', 'canceled')),
        user_id integer NOT NULL REFERENCES users (id),
        package_type text NOT NULL,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      ALTER TABLE orders ADD COLUMN receipt_sent_at timestamptz;
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE orders DROP COLUMN receipt_sent_at; DROP TABLE local_payment_intents;`);
  }
}
