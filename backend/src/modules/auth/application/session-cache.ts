import { type StoredSession } from '../persistence/sessions.repository';

/** Long enough that a busy browser's requests share one read; short, so anything missed cannot last. */
const FRESH_MS = 5_000;
/** Sessions used within FRESH_MS: a bound on memory, whatever the traffic. */
const MAX_ENTRIES = 10_000;

/**
 * Sessions this process read a moment ago, by token hash, so the guard does not read the same row on every request.
 * Only sound where every change to the sessions table goes through this process: the embedded database, which one
 * process owns. With PostgreSQL another replica's sign-out would not reach this process's cache, so it is not used.
 *
 * A sign-out (`forget`) drops the entry, and also bumps an epoch: a read that started before it and finishes after
 * it would otherwise put the session it read back in. Only found sessions are kept, so forged cookies cannot fill it.
 * Expiry and last_seen_at stay the caller's, decided on every request as before.
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: StoredSession; freshUntil: number }>();
  private revocations = 0;

  /** Take it before reading the database and pass it to `remember`. */
  get epoch(): number {
    return this.revocations;
  }

  get(tokenHash: string): StoredSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.freshUntil > performance.now()) return entry.session;
    this.entries.delete(tokenHash);
    return undefined;
  }

  remember(tokenHash: string, session: StoredSession, epoch: number): void {
    if (epoch !== this.revocations || this.entries.has(tokenHash)) return;
    // Maps iterate in insertion order: the first key is the oldest entry.
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { session, freshUntil: performance.now() + FRESH_MS });
  }

  /** After the session's row is deleted: the next request reads the database again. */
  forget(tokenHash: string): void {
    this.revocations++;
    this.entries.delete(tokenHash);
  }
}
