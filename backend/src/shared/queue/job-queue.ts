import { type JobName, type JobPayloads } from './job-definitions';
import { type JobRegistry } from './job-registry';

export interface EnqueueOptions {
  /** Deterministic id (e.g. `photo-42`): adding a job whose id is already waiting or running adds nothing. */
  jobId?: string;
  delayMs?: number;
}

export interface QueueCounts {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

/** Background work. Producers enqueue ids; consumers run the registered handler with the job's retry policy. */
export abstract class JobQueue {
  abstract enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options?: EnqueueOptions): Promise<void>;
  /** Begins consuming every job name with the registry's handlers (worker role only). */
  abstract startConsumers(registry: JobRegistry): Promise<void>;
  abstract counts(): Promise<Record<JobName, QueueCounts>>;
  /** Throws when the queue backend cannot be reached (readiness). */
  abstract ping(): Promise<void>;
  /** Stops taking jobs, waits for running ones (bounded by the adapter), releases connections. */
  abstract close(): Promise<void>;
}
