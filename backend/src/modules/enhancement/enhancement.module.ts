import { Module, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { AppConfig } from '../../config/app-config';
import { EnhancementModel } from './ports/enhancement-model';
import { WorkerThreadEnhancementModel } from './adapters/worker-thread.enhancement-model';

/**
 * The renderer: the EnhancementModel port (a photo enhanced, adjusted or moved to its order's look) and its adapter.
 * It knows no photo row or order: the photos module runs the jobs and keeps the photo's state, orders the order's.
 */
@Module({
  providers: [
    {
      provide: EnhancementModel,
      inject: [AppConfig],
      // In a thread of its own: the engine's pixel loops would otherwise hold this process's event loop (HTTP in the
      // one-process default, queue heartbeats and metrics in a worker) for a second or more per photo.
      useFactory: (config: AppConfig) =>
        new WorkerThreadEnhancementModel({ engine: config.enhancer.engine, workers: config.enhancer.concurrency }),
    },
  ],
  exports: [EnhancementModel],
})
export class EnhancementModule implements OnApplicationShutdown {
  constructor(private readonly moduleRef: ModuleRef) {}

  async onApplicationShutdown(): Promise<void> {
    await this.moduleRef.get(EnhancementModel).close();
  }
}
