import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The privacy blur a host may ask for when buying: faces and licence plates blurred on every photo of the order
 * before delivery. It travels with the payment as the look does (the local test gateway's intent keeps it; Stripe
 * the intent's metadata). A host's adjustment of a delivered photo records whether that photo is made again with
 * the blur, so a photo can be blurred or not on its own. Orders, intents and adjustments made before it are not
 * blurred.
 */
export class OrderPrivacyBlur1764720000000 implements MigrationInterface {
  name = 'OrderPrivacyBlur1764720000000';

  async up(db: QueryRunner): Promise<void> {
    for (const table of ['orders', 'local_payment_intents', 'photo_adjustments']) {
      await db.query(`ALTER TABLE ${table} ADD COLUMN privacy_blur boolean NOT NULL DEFAULT false`);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE orders DROP COLUMN privacy_blur`);
    await db.query(`ALTER TABLE local_payment_intents DROP COLUMN privacy_blur`);
    await db.query(`ALTER TABLE photo_adjustments DROP COLUMN privacy_blur`);
  }
}
