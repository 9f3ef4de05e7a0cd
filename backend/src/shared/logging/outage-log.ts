import { type LoggerService } from '@nestjs/common';
import { outsideLogContext } from './log-context';

/** While an outage lasts, one line per this interval, however many failures it sees. */
export const OUTAGE_REMINDER_MS = 60_000;

/**
 * Logs an outage of a dependency (Redis, the object store, the database) as three kinds of line instead of one per
 * failed attempt: when it starts, once a minute while it lasts (with how many failures went unlogged), and when it
 * ends. A reconnecting client fails many times a second, from every connection of every process; one line each
 * buried everything else in the log. The lines belong to no request or job: a connection's events are not caused
 * by the request that happened to open it.
 */
export class OutageLog {
  private since: number | undefined;
  private lastLine = 0;
  private unlogged = 0;

  constructor(
    private readonly logger: LoggerService,
    /** What is out, as a line starts: "Redis (job queue)". */
    private readonly what: string,
    private readonly now: () => number = Date.now,
  ) {}

  get down(): boolean {
    return this.since !== undefined;
  }

  /** One failed attempt (an error event, a command that could not run). */
  failed(reason: string): void {
    const now = this.now();
    if (this.since === undefined) {
      this.since = now;
      this.lastLine = now;
      this.unlogged = 0;
      this.write('warn', { msg: `${this.what} unavailable: ${reason}`, outage: this.what });
      return;
    }
    this.unlogged++;
    if (now - this.lastLine < OUTAGE_REMINDER_MS) return;
    this.write('warn', {
      msg: `${this.what} still unavailable after ${seconds(now - this.since)} s: ${reason}`,
      outage: this.what,
      suppressed: this.unlogged,
    });
    this.lastLine = now;
    this.unlogged = 0;
  }

  /** The dependency answered again; logs the end of the outage if there was one. */
  recovered(): void {
    if (this.since === undefined) return;
    const now = this.now();
    this.write('log', {
      msg: `${this.what} available again after ${seconds(now - this.since)} s`,
      outage: this.what,
      suppressed: this.unlogged,
    });
    this.since = undefined;
    this.unlogged = 0;
  }

  private write(level: 'warn' | 'log', line: Record<string, unknown>): void {
    outsideLogContext(() => this.logger[level](line));
  }
}

const seconds = (ms: number) => Math.round(ms / 1000);
