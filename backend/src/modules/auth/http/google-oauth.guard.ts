import { type ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard as PassportAuthGuard } from '@nestjs/passport';
import { type Request } from 'express';
import { AppConfig } from '../../../config/app-config';
import { AppError, NotFoundError, UnauthorizedError } from '../../../shared/errors/app-error';
import { GOOGLE_STRATEGY } from '../adapters/google-oauth.strategy';

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured.';

/**
 * Runs the Google strategy: on the start route it redirects to Google; on the callback it checks `state`, exchanges
 * the code (with the PKCE verifier) and puts the Google profile on `req.user`. Failures become AppErrors with a
 * sentence the confirm screen can show.
 */
@Injectable()
export class GoogleOAuthGuard extends PassportAuthGuard(GOOGLE_STRATEGY) {
  constructor(private readonly config: AppConfig) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.config.google) throw new NotFoundError('GOOGLE_NOT_CONFIGURED', GOOGLE_NOT_CONFIGURED);
    // A browser arriving from Google is handed to the client's confirm screen, which calls back with fetch;
    // the code is spent there, once.
    if (isCallbackNavigation(context.switchToHttp().getRequest<Request>())) return true;
    return (await super.canActivate(context)) as boolean;
  }

  override getAuthenticateOptions() {
    return { session: false };
  }

  override handleRequest<T>(err: unknown, user: T, info: unknown): T {
    if (err instanceof AppError) throw err;
    if (err || !user) {
      const message = (info as { message?: unknown } | undefined)?.message;
      throw new UnauthorizedError(
        typeof message === 'string' && message ? message : 'Failed to login with Google',
        'GOOGLE_SIGN_IN_FAILED',
      );
    }
    return user;
  }
}

/** A top-level browser navigation to the callback (it prefers HTML), as opposed to the client's JSON call. */
export function isCallbackNavigation(req: Request): boolean {
  return req.path.endsWith('/google/callback') && req.accepts(['json', 'html']) === 'html';
}
