import { Module } from '@nestjs/common';
import { StorageModule } from '../storage';
import { AuthModule } from '../auth';
import { ScheduleModule } from '@nestjs/schedule';
import { PurgeExpiredPhotos } from './application/purge-expired-photos.use-case';
import { RetentionScheduler } from './application/retention-scheduler.service';
import { SendPurgeReminders } from './application/send-purge-reminders.use-case';
import { SweepOrphanedObjects } from './application/sweep-orphaned-objects.use-case';

/**
 * The 90-day retention promise: a daily purge of completed orders' photo files, a reminder 7 days before, and a sweep
 * of stored files no photo owns.
 */
@Module({
  imports: [ScheduleModule.forRoot(), AuthModule, StorageModule],
  providers: [PurgeExpiredPhotos, SendPurgeReminders, SweepOrphanedObjects, RetentionScheduler],
})
export class RetentionModule {}
