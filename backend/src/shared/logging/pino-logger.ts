import { type LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';

export function createRootLogger(options: { level: string }): Logger {
  return pino({
    level: options.level,
    base: { service: 'listinglens' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'], remove: true },
  });
}

/** Routes Nest's own log calls (bootstrap, adapters, job queues) into the same structured JSON stream. */
export class PinoLoggerService implements LoggerService {
  constructor(private readonly root: Logger) {}

  log(message: unknown, context?: string) {
    this.root.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.root.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.root.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.root.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.root.trace({ context }, String(message));
  }
  fatal(message: unknown, context?: string) {
    this.root.fatal({ context }, String(message));
  }
}
