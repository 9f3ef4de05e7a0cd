import { type INestApplicationContext, type LoggerService } from '@nestjs/common';
import { type Server } from 'node:http';
import { processShutdown, type ShutdownDrain } from './shutdown-drain';

export interface GracefulShutdownOptions {
  /** The listening HTTP server, when this process serves requests. */
  server?: Server;
  /** Budget for requests in flight and, separately, for the running job (the queue adapters bound that one). */
  timeoutMs: number;
  logger: LoggerService;
  /** Injected by tests; defaults to the real process. */
  exit?: (code: number) => void;
}

/**
 * After the limit, how long requests that were cut (an upload removing what it stored) have to answer before their
 * connections are closed: a client should get a 503 it can act on, not a dropped connection.
 */
const CUT_ANSWER_MS = 5_000;
/** While draining, keep-alive connections are closed as soon as they fall idle, so the drain ends when work does. */
const IDLE_SWEEP_MS = 100;

const SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

/**
 * SIGTERM/SIGINT: stop accepting connections, let requests in flight finish (bounded; new uploads on kept-alive
 * connections are refused, and uploads still running at the limit are cut and undone), then close the app, which
 * stops taking jobs and waits for the running one (bounded by the queue adapter), closes the queue and the
 * database, and exits 0. Orchestrators read a non-zero exit as a crash, so a clean drain must exit 0.
 *
 * Nest's own shutdown hooks close HTTP only after `beforeApplicationShutdown`, so in the one-process default the
 * server would keep accepting requests while the running job drains; closing the server first avoids that.
 */
export function installGracefulShutdown(app: INestApplicationContext, options: GracefulShutdownOptions): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping = false;

  const shutdown = async (signal: NodeJS.Signals): Promise<void> => {
    if (stopping) return;
    stopping = true;
    options.logger.log(`${signal} received: draining`, 'Shutdown');
    processShutdown.begin();
    // If something hangs anyway (a stuck driver), exit non-zero rather than never.
    const hardStop = setTimeout(
      () => {
        options.logger.error('Shutdown did not finish in time; exiting', undefined, 'Shutdown');
        exit(1);
      },
      options.timeoutMs * 2 + 10_000,
    );
    hardStop.unref();
    try {
      if (options.server) await closeServer(options.server, processShutdown, options.timeoutMs, options.logger);
      await app.close();
      options.logger.log('Shutdown complete', 'Shutdown');
      clearTimeout(hardStop);
      exit(0);
    } catch (err) {
      options.logger.error(`Shutdown failed: ${String(err)}`, undefined, 'Shutdown');
      exit(1);
    }
  };
  for (const signal of SIGNALS) process.once(signal, (s: NodeJS.Signals) => void shutdown(s));
}

/**
 * Stops accepting, closes keep-alive connections as they fall idle, waits for responses in flight; at the limit cuts
 * the requests that watch the drain, gives them a moment to answer, then closes what is left.
 */
async function closeServer(
  server: Server,
  drain: ShutdownDrain,
  timeoutMs: number,
  logger: LoggerService,
): Promise<void> {
  if (!server.listening) return;
  let closed = false;
  const done = new Promise<void>((resolve) => server.close(() => resolve())).then(() => (closed = true));
  const idleSweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  const timers: NodeJS.Timeout[] = [];
  const after = (ms: number) => new Promise<void>((resolve) => timers.push(setTimeout(resolve, ms)));
  try {
    await Promise.race([done, after(timeoutMs)]);
    if (closed) return;
    logger.warn(`Requests still open after ${timeoutMs} ms; cutting them`, 'Shutdown');
    drain.cutRequests();
    await Promise.race([done, after(CUT_ANSWER_MS)]);
    if (closed) return;
    logger.warn('Closing the connections of requests still open', 'Shutdown');
    server.closeAllConnections();
    await done;
  } finally {
    clearInterval(idleSweep);
    timers.forEach(clearTimeout);
  }
}
