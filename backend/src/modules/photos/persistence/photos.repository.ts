import { Injectable } from '@nestjs/common';
import { type EntityManager, In, IsNull } from 'typeorm';
import { PhotoEntity } from './photo.entity';
import { txRows } from '../../../shared/db/query-rows';

export interface NewPhoto {
  id: number;
  key: string;
  /** The photo checks' difference hash (16 hex digits). */
  differenceHash: string;
  name: string;
  size: number;
  /** A bracket's frames (key is its reference frame's); absent for a photo of one file. */
  framePaths?: string[];
}

export interface EnhancedPhoto {
  enhancedPath: string;
  previewPath: string;
  thumbnailPath: string;
  beforePreviewPath: string;
  engineVersion: string;
  report: unknown;
}

/** The photos table. Every method takes the transaction handle it runs in (a data source's `manager` outside one). */
@Injectable()
export class PhotosRepository {
  /** A photo id before its row exists: the storage key names it, and the file is stored before the row is written. */
  async reserveId(tx: EntityManager): Promise<number> {
    const [{ id }] = await txRows<{ id: number }>(
      tx,
      `SELECT nextval(pg_get_serial_sequence('photos', 'id'))::int AS id`,
    );
    return id;
  }

  async insertUploaded(tx: EntityManager, userId: number, orderId: string, photos: NewPhoto[]): Promise<void> {
    // Explicit ids: the keys already name them. (TypeORM's insert would drop a value for a generated column.)
    for (const p of photos) {
      await txRows(
        tx,
        `INSERT INTO photos (id, user_id, order_id, original_path, frame_paths, name, size_bytes, difference_hash,
                             status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'uploaded')`,
        [p.id, userId, orderId, p.key, p.framePaths ?? null, p.name, p.size, p.differenceHash],
      );
    }
  }

  /** The difference hashes of an order's photos, oldest first, for the duplicate check of a later upload. */
  async hashesOfOrder(tx: EntityManager, orderId: string): Promise<{ name: string; hash: string }[]> {
    const rows = await txRows<{ id: number; name: string | null; hash: string }>(
      tx,
      `SELECT id, name, difference_hash AS hash FROM photos
       WHERE order_id = $1 AND difference_hash IS NOT NULL ORDER BY id`,
      [orderId],
    );
    return rows.map((r) => ({ name: r.name ?? `Photo ${r.id}`, hash: r.hash }));
  }

  async uploadedIds(tx: EntityManager, orderId: string): Promise<number[]> {
    const photos = await tx
      .getRepository(PhotoEntity)
      .find({ where: { orderId, status: 'uploaded' }, select: { id: true } });
    return photos.map((p) => p.id);
  }

  /** Uploaded photos of pending orders: the enhancement jobs that should be queued (bounded per pass). */
  async awaitingEnhancement(tx: EntityManager): Promise<number[]> {
    const rows = await txRows<{ id: number }>(
      tx,
      `SELECT p.id FROM photos p JOIN orders o ON o.id = p.order_id
       WHERE p.status = 'uploaded' AND o.status = 'pending' ORDER BY p.id LIMIT 5000`,
    );
    return rows.map((r) => r.id);
  }

  findById(tx: EntityManager, photoId: number): Promise<PhotoEntity | null> {
    return tx.getRepository(PhotoEntity).findOneBy({ id: photoId });
  }

  async countAttempt(tx: EntityManager, photoId: number): Promise<void> {
    await tx.getRepository(PhotoEntity).increment({ id: photoId }, 'attempts', 1);
  }

  /** Moves an uploaded photo to completed with its outputs; false when it was not uploaded (any more). */
  async markCompleted(tx: EntityManager, photoId: number, enhanced: EnhancedPhoto): Promise<boolean> {
    const update = await tx
      .getRepository(PhotoEntity)
      .createQueryBuilder()
      .update()
      .set({
        status: 'completed',
        enhancedPath: enhanced.enhancedPath,
        previewPath: enhanced.previewPath,
        thumbnailPath: enhanced.thumbnailPath,
        beforePreviewPath: enhanced.beforePreviewPath,
        processDate: () => 'now()',
        engineVersion: enhanced.engineVersion,
        // TypeORM serialises jsonb columns itself; its deep-partial type just cannot see through the report's shape.
        enhancementReport: enhanced.report as never,
        failureReason: null,
      })
      .where('id = :id AND status = :status', { id: photoId, status: 'uploaded' })
      .execute();
    return Boolean(update.affected);
  }

  /** Moves an uploaded photo to failed with its reason; false when it was not uploaded (any more). */
  /**
   * A user's photos enhanced after `since`, or failed and uploaded after it (a failure records no time of its own),
   * for webhooks' reconciler.
   */
  finishedSince(
    tx: EntityManager,
    userId: number,
    status: 'completed' | 'failed',
    since: Date,
  ): Promise<{ id: number; order_id: string }[]> {
    const time = status === 'completed' ? 'process_date' : 'upload_date';
    return txRows(
      tx,
      `SELECT id, order_id FROM photos WHERE user_id = $1 AND status = $2 AND ${time} > $3 LIMIT 5000`,
      [userId, status, since],
    );
  }

  async markFailed(tx: EntityManager, photoId: number, reason: string): Promise<boolean> {
    const update = await tx
      .getRepository(PhotoEntity)
      .update({ id: photoId, status: 'uploaded' }, { status: 'failed', failureReason: reason.slice(0, 1000) });
    return Boolean(update.affected);
  }

  /** The user's photos across orders, oldest first (at most 5000). */
  listOwned(tx: EntityManager, userId: number): Promise<PhotoEntity[]> {
    return tx.getRepository(PhotoEntity).find({ where: { userId }, order: { id: 'ASC' }, take: 5000 });
  }

  /** The user's photo; another user's is indistinguishable from a missing one. */
  findOwned(tx: EntityManager, userId: number, photoId: number): Promise<PhotoEntity | null> {
    return tx.getRepository(PhotoEntity).findOneBy({ id: photoId, userId });
  }

  /**
   * The user's photo if it is delivered (completed, files not purged); with `lock`, its row is held against the purge
   * (FOR SHARE) until the caller's transaction ends, so what is written about it cannot outlive its purge.
   */
  findDeliveredOwned(tx: EntityManager, userId: number, photoId: number, lock = false): Promise<PhotoEntity | null> {
    return tx.getRepository(PhotoEntity).findOne({
      where: { id: photoId, userId, status: 'completed', purgedAt: IsNull() },
      ...(lock ? { lock: { mode: 'pessimistic_read' as const } } : {}),
    });
  }

  /** The user's photos of one order, oldest first. */
  listOfOrder(tx: EntityManager, userId: number, orderId: string): Promise<PhotoEntity[]> {
    return tx.getRepository(PhotoEntity).find({ where: { orderId, userId }, order: { id: 'ASC' } });
  }

  /**
   * Which of these photos of the user still wait for enhancement (uploaded, in a pending order, and in `orderId`
   * when given), in id order; the others are left out.
   */
  async waitingOfOwner(tx: EntityManager, userId: number, photoIds: number[], orderId?: string): Promise<number[]> {
    const rows = await txRows<{ id: number }>(
      tx,
      `SELECT p.id FROM photos p JOIN orders o ON o.id = p.order_id
       WHERE p.user_id = $1 AND p.id = ANY($2::int[]) AND p.status = 'uploaded' AND o.status = 'pending'
         AND ($3::text IS NULL OR p.order_id = $3)
       ORDER BY p.id`,
      [userId, photoIds, orderId ?? null],
    );
    return rows.map((r) => r.id);
  }

  /** The order's photos whose files are not purged yet, oldest first. */
  unpurgedOfOrder(tx: EntityManager, orderId: string): Promise<PhotoEntity[]> {
    return tx.getRepository(PhotoEntity).find({ where: { orderId, purgedAt: IsNull() }, order: { id: 'ASC' } });
  }

  /**
   * Records that the photos' files are deleted: their derived keys go and `purged_at` is set. original_path is NOT
   * NULL and stays as a record of the key; every API hides it once purged_at is set.
   */
  async markPurged(tx: EntityManager, photoIds: number[], now: Date): Promise<void> {
    if (photoIds.length === 0) return;
    await tx
      .getRepository(PhotoEntity)
      .update(
        { id: In(photoIds) },
        { enhancedPath: null, previewPath: null, thumbnailPath: null, beforePreviewPath: null, purgedAt: now },
      );
  }

  /** The keys among `keys` that a photo not purged points to (as its original, a bracket frame or a derived file). */
  async ownedKeys(tx: EntityManager, keys: string[]): Promise<Set<string>> {
    const rows = await txRows<{ key: string }>(
      tx,
      `SELECT k.key FROM unnest($1::text[]) AS k(key)
       WHERE EXISTS (
         SELECT 1 FROM photos p WHERE p.purged_at IS NULL
           AND (k.key IN (p.original_path, p.enhanced_path, p.preview_path, p.thumbnail_path, p.before_preview_path)
                OR k.key = ANY(p.frame_paths)))`,
      [keys],
    );
    return new Set(rows.map((r) => r.key));
  }

  /** An order's delivered photos (completed, not purged), oldest first: what its harmonisation matches. */
  deliveredOfOrder(tx: EntityManager, orderId: string): Promise<PhotoEntity[]> {
    return tx
      .getRepository(PhotoEntity)
      .find({ where: { orderId, status: 'completed', purgedAt: IsNull() }, order: { id: 'ASC' } });
  }

  /**
   * Points a delivered photo at new files and report (an adjustment's, the order harmonisation's); false when it is
   * no longer delivered (purged or gone meanwhile) or, given `replacing`, no longer has those files (another change
   * came first), in which case the caller deletes the new files instead of the old ones.
   */
  async replaceEnhanced(
    tx: EntityManager,
    photoId: number,
    files: { enhancedPath: string; previewPath: string; thumbnailPath: string; engineVersion: string; report: unknown },
    replacing?: string,
  ): Promise<boolean> {
    const update = await tx
      .getRepository(PhotoEntity)
      .createQueryBuilder()
      .update()
      .set({
        enhancedPath: files.enhancedPath,
        previewPath: files.previewPath,
        thumbnailPath: files.thumbnailPath,
        engineVersion: files.engineVersion,
        enhancementReport: files.report as never,
      })
      .where('id = :id AND status = :status AND purged_at IS NULL', { id: photoId, status: 'completed' })
      .andWhere(replacing === undefined ? 'TRUE' : 'enhanced_path = :replacing', { replacing })
      .execute();
    return Boolean(update.affected);
  }
}
