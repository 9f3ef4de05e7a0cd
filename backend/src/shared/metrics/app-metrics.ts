import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { type JobName } from '../../shared/queue/job-definitions';
import { JobQueue, type QueueCounts } from '../../shared/queue/job-queue';

/**
 * The parts of the engine's report that the metrics read, by shape: shared/ imports no module, and the engine's
 * `EnhancementReport` satisfies this structurally.
 */
export interface EnhancementObservation {
  pipeline: string;
  input: { width: number; height: number };
  timingsMs: { total?: number };
  corrections: { learned: { model?: string | null } };
}

export type JobOutcome = 'completed' | 'failed' | 'retry';

/** How one webhook attempt ended: delivered (2xx), retry (failed, another attempt is queued) or failed (no more). */
export type WebhookOutcome = 'delivered' | 'retry' | 'failed';

export interface PurgeResult {
  orders: number;
  photos: number;
  objects: number;
  bytes: number;
}

export interface SweepResult {
  orphans: number;
  bytes: number;
  staleWrites: number;
}

/** A scrape must answer even when Redis does not; Prometheus' own default scrape timeout is 10 s. */
const QUEUE_COUNTS_TIMEOUT_MS = 2000;
const QUEUE_STATES: (keyof QueueCounts)[] = ['waiting', 'active', 'delayed', 'failed'];

/**
 * This process's Prometheus metrics. Each app owns its registry (never prom-client's global one) so several apps
 * in one process, as in the tests, count separately. Counters are per process; Prometheus sums the replicas.
 */
@Injectable()
export class AppMetrics {
  private readonly registry = new Registry();
  private readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route template',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to the end of its response, by route template',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly clientAborts = new Counter({
    name: 'http_client_aborts_total',
    help: 'Responses the client closed before they finished (an image load abandoned, a download cancelled), by route template',
    labelNames: ['method', 'route'] as const,
    registers: [this.registry],
  });
  private readonly jobs = new Counter({
    name: 'jobs_total',
    help: 'Job runs by outcome: completed, retry (failed, will run again) or failed (no attempts left)',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly jobDuration = new Histogram({
    name: 'job_duration_seconds',
    help: 'Duration of one job run, by outcome',
    labelNames: ['job', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
    registers: [this.registry],
  });
  private readonly enhancementSpeed = new Histogram({
    name: 'enhancement_seconds_per_megapixel',
    help: 'Engine time per input megapixel, by pipeline and learned model (maxim-enhancement is the low-light one)',
    labelNames: ['engine', 'model'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25, 60],
    registers: [this.registry],
  });
  private readonly webhookDeliveries = new Counter({
    name: 'webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome: delivered, retry (failed, another attempt queued) or failed (gave up)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly purgeRuns = this.counter('purge_runs_total', 'Retention purge runs');
  private readonly purgeOrders = this.counter('purge_orders_total', 'Orders whose files the retention purge removed');
  private readonly purgePhotos = this.counter('purge_photos_total', 'Photos the retention purge removed');
  private readonly purgeObjects = this.counter('purge_objects_total', 'Stored objects the retention purge deleted');
  private readonly purgeBytes = this.counter('purge_bytes_total', 'Bytes of stored objects the retention purge freed');
  private readonly orphanObjects = this.counter(
    'orphaned_objects_deleted_total',
    'Stored photo files no photo owned, deleted by the daily sweep',
  );
  private readonly orphanBytes = this.counter('orphaned_bytes_deleted_total', 'Bytes the orphan sweep freed');
  private readonly staleWrites = this.counter(
    'stale_writes_removed_total',
    'Unfinished writes (killed uploads) the orphan sweep removed',
  );
  /** One queue query per scrape, shared by the two gauges that report it (prom-client collects them in parallel). */
  private pendingCounts?: Promise<Record<JobName, QueueCounts> | undefined>;

  constructor(private readonly queue: JobQueue) {
    collectDefaultMetrics({ register: this.registry, prefix: 'listinglens_' });
    const queueJobs: Gauge<'job' | 'state'> = new Gauge({
      name: 'queue_jobs',
      help: 'Jobs in the queue by state, read at scrape time (with Redis: the shared queue, the same from every process)',
      labelNames: ['job', 'state'] as const,
      registers: [this.registry],
      collect: async () => {
        queueJobs.reset();
        const counts = await this.queueCounts();
        if (!counts) return;
        for (const job of Object.keys(counts) as JobName[])
          for (const state of QUEUE_STATES) queueJobs.set({ job, state }, counts[job][state]);
      },
    });
    const queueUp: Gauge = new Gauge({
      name: 'queue_up',
      help: '1 when the queue answered this scrape, 0 when it did not (queue_jobs is then absent)',
      registers: [this.registry],
      collect: async () => queueUp.set((await this.queueCounts()) ? 1 : 0),
    });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The whole registry in Prometheus text format. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }

  observeHttp(labels: { method: string; route: string; status: number }, seconds: number): void {
    const values = { ...labels, status: String(labels.status) };
    this.httpRequests.inc(values);
    this.httpDuration.observe(values, seconds);
  }

  /** A response the client closed before it finished: routine, so it is counted rather than logged as an error. */
  observeClientAbort(labels: { method: string; route: string }): void {
    this.clientAborts.inc(labels);
  }

  observeJob(job: JobName, outcome: JobOutcome, seconds: number): void {
    this.jobs.inc({ job, outcome });
    this.jobDuration.observe({ job, outcome }, seconds);
  }

  observeEnhancement<R extends EnhancementObservation>(report: R): void {
    const megapixels = (report.input.width * report.input.height) / 1e6;
    const seconds = (report.timingsMs.total ?? 0) / 1000;
    if (megapixels <= 0 || seconds <= 0) return;
    this.enhancementSpeed.observe(
      { engine: report.pipeline, model: report.corrections.learned.model ?? 'none' },
      seconds / megapixels,
    );
  }

  observeWebhookDelivery(outcome: WebhookOutcome): void {
    this.webhookDeliveries.inc({ outcome });
  }

  /** One retention purge run and what it removed. */
  recordPurge(result: PurgeResult): void {
    this.purgeRuns.inc();
    this.purgeOrders.inc(result.orders);
    this.purgePhotos.inc(result.photos);
    this.purgeObjects.inc(result.objects);
    this.purgeBytes.inc(result.bytes);
  }

  /** One sweep of stored files that no photo owns. */
  recordOrphanSweep(result: SweepResult): void {
    this.orphanObjects.inc(result.orphans);
    this.orphanBytes.inc(result.bytes);
    this.staleWrites.inc(result.staleWrites);
  }

  private counter(name: string, help: string): Counter {
    return new Counter({ name, help, registers: [this.registry] });
  }

  private queueCounts(): Promise<Record<JobName, QueueCounts> | undefined> {
    this.pendingCounts ??= withTimeout(this.queue.counts(), QUEUE_COUNTS_TIMEOUT_MS)
      .catch(() => undefined)
      .finally(() => (this.pendingCounts = undefined));
    return this.pendingCounts;
  }
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
