import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The look a host chooses when buying (one of the adjustment styles), which every photo of the order is rendered
 * and harmonised in. It travels with the payment: the local test gateway keeps it on its payment intent (Stripe in
 * the intent's metadata) until the paid order is written. Orders and intents made before it get `listing`, the look
 * they were delivered in.
 */
export class OrderLook1764547200000 implements MigrationInterface {
  name = 'OrderLook1764547200000';

  async up(db: QueryRunner): Promise<void> {
    for (const table of ['orders', 'local_payment_intents']) {
      await db.query(`
        ALTER TABLE ${table} ADD COLUMN look text NOT NULL DEFAULT 'listing'
          CONSTRAINT ${table}_look_check CHECK (look IN ('listing', 'natural', 'bright-airy', 'warm'))
      `);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE orders DROP COLUMN look`);
    await db.query(`ALTER TABLE local_payment_intents DROP COLUMN look`);
  }
}
