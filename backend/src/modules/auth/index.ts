/** What other modules use from auth: guard every signed-in route with AuthGuard and read the caller. */
export { AuthModule } from './auth.module';
export { AuthGuard } from './http/auth.guard';
export { CurrentUser } from './http/current-user.decorator';
export type { AuthenticatedUser } from './domain/authenticated-user';
export { Clock } from './ports/clock';
/** Provided by the orders module (it owns the orders table), asked at sign-in. */
export { OrderHistory } from './ports/order-history';
export { ApiKeyEntity } from './persistence/api-key.entity';
/** Which of a user's keys still work (webhooks: a revoked key's endpoints hear nothing). */
export { ActiveApiKeys } from './application/active-api-keys';
export { LoginTokenEntity } from './persistence/login-token.entity';
export { SessionEntity } from './persistence/session.entity';
export { UserEntity } from './persistence/user.entity';
/** For routes open to everyone that still note who called (contact form, browser analytics). */
export { AuthenticateRequest } from './application/authenticate-request.use-case';
export { readBearerKey, readSessionCookie } from './http/session-cookie';
