import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ApiError } from '../../lib/api-client';
import { tokensFromHash, verifyMagicLink } from '../../features/auth';

/** Debug page (spec section 2, Auth test): the tokens a link carries, and the server's verbatim answer to them. */
export function AuthTestRoute() {
  const { hash } = useLocation();
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const accessToken = params.get('access_token');
  const refreshToken = params.get('refresh_token');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);

  async function verify() {
    const tokens = tokensFromHash(hash);
    if (!tokens) {
      setAnswer('Invalid magic link. Please request a new one.');
      return;
    }
    setBusy(true);
    try {
      setAnswer(JSON.stringify(await verifyMagicLink(tokens), null, 2));
    } catch (error) {
      setAnswer(error instanceof ApiError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <Card className="p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Auth test</h1>
        <dl className="mt-6 space-y-4 text-sm">
          <div>
            <dt className="font-semibold text-slate-800">Access token</dt>
            <dd className="mt-1 font-mono break-all text-slate-600">{accessToken ?? 'None in the URL'}</dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-800">Refresh token</dt>
            <dd className="mt-1 font-mono break-all text-slate-600">{refreshToken ?? 'None in the URL'}</dd>
          </div>
        </dl>
        <Button className="mt-6" onClick={() => void verify()} disabled={busy}>
          Verify Token
        </Button>
        {answer !== null && (
          <pre
            aria-label="Server response"
            // A long answer scrolls sideways: keyboard users must be able to focus it to scroll it.
            tabIndex={0}
            className="mt-6 overflow-x-auto rounded-lg bg-slate-900 p-4 text-xs leading-5 text-slate-100"
          >
            {answer}
          </pre>
        )}
      </Card>
    </section>
  );
}
