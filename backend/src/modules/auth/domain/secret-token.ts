import { createHash, randomBytes } from 'node:crypto';

/** Bytes of randomness in every bearer secret we hand out (login links, session cookies, API keys). */
export const SECRET_BYTES = 32;

/** A fresh URL-safe secret; only its {@link sha256} is ever stored, so a database leak signs nobody in. */
export function newSecret(): string {
  return randomBytes(SECRET_BYTES).toString('base64url');
}

export function sha256(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
