import {
  Global,
  Injectable,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import { AppConfig } from '../../config/app-config';
import { BullmqJobQueue } from './adapters/bullmq.job-queue';
import { InProcessJobQueue } from './adapters/in-process.job-queue';
import { type JobContext, type JobName } from './job-definitions';
import { JOB_HANDLER_METADATA } from './job-handler.decorator';
import { JobQueue } from './job-queue';
import { JobRegistry } from './job-registry';

interface HandlerInstance {
  handle(payload: unknown, context: JobContext): Promise<void>;
}

/**
 * Finds every `@JobHandler` provider and, in processes that run workers, starts consuming. Boot fails if a job
 * name has no handler, so a job can never be queued into the void.
 */
@Injectable()
export class JobConsumers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('JobConsumers');

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly queue: JobQueue,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const registry = new JobRegistry();
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as HandlerInstance | undefined;
      const name: JobName | undefined = instance?.constructor
        ? Reflect.getMetadata(JOB_HANDLER_METADATA, instance.constructor)
        : undefined;
      if (name && instance) registry.register(name, (payload, context) => instance.handle(payload, context));
    }
    registry.assertComplete();
    if (this.config.runsWorkers) {
      await this.queue.startConsumers(registry);
      this.logger.log(`Consuming jobs with the ${this.config.redisUrl ? 'BullMQ' : 'in-process'} queue`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}

@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [
    {
      provide: JobQueue,
      inject: [AppConfig],
      useFactory: (config: AppConfig): JobQueue =>
        config.redisUrl ? new BullmqJobQueue(config.redisUrl, { prefix: config.queuePrefix }) : new InProcessJobQueue(),
    },
    JobConsumers,
  ],
  exports: [JobQueue],
})
export class QueueModule {}
