import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { OrderEntity, UserEntity } from '../../../shared/db/entities';

/**
 * The account for a verified address, created on first sign-in (that is the signup). A new account is linked to its
 * sign-in identity at once (the external auth id), so only accounts from before that rule need the repair banner.
 * Safe against two first sign-ins racing: the unique index on lower(email) decides, both get the same row.
 */
export async function findOrCreateUser(
  em: EntityManager,
  email: string,
  now: Date,
  name?: string,
): Promise<{ user: UserEntity; isNewUser: boolean }> {
  const inserted: { id: number }[] = await em.query(
    `INSERT INTO users (email, name, signup_date, supabase_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
    [email, name ?? null, now, randomUUID()],
  );
  const user = await em
    .getRepository(UserEntity)
    .createQueryBuilder('u')
    .where('lower(u.email) = lower(:email)', { email })
    .getOneOrFail();
  return { user, isNewUser: inserted.length > 0 };
}

export async function userHasOrders(em: EntityManager, userId: number): Promise<boolean> {
  return em.getRepository(OrderEntity).exists({ where: { userId } });
}
