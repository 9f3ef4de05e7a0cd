import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../../config/app-config';
import { ReconcileUnfinishedWork } from './reconcile-unfinished-work.use-case';

/** Runs the reconciler at start-up and every RECONCILE_INTERVAL_SECONDS in processes that consume jobs. */
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
    this.timer = setInterval(run, this.config.operations.reconcileIntervalMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}
