import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PhotoRetention } from '../../photos';
import { ObjectStorage, UnsupportedByStoreError } from '../../storage';
import { ORPHAN_PREFIXES, orphanCutoff, staleWriteCutoff } from '../domain/retention-policy';

// Keys checked against the photos table per query.
const BATCH_SIZE = 500;

export interface SweepOptions {
  now: Date;
  /** Lists what a real run would delete and changes nothing (unfinished writes are then not looked at). */
  dryRun?: boolean;
  /** Told about each orphaned object deleted (or, in a dry run, that would be); the CLI lists them. */
  onObject?: (object: { key: string; bytes: number; lastModified: Date }) => void;
  signal?: AbortSignal;
}

export interface SweepResult {
  dryRun: boolean;
  /** Objects no live photo row points to, older than the grace period: deleted (would be, in a dry run). */
  orphans: number;
  bytes: number;
  /** Writes that never finished (a process killed mid-upload) removed; 0 in a dry run. */
  staleWrites: number;
  /**
   * Steps the object store does not support, not run and not failed (s3rver cannot list unfinished writes): the run
   * still counts as done, or every hourly firing would claim the day again.
   */
  skipped: string[];
}

/**
 * Deletes stored photo files that no photo row owns: an upload whose process died between storing its files and
 * writing its rows, an enhancement output whose photo was since purged. Only objects older than the grace period
 * go, so an upload or an enhancement still in flight (files first, rows after) is never touched.
 */
@Injectable()
export class SweepOrphanedObjects {
  private readonly logger = new Logger('OrphanSweep');

  constructor(
    private readonly dataSource: DataSource,
    private readonly photos: PhotoRetention,
    private readonly storage: ObjectStorage,
  ) {}

  async execute({ now, dryRun = false, onObject, signal }: SweepOptions): Promise<SweepResult> {
    const result: SweepResult = { dryRun, orphans: 0, bytes: 0, staleWrites: 0, skipped: [] };
    for (const prefix of ORPHAN_PREFIXES) {
      const cutoff = orphanCutoff(now, prefix);
      const keys = await this.storage.list(prefix);
      for (let i = 0; i < keys.length && !signal?.aborted; i += BATCH_SIZE) {
        const batch = keys.slice(i, i + BATCH_SIZE);
        const owned = await this.photos.ownedKeys(this.dataSource.manager, batch);
        for (const key of batch.filter((k) => !owned.has(k))) {
          const stat = await this.storage.stat(key);
          if (!stat || stat.lastModified > cutoff) continue;
          if (!dryRun) await this.storage.delete(key);
          this.logger.log({ msg: dryRun ? 'Orphaned object found' : 'Orphaned object deleted', key, bytes: stat.size });
          result.orphans++;
          result.bytes += stat.size;
          onObject?.({ key, bytes: stat.size, lastModified: stat.lastModified });
        }
      }
    }
    if (!dryRun && !signal?.aborted) {
      try {
        result.staleWrites = await this.storage.removeStaleWrites(staleWriteCutoff(now));
      } catch (err) {
        if (!(err instanceof UnsupportedByStoreError)) throw err;
        result.skipped.push(`unfinished writes: ${err.message}`);
      }
    }
    this.logger.log({ msg: dryRun ? 'Orphan sweep dry run' : 'Orphan sweep finished', ...result });
    return result;
  }
}
