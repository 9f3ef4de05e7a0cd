import { apiSend } from '../../../lib/api-client';

/** Asks the server to email a sign-in link; the answer is the same for known and unknown addresses. */
export function requestMagicLink(email: string): Promise<{ message: string }> {
  return apiSend<{ message: string }>('POST', '/api/auth/email', { email });
}
