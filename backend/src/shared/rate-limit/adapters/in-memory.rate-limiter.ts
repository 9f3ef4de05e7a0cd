import { type RateLimit, RateLimiter } from '../rate-limiter';

/** Most windows kept before expired ones are swept: a flood of distinct addresses cannot grow memory unbounded. */
const SWEEP_ABOVE = 10_000;

/** Fixed windows in this process's memory: the one-process default, where there is no other replica to share with. */
export class InMemoryRateLimiter extends RateLimiter {
  private readonly windows = new Map<string, { start: number; windowMs: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {
    super();
  }

  async hit(scope: string, key: string, limit: RateLimit): Promise<number> {
    const now = this.now();
    if (this.windows.size > SWEEP_ABOVE) this.sweep(now);
    const id = `${scope}\u0000${key}`;
    const current = this.windows.get(id);
    if (!current || now - current.start >= limit.windowMs) {
      this.windows.set(id, { start: now, windowMs: limit.windowMs, count: 1 });
      return 0;
    }
    if (current.count >= limit.max) return Math.max(1, Math.ceil((current.start + limit.windowMs - now) / 1000));
    current.count += 1;
    return 0;
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private sweep(now: number): void {
    for (const [id, w] of this.windows) if (now - w.start >= w.windowMs) this.windows.delete(id);
  }
}
