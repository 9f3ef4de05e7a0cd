import { NotFoundError } from '../../../shared/errors/app-error';
import { GoogleIdentity, type GoogleProfile } from '../ports/google-identity';

/** Without GOOGLE_CLIENT_ID there is no audience to check a credential against: Google sign-in is off. */
export class UnconfiguredGoogleIdentity extends GoogleIdentity {
  verifyIdToken(): Promise<GoogleProfile> {
    return Promise.reject(new NotFoundError('GOOGLE_NOT_CONFIGURED', 'Google sign-in is not configured.'));
  }
}
