import {
  Injectable,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { AppConfig } from '../../config/app-config';
import { AppMetrics, type JobOutcome } from '../metrics/app-metrics';
import { withLogContext } from '../logging/log-context';
import { BullmqJobQueue } from './adapters/bullmq.job-queue';
import { InProcessJobQueue } from './adapters/in-process.job-queue';
import { type JobContext, type JobName } from './job-definitions';
import { JOB_HANDLER_METADATA } from './job-handler.decorator';
import { JobQueue } from './job-queue';
import { type JobHandlerFn, JobRegistry } from './job-registry';

interface HandlerInstance {
  handle(payload: unknown, context: JobContext): Promise<void>;
}

/**
 * Finds every `@JobHandler` provider and, in processes that run workers, starts consuming. Boot fails if a job
 * name has no handler, so a job can never be queued into the void. Every run is timed, counted and logged here,
 * once for both queue adapters.
 */
@Injectable()
export class JobConsumers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('JobConsumers');

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly queue: JobQueue,
    private readonly config: AppConfig,
    private readonly metrics: AppMetrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const registry = new JobRegistry();
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as HandlerInstance | undefined;
      const name: JobName | undefined = instance?.constructor
        ? Reflect.getMetadata(JOB_HANDLER_METADATA, instance.constructor)
        : undefined;
      if (!name || !instance) continue;
      registry.register(name, this.instrument(name, instance));
    }
    registry.assertComplete();
    if (this.config.runsWorkers) {
      await this.queue.startConsumers(registry);
      this.logger.log(`Consuming jobs with the ${this.config.redisUrl ? 'BullMQ' : 'in-process'} queue`);
    }
  }

  /** Before anything else is torn down: the running job still needs the database, storage and mailer. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }

  /** Runs the handler with `job`, `jobId` and `attempt` on every log line it writes, and records how it ended. */
  private instrument(name: JobName, instance: HandlerInstance): JobHandlerFn<JobName> {
    return (payload, context) =>
      withLogContext({ job: name, jobId: context.jobId, attempt: context.attempt }, async () => {
        const started = performance.now();
        this.logger.debug(`${name} ${context.jobId} started (attempt ${context.attempt}/${context.maxAttempts})`);
        const finish = (outcome: JobOutcome, error?: unknown) => {
          const ms = performance.now() - started;
          this.metrics.observeJob(name, outcome, ms / 1000);
          this.logger.log({
            msg: `${name} ${context.jobId} ${outcome} in ${Math.round(ms)} ms`,
            outcome,
            durationMs: Math.round(ms),
            ...(error === undefined ? {} : { error: error instanceof Error ? error.message : String(error) }),
          });
        };
        try {
          await instance.handle(payload, context);
        } catch (err) {
          // The adapters retry until the policy's attempts are spent; the last failure is final.
          finish(context.attempt < context.maxAttempts ? 'retry' : 'failed', err);
          throw err;
        }
        finish('completed');
      });
  }
}

/** The JobQueue port: imported by every module that queues a job (and by the metrics, which read its depth). */
@Module({
  providers: [
    {
      provide: JobQueue,
      inject: [AppConfig],
      useFactory: (config: AppConfig): JobQueue => {
        const concurrency = { 'photos.enhance': config.enhancer.concurrency };
        return config.redisUrl
          ? new BullmqJobQueue(config.redisUrl, {
              prefix: config.queuePrefix,
              shutdownTimeoutMs: config.operations.shutdownTimeoutMs,
              concurrency,
            })
          : new InProcessJobQueue(config.operations.shutdownTimeoutMs, concurrency);
      },
    },
  ],
  exports: [JobQueue],
})
export class QueueModule {}
