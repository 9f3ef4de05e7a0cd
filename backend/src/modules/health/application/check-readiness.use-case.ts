import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JobQueue } from '../../../shared/queue/job-queue';
import { ObjectStorage } from '../../storage';

export type DependencyName = 'database' | 'queue' | 'storage';
export interface DependencyStatus {
  status: 'up' | 'down';
  error?: string;
}
export interface Readiness {
  ready: boolean;
  checks: Record<DependencyName, DependencyStatus>;
}

const CHECK_TIMEOUT_MS = 2000;

/** Whether this instance can serve: each dependency is probed separately and within a short bound. */
@Injectable()
export class CheckReadiness {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
    private readonly storage: ObjectStorage,
  ) {}

  async execute(): Promise<Readiness> {
    const [database, queue, storage] = await Promise.all([
      // A probe of the database itself, not of any module's data: health owns no table, so no repository.
      probe(() => this.dataSource.query('SELECT 1')),
      probe(() => this.queue.ping()),
      probe(() => this.storage.ping()),
    ]);
    const checks = { database, queue, storage };
    return { ready: Object.values(checks).every((c) => c.status === 'up'), checks };
  }
}

async function probe(check: () => Promise<unknown>): Promise<DependencyStatus> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { status: 'up' };
  } catch (err) {
    return { status: 'down', error: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}
