import { act, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { PACKAGES } from '@listinglens/contracts';
import { dismissToast } from '../../components/ui/use-toast';
import { fakeApi, json } from '../../test/fetch-mock';
import { currentLocation, notifications, renderApp } from '../../test/render-app';
import { signedInUser } from '../../test/users';

const confirmPayment = jest.fn();
const fakeStripe = { confirmPayment };
const fakeElements = { id: 'elements' };

jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: jest.fn(() => Promise.resolve(fakeStripe)) }));
jest.mock('@stripe/react-stripe-js', () => {
  const { useEffect } = jest.requireActual<typeof import('react')>('react');
  return {
    Elements: ({ children, options }: { children: ReactNode; options: { clientSecret: string } }) => (
      <div data-testid="stripe-elements" data-client-secret={options.clientSecret}>
        {children}
      </div>
    ),
    PaymentElement: ({ onReady }: { onReady?: () => void }) => {
      useEffect(() => onReady?.(), [onReady]);
      return <div>Stripe Payment Element</div>;
    },
    useStripe: () => fakeStripe,
    useElements: () => fakeElements,
  };
});

const { loadStripe } = jest.requireMock<{ loadStripe: jest.Mock }>('@stripe/stripe-js/pure');

function server() {
  return fakeApi({
    'GET /api/auth/me': () => json(signedInUser),
    'GET /api/packages': () => json(PACKAGES),
    'GET /api/payments/config': () => json({ gateway: 'stripe', publishableKey: 'pk_test_123' }),
    'POST /api/create-payment-intent': () => json({ clientSecret: 'pi_9_secret_x', paymentIntentId: 'pi_9' }),
    'POST /api/complete-purchase': () => json({ orderId: 'ord_9' }),
    'GET /api/orders': () => json([]),
  });
}

async function openStripeCheckout() {
  const utils = await renderApp('/package-selection?package=basic');
  await utils.user.click(screen.getByRole('button', { name: 'Choose Basic' }));
  await screen.findByText('Stripe Payment Element');
  return utils;
}

afterEach(() => {
  act(() => dismissToast());
  confirmPayment.mockReset();
});

describe('package selection with Stripe configured', () => {
  it('shows the Payment Element for the payment secret, labelled as paid through Stripe', async () => {
    server();
    await openStripeCheckout();

    const purchase = within(screen.getByRole('region', { name: 'Complete Your Purchase' }));
    expect(purchase.getByText('Secure payment via Stripe')).toBeInTheDocument();
    expect(purchase.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.getByTestId('stripe-elements')).toHaveAttribute('data-client-secret', 'pi_9_secret_x');
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
  });

  it('confirms without a redirect unless the method needs one, then completes the purchase', async () => {
    const api = server();
    confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_9', status: 'succeeded' } });
    const { user } = await openStripeCheckout();

    await user.click(screen.getByRole('button', { name: 'Complete Payment' }));

    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(confirmPayment).toHaveBeenCalledWith({
      elements: fakeElements,
      redirect: 'if_required',
      confirmParams: { return_url: `${window.location.origin}/package-selection?package=basic` },
    });
    expect(api.bodiesSentTo('POST /api/complete-purchase')).toEqual([{ paymentIntentId: 'pi_9' }]);
    expect(notifications().getByText('Purchase Successful')).toBeInTheDocument();
  });

  it("shows Stripe's own message, or 'Payment failed. Please try again.' when it gives none", async () => {
    server();
    confirmPayment.mockResolvedValueOnce({ error: { type: 'card_error', message: 'Your card has expired.' } });
    confirmPayment.mockResolvedValueOnce({ error: { type: 'card_error' } });
    const { user } = await openStripeCheckout();

    await user.click(screen.getByRole('button', { name: 'Complete Payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card has expired.');

    await user.click(screen.getByRole('button', { name: 'Complete Payment' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Payment failed. Please try again.'));
  });

  it('finishes a purchase when Stripe sends the visitor back after a redirect', async () => {
    const api = server();
    await renderApp(
      '/package-selection?package=standard&payment_intent=pi_9&payment_intent_client_secret=pi_9_secret_x&redirect_status=succeeded',
    );

    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(api.bodiesSentTo('POST /api/complete-purchase')).toEqual([{ paymentIntentId: 'pi_9' }]);
    expect(notifications().getByText('Purchase Successful')).toBeInTheDocument();
  });

  it("says 'Payment incomplete. Please try again.' when Stripe sends the visitor back without success", async () => {
    const api = server();
    await renderApp('/package-selection?package=standard&payment_intent=pi_9&redirect_status=failed');

    expect(await notifications().findByText('Payment incomplete. Please try again.')).toBeInTheDocument();
    expect(currentLocation()).toBe('/package-selection?package=standard');
    expect(api.bodiesSentTo('POST /api/complete-purchase')).toHaveLength(0);
  });
});
