import { useEffect, useRef, useState } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../auth-context';

/**
 * Guard for signed-in routes (spec section 2): spinner while the user loads; with no user, ask the server once
 * more (a session may have just been created, e.g. right after login) and only then send the visitor to /.
 */
export function RequireAuth() {
  const { user, isLoading, refresh } = useCurrentUser();
  const askedAgain = useRef(false);
  const [recheckDone, setRecheckDone] = useState(false);

  useEffect(() => {
    if (isLoading || user || askedAgain.current) return;
    askedAgain.current = true;
    refresh()
      .catch(() => null)
      .finally(() => setRecheckDone(true));
  }, [isLoading, user, refresh]);

  if (user) return <Outlet />;
  if (!recheckDone) return <Spinner label="Loading your account..." />;
  return <Navigate to="/" replace />;
}
