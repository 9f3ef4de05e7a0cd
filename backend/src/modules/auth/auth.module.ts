import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { APP_GUARD } from '@nestjs/core';
import { GoogleOAuthStrategy } from './adapters/google-oauth.strategy';
import { JoseGoogleIdentity } from './adapters/jose.google-identity';
import { SystemClock } from './adapters/system.clock';
import { UnconfiguredGoogleIdentity } from './adapters/unconfigured.google-identity';
import { CreateApiKey } from './application/create-api-key.use-case';
import { ListApiKeys } from './application/list-api-keys.use-case';
import { RevokeApiKey } from './application/revoke-api-key.use-case';
import { AuthenticateRequest } from './application/authenticate-request.use-case';
import { GetCurrentUser } from './application/get-current-user.use-case';
import { LinkExternalAuthId } from './application/link-external-auth-id.use-case';
import { RequestMagicLink } from './application/request-magic-link.use-case';
import { Sessions } from './application/sessions';
import { SignInWithGoogle } from './application/sign-in-with-google.use-case';
import { VerifyMagicLink } from './application/verify-magic-link.use-case';
import { ApiKeysController } from './http/api-keys.controller';
import { AuthController } from './http/auth.controller';
import { AuthGuard } from './http/auth.guard';
import { CsrfGuard } from './http/csrf.guard';
import { GoogleController } from './http/google.controller';
import { GoogleOAuthGuard } from './http/google-oauth.guard';
import { ApiKeysRepository } from './persistence/api-keys.repository';
import { LoginTokensRepository } from './persistence/login-tokens.repository';
import { SessionsRepository } from './persistence/sessions.repository';
import { UsersRepository } from './persistence/users.repository';
import { UserAccounts } from './application/user-accounts';
import { Clock } from './ports/clock';
import { GoogleIdentity } from './ports/google-identity';
import { NotificationsModule } from '../notifications';
import { ActiveApiKeys } from './application/active-api-keys';

/**
 * Who the user is: sessions, magic links, Google, API keys, account repair; plus the global CSRF rule.
 *
 * For other modules (add AuthModule to their imports), from `modules/auth`:
 *   `@UseGuards(AuthGuard)` on a controller or handler: 401 unless signed in by session cookie or
 *   `Authorization: Bearer <api key>`; then `@CurrentUser() user: AuthenticatedUser` gives `{ id, email, via }`.
 *   Add `@ApiCookieAuth('session') @ApiBearerAuth('apiKey')` for the OpenAPI document.
 *   `Clock` is injectable (tests replace `now()`).
 */
@Module({
  imports: [NotificationsModule],
  controllers: [AuthController, GoogleController, ApiKeysController],
  providers: [
    { provide: Clock, useClass: SystemClock },
    { provide: APP_GUARD, useClass: CsrfGuard },
    {
      provide: GoogleIdentity,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        config.google ? new JoseGoogleIdentity(config.google) : new UnconfiguredGoogleIdentity(),
    },
    {
      // Registers the passport strategy when Google is configured; nothing injects it.
      provide: GoogleOAuthStrategy,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => (config.google ? new GoogleOAuthStrategy(config, config.google) : null),
    },
    GoogleOAuthGuard,
    UsersRepository,
    SessionsRepository,
    LoginTokensRepository,
    ApiKeysRepository,
    UserAccounts,
    SignInWithGoogle,
    Sessions,
    AuthenticateRequest,
    AuthGuard,
    RequestMagicLink,
    VerifyMagicLink,
    GetCurrentUser,
    LinkExternalAuthId,
    CreateApiKey,
    ListApiKeys,
    RevokeApiKey,
    ActiveApiKeys,
  ],
  exports: [Clock, AuthenticateRequest, AuthGuard, ActiveApiKeys],
})
export class AuthModule {}
