import { Injectable } from '@nestjs/common';
import { type EntityManager, Not } from 'typeorm';
import type { AdjustmentSettings } from '../domain/adjustments';
import { PhotoAdjustmentEntity } from './photo-adjustment.entity';

/** The photo_adjustments table. Every method takes the transaction handle it runs in. */
@Injectable()
export class AdjustmentsRepository {
  findById(tx: EntityManager, id: number): Promise<PhotoAdjustmentEntity | null> {
    return tx.getRepository(PhotoAdjustmentEntity).findOneBy({ id });
  }

  findQueued(tx: EntityManager, photoId: number): Promise<PhotoAdjustmentEntity | null> {
    return tx.getRepository(PhotoAdjustmentEntity).findOneBy({ photoId, status: 'queued' });
  }

  /** Adjustments that count against the allowance: all but failed ones. */
  countUsed(tx: EntityManager, photoId: number): Promise<number> {
    return tx.getRepository(PhotoAdjustmentEntity).countBy({ photoId, status: Not('failed') });
  }

  listForPhoto(tx: EntityManager, photoId: number): Promise<PhotoAdjustmentEntity[]> {
    return tx.getRepository(PhotoAdjustmentEntity).find({ where: { photoId }, order: { id: 'DESC' }, take: 100 });
  }

  /** Photos among the caller's with an adjustment still being made. */
  async queuedPhotoIds(tx: EntityManager, userId: number): Promise<Set<number>> {
    const rows = await tx
      .getRepository(PhotoAdjustmentEntity)
      .find({ where: { userId, status: 'queued' }, select: { photoId: true } });
    return new Set(rows.map((r) => r.photoId));
  }

  /** Queued adjustments (bounded per pass): the reconciler queues their jobs again. */
  async queuedIds(tx: EntityManager): Promise<number[]> {
    const rows = await tx
      .getRepository(PhotoAdjustmentEntity)
      .find({ where: { status: 'queued' }, select: { id: true }, order: { id: 'ASC' }, take: 5000 });
    return rows.map((r) => r.id);
  }

  async create(
    tx: EntityManager,
    photoId: number,
    userId: number,
    settings: AdjustmentSettings,
  ): Promise<PhotoAdjustmentEntity> {
    return tx.getRepository(PhotoAdjustmentEntity).save({ photoId, userId, ...settings, status: 'queued' });
  }

  async countAttempt(tx: EntityManager, id: number): Promise<void> {
    await tx.getRepository(PhotoAdjustmentEntity).increment({ id }, 'attempts', 1);
  }

  /** Moves a queued adjustment on; false when it was not queued (any more), so a rerun does nothing twice. */
  async finish(
    tx: EntityManager,
    id: number,
    outcome: { status: 'completed' } | { status: 'failed'; reason: string },
  ): Promise<boolean> {
    const update = await tx.getRepository(PhotoAdjustmentEntity).update(
      { id, status: 'queued' },
      {
        status: outcome.status,
        failureReason: outcome.status === 'failed' ? outcome.reason.slice(0, 1000) : null,
        completedAt: new Date(),
      },
    );
    return Boolean(update.affected);
  }
}
