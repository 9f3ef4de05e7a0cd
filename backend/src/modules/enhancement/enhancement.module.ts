import { Module, type OnApplicationShutdown } from '@nestjs/common';
import { StorageModule } from '../storage';
import { ModuleRef } from '@nestjs/core';
import { AppConfig } from '../../config/app-config';
import { EventsModule } from '../../shared/events/events.module';
import { MetricsModule } from '../../shared/metrics/metrics.module';
import { QueueModule } from '../../shared/queue/queue.module';
import { AnalyticsModule } from '../analytics';
import { OrderLook, OrdersModule } from '../orders';
import { PhotosModule } from '../photos';
import { AdjustPhoto } from './application/adjust-photo.use-case';
import { EnhancePhoto } from './application/enhance-photo.use-case';
import { RenderOrderLook } from './application/render-order-look';
import { RequeueQueuedAdjustments } from './application/requeue-queued-adjustments.use-case';
import { RequeueUnfinishedEnhancements } from './application/requeue-unfinished-enhancements.use-case';
import { AdjustPhotoJob } from './jobs/adjust-photo.job';
import { EnhancePhotoJob } from './jobs/enhance-photo.job';
import { EnhancementModel } from './ports/enhancement-model';
import { WorkerThreadEnhancementModel } from './adapters/worker-thread.enhancement-model';
import { NotificationsModule } from '../notifications';

@Module({
  imports: [
    AnalyticsModule,
    EventsModule,
    MetricsModule,
    NotificationsModule,
    OrdersModule,
    PhotosModule,
    QueueModule,
    StorageModule,
  ],
  providers: [
    {
      provide: EnhancementModel,
      inject: [AppConfig],
      // In a thread of its own: the classical stages would otherwise hold this process's event loop (HTTP in the
      // one-process default, queue heartbeats and metrics in a worker) for a second or more per photo.
      useFactory: (config: AppConfig) =>
        new WorkerThreadEnhancementModel({ engine: config.enhancer.engine, workers: config.enhancer.concurrency }),
    },
    EnhancePhoto,
    EnhancePhotoJob,
    RequeueUnfinishedEnhancements,
    AdjustPhoto,
    AdjustPhotoJob,
    RequeueQueuedAdjustments,
    // Orders owns an order's steps and asks this module for the one rendering they need (orders cannot import it).
    { provide: OrderLook, useClass: RenderOrderLook },
  ],
  exports: [OrderLook],
})
export class EnhancementModule implements OnApplicationShutdown {
  constructor(private readonly moduleRef: ModuleRef) {}

  async onApplicationShutdown(): Promise<void> {
    await this.moduleRef.get(EnhancementModel).close();
  }
}
