import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import { type GoogleConfig } from '../../../config/app-config';
import { UnauthorizedError } from '../../../shared/errors/app-error';
import { GoogleIdentity, type GoogleProfile } from '../ports/google-identity';

export const GOOGLE_CREDENTIAL_MESSAGES = {
  invalid: 'Failed to sign in with Google',
  expired: 'Your Google sign-in has expired. Please try again.',
} as const;

/** Verifies ID tokens with jose against the provider's published keys (cached and refreshed by jose). */
export class JoseGoogleIdentity extends GoogleIdentity {
  private keys?: ReturnType<typeof createRemoteJWKSet>;

  constructor(private readonly google: GoogleConfig) {
    super();
  }

  async verifyIdToken(credential: string): Promise<GoogleProfile> {
    this.keys ??= createRemoteJWKSet(new URL(this.google.jwksUrl));
    try {
      const { payload } = await jwtVerify(credential, this.keys, {
        issuer: this.google.issuers,
        audience: this.google.clientId,
        algorithms: ['RS256', 'ES256'],
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') {
        throw new UnauthorizedError(GOOGLE_CREDENTIAL_MESSAGES.invalid, 'INVALID_GOOGLE_CREDENTIAL');
      }
      return {
        sub: payload.sub,
        email: payload.email,
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        name: typeof payload.name === 'string' ? payload.name : undefined,
      };
    } catch (error) {
      if (error instanceof UnauthorizedError) throw error;
      const expired = error instanceof joseErrors.JWTExpired;
      throw new UnauthorizedError(
        expired ? GOOGLE_CREDENTIAL_MESSAGES.expired : GOOGLE_CREDENTIAL_MESSAGES.invalid,
        expired ? 'GOOGLE_CREDENTIAL_EXPIRED' : 'INVALID_GOOGLE_CREDENTIAL',
      );
    }
  }
}
