import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { type AuthenticatedUser } from '../domain/authenticated-user';
import { type AuthenticatedRequest } from './auth.guard';

/** The caller `AuthGuard` let through: `{ id, email, via }`. Use only on handlers guarded by `AuthGuard`. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthenticatedUser => {
  const user = context.switchToHttp().getRequest<AuthenticatedRequest>().authUser;
  if (!user) throw new Error('@CurrentUser() used on a route without @UseGuards(AuthGuard)');
  return user;
});
