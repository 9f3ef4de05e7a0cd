import { apiSend } from '../../../lib/api-client';
import type { SignInResult } from '../types';

export interface MagicLinkTokens {
  access_token: string;
  refresh_token: string | null;
  type: string;
}

/** The tokens a sign-in link carries in its fragment (`#access_token=…&refresh_token=…&type=magiclink`). */
export function tokensFromHash(hash: string): MagicLinkTokens | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const accessToken = params.get('access_token');
  if (!accessToken) return null;
  return {
    access_token: accessToken,
    refresh_token: params.get('refresh_token'),
    type: params.get('type') || 'magiclink',
  };
}

export function verifyMagicLink(tokens: MagicLinkTokens): Promise<SignInResult> {
  return apiSend<SignInResult>('POST', '/api/auth/verify', {
    access_token: tokens.access_token,
    ...(tokens.refresh_token ? { refresh_token: tokens.refresh_token } : {}),
    type: tokens.type,
  });
}
