import useSWR from 'swr';
import { apiGet } from '../../../lib/api-client';
import { clearCachedUser, writeCachedUser } from '../session-cache';
import type { User } from '../types';

export const CURRENT_USER_KEY = '/api/auth/me';

/** The signed-in user, or null when nobody is signed in (401 is an answer here, not an error). */
export function getCurrentUser(): Promise<User | null> {
  return apiGet<User>(CURRENT_USER_KEY, { on401: 'returnNull' });
}

/**
 * SWR hook behind `useCurrentUser()`: starts from the session-storage copy so a reload does not flash the
 * signed-out UI, verifies it with the server, and keeps the copy in step with the server's answer.
 */
export function useCurrentUserQuery(cachedUser: User | undefined) {
  return useSWR<User | null>(CURRENT_USER_KEY, getCurrentUser, {
    fallbackData: cachedUser,
    // The app-wide default skips revalidation when data is present; the cached copy must still be verified.
    revalidateOnMount: true,
    onSuccess: (user) => (user ? writeCachedUser(user) : clearCachedUser()),
  });
}
