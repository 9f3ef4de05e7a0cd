import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { PhotoEntity } from './photo.entity';
import { txRows } from '../../../shared/db/query-rows';

export interface NewPhoto {
  id: number;
  key: string;
  name: string;
  size: number;
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
        `INSERT INTO photos (id, user_id, order_id, original_path, name, size_bytes, status)
         VALUES ($1, $2, $3, $4, $5, $6, 'uploaded')`,
        [p.id, userId, orderId, p.key, p.name, p.size],
      );
    }
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
  async markFailed(tx: EntityManager, photoId: number, reason: string): Promise<boolean> {
    const update = await tx
      .getRepository(PhotoEntity)
      .update({ id: photoId, status: 'uploaded' }, { status: 'failed', failureReason: reason.slice(0, 1000) });
    return Boolean(update.affected);
  }

  /**
   * Points a delivered photo at an adjustment's files and report; false when it is no longer delivered (purged or
   * gone meanwhile), in which case the caller deletes the new files instead of the old ones.
   */
  async replaceEnhanced(
    tx: EntityManager,
    photoId: number,
    files: { enhancedPath: string; previewPath: string; thumbnailPath: string; engineVersion: string; report: unknown },
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
      .execute();
    return Boolean(update.affected);
  }
}
