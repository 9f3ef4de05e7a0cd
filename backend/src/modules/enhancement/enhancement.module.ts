import { Module, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { AppConfig } from '../../config/app-config';
import { OrdersModule } from '../orders/orders.module';
import { InProcessEnhancementModel } from './adapters/in-process.enhancement-model';
import { EnhancePhoto } from './application/enhance-photo.use-case';
import { ReconcileUnfinishedWork } from './application/reconcile-unfinished-work.use-case';
import { ReconcilerService } from './application/reconciler.service';
import { EnhancePhotoJob } from './jobs/enhance-photo.job';
import { EnhancementModel } from './ports/enhancement-model';

@Module({
  imports: [OrdersModule],
  providers: [
    {
      provide: EnhancementModel,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        new InProcessEnhancementModel({ engine: config.enhancer.engine, workers: config.enhancer.concurrency }),
    },
    EnhancePhoto,
    EnhancePhotoJob,
    ReconcileUnfinishedWork,
    ReconcilerService,
  ],
})
export class EnhancementModule implements OnApplicationShutdown {
  constructor(private readonly moduleRef: ModuleRef) {}

  async onApplicationShutdown(): Promise<void> {
    await this.moduleRef.get(EnhancementModel).close();
  }
}
