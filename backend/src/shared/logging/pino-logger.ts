import { type LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Logger } from 'pino';
import { currentLogContext } from './log-context';
import { logFormat, prettyLogStream } from './pretty-log';

/**
 * JSON lines on stdout, or readable lines when stdout is a terminal and `production` is false (see logFormat);
 * `destination` lets tests read the JSON lines.
 */
export function createRootLogger(
  options: { level: string; production?: boolean },
  destination?: DestinationStream,
  stdout: { isTTY?: boolean } = process.stdout,
): Logger {
  const stream = destination ?? (logFormat(options.production, stdout) === 'pretty' ? prettyLogStream() : undefined);
  return pino(
    {
      level: options.level,
      base: { service: 'listinglens' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'], remove: true },
      // The request id or job id of the work in progress, so every line can be traced to what caused it.
      // A copy: pino merges each line's own fields into the object the mixin returns, which would otherwise leak
      // one line's fields (pino-http's whole `res`) into every later line of the same request or job.
      mixin: () => ({ ...currentLogContext() }),
    },
    stream,
  );
}

type Level = 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal';

/**
 * Routes Nest's own log calls (bootstrap, adapters, job queues) into the same structured JSON stream. A message
 * may be an object `{ msg, ...fields }`, whose fields become JSON fields rather than text.
 */
export class PinoLoggerService implements LoggerService {
  constructor(private readonly root: Logger) {}

  log(message: unknown, context?: string) {
    this.write('info', message, { context });
  }
  error(message: unknown, trace?: string, context?: string) {
    this.write('error', message, { context, trace });
  }
  warn(message: unknown, context?: string) {
    this.write('warn', message, { context });
  }
  debug(message: unknown, context?: string) {
    this.write('debug', message, { context });
  }
  verbose(message: unknown, context?: string) {
    this.write('trace', message, { context });
  }
  fatal(message: unknown, context?: string) {
    this.write('fatal', message, { context });
  }

  private write(level: Level, message: unknown, fields: Record<string, unknown>): void {
    if (message !== null && typeof message === 'object' && !(message instanceof Error)) {
      const { msg, ...rest } = message as Record<string, unknown>;
      this.root[level]({ ...fields, ...rest }, String(msg ?? ''));
    } else {
      this.root[level](fields, String(message));
    }
  }
}
