import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { txRows } from '../../../shared/db/query-rows';
import { JobLockEntity } from './job-lock.entity';

/**
 * The job_locks table: one row per (name, tick), so a tick claimed by one process is skipped by the others. Every
 * method takes the transaction handle it runs in (a data source's `manager` outside one).
 */
@Injectable()
export class JobLocksRepository {
  /**
   * Claims the tick unless another run has it: true for the first claim, and for a claim over a tick that failed
   * (its result holds an error) or whose run went quiet for `staleHours` without finishing.
   */
  async claim(tx: EntityManager, name: string, tick: string, now: Date, staleHours: number): Promise<boolean> {
    const claimed = await txRows<{ tick: string }>(
      tx,
      `INSERT INTO job_locks (name, tick, claimed_at) VALUES ($1, $2, $3)
       ON CONFLICT (name, tick) DO UPDATE SET claimed_at = $3, finished_at = NULL, result = NULL
         WHERE job_locks.result ->> 'error' IS NOT NULL
            OR (job_locks.finished_at IS NULL AND job_locks.claimed_at < $3::timestamptz - make_interval(hours => $4))
       RETURNING tick`,
      [name, tick, now.toISOString(), staleHours],
    );
    return claimed.length > 0;
  }

  /** Records how a claimed tick ended (`{ error }` when it failed, so a later claim takes it over). */
  async finish(tx: EntityManager, name: string, tick: string, result: Record<string, unknown>): Promise<void> {
    await txRows(tx, 'UPDATE job_locks SET finished_at = now(), result = $3 WHERE name = $1 AND tick = $2', [
      name,
      tick,
      JSON.stringify(result),
    ]);
  }

  /** Records a tick as already finished; a second record of the same tick is a no-op. */
  async recordFinished(tx: EntityManager, name: string, tick: string): Promise<void> {
    await tx
      .getRepository(JobLockEntity)
      .createQueryBuilder()
      .insert()
      .values({ name, tick, finishedAt: () => 'now()' })
      .orIgnore()
      .execute();
  }

  async exists(tx: EntityManager, name: string, tick: string): Promise<boolean> {
    return (await tx.getRepository(JobLockEntity).countBy({ name, tick })) > 0;
  }
}
