import { Injectable } from '@nestjs/common';
import { type EntityManager, In } from 'typeorm';
import { txRows } from '../../../shared/db/query-rows';
import { PhotoRatingEntity } from './photo-rating.entity';

export interface NewRating {
  photoId: number;
  userId: number;
  orderId: string;
  score: number;
  note: string | null;
  engineVersion: string | null;
  style: string | null;
}

interface RatingRow {
  photo_id: number;
  user_id: number;
  order_id: string;
  score: number;
  note: string | null;
  engine_version: string | null;
  style: string | null;
  created_at: Date;
  updated_at: Date;
}

const toEntity = (r: RatingRow): PhotoRatingEntity =>
  Object.assign(new PhotoRatingEntity(), {
    photoId: r.photo_id,
    userId: r.user_id,
    orderId: r.order_id,
    score: r.score,
    note: r.note,
    engineVersion: r.engine_version,
    style: r.style,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  });

/** The photo_ratings table. Every method takes the transaction handle it runs in. */
@Injectable()
export class RatingsRepository {
  findForPhoto(tx: EntityManager, photoId: number): Promise<PhotoRatingEntity | null> {
    return tx.getRepository(PhotoRatingEntity).findOneBy({ photoId });
  }

  /**
   * Writes the photo's rating in one statement, so two at once cannot both insert: a new one, or the score, note and
   * rated version replacing the old ones (`updated_at` moves, `created_at` stays). The same score and note again
   * change nothing. `created` (Postgres: a row inserted has no xmax) tells a first rating from a replaced one.
   */
  async upsert(
    tx: EntityManager,
    rating: NewRating,
    now: Date,
  ): Promise<{ rating: PhotoRatingEntity; created: boolean; changed: boolean }> {
    const rows = await txRows<RatingRow & { created: boolean }>(
      tx,
      `INSERT INTO photo_ratings AS r
         (photo_id, user_id, order_id, score, note, engine_version, style, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
       ON CONFLICT (photo_id) DO UPDATE
         SET score = EXCLUDED.score, note = EXCLUDED.note, engine_version = EXCLUDED.engine_version,
             style = EXCLUDED.style, updated_at = EXCLUDED.updated_at
         WHERE (r.score, r.note) IS DISTINCT FROM (EXCLUDED.score, EXCLUDED.note)
       RETURNING r.*, (r.xmax = 0) AS created`,
      [
        rating.photoId,
        rating.userId,
        rating.orderId,
        rating.score,
        rating.note,
        rating.engineVersion,
        rating.style,
        now,
      ],
    );
    if (rows.length > 0) return { rating: toEntity(rows[0]), created: rows[0].created, changed: true };
    // Nothing returned: the row exists with this very score and note.
    return { rating: (await this.findForPhoto(tx, rating.photoId))!, created: false, changed: false };
  }

  /**
   * Ratings last changed at or after `since`, in that order, `limit` at a time: pass the last one's `after` to go on
   * (keyset paging, so a long list never sits in memory and rows rated meanwhile are neither skipped nor repeated).
   */
  async listSince(
    tx: EntityManager,
    since: Date,
    limit: number,
    after?: { updatedAt: Date; photoId: number },
  ): Promise<PhotoRatingEntity[]> {
    const rows = await txRows<RatingRow>(
      tx,
      `SELECT * FROM photo_ratings
       WHERE updated_at >= $1 AND ($2::timestamptz IS NULL OR (updated_at, photo_id) > ($2, $3))
       ORDER BY updated_at, photo_id LIMIT $4`,
      [since, after?.updatedAt ?? null, after?.photoId ?? 0, limit],
    );
    return rows.map(toEntity);
  }

  /** How many ratings changed at or after `since` gave each score. */
  countByScore(tx: EntityManager, since: Date): Promise<{ score: number; count: number }[]> {
    return txRows(
      tx,
      `SELECT score, count(*)::int AS count FROM photo_ratings WHERE updated_at >= $1 GROUP BY score ORDER BY score`,
      [since],
    );
  }

  /** Deletes the ratings of these photos (their files are being purged); how many went. */
  async deleteForPhotos(tx: EntityManager, photoIds: number[]): Promise<number> {
    if (photoIds.length === 0) return 0;
    const result = await tx.getRepository(PhotoRatingEntity).delete({ photoId: In(photoIds) });
    return result.affected ?? 0;
  }
}
