import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A photo uploaded as an exposure bracket keeps the keys of all its frames (2 to 7, in upload order); its
 * original_path is the reference frame's key, one of them. Null for a photo of one file.
 */
export class BracketFrames1764633600000 implements MigrationInterface {
  name = 'BracketFrames1764633600000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE photos ADD COLUMN frame_paths text[]`);
    await db.query(
      `ALTER TABLE photos ADD CONSTRAINT photos_frame_paths_check CHECK (
         frame_paths IS NULL OR (cardinality(frame_paths) BETWEEN 2 AND 7 AND original_path = ANY(frame_paths)))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE photos DROP CONSTRAINT photos_frame_paths_check`);
    await db.query(`ALTER TABLE photos DROP COLUMN frame_paths`);
  }
}
