import { PassportStrategy } from '@nestjs/passport';
import { type Profile, Strategy } from 'passport-google-oauth20';
import { type StateStore } from 'passport-oauth2';
import { type AppConfig, type GoogleConfig } from '../../../config/app-config';
import { type GoogleProfile } from '../ports/google-identity';
import { CookieOAuthStateStore } from './cookie-oauth-state.store';

export const GOOGLE_STRATEGY = 'google';
export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback';

/**
 * Google's authorization-code flow with `state` and PKCE (S256), at the endpoints the configuration names. The code
 * is exchanged server to server with the client secret; the person comes from the userinfo endpoint.
 */
export class GoogleOAuthStrategy extends PassportStrategy(Strategy, GOOGLE_STRATEGY) {
  constructor(config: AppConfig, google: GoogleConfig) {
    super({
      clientID: google.clientId,
      clientSecret: google.clientSecret,
      callbackURL: `${config.publicUrl}${GOOGLE_CALLBACK_PATH}`,
      authorizationURL: google.authorizeUrl,
      tokenURL: google.tokenUrl,
      userProfileURL: google.userinfoUrl,
      scope: ['openid', 'email', 'profile'],
      state: true,
      pkce: true,
      // passport-oauth2 picks the PKCE calling convention by the store's arity, which its typings do not model.
      store: new CookieOAuthStateStore(config.isProduction) as unknown as StateStore,
      passReqToCallback: false,
    });
    // Send the access token to userinfo in the Authorization header, never in the URL where logs keep it
    // (strict providers refuse it there).
    (
      this as unknown as { _oauth2: { useAuthorizationHeaderforGET(use: boolean): void } }
    )._oauth2.useAuthorizationHeaderforGET(true);
  }

  validate(_accessToken: string, _refreshToken: string, profile: Profile): GoogleProfile {
    const email = profile.emails?.[0];
    return {
      sub: profile.id,
      email: email?.value ?? '',
      emailVerified: (email?.verified as unknown) === true || (email?.verified as unknown) === 'true',
      name: profile.displayName || undefined,
    };
  }
}
