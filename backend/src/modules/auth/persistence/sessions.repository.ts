import { Injectable } from '@nestjs/common';
import { type EntityManager, LessThan } from 'typeorm';
import { preparedRows, type PreparedStatement } from '../../../shared/db/query-rows';
import { SessionEntity } from './session.entity';

export interface NewSession {
  tokenHash: string;
  userId: number;
  createdAt: Date;
  expiresAt: Date;
  userAgent: string | null;
}

export interface StoredSession {
  userId: number;
  email: string;
  expiresAt: Date;
  lastSeenAt: Date;
}

/** Every signed-in request runs it (the guard): prepared, so it is parsed and planned once per connection. */
const FIND_SESSION: PreparedStatement = {
  name: 'sessions.find',
  text: `SELECT s.user_id, u.email, s.expires_at, s.last_seen_at
           FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.token_hash = $1`,
};

/** The sessions table, by token hash. Every method takes the transaction handle it runs in. */
@Injectable()
export class SessionsRepository {
  async insert(tx: EntityManager, session: NewSession): Promise<void> {
    await tx.insert(SessionEntity, { ...session, lastSeenAt: session.createdAt });
  }

  async delete(tx: EntityManager, tokenHash: string): Promise<void> {
    await tx.delete(SessionEntity, { tokenHash });
  }

  /** The user's sessions that expired before `now`. */
  async deleteExpired(tx: EntityManager, userId: number, now: Date): Promise<void> {
    await tx.delete(SessionEntity, { userId, expiresAt: LessThan(now) });
  }

  /** The session with its user's email, expired or not (the caller decides); null when there is none. */
  async find(tx: EntityManager, tokenHash: string): Promise<StoredSession | null> {
    const [row] = await preparedRows<{ user_id: number; email: string; expires_at: Date; last_seen_at: Date }>(
      tx,
      FIND_SESSION,
      [tokenHash],
    );
    if (!row) return null;
    return {
      userId: row.user_id,
      email: row.email,
      expiresAt: new Date(row.expires_at),
      lastSeenAt: new Date(row.last_seen_at),
    };
  }

  async touch(tx: EntityManager, tokenHash: string, now: Date): Promise<void> {
    await tx.update(SessionEntity, { tokenHash }, { lastSeenAt: now });
  }
}
