import { Module } from '@nestjs/common';
import { RecordHeartbeat } from './application/record-heartbeat.use-case';
import { HeartbeatJob } from './jobs/heartbeat.job';

@Module({ providers: [RecordHeartbeat, HeartbeatJob], exports: [RecordHeartbeat] })
export class SystemModule {}
