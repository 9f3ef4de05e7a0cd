import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, LessThan, Repository } from 'typeorm';
import { AppConfig } from '../../../config/app-config';
import { SessionEntity } from '../persistence/session.entity';
import { type AuthenticatedUser } from '../domain/authenticated-user';
import { newSecret, sha256 } from '../domain/secret-token';
import { Clock } from '../ports/clock';

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
  constructor(
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /**
   * A new session id at every sign-in (never the one the browser arrived with, against session fixation); the
   * browser's previous session, if any, ends. Pass the transaction's manager when signing in inside one.
   */
  async start(
    userId: number,
    context: { userAgent?: string; previousToken?: string },
    em: EntityManager = this.sessions.manager,
  ): Promise<StartedSession> {
    const now = this.clock.now();
    const token = newSecret();
    const expiresAt = new Date(now.getTime() + this.config.session.ttlDays * 24 * 60 * 60 * 1000);
    if (context.previousToken) await em.delete(SessionEntity, { tokenHash: sha256(context.previousToken) });
    // Expired sessions are refused on read; sweeping this user's at sign-in keeps the table from growing forever.
    await em.delete(SessionEntity, { userId, expiresAt: LessThan(now) });
    await em.insert(SessionEntity, {
      tokenHash: sha256(token),
      userId,
      createdAt: now,
      expiresAt,
      lastSeenAt: now,
      userAgent: context.userAgent?.slice(0, 500) ?? null,
    });
    return { token, expiresAt };
  }

  async resolve(token: string): Promise<AuthenticatedUser | null> {
    const now = this.clock.now();
    const tokenHash = sha256(token);
    const rows: { user_id: number; email: string; expires_at: Date; last_seen_at: Date }[] = await this.sessions.query(
      `SELECT s.user_id, u.email, s.expires_at, s.last_seen_at
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = $1`,
      [tokenHash],
    );
    const row = rows[0];
    if (!row || new Date(row.expires_at).getTime() <= now.getTime()) return null;
    if (now.getTime() - new Date(row.last_seen_at).getTime() > LAST_SEEN_RESOLUTION_MS) {
      await this.sessions.update({ tokenHash }, { lastSeenAt: now });
    }
    return { id: row.user_id, email: row.email, via: 'session' };
  }

  async end(token: string): Promise<void> {
    await this.sessions.delete({ tokenHash: sha256(token) });
  }
}
