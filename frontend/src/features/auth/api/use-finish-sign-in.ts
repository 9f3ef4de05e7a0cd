import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { track } from '../../../lib/analytics';
import { markArrivedFromSignup, writeCachedUser } from '../session-cache';
import type { SignInResult } from '../types';
import { CURRENT_USER_KEY } from './get-current-user';

/**
 * Where a freshly signed-in user goes (spec section 2, Login verification), unless the sign-in was started with a
 * return address (the server only carries same-origin paths; checked again here).
 */
export function destinationAfterSignIn({ user, hasOrders, returnTo }: SignInResult): string {
  if (returnTo && returnTo.startsWith('/') && !returnTo.startsWith('//') && !returnTo.includes('\\')) return returnTo;
  return hasOrders || user.package_type ? '/dashboard' : '/package-selection';
}

/**
 * What every successful sign-in does: keep the user as the temporary user in session storage, tell the auth
 * provider (so the route guard sees the user at once), mark a signup, and route on.
 */
export function useFinishSignIn(method: 'email' | 'google'): (result: SignInResult) => Promise<void> {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (result: SignInResult) => {
      writeCachedUser(result.user);
      await mutate(CURRENT_USER_KEY, result.user, { revalidate: false });
      if (result.isNewUser) markArrivedFromSignup();
      track(result.isNewUser ? 'User Signup' : 'User Login', {
        userId: result.user.id,
        method,
        email: result.user.email,
      });
      navigate(destinationAfterSignIn(result), { replace: true });
    },
    [method, mutate, navigate],
  );
}
