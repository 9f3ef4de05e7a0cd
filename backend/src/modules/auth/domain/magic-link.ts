/** Rules for emailed sign-in links. */

export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;

/** Sign-in emails allowed per window, per address and per requesting IP (a household or office shares an IP). */
export const MAGIC_LINK_RATE_LIMIT = { windowMs: 15 * 60 * 1000, perEmail: 5, perIp: 20 } as const;

export const MAGIC_LINK_MESSAGES = {
  sent: 'Check your email: if the address is valid, a sign-in link is on its way.',
  invalid: 'Invalid magic link. Please request a new one.',
  used: 'This sign-in link has already been used. Please request a new one.',
  expired: 'This sign-in link has expired. Please request a new one.',
  rateLimited: 'Too many sign-in links requested. Please wait a few minutes and try again.',
} as const;

export type LoginTokenState = 'valid' | 'used' | 'expired';

export function loginTokenState(token: { usedAt: Date | null; expiresAt: Date }, now: Date): LoginTokenState {
  if (token.usedAt) return 'used';
  if (token.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

/** The address as we compare it: case and surrounding spaces never make a second account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The page the emailed link opens; the secrets ride in the fragment, which browsers never send to a server. */
export function magicLinkUrl(publicUrl: string, accessToken: string, refreshToken: string): string {
  const hash = new URLSearchParams({ access_token: accessToken, refresh_token: refreshToken, type: 'magiclink' });
  return `${publicUrl}/auth/confirm#${hash.toString()}`;
}
