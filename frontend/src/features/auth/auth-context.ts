import { createContext, useContext } from 'react';
import type { User } from './types';

export interface CurrentUser {
  /** The signed-in user; null when nobody is signed in (or the server cannot be reached). */
  user: User | null;
  /** True only until the first answer when there is no cached user to show. */
  isLoading: boolean;
  /** Ask the server again; resolves to the fresh user or null. */
  refresh: () => Promise<User | null>;
}

export const AuthContext = createContext<CurrentUser | null>(null);

export function useCurrentUser(): CurrentUser {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useCurrentUser must be used inside <AuthProvider>');
  return value;
}
