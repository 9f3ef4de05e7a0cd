import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { PurgeExpiredPhotos } from './application/purge-expired-photos.use-case';
import { RetentionScheduler } from './application/retention-scheduler.service';
import { SendPurgeReminders } from './application/send-purge-reminders.use-case';

/** The 90-day retention promise: a daily purge of completed orders' photo files, and a reminder 7 days before. */
@Module({
  imports: [ScheduleModule.forRoot()],
  providers: [PurgeExpiredPhotos, SendPurgeReminders, RetentionScheduler],
})
export class RetentionModule {}
