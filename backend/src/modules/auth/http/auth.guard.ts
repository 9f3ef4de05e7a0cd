import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { type Request } from 'express';
import { UnauthorizedError } from '../../../shared/errors/app-error';
import { AuthenticateRequest } from '../application/authenticate-request.use-case';
import { type AuthenticatedUser } from '../domain/authenticated-user';
import { readBearerKey, readSessionCookie } from './session-cookie';

export type AuthenticatedRequest = Request & { authUser?: AuthenticatedUser };

/**
 * Lets a request through only when it is signed in: session cookie or `Authorization: Bearer <api key>`.
 * Otherwise 401 `{ code: 'UNAUTHORIZED' }`. Read the caller with `@CurrentUser()`.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly authenticate: AuthenticateRequest) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const user = await this.authenticate.execute({ apiKey: readBearerKey(req), sessionToken: readSessionCookie(req) });
    if (!user) throw new UnauthorizedError();
    req.authUser = user;
    return true;
  }
}
