import useSWR from 'swr';
import { apiGet, apiSend } from '../../../lib/api-client';

export const API_KEYS_KEY = '/api/api-keys';

export interface ApiKey {
  id: number;
  name: string;
  prefix: string;
  created: string;
  last_used: string | null;
}

export interface CreatedApiKey {
  id: number;
  name: string;
  prefix: string;
  /** The full key: the server shows it in this answer only. */
  key: string;
}

export function useApiKeys() {
  return useSWR<ApiKey[]>(API_KEYS_KEY, () => apiGet<ApiKey[]>(API_KEYS_KEY));
}

export function createApiKey(name: string): Promise<CreatedApiKey> {
  return apiSend<CreatedApiKey>('POST', API_KEYS_KEY, { name });
}

export function revokeApiKey(id: number): Promise<void> {
  return apiSend<void>('DELETE', `${API_KEYS_KEY}/${id}`);
}
