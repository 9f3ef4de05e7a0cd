import { type DynamicModule, Module } from '@nestjs/common';
import { type AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { AnalyticsModule } from './modules/analytics/analytics.module';
import { AuthModule } from './modules/auth/auth.module';
import { ContactModule } from './modules/contact/contact.module';
import { EnhancementModule } from './modules/enhancement/enhancement.module';
import { HealthModule } from './modules/health/health.module';
import { MetricsModule } from './modules/metrics/metrics.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { OrdersModule } from './modules/orders/orders.module';
import { PackagesModule } from './modules/packages/packages.module';
import { PaymentsModule } from './modules/payments/payments.module';
import { PhotosModule } from './modules/photos/photos.module';
import { RetentionModule } from './modules/retention/retention.module';
import { StorageModule } from './modules/storage/storage.module';
import { SystemModule } from './modules/system/system.module';
import { DatabaseModule } from './database/database.module';
import { QueueModule } from './shared/queue/queue.module';
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
        RateLimitModule,
        StorageModule,
        NotificationsModule.forRoot(config),
        SystemModule,
        HealthModule,
        MetricsModule,
        PackagesModule,
        ContactModule,
        AnalyticsModule.forRoot(config),
        AuthModule,
        PaymentsModule.forRoot(config),
        OrdersModule,
        PhotosModule,
        EnhancementModule,
        RetentionModule,
      ],
    };
  }
}
