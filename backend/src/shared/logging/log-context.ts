import { type RequestHandler } from 'express';
import { AsyncLocalStorage } from 'node:async_hooks';

/** Fields every log line carries while a request or a job runs: `requestId`, or `job`, `jobId` and `attempt`. */
export type LogFields = Record<string, string | number>;

const storage = new AsyncLocalStorage<LogFields>();

/**
 * Runs `work` with `fields` added to every log line written inside it, however deep the call and across awaits.
 * Use cases log through Nest's `Logger` and cannot be handed a child logger, so the fields travel with the call.
 */
export function withLogContext<T>(fields: LogFields, work: () => T): T {
  return storage.run({ ...storage.getStore(), ...fields }, work);
}

/** The fields of the request or job running now, if any; the root logger merges them into each line. */
export function currentLogContext(): LogFields | undefined {
  return storage.getStore();
}

/**
 * Carries pino-http's request id into log lines written while the request is handled. Registered after the body
 * parsers: they resume `next` from stream events, which need not run in the request's context.
 */
export function requestLogContext(): RequestHandler {
  return (req, _res, next) => withLogContext({ requestId: String(req.id) }, next);
}
