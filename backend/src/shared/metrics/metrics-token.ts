import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether an `Authorization` header carries `Bearer <expected>`. Both sides are hashed first so the comparison
 * takes the same time whatever was sent, its length included.
 */
export function bearerTokenMatches(authorization: string | undefined, expected: string): boolean {
  const sent = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (sent === undefined) return false;
  return timingSafeEqual(sha256(sent), sha256(expected));
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
