import useSWR from 'swr';
import { apiGet } from '../../../lib/api-client';

export const PROVIDERS_KEY = '/api/auth/providers';

export interface AuthProviders {
  google: boolean;
}

/** Which sign-in methods the server offers; while unknown (or unreachable) Google counts as off. */
export function useAuthProviders(): AuthProviders {
  const { data } = useSWR<AuthProviders>(PROVIDERS_KEY, () => apiGet<AuthProviders>(PROVIDERS_KEY));
  return data ?? { google: false };
}
