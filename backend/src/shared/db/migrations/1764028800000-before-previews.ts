import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Where each enhanced photo's "before" preview lives (the host's before/after slider); null for older photos. */
export class BeforePreviews1764028800000 implements MigrationInterface {
  name = 'BeforePreviews1764028800000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE photos ADD COLUMN before_preview_path text`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE photos DROP COLUMN before_preview_path`);
  }
}
