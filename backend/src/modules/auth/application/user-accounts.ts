import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { UserEntity } from '../persistence/user.entity';

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
  // A read of the orders table by name: orders depends on auth (its guard), so auth cannot import orders.
  const [row] = await em.query('SELECT EXISTS (SELECT 1 FROM orders WHERE user_id = $1) AS has', [userId]);
  return Boolean(row?.has);
}
