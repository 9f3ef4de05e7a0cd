/** What we take from Google about a person, after Google's signature on it has been checked. */
export interface GoogleProfile {
  /** Google's stable subject id. */
  sub: string;
  email: string;
  emailVerified: boolean;
  name?: string;
}

/** Checks a Google-signed ID token (signature against Google's keys, audience, issuer, expiry). */
export abstract class GoogleIdentity {
  /** Resolves the profile, or throws an AppError saying why the credential is refused. */
  abstract verifyIdToken(credential: string): Promise<GoogleProfile>;
}
