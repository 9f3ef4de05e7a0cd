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

/**
 * Runs `work` with no request's or job's fields. For what outlives the call that started it: a connection opened
 * lazily inside a request (a readiness check's first ping) would otherwise tag every later event of that connection
 * (its errors, its reconnects) with that request's id, minutes after the request ended.
 */
export function outsideLogContext<T>(work: () => T): T {
  return storage.exit(work);
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
