import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Hosts' ratings of their delivered photos ("How did we do?"): one per photo, replaced when the host rates again.
 * The order, engine version and style are those of the version the host rated, kept with the rating so a later
 * adjustment does not change what an old score was about. The 90-day purge deletes a photo's rating with its files.
 */
export class PhotoRatings1764460800000 implements MigrationInterface {
  name = 'PhotoRatings1764460800000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE photo_ratings (
        photo_id integer PRIMARY KEY REFERENCES photos (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users (id),
        order_id text NOT NULL REFERENCES orders (id),
        score smallint NOT NULL CHECK (score BETWEEN 1 AND 5),
        note text CHECK (note IS NULL OR char_length(note) BETWEEN 1 AND 1000),
        engine_version text,
        style text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX photo_ratings_updated ON photo_ratings (updated_at, photo_id);
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE photo_ratings`);
  }
}
