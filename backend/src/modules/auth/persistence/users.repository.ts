import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type EntityManager, IsNull } from 'typeorm';
import { txRows } from '../../../shared/db/query-rows';
import { UserEntity } from './user.entity';

/**
 * The users table's identity columns (the credit columns are the orders module's). Every method takes the
 * transaction handle it runs in (a data source's `manager` outside one).
 */
@Injectable()
export class UsersRepository {
  findById(tx: EntityManager, userId: number): Promise<UserEntity | null> {
    return tx.getRepository(UserEntity).findOneBy({ id: userId });
  }

  findByGoogleId(tx: EntityManager, googleId: string): Promise<UserEntity | null> {
    return tx.getRepository(UserEntity).findOneBy({ googleId });
  }

  /**
   * The account for a verified address, created if there is none (that is the signup), linked at once to its
   * sign-in identity (the external auth id). Safe against two first sign-ins racing: the unique index on
   * lower(email) decides, both get the same row.
   */
  async findOrCreate(
    tx: EntityManager,
    email: string,
    now: Date,
    name?: string,
  ): Promise<{ user: UserEntity; isNewUser: boolean }> {
    const inserted = await txRows<{ id: number }>(
      tx,
      `INSERT INTO users (email, name, signup_date, supabase_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
      [email, name ?? null, now, randomUUID()],
    );
    const user = await tx
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email)', { email })
      .getOneOrFail();
    return { user, isNewUser: inserted.length > 0 };
  }

  /** Joins a Google identity to the account, keeping a name it already has; answers the account as it is now. */
  async linkGoogle(tx: EntityManager, userId: number, googleId: string, name: string | null): Promise<UserEntity> {
    const users = tx.getRepository(UserEntity);
    await users.update({ id: userId }, { googleId, name });
    return users.findOneByOrFail({ id: userId });
  }

  /** Gives the account an external auth id unless it has one already (account repair is idempotent). */
  async linkExternalAuthId(tx: EntityManager, userId: number): Promise<void> {
    await tx.getRepository(UserEntity).update({ id: userId, supabaseId: IsNull() }, { supabaseId: randomUUID() });
  }
}
