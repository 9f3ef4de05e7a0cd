import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../lib/api-client';
import { PRODUCT_NAME } from '../../lib/site';
import {
  completeGoogleSignIn,
  GOOGLE_CALLBACK_PATH,
  type SignInResult,
  tokensFromHash,
  useFinishSignIn,
  verifyMagicLink,
} from '../../features/auth';

const INVALID_LINK = 'Invalid magic link. Please request a new one.';

/**
 * Login verification (spec section 2): the emailed link lands here with its tokens in the fragment, and Google's
 * redirect lands on the callback path with `?code&state`. Either way the server is asked once (a link works only
 * once, so a re-render must never send it twice), then the user is routed on or shown what went wrong.
 */
export function AuthConfirmRoute() {
  const { pathname, search, hash } = useLocation();
  const query = new URLSearchParams(search);
  // Google's answer carries `state` (and `code`, or `error` when the person cancelled); a magic link never does.
  const isGoogle = pathname === GOOGLE_CALLBACK_PATH || query.has('code') || query.has('state');
  const finishSignIn = useFinishSignIn(isGoogle ? 'google' : 'email');
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The tokens are secrets: keep them out of the history and of anything that later reads the address.
    if (window.location.hash) window.history.replaceState(null, '', window.location.pathname + window.location.search);

    const fail = (message: string) => {
      setFailure(message);
      toast({ title: 'Authentication Failed', description: message, variant: 'destructive' });
    };
    const succeed = async (result: SignInResult) => {
      toast({
        title: 'Authentication successful',
        description: isGoogle ? 'Google authentication successful' : 'You have been logged in successfully.',
      });
      await finishSignIn(result);
    };

    let attempt: Promise<SignInResult>;
    if (isGoogle) {
      const providerError = new URLSearchParams(search).get('error');
      if (providerError) return fail('Failed to sign in with Google');
      attempt = completeGoogleSignIn(search);
    } else {
      const tokens = tokensFromHash(hash);
      if (!tokens) return fail(INVALID_LINK);
      attempt = verifyMagicLink(tokens);
    }
    attempt.then(succeed).catch((error: unknown) => {
      if (isGoogle) console.error('Google login failed', error);
      const fallback = isGoogle ? 'Failed to login with Google' : 'Failed to verify your login link. Please try again.';
      fail(
        error instanceof ApiError ? errorMessage(error, fallback) : 'An unexpected error occurred. Please try again.',
      );
    });
  }, [finishSignIn, hash, isGoogle, search]);

  return (
    <section className="flex justify-center px-4 py-20">
      <title>{`Verifying Your Login | ${PRODUCT_NAME}`}</title>
      <Card className="w-full max-w-md p-8 text-center">
        {failure ? (
          <>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">Authentication Failed</h1>
            <p role="alert" className="mt-3 text-slate-600">
              {failure}
            </p>
            <Link to="/" className={buttonClasses({ className: 'mt-8' })}>
              Return to Homepage
            </Link>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">Verifying Your Login</h1>
            <Spinner label="Please wait while we sign you in..." />
          </>
        )}
      </Card>
    </section>
  );
}
