import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { JobLockEntity } from '../persistence/job-lock.entity';

/** Writes the heartbeat's nonce where any process can see it: proof that a queued job ran to completion. */
@Injectable()
export class RecordHeartbeat {
  constructor(@InjectRepository(JobLockEntity) private readonly locks: Repository<JobLockEntity>) {}

  async execute(nonce: string): Promise<void> {
    await this.locks
      .createQueryBuilder()
      .insert()
      .values({ name: 'system.heartbeat', tick: nonce, finishedAt: () => 'now()' })
      .orIgnore()
      .execute();
  }

  async wasRecorded(nonce: string): Promise<boolean> {
    return (await this.locks.countBy({ name: 'system.heartbeat', tick: nonce })) > 0;
  }
}
