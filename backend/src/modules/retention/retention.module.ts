import { Module } from '@nestjs/common';
import { MetricsModule } from '../../shared/metrics/metrics.module';
import { StorageModule } from '../storage';
import { AuthModule } from '../auth';
import { OrdersModule } from '../orders';
import { PhotosModule } from '../photos';
import { RatingsModule } from '../ratings';
import { SystemModule } from '../system';
import { ScheduleModule } from '@nestjs/schedule';
import { PurgeExpiredPhotos } from './application/purge-expired-photos.use-case';
import { ResumeInterruptedReminders } from './application/resume-interrupted-reminders.use-case';
import { RetentionScheduler } from './application/retention-scheduler.service';
import { SendPurgeReminders } from './application/send-purge-reminders.use-case';
import { SweepOrphanedObjects } from './application/sweep-orphaned-objects.use-case';
import { OwedEmailsModule } from '../notifications';

/**
 * The 90-day retention promise: a daily purge of completed orders' photo files, a reminder 7 days before, and a sweep
 * of stored files no photo owns.
 */
@Module({
  imports: [
    ScheduleModule.forRoot(),
    AuthModule,
    MetricsModule,
    OwedEmailsModule,
    OrdersModule,
    PhotosModule,
    RatingsModule,
    SystemModule,
    StorageModule,
  ],
  providers: [
    PurgeExpiredPhotos,
    SendPurgeReminders,
    ResumeInterruptedReminders,
    SweepOrphanedObjects,
    RetentionScheduler,
  ],
})
export class RetentionModule {}
