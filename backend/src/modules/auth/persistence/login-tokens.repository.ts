import { Injectable } from '@nestjs/common';
import { type EntityManager, LessThan } from 'typeorm';
import { txRows } from '../../../shared/db/query-rows';
import { LoginTokenEntity } from './login-token.entity';

export interface NewLoginToken {
  email: string;
  tokenHash: string;
  refreshHash: string;
  createdAt: Date;
  expiresAt: Date;
  requestIp: string | null;
}

/** Links requested in a window: how many, and when the oldest was (when the window frees a slot). */
export interface RecentRequests {
  count: number;
  oldest: Date | null;
}

/** The login_tokens table (magic links). Every method takes the transaction handle it runs in. */
@Injectable()
export class LoginTokensRepository {
  /** Links requested for this address (case-insensitively) or from this IP since `since`. */
  async requestedSince(
    tx: EntityManager,
    by: { email: string } | { ip: string },
    since: Date,
  ): Promise<RecentRequests> {
    const [column, value] = 'email' in by ? ['lower(email)', by.email] : ['request_ip', by.ip];
    const [row] = await txRows<{ n: number; oldest: Date | string | null }>(
      tx,
      `SELECT count(*)::int AS n, min(created_at) AS oldest FROM login_tokens WHERE ${column} = $1 AND created_at > $2`,
      [value, since],
    );
    return { count: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  }

  /** The address's tokens created before `before` (dead weight once past expiry and the rate-limit window). */
  async deleteCreatedBefore(tx: EntityManager, email: string, before: Date): Promise<void> {
    await tx.delete(LoginTokenEntity, { email, createdAt: LessThan(before) });
  }

  async insert(tx: EntityManager, token: NewLoginToken): Promise<void> {
    await tx.insert(LoginTokenEntity, token);
  }

  findByHash(tx: EntityManager, tokenHash: string): Promise<LoginTokenEntity | null> {
    return tx.findOneBy(LoginTokenEntity, { tokenHash });
  }

  /** Marks the token used; false when it already was, so of two concurrent uses only one wins. */
  async spend(tx: EntityManager, tokenId: number, now: Date): Promise<boolean> {
    const spent = await tx
      .createQueryBuilder()
      .update(LoginTokenEntity)
      .set({ usedAt: now })
      .where('id = :id AND used_at IS NULL', { id: tokenId })
      .execute();
    return spent.affected === 1;
  }
}
