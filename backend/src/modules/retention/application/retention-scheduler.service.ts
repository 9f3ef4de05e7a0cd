import { type BeforeApplicationShutdown, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../config/app-config';
import { queryRows } from '../../../shared/db/query-rows';
import { Clock } from '../../auth';
import { AppMetrics } from '../../metrics/app-metrics';
import { dailyTick } from '../domain/retention-policy';
import { PurgeExpiredPhotos, type PurgeResult } from './purge-expired-photos.use-case';
import { SendPurgeReminders } from './send-purge-reminders.use-case';

const TICK_NAME = 'retention.daily';

export interface RetentionTickResult {
  tick: string;
  reminders: number;
  purge: PurgeResult;
}

/**
 * Runs the purge and the reminders once a day in processes that run workers. Every instance fires the tick; the
 * first to insert the day's row into job_locks runs it and the others skip, on PGlite as on Postgres.
 */
@Injectable()
export class RetentionScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Retention');
  private running?: Promise<unknown>;
  private readonly shutdown = new AbortController();

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly purgeExpiredPhotos: PurgeExpiredPhotos,
    private readonly sendPurgeReminders: SendPurgeReminders,
    private readonly metrics: AppMetrics,
  ) {}

  /** A tick missed while no worker ran (a deploy, an outage) is caught up at start; a claimed one is a no-op. */
  onApplicationBootstrap(): void {
    this.fire();
  }

  // A quiet hour for hosts in the Americas and Europe; the claim, not the hour, makes it once a day.
  @Cron('0 3 * * *', { name: TICK_NAME, timeZone: 'UTC', waitForCompletion: true })
  onSchedule(): Promise<unknown> | undefined {
    return this.fire();
  }

  /** Lets a running tick stop after its current order rather than lose its database mid-statement. */
  async beforeApplicationShutdown(): Promise<void> {
    this.shutdown.abort();
    await this.running;
  }

  /** Runs today's tick unless it has been claimed already; null when it had (by any instance). */
  async tick(): Promise<RetentionTickResult | null> {
    const now = this.clock.now();
    const tick = dailyTick(now);
    const claimed = await queryRows<{ tick: string }>(
      this.dataSource,
      'INSERT INTO job_locks (name, tick) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING tick',
      [TICK_NAME, tick],
    );
    if (claimed.length === 0) return null;
    try {
      // The purge first: deleting on time is the promise, and it must not wait on up to a thousand emails.
      const { signal } = this.shutdown;
      const purge = await this.purgeExpiredPhotos.execute({ now, signal });
      this.metrics.recordPurge(purge);
      const reminders = await this.sendPurgeReminders.execute(now, signal);
      await this.finish(tick, { reminders, purge });
      return { tick, reminders, purge };
    } catch (err) {
      // The day stays claimed: the purge is idempotent, so the next day's tick picks up whatever is left.
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
    await this.dataSource.query('UPDATE job_locks SET finished_at = now(), result = $3 WHERE name = $1 AND tick = $2', [
      TICK_NAME,
      tick,
      JSON.stringify(result),
    ]);
  }
}
