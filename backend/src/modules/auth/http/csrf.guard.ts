import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Request } from 'express';
import { ForbiddenError } from '../../../shared/errors/app-error';
import { readBearerKey, readSessionCookie } from './session-cookie';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CSRF_MESSAGE = 'This request was refused because it did not come from the app. Please reload the page.';

const SIGN_IN_ROUTE = 'csrf:sign-in-route';

/**
 * Marks a controller (or handler) whose state-changing routes sign a visitor in: they are held to the CSRF rule even
 * without a cookie. Read from the route Nest matched, never from the URL text, which Express matches
 * case-insensitively (`/API/auth/verify` reaches the same handler as `/api/auth/verify`).
 */
export const SignInRoute = (): ClassDecorator & MethodDecorator => SetMetadata(SIGN_IN_ROUTE, true);

/**
 * Global CSRF rule. A state-changing request that a browser would send with our cookie must carry
 * `X-Requested-With` (a custom header other sites cannot add without a CORS preflight we never grant) and, when it
 * has a body, a JSON or multipart content type (HTML forms can post urlencoded and text/plain cross-site).
 * Sign-in routes are covered even without a cookie, so no site can sign a visitor into an attacker's account.
 * API-key requests are exempt: a browser never attaches those by itself.
 */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    if (SAFE_METHODS.has(req.method) || readBearerKey(req) !== undefined) return true;
    const isSignInRoute = this.reflector.getAllAndOverride<boolean>(SIGN_IN_ROUTE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!readSessionCookie(req) && !isSignInRoute) return true;

    if (!req.get('x-requested-with')) throw new ForbiddenError('CSRF_REJECTED', CSRF_MESSAGE);
    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if (hasBody && !req.is(['application/json', 'multipart/form-data'])) {
      throw new ForbiddenError('CSRF_REJECTED', CSRF_MESSAGE);
    }
    return true;
  }
}
