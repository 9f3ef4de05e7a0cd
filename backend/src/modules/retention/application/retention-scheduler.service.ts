import { type BeforeApplicationShutdown, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../config/app-config';
import { Clock } from '../../auth';
import { JobLocks } from '../../system';
import { AppMetrics } from '../../../shared/metrics/app-metrics';
import { dailyTick } from '../domain/retention-policy';
import { PurgeExpiredPhotos, type PurgeResult } from './purge-expired-photos.use-case';
import { SendPurgeReminders } from './send-purge-reminders.use-case';
import { SweepOrphanedObjects, type SweepResult } from './sweep-orphaned-objects.use-case';

const TICK_NAME = 'retention.daily';
/**
 * A claim older than this with no result is taken for a tick whose process died, and taken over. Far above a real
 * tick's length (minutes for thousands of orders), so a slow tick is never run twice at once.
 */
const STALE_CLAIM_HOURS = 6;

export interface RetentionTickResult {
  tick: string;
  reminders: number;
  purge: PurgeResult;
  orphans: SweepResult;
}

/**
 * Runs the purge and the reminders once a day in processes that run workers. Every instance fires hourly from
 * 03:00 UTC; the first to insert the day's row into job_locks runs the day's tick and the others skip, on PGlite
 * as on Postgres. A tick that failed (storage down at 03:00) or whose process died is taken over by a later
 * firing, so a day's purge is late by hours at most.
 */
@Injectable()
export class RetentionScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Retention');
  private running?: Promise<unknown>;
  private readonly shutdown = new AbortController();

  constructor(
    private readonly dataSource: DataSource,
    private readonly locks: JobLocks,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly purgeExpiredPhotos: PurgeExpiredPhotos,
    private readonly sendPurgeReminders: SendPurgeReminders,
    private readonly sweepOrphanedObjects: SweepOrphanedObjects,
    private readonly metrics: AppMetrics,
  ) {}

  /** A tick missed while no worker ran (a deploy, an outage) is caught up at start; a claimed one is a no-op. */
  onApplicationBootstrap(): void {
    this.fire();
  }

  // First at 03:00 UTC, a quiet hour for hosts in the Americas and Europe, then hourly for the rest of the UTC day
  // so a failed run is retried within the hour; the claim, not the schedule, makes it once a day.
  @Cron('0 3-23 * * *', { name: TICK_NAME, timeZone: 'UTC', waitForCompletion: true })
  onSchedule(): Promise<unknown> | undefined {
    return this.fire();
  }

  /** Lets a running tick stop after its current order rather than lose its database mid-statement. */
  async beforeApplicationShutdown(): Promise<void> {
    this.shutdown.abort();
    await this.running;
  }

  /**
   * Runs today's tick unless it has been claimed already and has not failed or gone stale; null when another run
   * (by any instance) has it or finished it.
   */
  async tick(): Promise<RetentionTickResult | null> {
    const now = this.clock.now();
    const tick = dailyTick(now);
    if (!(await this.locks.claim(this.dataSource.manager, TICK_NAME, tick, now, STALE_CLAIM_HOURS))) return null;
    try {
      // The purge first: deleting on time is the promise, and it must not wait on up to a thousand emails.
      const { signal } = this.shutdown;
      const purge = await this.purgeExpiredPhotos.execute({ now, signal });
      this.metrics.recordPurge(purge);
      const reminders = await this.sendPurgeReminders.execute(now, signal);
      const orphans = await this.sweepOrphanedObjects.execute({ now, signal });
      this.metrics.recordOrphanSweep(orphans);
      await this.finish(tick, { reminders, purge, orphans });
      return { tick, reminders, purge, orphans };
    } catch (err) {
      // Recorded as failed: the next hourly firing takes the day over, and the purge, being idempotent, carries on
      // from whatever this run finished.
      await this.finish(tick, { error: String(err) });
      throw err;
    }
  }

  private fire(): Promise<unknown> | undefined {
    if (!this.config.runsWorkers || this.running || this.shutdown.signal.aborted) return undefined;
    this.running = this.tick()
      .catch((err: unknown) => this.logger.error(`Retention tick failed: ${String(err)}`))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  private async finish(tick: string, result: Record<string, unknown>): Promise<void> {
    await this.locks.finish(this.dataSource.manager, TICK_NAME, tick, result);
  }
}
