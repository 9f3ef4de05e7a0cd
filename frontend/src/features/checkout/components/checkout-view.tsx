import { lazy, Suspense, useEffect } from 'react';
import { type AdjustmentStyle, type PackageDefinition } from '@listinglens/contracts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import type { PaymentConfig } from '../api/get-payment-config';
import type { PaymentIntent } from '../api/create-payment-intent';
import type { PurchaseSuccess } from '../finish-purchase';
import { PAYMENT_MESSAGES } from '../messages';
import type { StripePaymentFormProps } from './stripe-payment-form';
import { TestCardForm } from './test-card-form';
import { PackageFeatures, PackagePrice } from '../../../components/package-offer';
import { OrderLookLine } from '../../looks';

// Stripe's React bindings are only needed when Stripe is configured; keep them out of the main bundle. If that
// chunk cannot be fetched (a deploy replaced it, the network dropped), the checkout says so instead of crashing.
const StripePaymentForm = lazy(() =>
  import('./stripe-payment-form').catch(() => ({ default: PaymentFormUnavailable })),
);

function PaymentFormUnavailable({ onBack, onSetupFailed }: Pick<StripePaymentFormProps, 'onBack' | 'onSetupFailed'>) {
  useEffect(() => onSetupFailed(), [onSetupFailed]);
  return (
    <div className="space-y-5">
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
        {PAYMENT_MESSAGES.setupFailed}
      </p>
      <Button variant="secondary" size="lg" onClick={onBack}>
        Back
      </Button>
    </div>
  );
}

export interface CheckoutViewProps {
  pkg: PackageDefinition;
  /** The look the order's photos are made in; Back returns to the choice. */
  look: AdjustmentStyle;
  /** Whether the order's photos are blurred for privacy (faces, licence plates). */
  privacyBlur: boolean;
  intent: PaymentIntent;
  config: PaymentConfig;
  onBack: () => void;
  onSuccess: (purchase: PurchaseSuccess) => void;
  onSetupFailed: () => void;
}

/** 'Checkout: {Package} Package': the order summary and the 'Complete Your Purchase' card (spec section 2). */
export function CheckoutView({
  pkg,
  look,
  privacyBlur,
  intent,
  config,
  onBack,
  onSuccess,
  onSetupFailed,
}: CheckoutViewProps) {
  const stripe = config.gateway === 'stripe' && config.publishableKey ? config.publishableKey : null;
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Checkout: {pkg.name} Package</h1>
      <div className="mt-8 grid gap-6 lg:grid-cols-5 lg:items-start">
        <Card role="region" className="p-6 lg:col-span-2" aria-labelledby="order-summary-heading">
          <h2 id="order-summary-heading" className="text-sm font-semibold tracking-wide text-teal-700 uppercase">
            Order summary
          </h2>
          <p className="mt-3 text-lg font-semibold text-slate-900">{pkg.title}</p>
          <p className="mt-1 text-sm text-slate-600">{pkg.description}</p>
          <OrderLookLine look={look} className="mt-3" />
          {privacyBlur && (
            <p className="mt-1 text-sm text-slate-700" data-testid="order-privacy-blur">
              Faces and licence plates blurred
            </p>
          )}
          <PackagePrice pkg={pkg} large={false} />
          <PackageFeatures
            pkg={pkg}
            turnaround={pkg.selectionTurnaround}
            className="mt-5 space-y-2 border-t border-slate-100 pt-5 text-sm text-slate-700"
          />
        </Card>
        <Card role="region" className="p-6 lg:col-span-3" aria-labelledby="complete-purchase-heading">
          <h2 id="complete-purchase-heading" className="text-xl font-semibold text-slate-900">
            Complete Your Purchase
          </h2>
          <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
            <LockIcon />
            {stripe ? 'Secure payment via Stripe' : 'Secure payment via the ListingLens test gateway'}
          </p>
          <div className="mt-6">
            {stripe ? (
              <Suspense fallback={<Spinner label="Loading payment form..." />}>
                <StripePaymentForm
                  publishableKey={stripe}
                  clientSecret={intent.clientSecret}
                  pkg={pkg}
                  onBack={onBack}
                  onSuccess={onSuccess}
                  onSetupFailed={onSetupFailed}
                />
              </Suspense>
            ) : (
              <TestCardForm pkg={pkg} paymentIntentId={intent.paymentIntentId} onBack={onBack} onSuccess={onSuccess} />
            )}
          </div>
        </Card>
      </div>
    </div>
  );
}

function LockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 text-slate-500">
      <path
        fillRule="evenodd"
        d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
