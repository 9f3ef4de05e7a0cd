import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../../../config/app-config';
import { SessionsRepository, type StoredSession } from '../persistence/sessions.repository';
import { type AuthenticatedUser } from '../domain/authenticated-user';
import { newSecret, sha256 } from '../domain/secret-token';
import { Clock } from '../ports/clock';
import { SessionCache } from './session-cache';

export interface StartedSession {
  /** The cookie value; the database keeps only its hash. */
  token: string;
  expiresAt: Date;
}

/** last_seen_at is bookkeeping, not security: refresh it at most this often so reads stay reads. */
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

/** Server-side sessions in Postgres, shared by every sign-in method. */
@Injectable()
export class Sessions {
  /** Only on the embedded database, which this process alone writes to (see SessionCache). */
  private readonly cache: SessionCache | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: SessionsRepository,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.cache = config.databaseUrl === undefined ? new SessionCache() : undefined;
  }

  /**
   * A new session id at every sign-in (never the one the browser arrived with, against session fixation); the
   * browser's previous session, if any, ends. Pass the transaction's manager when signing in inside one.
   */
  async start(
    userId: number,
    context: { userAgent?: string; previousToken?: string },
    tx: EntityManager = this.dataSource.manager,
  ): Promise<StartedSession> {
    const now = this.clock.now();
    const token = newSecret();
    const expiresAt = new Date(now.getTime() + this.config.session.ttlDays * 24 * 60 * 60 * 1000);
    if (context.previousToken) {
      const previousHash = sha256(context.previousToken);
      await this.sessions.delete(tx, previousHash);
      this.cache?.forget(previousHash);
    }
    // Expired sessions are refused on read; sweeping this user's at sign-in keeps the table from growing forever.
    await this.sessions.deleteExpired(tx, userId, now);
    await this.sessions.insert(tx, {
      tokenHash: sha256(token),
      userId,
      createdAt: now,
      expiresAt,
      userAgent: context.userAgent?.slice(0, 500) ?? null,
    });
    return { token, expiresAt };
  }

  async resolve(token: string): Promise<AuthenticatedUser | null> {
    const now = this.clock.now();
    const tokenHash = sha256(token);
    const session = this.cache?.get(tokenHash) ?? (await this.read(tokenHash));
    if (!session || session.expiresAt.getTime() <= now.getTime()) return null;
    if (now.getTime() - session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
      await this.sessions.touch(this.dataSource.manager, tokenHash, now);
      // The cached copy too, or every request until it goes stale would touch the row again.
      session.lastSeenAt = now;
    }
    return { id: session.userId, email: session.email, via: 'session' };
  }

  async end(token: string): Promise<void> {
    const tokenHash = sha256(token);
    await this.sessions.delete(this.dataSource.manager, tokenHash);
    this.cache?.forget(tokenHash);
  }

  private async read(tokenHash: string): Promise<StoredSession | null> {
    const epoch = this.cache?.epoch ?? 0;
    const session = await this.sessions.find(this.dataSource.manager, tokenHash);
    if (session) this.cache?.remember(tokenHash, session, epoch);
    return session;
  }
}
