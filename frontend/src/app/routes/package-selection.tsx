import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import {
  type AdjustmentStyle,
  parsePackageType,
  type PackageDefinition,
  type PackageType,
} from '@listinglens/contracts';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { hasSignupFlag, readCachedUser, useCurrentUser } from '../../features/auth';
import {
  CheckoutView,
  createPaymentIntent,
  finishPurchase,
  PAYMENT_MESSAGES,
  type PaymentConfig,
  type PaymentIntent,
  PrivacyBlurOption,
  purchaseRedirect,
  type PurchaseSuccess,
  usePaymentConfig,
} from '../../features/checkout';
import { DEFAULT_LOOK, LookPicker } from '../../features/looks';
import { ORDERS_KEY } from '../../features/orders';
import { PackageCards, packageEventProps, usePackages } from '../../features/packages';
import { ApiError, errorMessage } from '../../lib/api-client';
import { track } from '../../lib/analytics';
import { PRODUCT_NAME } from '../../lib/site';

interface Checkout {
  pkg: PackageDefinition;
  look: AdjustmentStyle;
  privacyBlur: boolean;
  intent: PaymentIntent;
  config: PaymentConfig;
}

/** Query parameters Stripe adds when a payment method had to leave the page (bank or wallet authorisation). */
const STRIPE_RETURN_PARAMS = ['payment_intent', 'payment_intent_client_secret', 'redirect_status'];

function setupFailed() {
  toast({
    title: PAYMENT_MESSAGES.setupFailedTitle,
    description: PAYMENT_MESSAGES.setupFailed,
    variant: 'destructive',
  });
}

/**
 * /package-selection (spec section 2): the three packages, then the checkout for the chosen one. The payment flow
 * of spec section 4: no package, payment secret obtained, checkout shown, payment confirmed and the purchase
 * completed on the server, redirect. Back returns to the cards and forgets the secret.
 */
export function PackageSelectionRoute() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const preselected = parsePackageType(params.get('package'));
  const { user, isLoading, refresh } = useCurrentUser();
  const { mutate } = useSWRConfig();
  const { packages, find } = usePackages();
  const { data: config, mutate: loadConfig } = usePaymentConfig();
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const [pending, setPending] = useState<PackageType>();
  // The look goes with the payment: the paid order is made in it (Back keeps it, for another package or look).
  const [look, setLook] = useState<AdjustmentStyle>(DEFAULT_LOOK);
  const [privacyBlur, setPrivacyBlur] = useState(false);
  const [finishingReturn, setFinishingReturn] = useState(false);

  // Spec section 6: without a session, only a visitor who has just signed up (or has a cached user) may stay.
  const turnedAway = !isLoading && !user && !hasSignupFlag() && !readCachedUser();
  useEffect(() => {
    if (turnedAway) navigate('/', { replace: true });
  }, [turnedAway, navigate]);

  const onSuccess = useCallback(
    (pkg: PackageDefinition, purchase: PurchaseSuccess) => {
      track('Purchase Complete', { ...packageEventProps(pkg), orderId: purchase.orderId });
      // Without an order id the server could not confirm; its 'Payment successful' toast stays on screen.
      if (purchase.orderId) {
        toast({ title: PAYMENT_MESSAGES.successTitle, description: PAYMENT_MESSAGES.success });
      }
      // The new order and the user's package must show on the next screen, not the cached copies.
      void mutate(ORDERS_KEY);
      void refresh().catch(() => null);
      navigate(purchaseRedirect(purchase.redirectUrl));
    },
    [mutate, refresh, navigate],
  );

  // Coming back from a payment method that needed a redirect: finish the purchase Stripe already confirmed.
  const returnHandled = useRef(false);
  const returnedIntent = params.get('payment_intent');
  const redirectStatus = params.get('redirect_status');
  useEffect(() => {
    if (!returnedIntent || returnHandled.current) return;
    returnHandled.current = true;
    setParams(
      (current) => {
        STRIPE_RETURN_PARAMS.forEach((name) => current.delete(name));
        return current;
      },
      { replace: true },
    );
    if (redirectStatus !== 'succeeded') {
      toast({ title: 'Error', description: PAYMENT_MESSAGES.incomplete, variant: 'destructive' });
      return;
    }
    const pkg = find(preselected ?? 'basic');
    setFinishingReturn(true);
    finishPurchase(returnedIntent, preselected ?? 'photo')
      .then((outcome) => {
        if (outcome.ok) onSuccess(pkg, outcome.purchase);
        else toast({ title: 'Error', description: outcome.message, variant: 'destructive' });
      })
      .catch(() => toast({ title: 'Error', description: PAYMENT_MESSAGES.unexpected, variant: 'destructive' }))
      .finally(() => setFinishingReturn(false));
  }, [returnedIntent, redirectStatus, setParams, find, preselected, onSuccess]);

  const choose = async (type: PackageType) => {
    const pkg = find(type);
    track('Package Select', packageEventProps(pkg));
    setPending(type);
    try {
      const paymentConfig = config ?? (await loadConfig().catch(() => undefined));
      if (!paymentConfig || (paymentConfig.gateway === 'stripe' && !paymentConfig.publishableKey)) {
        setupFailed();
        return;
      }
      let intent: PaymentIntent;
      try {
        intent = await createPaymentIntent(type, pkg.photos, look, privacyBlur);
      } catch (error) {
        // A refusal the person can act on (for example an expired session) is shown as the server words it.
        const description =
          error instanceof ApiError && error.status < 500
            ? errorMessage(error, PAYMENT_MESSAGES.intentFailed)
            : PAYMENT_MESSAGES.intentFailed;
        toast({ title: PAYMENT_MESSAGES.intentFailedTitle, description, variant: 'destructive' });
        return;
      }
      if (!intent?.clientSecret || !intent.paymentIntentId) {
        setupFailed();
        return;
      }
      setCheckout({ pkg, look, privacyBlur, intent, config: paymentConfig });
      track('Package View', packageEventProps(pkg));
      window.scrollTo({ top: 0 });
    } finally {
      setPending(undefined);
    }
  };

  const back = useCallback(() => {
    setCheckout(null);
    window.scrollTo({ top: 0 });
  }, []);

  if (turnedAway) return null;
  if (isLoading || finishingReturn) {
    return <Spinner label={finishingReturn ? 'Completing your purchase...' : 'Loading your account...'} />;
  }

  return (
    <section className="bg-slate-50 px-4 py-12 sm:px-6 lg:py-16">
      {checkout ? (
        <>
          <title>{`Checkout: ${checkout.pkg.name} Package | ${PRODUCT_NAME}`}</title>
          <CheckoutView
            // A new payment intent is a new form: nothing typed for the previous one carries over.
            key={checkout.intent.paymentIntentId}
            pkg={checkout.pkg}
            look={checkout.look}
            privacyBlur={checkout.privacyBlur}
            intent={checkout.intent}
            config={checkout.config}
            onBack={back}
            onSuccess={(purchase) => onSuccess(checkout.pkg, purchase)}
            onSetupFailed={setupFailed}
          />
        </>
      ) : (
        <div className="mx-auto max-w-6xl">
          <title>{`Choose a package | ${PRODUCT_NAME}`}</title>
          <div className="mx-auto max-w-3xl text-center">
            <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              Professional photos for 15x less than a physical photo shoot
            </h1>
            <p className="mt-4 text-lg text-slate-600">
              Pick a one-time package, upload your phone photos, and download listing-ready results.
            </p>
          </div>
          <div className="mt-10 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            <LookPicker value={look} onChange={setLook} disabled={pending !== undefined} />
            <div className="mt-5 border-t border-slate-200 pt-4">
              <PrivacyBlurOption checked={privacyBlur} onChange={setPrivacyBlur} disabled={pending !== undefined} />
            </div>
          </div>
          <div className="mt-14">
            <PackageCards
              packages={packages}
              preselected={preselected}
              pending={pending}
              onChoose={(type) => void choose(type)}
            />
          </div>
        </div>
      )}
    </section>
  );
}
