import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useCurrentUserQuery } from '../api/get-current-user';
import { AuthContext, type CurrentUser } from '../auth-context';
import { readCachedUser } from '../session-cache';

export function AuthProvider({ children }: { children: ReactNode }) {
  // Read once: later changes to the cache come from this provider itself.
  const [cachedUser] = useState(readCachedUser);
  const { data, error, mutate } = useCurrentUserQuery(cachedUser);

  const refresh = useCallback(async () => (await mutate()) ?? null, [mutate]);

  const value = useMemo<CurrentUser>(
    () => ({
      // An unreachable server means the UI behaves as signed out; only a 401 clears the cached copy.
      user: error ? null : (data ?? null),
      isLoading: data === undefined && error === undefined,
      refresh,
    }),
    [data, error, refresh],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
