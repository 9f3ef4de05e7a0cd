import { Injectable, Logger, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import { AppConfig } from '../../config/app-config';
import { UNFINISHED_WORK_METADATA, type UnfinishedWorkSource } from './unfinished-work';

/**
 * The database is the source of truth: at start-up and every RECONCILE_INTERVAL_SECONDS, in processes that consume
 * jobs, each module's `@UnfinishedWork` provider queues again what it left unfinished (job ids make that a no-op for
 * work already queued). A lost message, a killed worker or a restarted Redis never strands an order.
 */
@Injectable()
export class Reconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Reconciler');
  private timer?: NodeJS.Timeout;
  private sources: { name: string; source: UnfinishedWorkSource }[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as UnfinishedWorkSource | undefined;
      const name: string | undefined = instance?.constructor
        ? Reflect.getMetadata(UNFINISHED_WORK_METADATA, instance.constructor)
        : undefined;
      if (name && instance) this.sources.push({ name, source: instance });
    }
    if (!this.config.runsWorkers) return;
    const run = () => this.runOnce().catch((err: unknown) => this.logger.warn(`Reconciliation failed: ${String(err)}`));
    void run();
    this.timer = setInterval(run, this.config.operations.reconcileIntervalMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** One pass over every module's unfinished work, in the order the modules were registered. */
  async runOnce(): Promise<Record<string, number>> {
    const summary: Record<string, number> = {};
    for (const { source } of this.sources) Object.assign(summary, await source.requeue());
    if (Object.values(summary).some((n) => n > 0)) this.logger.log(`Re-queued ${JSON.stringify(summary)}`);
    return summary;
  }
}

@Module({ imports: [DiscoveryModule], providers: [Reconciler] })
export class ReconcilerModule {}
