import { useCallback, useEffect, useRef, useState } from 'react';
import type { PackageDefinition } from '@listinglens/contracts';
import { track } from '../../lib/analytics';
import { packageEventProps } from '../packages';
import { finishPurchase, type PurchaseSuccess } from './finish-purchase';
import { PAYMENT_MESSAGES } from './messages';

/** What a card form's provider said: declined (with its own sentence, if any) or a payment intent status. */
export type ProviderOutcome =
  { kind: 'failed'; message?: string | null } | { kind: 'confirmed'; status: string; paymentIntentId: string };

/**
 * The submit logic both card forms share (spec sections 2, 5 and 8): 'Processing...' while working, the
 * provider's own message or 'Payment failed. Please try again.', 'Payment incomplete. Please try again.' unless the
 * status is 'succeeded', 'An unexpected error occurred' for anything thrown, and the success callback otherwise.
 */
export function useCheckoutSubmit(pkg: PackageDefinition, onSuccess: (purchase: PurchaseSuccess) => void) {
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const submit = useCallback(
    async (confirm: () => Promise<ProviderOutcome>) => {
      setError(null);
      setProcessing(true);
      track('Purchase Start', packageEventProps(pkg));
      let failure: string | null = null;
      try {
        const outcome = await confirm();
        if (outcome.kind === 'failed') {
          failure = outcome.message || PAYMENT_MESSAGES.failed;
        } else if (outcome.status !== 'succeeded') {
          failure = PAYMENT_MESSAGES.incomplete;
        } else {
          const finished = await finishPurchase(outcome.paymentIntentId, pkg.id);
          if (finished.ok) {
            onSuccess(finished.purchase);
          } else {
            failure = finished.message;
          }
        }
      } catch {
        failure = PAYMENT_MESSAGES.unexpected;
      }
      if (!mounted.current) return;
      setError(failure);
      setProcessing(false);
    },
    [pkg, onSuccess],
  );

  return { processing, error, setError, submit };
}
