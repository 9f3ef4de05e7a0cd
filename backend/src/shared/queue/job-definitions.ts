/**
 * Every job the system runs: its payload (ids only: the database is the source of truth), and its policy. Both
 * queue adapters read this one table, so the embedded default behaves like production.
 */
export interface JobPayloads {
  /** Proves the path api -> queue -> worker -> database end to end; used by tests and smoke checks. */
  'system.heartbeat': { nonce: string };
  /** Emails the purchase receipt for an order, once. */
  'payments.purchase-receipt': { orderId: string };
  /** Turns one uploaded photo into its enhanced JPEG, preview and thumbnail. */
  'photos.enhance': { photoId: number };
  /** Matches the colour and brightness of an order's enhanced photos, then completes the order. */
  'orders.harmonise': { orderId: string };
  /** Emails the host that an order's photos are ready, once. */
  'orders.photos-ready': { orderId: string };
  /** Renders a delivered photo again from its original with a host's adjustment. */
  'photos.adjust': { adjustmentId: number };
  /** One HTTP attempt of one webhook delivery; a failed attempt queues the next one itself, later. */
  'webhooks.deliver': { deliveryId: number; attempt: number };
}

export type JobName = keyof JobPayloads;

export interface JobPolicy {
  /** Total runs including the first; the handler learns which run is the last. */
  attempts: number;
  /** Exponential backoff base: the n-th retry waits base * 2^(n-1). */
  backoffMs: number;
  /** Jobs of this name one worker process runs at once. */
  concurrency: number;
}

export const JOB_POLICIES: Record<JobName, JobPolicy> = {
  'system.heartbeat': { attempts: 3, backoffMs: 200, concurrency: 2 },
  'payments.purchase-receipt': { attempts: 5, backoffMs: 5_000, concurrency: 2 },
  // One photo at a time per worker process unless WORKER_CONCURRENCY says otherwise: each photo in flight keeps a
  // core busy and a model thread of ~0.8 GB.
  'photos.enhance': { attempts: 3, backoffMs: 10_000, concurrency: 1 },
  // A photo at a time: each is decoded, corrected and encoded again at full size (about a second at 12 MP).
  'orders.harmonise': { attempts: 3, backoffMs: 10_000, concurrency: 1 },
  'orders.photos-ready': { attempts: 5, backoffMs: 5_000, concurrency: 2 },
  'photos.adjust': { attempts: 3, backoffMs: 10_000, concurrency: 1 },
  // These attempts cover our own faults (the database away); the receiver's answers have their own longer schedule
  // (WEBHOOKS_RETRY_BASE_SECONDS), kept in the delivery row.
  'webhooks.deliver': { attempts: 3, backoffMs: 5_000, concurrency: 4 },
};

export const JOB_NAMES = Object.keys(JOB_POLICIES) as JobName[];

/** Per-deployment concurrency for some job names, in place of their policy's (`WORKER_CONCURRENCY`). */
export type ConcurrencyOverrides = Partial<Record<JobName, number>>;

export const concurrencyOf = (name: JobName, overrides: ConcurrencyOverrides = {}): number =>
  overrides[name] ?? JOB_POLICIES[name].concurrency;

export interface JobContext {
  jobId: string;
  /** 1 for the first run. */
  attempt: number;
  maxAttempts: number;
}

export function backoffDelay(policy: JobPolicy, failedAttempts: number): number {
  return policy.backoffMs * 2 ** Math.max(0, failedAttempts - 1);
}
