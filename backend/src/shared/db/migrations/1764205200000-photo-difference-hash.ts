import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Each uploaded photo's difference hash (16 hex digits), so a later upload to the same order is checked for
 * near-duplicates of the photos already in it. Null for photos uploaded before it was kept.
 */
export class PhotoDifferenceHash1764205200000 implements MigrationInterface {
  name = 'PhotoDifferenceHash1764205200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE photos ADD COLUMN difference_hash text`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE photos DROP COLUMN difference_hash`);
  }
}
