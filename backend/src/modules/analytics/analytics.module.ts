import { type DynamicModule, Global, Module } from '@nestjs/common';
import { RateLimitModule } from '../../shared/rate-limit/rate-limit.module';
import { AuthModule } from '../auth';
import { AppConfig } from '../../config/app-config';
import { DatabaseAnalytics } from './adapters/database.analytics';
import { PosthogAnalytics } from './adapters/posthog.analytics';
import { RecordClientEvents } from './application/record-client-events.use-case';
import { AnalyticsController } from './http/analytics.controller';
import { Analytics } from './ports/analytics';

/**
 * Provides {@link Analytics} to every module: PostHog when `POSTHOG_KEY` is set, else rows in our own database.
 * Also the web client's endpoints (its config, and event batches for the database mode).
 */
@Global()
@Module({})
export class AnalyticsModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AnalyticsModule,
      imports: [AuthModule, RateLimitModule],
      controllers: [AnalyticsController],
      providers: [
        { provide: Analytics, useClass: config.posthog ? PosthogAnalytics : DatabaseAnalytics },
        RecordClientEvents,
      ],
      exports: [Analytics],
    };
  }
}
