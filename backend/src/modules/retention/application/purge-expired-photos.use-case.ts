import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type OrderEntity, OrderRetention } from '../../orders';
import { PhotoRetention } from '../../photos';
import { RatingRetention } from '../../ratings';
import { ObjectStorage } from '../../storage';
import { purgeCutoff } from '../domain/retention-policy';

// Bounded so one query never loads the whole backlog; the run goes on batch after batch until none is left.
const BATCH_SIZE = 100;

export interface PurgeOptions {
  now: Date;
  /** Selects and measures exactly what a real run would delete, and changes nothing. */
  dryRun?: boolean;
  /** Told about each order purged (or, in a dry run, that would be); the CLI lists them. */
  onOrder?: (order: PurgedOrder) => void;
  /** Stops the run between two orders (the process is shutting down); what is left stays due for the next run. */
  signal?: AbortSignal;
}

export interface PurgedOrder {
  orderId: string;
  completedAt: Date;
  photos: number;
  objects: number;
  bytes: number;
}

export interface PurgeResult {
  dryRun: boolean;
  /** Orders marked purged (would be, in a dry run). */
  orders: number;
  photos: number;
  /** Stored objects deleted; those a crashed earlier run already deleted are not counted again. */
  objects: number;
  bytes: number;
  /** Orders not marked purged because a delete or the update failed; the next run finishes them. */
  failed: number;
}

/**
 * Deletes the photo files of orders completed 90 days ago or more, then marks their photos and the order purged and
 * deletes the photos' ratings (a note is the host's words about the photo); orders and transactions stay. Objects
 * go before rows and an object already gone is skipped, so a run killed between the two is finished by the next one.
 */
@Injectable()
export class PurgeExpiredPhotos {
  private readonly logger = new Logger('RetentionPurge');

  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrderRetention,
    private readonly photos: PhotoRetention,
    private readonly ratings: RatingRetention,
    private readonly storage: ObjectStorage,
  ) {}

  async execute({ now, dryRun = false, onOrder, signal }: PurgeOptions): Promise<PurgeResult> {
    const result: PurgeResult = { dryRun, orders: 0, photos: 0, objects: 0, bytes: 0, failed: 0 };
    // Paging by id rather than re-selecting what is left: a dry run changes nothing and a failed order stays due,
    // so either would otherwise come back in the next batch.
    let afterId = '';
    for (;;) {
      const batch = await this.dueOrders(purgeCutoff(now), afterId);
      for (const order of batch) {
        if (signal?.aborted) break;
        const purged: PurgedOrder = {
          orderId: order.id,
          completedAt: order.completedAt!,
          photos: 0,
          objects: 0,
          bytes: 0,
        };
        try {
          await this.purgeOrder(purged, now, dryRun);
          result.orders++;
          result.photos += purged.photos;
          onOrder?.(purged);
        } catch (err) {
          result.failed++;
          this.logger.warn(`Order ${order.id} not purged, the next run tries again: ${String(err)}`);
        }
        // Files deleted before a failure are gone all the same; the next run finds them missing and counts nothing.
        result.objects += purged.objects;
        result.bytes += purged.bytes;
      }
      if (batch.length < BATCH_SIZE || signal?.aborted) break;
      afterId = batch[batch.length - 1].id;
    }
    this.logger.log({ msg: dryRun ? 'Purge dry run' : 'Purge finished', ...result });
    return result;
  }

  private dueOrders(cutoff: Date, afterId: string): Promise<OrderEntity[]> {
    return this.orders.dueForPurge(this.dataSource.manager, cutoff, afterId, BATCH_SIZE);
  }

  /** Deletes the order's files, then marks its photos and the order purged; tallies into `purged` as it goes. */
  private async purgeOrder(purged: PurgedOrder, now: Date, dryRun: boolean): Promise<void> {
    const photos = await this.photos.unpurgedOfOrder(this.dataSource.manager, purged.orderId);
    for (const photo of photos) {
      const keys = [
        // A bracket's frames include its original (the reference frame); each key is deleted once.
        ...new Set([photo.originalPath, ...(photo.framePaths ?? [])]),
        photo.enhancedPath,
        photo.previewPath,
        photo.thumbnailPath,
        photo.beforePreviewPath,
      ];
      // One photo's files at a time: a premium order has 160, too many to send a store all at once.
      const sizes = await Promise.all(keys.filter((key) => key !== null).map((key) => this.removeObject(key, dryRun)));
      for (const size of sizes) {
        if (size === null) continue;
        purged.objects++;
        purged.bytes += size;
      }
    }
    if (!dryRun) {
      await this.dataSource.transaction(async (tx) => {
        const photoIds = photos.map((p) => p.id);
        await this.photos.markPurged(tx, photoIds, now);
        await this.ratings.deleteForPhotos(tx, photoIds);
        await this.orders.markPurged(tx, purged.orderId, now);
      });
    }
    purged.photos = photos.length;
  }

  /** The object's size, or null when it is already gone (a re-run after a crash); deletes unless a dry run. */
  private async removeObject(key: string, dryRun: boolean): Promise<number | null> {
    const stat = await this.storage.stat(key);
    if (stat && !dryRun) await this.storage.delete(key);
    return stat?.size ?? null;
  }
}
