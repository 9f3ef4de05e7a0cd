import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RateLimitModule } from '../../shared/rate-limit/rate-limit.module';
import { AuthModule } from '../auth';
import { AppConfig } from '../../config/app-config';
import { DatabaseAnalytics } from './adapters/database.analytics';
import { PosthogAnalytics } from './adapters/posthog.analytics';
import { RecordClientEvents } from './application/record-client-events.use-case';
import { AnalyticsController } from './http/analytics.controller';
import { AnalyticsEventsRepository } from './persistence/analytics-events.repository';
import { Analytics } from './ports/analytics';

/**
 * Provides {@link Analytics} to the modules that import it: PostHog when `POSTHOG_KEY` is set, else rows in our own
 * database. Also the web client's endpoints (its config, and event batches for the database mode).
 */
@Module({
  imports: [AuthModule, RateLimitModule],
  controllers: [AnalyticsController],
  providers: [
    AnalyticsEventsRepository,
    {
      provide: Analytics,
      inject: [AppConfig, DataSource, AnalyticsEventsRepository],
      useFactory: (config: AppConfig, dataSource: DataSource, events: AnalyticsEventsRepository): Analytics =>
        config.posthog ? new PosthogAnalytics(config) : new DatabaseAnalytics(dataSource, events),
    },
    RecordClientEvents,
  ],
  exports: [Analytics],
})
export class AnalyticsModule {}
