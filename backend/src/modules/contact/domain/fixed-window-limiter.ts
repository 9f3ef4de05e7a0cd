/**
 * Counts hits per key in fixed windows, in this process's memory. Enough for a form that a person submits a few
 * times: with several api replicas each enforces the limit on its own share of the traffic.
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a hit; returns 0 when allowed, otherwise the seconds until the key may try again. */
  hit(key: string): number {
    const now = this.now();
    if (this.windows.size > 10_000) this.sweep(now);
    const current = this.windows.get(key);
    if (!current || now - current.start >= this.windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      return 0;
    }
    if (current.count >= this.max) return Math.max(1, Math.ceil((current.start + this.windowMs - now) / 1000));
    current.count += 1;
    return 0;
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
  }
}
