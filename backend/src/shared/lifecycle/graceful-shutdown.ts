import { type INestApplicationContext, type LoggerService } from '@nestjs/common';
import { type Server } from 'node:http';

export interface GracefulShutdownOptions {
  /** The listening HTTP server, when this process serves requests. */
  server?: Server;
  /** Budget for requests in flight and, separately, for the running job (the queue adapters bound that one). */
  timeoutMs: number;
  logger: LoggerService;
  /** Injected by tests; defaults to the real process. */
  exit?: (code: number) => void;
}

const SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

/**
 * SIGTERM/SIGINT: stop accepting connections, let requests in flight finish (bounded), then close the app, which
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
      if (options.server) await closeServer(options.server, options.timeoutMs, options.logger);
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

/** Stops accepting, closes idle keep-alive sockets, waits for responses in flight, then cuts what is left. */
async function closeServer(server: Server, timeoutMs: number, logger: LoggerService): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const timer = setTimeout(() => {
    logger.warn(`Requests still open after ${timeoutMs} ms; closing their connections`, 'Shutdown');
    server.closeAllConnections();
  }, timeoutMs);
  await closed;
  clearTimeout(timer);
}
