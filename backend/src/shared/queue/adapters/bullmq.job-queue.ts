import { Logger } from '@nestjs/common';
import { Queue, Worker, type Job } from 'bullmq';
import IORedis, { type Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { outsideLogContext } from '../../logging/log-context';
import { OutageLog } from '../../logging/outage-log';
import {
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

export interface BullmqOptions {
  /** Namespaces every Redis key, so several deployments (or test runs) can share one Redis. */
  prefix?: string;
  /** How long a producer waits for Redis before answering "unavailable" rather than hanging a request. */
  commandTimeoutMs?: number;
  /** Upper bound on waiting for running jobs at shutdown. */
  shutdownTimeoutMs?: number;
  /** Jobs of these names run this many at once per process instead of their policy's. */
  concurrency?: ConcurrencyOverrides;
}

/** Production queue: one BullMQ queue per job name on Redis; retries, backoff and stalled-job recovery by BullMQ. */
export class BullmqJobQueue extends JobQueue {
  private readonly logger = new Logger('BullmqJobQueue');
  /** Every connection of this process reports to one log: an outage is one event, not one per socket and retry. */
  private readonly outage = new OutageLog(this.logger, 'Redis (job queue)');
  private readonly producer: Redis;
  private readonly queues = new Map<JobName, Queue>();
  private readonly workers: Worker[] = [];
  /** BullMQ does not close a connection it was handed, so the adapter closes what it opened. */
  private readonly workerConnections: Redis[] = [];
  private readonly prefix: string;
  private readonly commandTimeoutMs: number;
  private readonly shutdownTimeoutMs: number;
  private readonly concurrency: ConcurrencyOverrides;

  constructor(
    private readonly redisUrl: string,
    options: BullmqOptions = {},
  ) {
    super();
    this.prefix = options.prefix ?? 'listinglens';
    this.commandTimeoutMs = options.commandTimeoutMs ?? 3000;
    this.shutdownTimeoutMs = options.shutdownTimeoutMs ?? 30_000;
    this.concurrency = options.concurrency ?? {};
    // Producers fail fast: a request must not wait on Redis reconnect loops.
    this.producer = this.watched(new IORedis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true }));
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: EnqueueOptions = {}): Promise<void> {
    const jobId = options.jobId ?? randomUUID();
    assertJobId(jobId);
    const policy = JOB_POLICIES[name];
    await this.withTimeout(
      this.connected().then(() =>
        this.queue(name).add(name, payload, {
          jobId,
          delay: options.delayMs,
          attempts: policy.attempts,
          backoff: { type: 'exponential', delay: policy.backoffMs },
          // The database keeps the outcome; finished jobs are removed so the same id can be queued again later.
          removeOnComplete: true,
          removeOnFail: true,
        }),
      ),
    );
  }

  async startConsumers(registry: JobRegistry): Promise<void> {
    registry.assertComplete();
    for (const name of JOB_NAMES) {
      const policy = JOB_POLICIES[name];
      const handler = registry.get(name);
      const connection = this.watched(new IORedis(this.redisUrl, { maxRetriesPerRequest: null }));
      this.workerConnections.push(connection);
      const worker = new Worker(
        name,
        async (job: Job) => {
          await handler(job.data, { jobId: job.id!, attempt: job.attemptsMade + 1, maxAttempts: policy.attempts });
        },
        {
          connection,
          prefix: this.prefix,
          concurrency: concurrencyOf(name, this.concurrency),
        },
      );
      worker.on('failed', (job, err) =>
        this.logger.warn(`${name} ${job?.id} failed (attempt ${job?.attemptsMade}/${policy.attempts}): ${err.message}`),
      );
      worker.on('error', (err) => this.reportError(`Worker ${name}`, err));
      this.workers.push(worker);
    }
    await Promise.all(this.workers.map((w) => w.waitUntilReady()));
  }

  async counts(): Promise<Record<JobName, QueueCounts>> {
    await this.connected();
    const entries = await this.withTimeout(
      Promise.all(
        JOB_NAMES.map(async (name) => {
          const c = await this.queue(name).getJobCounts('waiting', 'active', 'delayed', 'failed', 'prioritized');
          return [
            name,
            { waiting: c.waiting + c.prioritized, active: c.active, delayed: c.delayed, failed: c.failed },
          ] as const;
        }),
      ),
    );
    return Object.fromEntries(entries) as Record<JobName, QueueCounts>;
  }

  async ping(): Promise<void> {
    await this.connected();
    await this.withTimeout(this.producer.ping());
  }

  async close(): Promise<void> {
    // BullMQ's close never returns if it starts while a connection is reconnecting (seen right after a Redis
    // restart), so wait for the connections first; a Redis that stays away runs into the bound instead.
    const reconnected = Promise.all(
      [...this.workerConnections, ...this.workers.flatMap(blockingClientOf)].map(whenReady),
    );
    const stopWorkers = reconnected.then(() => Promise.all(this.workers.map((w) => w.close())));
    if (!(await within(stopWorkers, this.shutdownTimeoutMs))) {
      this.logger.warn('Jobs still running at shutdown; BullMQ will hand them to another worker as stalled');
      await within(Promise.all(this.workers.map((w) => w.close(true))), FORCE_CLOSE_MS);
    }
    await within(Promise.all([...this.queues.values()].map((q) => q.close())), FORCE_CLOSE_MS);
    this.workerConnections.forEach((c) => c.disconnect());
    this.producer.disconnect();
  }

  /** Test helper: removes every key this queue created. */
  async obliterate(): Promise<void> {
    await Promise.all(JOB_NAMES.map((name) => this.queue(name).obliterate({ force: true })));
  }

  private queue(name: JobName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = outsideLogContext(() => new Queue(name, { connection: this.producer, prefix: this.prefix }));
      queue.on('error', (err) => this.reportError(`Queue ${name}`, err));
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** Opens the lazy producer outside any request, so its socket's events never carry that request's log fields. */
  private async connected(): Promise<void> {
    if (this.producer.status === 'wait') await outsideLogContext(() => this.producer.connect()).catch(() => undefined);
  }

  /** A lost connection is part of the outage; anything else (a bug, a lost lock) is worth its own line. */
  private reportError(source: string, err: Error): void {
    if (this.outage.down || isConnectionError(err)) this.outage.failed(`${source}: ${err.message}`);
    else this.logger.warn(`${source}: ${err.message}`);
  }

  private watched(connection: Redis): Redis {
    connection.on('error', (err: Error) => this.outage.failed(err.message));
    connection.on('ready', () => this.outage.recovered());
    return connection;
  }

  private async withTimeout<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new QueueUnavailableError()), this.commandTimeoutMs);
    });
    try {
      return await Promise.race([work, timeout]);
    } catch (err) {
      throw err instanceof QueueUnavailableError ? err : new QueueUnavailableError(err);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** How long closing may still take once the running jobs are given up or the workers are closed. */
const FORCE_CLOSE_MS = 5_000;

/** Whether `work` settled within `ms`; it is left running otherwise. */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([work.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The connection a BullMQ worker opens for itself to block on new jobs. Its close waits for that connection's 'end',
 * which an ioredis client between two reconnect attempts never emits: BullMQ 6 does not expose it, so it is read
 * from the worker's backend, and an unknown shape (another BullMQ version) is simply not waited for.
 */
function blockingClientOf(worker: Worker): Redis[] {
  const internals = worker as unknown as { backend?: { blockingConnection?: { _client?: unknown } } };
  const client = internals.backend?.blockingConnection?._client;
  return client instanceof IORedis ? [client] : [];
}

function whenReady(connection: Redis): Promise<void> {
  if (connection.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => connection.once('ready', () => resolve()));
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);

function isConnectionError(err: Error): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return (
    (code !== undefined && CONNECTION_CODES.has(code)) ||
    /Connection is closed|connect E|Stream isn't writeable/.test(err.message)
  );
}
