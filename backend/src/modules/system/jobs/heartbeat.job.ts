import { Injectable } from '@nestjs/common';
import { type JobPayloads } from '../../../shared/queue/job-definitions';
import { JobHandler } from '../../../shared/queue/job-handler.decorator';
import { RecordHeartbeat } from '../application/record-heartbeat.use-case';

@Injectable()
@JobHandler('system.heartbeat')
export class HeartbeatJob {
  constructor(private readonly recordHeartbeat: RecordHeartbeat) {}

  handle(payload: JobPayloads['system.heartbeat']): Promise<void> {
    return this.recordHeartbeat.execute(payload.nonce);
  }
}
