import { timingSafeEqual } from 'node:crypto';
import { type Request } from 'express';
import { BadRequestError } from '../../../shared/errors/app-error';
import { isSafeReturnPath } from '../domain/return-path';
import { newSecret } from '../domain/secret-token';

export const OAUTH_STATE_COOKIE = 'g_oauth';
const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

export const STATE_MISMATCH_MESSAGE = 'Your Google sign-in could not be verified. Please try again.';
export const UNSAFE_RETURN_MESSAGE = 'That return address is not allowed.';

interface StoredState {
  state: string;
  verifier: string;
  returnTo?: string;
}

type StoreCallback = (err: Error | null, state?: string) => void;
type VerifyCallback = (err: Error | null, verifier?: string | false, info?: { message: string }) => void;

/**
 * passport-oauth2 state store keeping the `state` and the PKCE verifier in a short-lived HttpOnly cookie scoped to
 * the Google routes, so the redirect round trip needs no server memory (any API instance can finish it). The
 * callback only proceeds when the `state` Google sends back equals the one this browser was given, which ties the
 * code to the browser that started the sign-in (login CSRF); the verifier stays with that browser only.
 */
export class CookieOAuthStateStore {
  constructor(private readonly secure: boolean) {}

  /** Arity 5 tells passport-oauth2 that this store handles PKCE verifiers. */
  store(req: Request, verifier: string, _state: unknown, _meta: unknown, callback: StoreCallback): void {
    const returnTo = typeof req.query.returnTo === 'string' ? req.query.returnTo : undefined;
    if (returnTo !== undefined && !isSafeReturnPath(returnTo)) {
      callback(new BadRequestError('UNSAFE_RETURN_ADDRESS', UNSAFE_RETURN_MESSAGE));
      return;
    }
    const stored: StoredState = { state: newSecret(), verifier, ...(returnTo ? { returnTo } : {}) };
    req.res!.cookie(OAUTH_STATE_COOKIE, JSON.stringify(stored), {
      httpOnly: true,
      secure: this.secure,
      sameSite: 'lax',
      path: '/api/auth/google',
      maxAge: OAUTH_STATE_TTL_MS,
    });
    callback(null, stored.state);
  }

  verify(req: Request & { oauthReturnTo?: string }, providedState: unknown, callback: VerifyCallback): void {
    const stored = parse((req.cookies as Record<string, unknown> | undefined)?.[OAUTH_STATE_COOKIE]);
    // One attempt per cookie: a replayed callback finds no state.
    req.res!.clearCookie(OAUTH_STATE_COOKIE, { path: '/api/auth/google' });
    if (!stored || typeof providedState !== 'string' || !sameString(stored.state, providedState)) {
      callback(null, false, { message: STATE_MISMATCH_MESSAGE });
      return;
    }
    req.oauthReturnTo = stored.returnTo;
    callback(null, stored.verifier);
  }
}

function parse(raw: unknown): StoredState | undefined {
  if (typeof raw !== 'string') return undefined;
  try {
    const value = JSON.parse(raw) as Partial<StoredState>;
    if (typeof value.state !== 'string' || typeof value.verifier !== 'string') return undefined;
    if (value.returnTo !== undefined && (typeof value.returnTo !== 'string' || !isSafeReturnPath(value.returnTo))) {
      return undefined;
    }
    return value as StoredState;
  } catch {
    return undefined;
  }
}

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
