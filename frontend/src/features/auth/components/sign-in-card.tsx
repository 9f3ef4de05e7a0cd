import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useAuthProviders } from '../api/get-providers';
import { GOOGLE_SIGN_IN_URL } from '../api/google-sign-in';
import { requestMagicLink } from '../api/request-magic-link';
import { GoogleIcon } from './google-icon';

export interface SignInCardProps {
  /** The anchor the header's 'Enhance your listing' button and the pricing cards scroll to. */
  id?: string;
  headingLevel?: 2 | 3;
}

/**
 * The landing page's sign-in card (spec section 2, Landing 1): Google (when the server has it configured) and an
 * emailed sign-in link. Signing in and signing up are the same step: a new address gets an account.
 */
export function SignInCard({ id = 'signup-form', headingLevel = 2 }: SignInCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { google } = useAuthProviders();

  return (
    <div id={id} className="scroll-mt-24">
      <Card className="p-7 shadow-xl shadow-slate-900/10 sm:p-8">
        <Heading className="text-2xl font-bold tracking-tight text-slate-900">Enhance your listing photos</Heading>
        <p className="mt-2 text-slate-600">
          Transform your property photos into professional listing images in minutes.
        </p>
        {google && (
          <>
            <a
              href={GOOGLE_SIGN_IN_URL}
              className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'mt-6 w-full' })}
            >
              <GoogleIcon />
              Sign in with Google
            </a>
            <div
              className="mt-6 flex items-center gap-3 text-xs font-medium text-slate-500 uppercase"
              aria-hidden="true"
            >
              <span className="h-px flex-1 bg-slate-200" />
              or
              <span className="h-px flex-1 bg-slate-200" />
            </div>
          </>
        )}
        <EmailSignInForm />
        <p className="mt-6 text-xs leading-5 text-slate-600">
          By signing up, you agree to our{' '}
          <Link to="/terms-of-service" className="font-medium text-teal-700 underline hover:text-teal-800">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to="/privacy-policy" className="font-medium text-teal-700 underline hover:text-teal-800">
            Privacy Policy
          </Link>
          .
        </p>
      </Card>
    </div>
  );
}

function EmailSignInForm() {
  const inputId = useId();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const { message } = await requestMagicLink(email.trim());
      setSentTo({ email: email.trim(), message });
    } catch (error) {
      toast({
        title: 'Login failed',
        description: errorMessage(error, 'Failed to login. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <div role="status" className="mt-6 rounded-xl bg-teal-50 p-4 text-sm text-teal-900 ring-1 ring-teal-100">
        <p className="font-semibold">Check your email</p>
        <p className="mt-1">
          We sent a sign-in link to <strong>{sentTo.email}</strong>. It works once and expires in 15 minutes.
        </p>
        <button
          type="button"
          className="mt-3 font-medium text-teal-700 underline hover:text-teal-800"
          onClick={() => setSentTo(null)}
        >
          Use a different email
        </button>
      </div>
    );
  }

  return (
    <form className="mt-6 flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        Email address
      </label>
      <input
        id={inputId}
        type="email"
        required
        autoComplete="email"
        placeholder="you@example.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        className="h-12 rounded-lg border border-slate-300 px-3 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-teal-500 focus:ring-2 focus:ring-teal-500/30 focus:outline-none"
      />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? 'Sending...' : 'Email me a sign-in link'}
      </Button>
    </form>
  );
}
