import { Injectable } from '@nestjs/common';
import { JobLocksRepository } from '../persistence/job-locks.repository';

/** One claim per job and period among every process (retention's daily runs): claim it, then mark it finished. */
@Injectable()
export class JobLocks {
  constructor(private readonly repository: JobLocksRepository) {}

  claim(...args: Parameters<JobLocksRepository['claim']>): ReturnType<JobLocksRepository['claim']> {
    return this.repository.claim(...args);
  }

  finish(...args: Parameters<JobLocksRepository['finish']>): ReturnType<JobLocksRepository['finish']> {
    return this.repository.finish(...args);
  }
}
