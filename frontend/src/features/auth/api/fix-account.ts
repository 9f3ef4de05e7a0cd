import { apiSend } from '../../../lib/api-client';
import type { User } from '../types';

/** Account repair: links the account to its sign-in identity (the path keeps its historical name). */
export function fixAccount(): Promise<User> {
  return apiSend<User>('POST', '/api/auth/fix-supabase-id');
}
