import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  backoffDelay,
  concurrencyOf,
  type ConcurrencyOverrides,
  JOB_NAMES,
  JOB_POLICIES,
  type JobName,
  type JobPayloads,
} from '../job-definitions';
import { JobQueue, type EnqueueOptions, type QueueCounts } from '../job-queue';
import { type JobRegistry } from '../job-registry';
import { assertJobId, QueueUnavailableError } from '../queue-errors';

interface QueuedJob {
  name: JobName;
  id: string;
  payload: unknown;
  failedAttempts: number;
}

/**
 * The embedded default: jobs run in this process with the same names, policies and id deduplication as BullMQ.
 * Nothing is persisted here; after a restart the reconciler re-enqueues what the database says is unfinished.
 */
export class InProcessJobQueue extends JobQueue {
  private readonly logger = new Logger('InProcessJobQueue');
  private registry?: JobRegistry;
  private closing = false;
  /** Ids of jobs that are waiting, delayed, running or between retries, per name. */
  private readonly known = new Map<JobName, Set<string>>(JOB_NAMES.map((n) => [n, new Set()]));
  private readonly waiting = new Map<JobName, QueuedJob[]>(JOB_NAMES.map((n) => [n, []]));
  private readonly active = new Map<JobName, number>(JOB_NAMES.map((n) => [n, 0]));
  private readonly delayed = new Map<NodeJS.Timeout, QueuedJob>();
  private readonly failed = new Map<JobName, number>(JOB_NAMES.map((n) => [n, 0]));
  private idle: (() => void)[] = [];

  constructor(
    private readonly shutdownTimeoutMs = 30_000,
    private readonly concurrency: ConcurrencyOverrides = {},
  ) {
    super();
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: EnqueueOptions = {}): Promise<void> {
    if (this.closing) throw new QueueUnavailableError();
    const id = options.jobId ?? randomUUID();
    assertJobId(id);
    const known = this.known.get(name)!;
    if (known.has(id)) return;
    known.add(id);
    const job: QueuedJob = { name, id, payload: structuredClone(payload), failedAttempts: 0 };
    if (options.delayMs && options.delayMs > 0) this.schedule(job, options.delayMs);
    else this.push(job);
  }

  async startConsumers(registry: JobRegistry): Promise<void> {
    registry.assertComplete();
    this.registry = registry;
    for (const name of JOB_NAMES) this.pump(name);
  }

  async counts(): Promise<Record<JobName, QueueCounts>> {
    return Object.fromEntries(
      JOB_NAMES.map((name) => [
        name,
        {
          waiting: this.waiting.get(name)!.length,
          active: this.active.get(name)!,
          delayed: [...this.delayed.values()].filter((j) => j.name === name).length,
          failed: this.failed.get(name)!,
        },
      ]),
    ) as Record<JobName, QueueCounts>;
  }

  async ping(): Promise<void> {
    if (this.closing) throw new QueueUnavailableError();
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const timer of this.delayed.keys()) clearTimeout(timer);
    this.delayed.clear();
    if (this.activeTotal() === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.shutdownTimeoutMs);
      this.idle.push(() => (clearTimeout(timer), resolve()));
    });
  }

  private schedule(job: QueuedJob, delayMs: number): void {
    const timer = setTimeout(() => {
      this.delayed.delete(timer);
      this.push(job);
    }, delayMs);
    timer.unref();
    this.delayed.set(timer, job);
  }

  private push(job: QueuedJob): void {
    this.waiting.get(job.name)!.push(job);
    this.pump(job.name);
  }

  private pump(name: JobName): void {
    if (!this.registry || this.closing) return;
    const waiting = this.waiting.get(name)!;
    while (this.active.get(name)! < concurrencyOf(name, this.concurrency) && waiting.length > 0) {
      void this.run(waiting.shift()!);
    }
  }

  private async run(job: QueuedJob): Promise<void> {
    const policy = JOB_POLICIES[job.name];
    this.active.set(job.name, this.active.get(job.name)! + 1);
    const attempt = job.failedAttempts + 1;
    try {
      await this.registry!.get(job.name)(job.payload as never, {
        jobId: job.id,
        attempt,
        maxAttempts: policy.attempts,
      });
      this.known.get(job.name)!.delete(job.id);
    } catch (err) {
      job.failedAttempts = attempt;
      if (attempt < policy.attempts && !this.closing) {
        this.logger.warn(`${job.name} ${job.id} failed (attempt ${attempt}/${policy.attempts}): ${String(err)}`);
        this.schedule(job, backoffDelay(policy, attempt));
      } else {
        this.logger.error(`${job.name} ${job.id} failed for good after ${attempt} attempt(s): ${String(err)}`);
        this.failed.set(job.name, this.failed.get(job.name)! + 1);
        this.known.get(job.name)!.delete(job.id);
      }
    } finally {
      this.active.set(job.name, this.active.get(job.name)! - 1);
      if (this.closing && this.activeTotal() === 0) this.idle.splice(0).forEach((done) => done());
      this.pump(job.name);
    }
  }

  private activeTotal(): number {
    return [...this.active.values()].reduce((a, b) => a + b, 0);
  }
}
