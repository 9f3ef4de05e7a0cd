import { type DynamicModule, Module } from '@nestjs/common';
import { type AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { AnalyticsModule } from './modules/analytics';
import { AuthModule } from './modules/auth';
import { ContactModule } from './modules/contact';
import { EnhancementModule } from './modules/enhancement';
import { HealthModule } from './modules/health';
import { MetricsModule } from './shared/metrics/metrics.module';
import { OrdersModule } from './modules/orders';
import { PackagesModule } from './modules/packages';
import { PaymentsModule } from './modules/payments';
import { PhotosModule } from './modules/photos';
import { RatingsModule } from './modules/ratings';
import { RetentionModule } from './modules/retention';
import { StorageModule } from './modules/storage';
import { SystemModule } from './modules/system';
import { WebhooksModule } from './modules/webhooks';
import { DatabaseModule } from './database/database.module';
import { QueueConsumersModule } from './shared/queue/queue-consumers.module';
import { QueueModule } from './shared/queue/queue.module';
import { ReconcilerModule } from './shared/reconcile/reconciler.module';
import { RateLimitModule } from './shared/rate-limit/rate-limit.module';

/** The whole application; which parts run (HTTP, consumers) follows `config.role`. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        QueueModule,
        QueueConsumersModule,
        RateLimitModule,
        StorageModule,
        SystemModule,
        HealthModule,
        MetricsModule,
        PackagesModule,
        ContactModule,
        AnalyticsModule,
        AuthModule,
        PaymentsModule.forRoot(config),
        OrdersModule,
        PhotosModule,
        RatingsModule,
        EnhancementModule,
        RetentionModule,
        WebhooksModule,
        ReconcilerModule,
      ],
    };
  }
}
