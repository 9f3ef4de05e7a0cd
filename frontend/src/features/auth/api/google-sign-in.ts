import { apiGet } from '../../../lib/api-client';
import type { SignInResult } from '../types';

/** Where the Google button sends the browser: the server redirects on to Google (authorization-code flow). */
export const GOOGLE_SIGN_IN_URL = '/api/auth/google';
export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback';

/** Hands Google's answer (`?code=…&state=…`) to the server, which signs the user in and answers like verify. */
export function completeGoogleSignIn(search: string): Promise<SignInResult> {
  return apiGet<SignInResult>(`${GOOGLE_CALLBACK_PATH}${search}`);
}
