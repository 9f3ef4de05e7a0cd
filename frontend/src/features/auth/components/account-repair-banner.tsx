import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../auth-context';
import { fixAccount } from '../api/fix-account';
import { CURRENT_USER_KEY } from '../api/get-current-user';
import { writeCachedUser } from '../session-cache';

/**
 * Account repair (spec section 2): a signed-in account not yet linked to its sign-in identity. With a package
 * bought, it is urgent (a top banner); without, a corner banner. Place it above the header.
 */
export function AccountRepairBanner() {
  const { user } = useCurrentUser();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);

  // Strictly false: a user cached by an older client, without the field, is not asked to repair anything.
  if (!user || user.has_external_auth_id !== false) return null;

  async function fix() {
    setBusy(true);
    try {
      const fixed = await fixAccount();
      writeCachedUser(fixed);
      await mutate(CURRENT_USER_KEY, fixed, { revalidate: false });
      toast({ title: 'Account Fixed', description: 'Your account is now linked to your sign-in.' });
    } catch (error) {
      toast({
        title: 'Error',
        description:
          error instanceof ApiError
            ? errorMessage(error, 'Failed to fix account. Please try again later.')
            : 'An unexpected error occurred. Please try again later.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  if (user.package_type) {
    return (
      <div role="alert" className="bg-amber-500 px-4 py-3 text-slate-950">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-bold">Account Fix Required</p>
            <p className="text-sm">
              Your account is not linked to your sign-in yet, so your purchases may not show up. Fix it now to keep
              access to your photos.
            </p>
          </div>
          <Button
            className="shrink-0 bg-slate-900 text-white hover:bg-slate-800"
            onClick={() => void fix()}
            disabled={busy}
          >
            {busy ? 'Fixing...' : 'Fix My Account Now'}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <aside
      aria-label="Account Setup Needed"
      className="fixed right-4 bottom-4 z-50 w-[calc(100%-2rem)] max-w-sm rounded-2xl border border-slate-200 bg-white p-5 shadow-xl"
    >
      <p className="font-bold text-slate-900">Account Setup Needed</p>
      <p className="mt-1 text-sm text-slate-600">
        Finish setting up your account so your purchases and photos stay connected to it.
      </p>
      <Button className="mt-4 w-full" onClick={() => void fix()} disabled={busy}>
        {busy ? 'Fixing...' : 'Set Up My Account'}
      </Button>
    </aside>
  );
}
