import { type FormEvent, useMemo, useState } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { PackageDefinition } from '@listinglens/contracts';
import type { PurchaseSuccess } from '../finish-purchase';
import { useCheckoutSubmit } from '../use-checkout-submit';
import { FormActions } from './form-actions';

// One Stripe.js per key for the page's lifetime; the `pure` entry point loads the script only when checkout needs it.
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = stripeByKey.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, promise);
    promise.catch(() => stripeByKey.delete(publishableKey));
  }
  return promise;
}

export interface StripePaymentFormProps {
  publishableKey: string;
  clientSecret: string;
  pkg: PackageDefinition;
  onBack: () => void;
  onSuccess: (purchase: PurchaseSuccess) => void;
  /** Stripe.js could not be loaded ('Payment setup failed'). */
  onSetupFailed: () => void;
}

/** The card form with Stripe configured: the Payment Element, confirmed without a redirect unless the method needs one. */
export default function StripePaymentForm({
  publishableKey,
  clientSecret,
  onSetupFailed,
  ...rest
}: StripePaymentFormProps) {
  const stripe = useMemo(
    () =>
      stripeFor(publishableKey).catch(() => {
        onSetupFailed();
        return null;
      }),
    // onSetupFailed is a notification only; a new callback identity must not reload Stripe.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [publishableKey],
  );
  return (
    <Elements
      stripe={stripe}
      options={{
        clientSecret,
        appearance: { theme: 'stripe', variables: { colorPrimary: '#0d9488', borderRadius: '8px' } },
      }}
    >
      <StripeFields {...rest} />
    </Elements>
  );
}

function StripeFields({
  pkg,
  onBack,
  onSuccess,
}: Omit<StripePaymentFormProps, 'publishableKey' | 'clientSecret' | 'onSetupFailed'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [elementReady, setElementReady] = useState(false);
  const { processing, error, submit } = useCheckoutSubmit(pkg, onSuccess);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || processing) return;
    void submit(async () => {
      const { error: stripeError, paymentIntent } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: {
          // Only methods that need a bank or wallet page come back here; the screen finishes the purchase then.
          return_url: `${window.location.origin}/package-selection?package=${pkg.id}`,
        },
      });
      if (stripeError) return { kind: 'failed', message: stripeError.message };
      return { kind: 'confirmed', status: paymentIntent.status, paymentIntentId: paymentIntent.id };
    });
  };

  return (
    <form onSubmit={onSubmit} className="space-y-5">
      <PaymentElement onReady={() => setElementReady(true)} />
      <FormActions
        error={error}
        processing={processing}
        ready={Boolean(stripe && elements && elementReady)}
        onBack={onBack}
      />
    </form>
  );
}
