import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JobLocksRepository } from '../persistence/job-locks.repository';

const HEARTBEAT = 'system.heartbeat';

/** Writes the heartbeat's nonce where any process can see it: proof that a queued job ran to completion. */
@Injectable()
export class RecordHeartbeat {
  constructor(
    private readonly dataSource: DataSource,
    private readonly locks: JobLocksRepository,
  ) {}

  async execute(nonce: string): Promise<void> {
    await this.locks.recordFinished(this.dataSource.manager, HEARTBEAT, nonce);
  }

  wasRecorded(nonce: string): Promise<boolean> {
    return this.locks.exists(this.dataSource.manager, HEARTBEAT, nonce);
  }
}
