import type { User } from './types';

/*
 * Session storage (spec section 3, "Session user"): the last known user, shown at once on reload while the
 * server verifies it, and a flag that lets a visitor who has just signed up reach package selection.
 * Storage can be unavailable (private mode, disabled cookies); the app then simply works without the cache.
 */
export const TEMP_USER_KEY = 'tempUser';
export const SIGNUP_FLAG_KEY = 'fromSignup';

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readCachedUser(): User | undefined {
  const raw = storage()?.getItem(TEMP_USER_KEY);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as User;
  } catch {
    return undefined;
  }
}

export function writeCachedUser(user: User): void {
  storage()?.setItem(TEMP_USER_KEY, JSON.stringify(user));
}

export function clearCachedUser(): void {
  storage()?.removeItem(TEMP_USER_KEY);
}

export function markArrivedFromSignup(): void {
  storage()?.setItem(SIGNUP_FLAG_KEY, 'true');
}

export function hasSignupFlag(): boolean {
  return storage()?.getItem(SIGNUP_FLAG_KEY) === 'true';
}

/** What logout forgets: the cached user and the signup flag. */
export function clearSession(): void {
  clearCachedUser();
  storage()?.removeItem(SIGNUP_FLAG_KEY);
}
