import { useCallback } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { track } from '../../../lib/analytics';
import { apiSend, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../components/ui/use-toast';
import { clearSession } from '../session-cache';
import { CURRENT_USER_KEY } from './get-current-user';

export const LOGOUT_URL = '/api/auth/logout';

export function postLogout(): Promise<void> {
  return apiSend<void>('POST', LOGOUT_URL);
}

/** Returns `logout()`: ends the server session, forgets the user, cache and signup flag, then goes to /. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();

  return useCallback(async () => {
    try {
      await postLogout();
    } catch (error) {
      toast({
        title: 'Logout failed',
        description: errorMessage(error, 'Failed to logout. Please try again.'),
        variant: 'destructive',
      });
      return;
    }
    clearSession();
    // Leave the signed-in screen before the user is cleared, so its route guard never sees the user vanish and
    // asks the server again. Synchronous only with the router's transitions off (see main.tsx).
    flushSync(() => navigate('/'));
    await mutate(CURRENT_USER_KEY, null, { revalidate: false });
    track('User Logout');
    toast({ title: 'Logged out' });
  }, [mutate, navigate]);
}
