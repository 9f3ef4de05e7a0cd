import { newSecret } from './secret-token';

/** Keys start with a recognisable marker so secret scanners and people can tell what leaked. */
export const API_KEY_MARKER = 'llk_';
/** What we keep in clear to tell keys apart in a list: the marker plus the first characters of the secret. */
export const API_KEY_PREFIX_LENGTH = API_KEY_MARKER.length + 8;

export function newApiKey(): { key: string; prefix: string } {
  const key = `${API_KEY_MARKER}${newSecret()}`;
  return { key, prefix: key.slice(0, API_KEY_PREFIX_LENGTH) };
}
