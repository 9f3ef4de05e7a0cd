import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * When an order's photos were matched to one look (colour and brightness), and how many took part. Null on orders
 * completed before harmonisation existed; a pending order gets both before it completes.
 */
export class OrderHarmonisation1764201600000 implements MigrationInterface {
  name = 'OrderHarmonisation1764201600000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE orders ADD COLUMN harmonised_at timestamptz, ADD COLUMN photos_matched integer`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE orders DROP COLUMN harmonised_at, DROP COLUMN photos_matched`);
  }
}
