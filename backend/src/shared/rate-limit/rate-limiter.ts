/** At most `max` hits per key in each fixed window of `windowMs`. */
export interface RateLimit {
  readonly max: number;
  readonly windowMs: number;
}

/**
 * Counts hits per key in fixed windows, for limits on forms and endpoints anyone can call. The Redis adapter is
 * shared by every api replica, so a limit holds however many run; the in-memory one serves the one-process default.
 */
export abstract class RateLimiter {
  /** Records a hit on `key` within `scope`; resolves 0 when allowed, otherwise the seconds until it may try again. */
  abstract hit(scope: string, key: string, limit: RateLimit): Promise<number>;

  abstract close(): Promise<void>;
}
