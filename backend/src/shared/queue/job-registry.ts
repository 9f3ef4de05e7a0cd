import { JOB_NAMES, type JobContext, type JobName, type JobPayloads } from './job-definitions';

export type JobHandlerFn<N extends JobName> = (payload: JobPayloads[N], context: JobContext) => Promise<void>;

export class JobRegistryError extends Error {}

/** Which function handles each job name; refuses duplicates and, once sealed, any job name left without one. */
export class JobRegistry {
  private readonly handlers = new Map<JobName, JobHandlerFn<JobName>>();

  register<N extends JobName>(name: N, handler: JobHandlerFn<N>): void {
    if (!JOB_NAMES.includes(name)) throw new JobRegistryError(`Unknown job name '${name}'`);
    if (this.handlers.has(name)) throw new JobRegistryError(`Job '${name}' has two handlers`);
    this.handlers.set(name, handler as JobHandlerFn<JobName>);
  }

  /** Called before consumers start: a job that could be enqueued but never handled must stop boot. */
  assertComplete(): void {
    const missing = JOB_NAMES.filter((name) => !this.handlers.has(name));
    if (missing.length > 0) throw new JobRegistryError(`No handler registered for job(s): ${missing.join(', ')}`);
  }

  get<N extends JobName>(name: N): JobHandlerFn<N> {
    const handler = this.handlers.get(name);
    if (!handler) throw new JobRegistryError(`No handler registered for job '${name}'`);
    return handler as JobHandlerFn<N>;
  }
}
