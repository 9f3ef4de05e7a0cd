import { Module } from '@nestjs/common';
import { RecordHeartbeat } from './application/record-heartbeat.use-case';
import { HeartbeatJob } from './jobs/heartbeat.job';
import { JobLocksRepository } from './persistence/job-locks.repository';
import { JobLocks } from './application/job-locks';

/** The heartbeat job and the job_locks table, which the retention scheduler claims its daily tick in. */
@Module({
  providers: [JobLocksRepository, JobLocks, RecordHeartbeat, HeartbeatJob],
  exports: [RecordHeartbeat, JobLocks],
})
export class SystemModule {}
