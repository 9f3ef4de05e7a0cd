import { type CookieOptions, type Request, type Response } from 'express';
import { AppConfig } from '../../../config/app-config';
import { type StartedSession } from '../application/sessions';

/** The session cookie's name (also declared as the 'session' security scheme in OpenAPI). */
export const SESSION_COOKIE = 'sid';

function cookieOptions(config: AppConfig): CookieOptions {
  // Lax: sent on top-level navigations back from the identity provider, never on cross-site POSTs.
  return { httpOnly: true, secure: config.isProduction, sameSite: 'lax', path: '/' };
}

export function readSessionCookie(req: Request): string | undefined {
  const value: unknown = (req.cookies as Record<string, unknown> | undefined)?.[SESSION_COOKIE];
  return typeof value === 'string' && value ? value : undefined;
}

export function setSessionCookie(res: Response, config: AppConfig, session: StartedSession): void {
  res.cookie(SESSION_COOKIE, session.token, { ...cookieOptions(config), expires: session.expiresAt });
}

export function clearSessionCookie(res: Response, config: AppConfig): void {
  res.clearCookie(SESSION_COOKIE, cookieOptions(config));
}

/** The API key of `Authorization: Bearer <key>`, if the request uses one. */
export function readBearerKey(req: Request): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
  return match?.[1];
}
