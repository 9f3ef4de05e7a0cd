import { setMaxListeners } from 'node:events';

/**
 * The process's shutdown as the requests it serves see it: `draining` from SIGTERM on (work that would take long,
 * an upload, should not start), and `cut` aborted once the shutdown limit has passed, when what is still running
 * must stop, undo what it wrote and answer, before its connection is closed.
 */
export class ShutdownDrain {
  private readonly drainStarted = new AbortController();
  private readonly limitPassed = new AbortController();

  constructor() {
    // Every upload in flight listens; Node would warn of a leak past ten.
    setMaxListeners(0, this.limitPassed.signal);
  }

  get draining(): boolean {
    return this.drainStarted.signal.aborted;
  }

  get cut(): AbortSignal {
    return this.limitPassed.signal;
  }

  begin(): void {
    this.drainStarted.abort();
  }

  cutRequests(): void {
    this.begin();
    this.limitPassed.abort(new RequestCutError());
  }
}

/** Why a request still running at the shutdown limit was stopped. */
export class RequestCutError extends Error {
  constructor() {
    super('The process is shutting down and the request ran past the shutdown limit');
    this.name = 'RequestCutError';
  }
}

/** One process, one shutdown: installGracefulShutdown drives it, the upload watches it. */
export const processShutdown = new ShutdownDrain();
