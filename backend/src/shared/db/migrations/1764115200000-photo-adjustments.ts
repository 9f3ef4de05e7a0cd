import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Hosts' adjustment requests for delivered photos. At most one per photo is queued at a time (the partial unique
 * index), which is also what makes a repeated request queue once.
 */
export class PhotoAdjustments1764115200000 implements MigrationInterface {
  name = 'PhotoAdjustments1764115200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE photo_adjustments (
        id serial PRIMARY KEY,
        photo_id integer NOT NULL REFERENCES photos (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users (id),
        style text NOT NULL CHECK (style IN ('natural', 'bright-airy', 'warm')),
        brightness integer NOT NULL CHECK (brightness BETWEEN -2 AND 2),
        warmth integer NOT NULL CHECK (warmth BETWEEN -2 AND 2),
        straighten boolean NOT NULL,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'completed', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        failure_reason text,
        requested_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz
      );
      CREATE UNIQUE INDEX photo_adjustments_one_queued ON photo_adjustments (photo_id) WHERE status = 'queued';
      CREATE INDEX photo_adjustments_photo ON photo_adjustments (photo_id);
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE photo_adjustments`);
  }
}
