/** The queue backend did not answer in time; the HTTP layer turns this into a quick 503 instead of a hang. */
export class QueueUnavailableError extends Error {
  readonly code = 'QUEUE_UNAVAILABLE';
  constructor(cause?: unknown) {
    super('The job queue is unavailable. Please try again shortly.', { cause });
  }
}

const JOB_ID = /^[A-Za-z0-9_.-]{1,200}$/;

/** Job ids become Redis key parts in BullMQ, where ':' has meaning; both adapters accept the same safe set. */
export function assertJobId(jobId: string): void {
  if (!JOB_ID.test(jobId)) throw new Error(`Invalid job id '${jobId}'`);
}
