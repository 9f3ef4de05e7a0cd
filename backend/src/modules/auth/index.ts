/** What other modules use from auth: guard every signed-in route with AuthGuard and read the caller. */
export { AuthModule } from './auth.module';
export { AuthGuard } from './http/auth.guard';
export { CurrentUser } from './http/current-user.decorator';
export type { AuthenticatedUser } from './domain/authenticated-user';
export { Clock } from './ports/clock';
