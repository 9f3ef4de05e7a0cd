import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../../config/app-config';
import { ReconcileUnfinishedWork } from './reconcile-unfinished-work.use-case';

const INTERVAL_MS = 5 * 60_000;

/** Runs the reconciler at start-up and every few minutes in processes that consume jobs. */
@Injectable()
export class ReconcilerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Reconciler');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly reconcile: ReconcileUnfinishedWork,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runsWorkers) return;
    const run = () =>
      this.reconcile.execute().catch((err: unknown) => this.logger.warn(`Reconciliation failed: ${String(err)}`));
    void run();
    this.timer = setInterval(run, INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}
