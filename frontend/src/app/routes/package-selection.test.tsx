import { act, screen, waitFor, within } from '@testing-library/react';
import { PACKAGES } from '@listinglens/contracts';
import { dismissToast } from '../../components/ui/use-toast';
import { SIGNUP_FLAG_KEY, TEMP_USER_KEY } from '../../features/auth';
import { fakeApi, json, type Routes } from '../../test/fetch-mock';
import { currentLocation, notifications, renderApp } from '../../test/render-app';
import { track } from '../../lib/analytics';
import { signedInUser } from '../../test/users';

jest.mock('../../lib/analytics', () => ({ track: jest.fn(), trackPageView: jest.fn() }));

const INTENT = { clientSecret: 'pi_123_secret_abc', paymentIntentId: 'pi_123' };
const CONFIRM = 'POST /api/test-payments/pi_123/confirm';

const declines: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'CARD_DECLINED', message: 'Your card was declined.' },
  '4000000000009995': { code: 'INSUFFICIENT_FUNDS', message: 'Your card has insufficient funds.' },
};

/** The server contract as the lead documents it: local test gateway, 4242... succeeds. */
function server(overrides: Routes = {}) {
  return fakeApi({
    'GET /api/auth/me': () => json(signedInUser),
    'GET /api/packages': () => json(PACKAGES),
    'GET /api/payments/config': () => json({ gateway: 'local', publishableKey: null }),
    'GET /api/orders': () => json([]),
    // Where the server sends the buyer next: the new order, waiting for its photos.
    'GET /api/orders/ord_1': () =>
      json({
        id: 'ord_1',
        status: 'new',
        package_type: 'standard',
        amount: 6900,
        photos_purchased: 20,
        photos_remaining: 20,
        created_at: '2026-11-22T02:00:00Z',
        completed_at: null,
        photos: [],
      }),
    'POST /api/create-payment-intent': () => json(INTENT),
    [CONFIRM]: (body) => {
      const digits = String((body as { cardNumber: string }).cardNumber).replace(/\s/g, '');
      const decline = declines[digits];
      return decline
        ? json({ statusCode: 402, ...decline }, 402)
        : json({ status: 'succeeded', paymentIntentId: 'pi_123' });
    },
    'POST /api/complete-purchase': () => json({ orderId: 'ord_1', redirectUrl: '/order?order=ord_1' }),
    ...overrides,
  });
}

function card(type: string) {
  return within(screen.getByTestId(`package-card-${type}`));
}

async function openCheckout(path = '/package-selection', type = 'Standard') {
  const utils = await renderApp(path);
  await utils.user.click(await screen.findByRole('button', { name: `Choose ${type}` }));
  await screen.findByRole('heading', { level: 1, name: `Checkout: ${type} Package` });
  return utils;
}

async function pay(
  user: Awaited<ReturnType<typeof renderApp>>['user'],
  number: string,
  expiry = '12 / 34',
  cvc = '123',
) {
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM / YY)'), expiry);
  await user.type(screen.getByLabelText('CVC'), cvc);
  await user.click(screen.getByRole('button', { name: 'Complete Payment' }));
}

afterEach(() => {
  act(() => dismissToast());
  jest.mocked(track).mockClear();
});

describe('package selection: the cards', () => {
  it('shows the headline and the three packages with their copy, standard marked popular', async () => {
    server();
    await renderApp('/package-selection');

    expect(
      screen.getByRole('heading', { level: 1, name: 'Professional photos for 15x less than a physical photo shoot' }),
    ).toBeInTheDocument();
    expect(card('basic').getByText('Perfect for a single room or small property.')).toBeInTheDocument();
    expect(card('basic').getByText('$29')).toBeInTheDocument();
    expect(card('basic').getByText('5 photos included')).toBeInTheDocument();
    expect(card('basic').getByText('24-hour turnaround')).toBeInTheDocument();
    expect(card('basic').queryByText('Priority processing')).not.toBeInTheDocument();

    expect(card('standard').getByText('Ideal for a complete apartment or house.')).toBeInTheDocument();
    expect(card('standard').getByText('Most Popular')).toBeInTheDocument();
    expect(card('standard').getByText('$69')).toBeInTheDocument();
    expect(card('standard').getByText('Priority processing')).toBeInTheDocument();

    expect(card('premium').getByText('Perfect for larger properties or multiple listings.')).toBeInTheDocument();
    expect(card('premium').getByText('$99')).toBeInTheDocument();
    expect(card('premium').getByText('40 photos included')).toBeInTheDocument();
    expect(card('premium').getByText('Custom image adjustments')).toBeInTheDocument();
    expect(card('premium').getByText('Express 12-hour turnaround')).toBeInTheDocument();
    for (const type of ['basic', 'standard', 'premium']) {
      expect(card(type).getByText('Professional quality enhancement')).toBeInTheDocument();
      expect(card(type).getByText('High-resolution downloads')).toBeInTheDocument();
    }
    expect(screen.queryByText('Your pick')).not.toBeInTheDocument();
  });

  it('uses the bundled catalogue when GET /api/packages fails', async () => {
    server({ 'GET /api/packages': () => json({ message: 'down' }, 500) });
    await renderApp('/package-selection');

    expect(card('standard').getByText('$69')).toBeInTheDocument();
    expect(card('premium').getByText('Express 12-hour turnaround')).toBeInTheDocument();
  });

  it.each([
    ['premium', 'premium'],
    ['Premium', 'premium'],
    ['BASIC', 'basic'],
    ['sTaNdArD', 'standard'],
  ])('?package=%s preselects the %s card', async (value, type) => {
    server();
    await renderApp(`/package-selection?package=${value}`);

    expect(screen.getByTestId(`package-card-${type}`)).toHaveAttribute('aria-current', 'true');
    expect(card(type).getByText('Your pick')).toBeInTheDocument();
    expect(screen.getAllByText('Your pick')).toHaveLength(1);
  });

  it.each(['deluxe', '', 'premium1', 'basic,premium'])('ignores ?package=%s', async (value) => {
    server();
    await renderApp(`/package-selection?package=${encodeURIComponent(value)}`);

    expect(screen.getByRole('heading', { level: 1, name: /15x less/ })).toBeInTheDocument();
    expect(screen.queryByText('Your pick')).not.toBeInTheDocument();
  });
});

describe('package selection: who may see it', () => {
  const signedOut = { 'GET /api/auth/me': () => json({ statusCode: 401, message: 'Unauthorized' }, 401) };

  it('sends a visitor who is not signed in, with no signup flag and no cached user, to /', async () => {
    server(signedOut);
    await renderApp('/package-selection?package=basic');

    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(screen.queryByRole('heading', { name: /15x less/ })).not.toBeInTheDocument();
  });

  it('lets a visitor who has just signed up stay', async () => {
    window.sessionStorage.setItem(SIGNUP_FLAG_KEY, 'true');
    server(signedOut);
    await renderApp('/package-selection');

    expect(await screen.findByRole('heading', { level: 1, name: /15x less/ })).toBeInTheDocument();
    expect(currentLocation()).toBe('/package-selection');
  });

  it('lets a visitor with a temporary user in session storage stay while the server cannot be reached', async () => {
    window.sessionStorage.setItem(TEMP_USER_KEY, JSON.stringify(signedInUser));
    server({ 'GET /api/auth/me': () => Promise.reject(new TypeError('Failed to fetch')) });
    await renderApp('/package-selection');

    expect(await screen.findByRole('heading', { level: 1, name: /15x less/ })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(currentLocation()).toBe('/package-selection');
  });
});

describe('package selection: checkout', () => {
  it('starts a payment for the chosen package and shows its checkout with the test card form', async () => {
    const api = server();
    await openCheckout();

    expect(api.bodiesSentTo('POST /api/create-payment-intent')).toEqual([
      { packageType: 'standard', photosCount: 20, look: 'listing', privacyBlur: false },
    ]);
    const summary = within(screen.getByRole('region', { name: 'Order summary' }));
    expect(summary.getByTestId('order-look')).toHaveTextContent('Look: Listing look');
    expect(summary.getByText('$69')).toBeInTheDocument();
    expect(summary.getByText('one-time')).toBeInTheDocument();
    expect(summary.getByText('20 photos included')).toBeInTheDocument();

    const purchase = within(screen.getByRole('region', { name: 'Complete Your Purchase' }));
    expect(purchase.getByText(/^Secure payment via/)).toBeInTheDocument();
    const note = purchase.getByRole('note');
    expect(note).toHaveTextContent('Test mode');
    expect(note).toHaveTextContent('4242 4242 4242 4242 succeeds');
    expect(note).toHaveTextContent('4000 0000 0000 0002 is declined');
    expect(note).toHaveTextContent('4000 0000 0000 9995 fails for insufficient funds');
    expect(purchase.getByRole('button', { name: 'Complete Payment' })).toBeEnabled();
    expect(purchase.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('Back returns to the cards and forgets the payment secret: choosing again starts a new payment', async () => {
    const api = server();
    const { user } = await openCheckout();
    await user.type(screen.getByLabelText('Card number'), '4242');

    await user.click(screen.getByRole('button', { name: 'Back' }));

    expect(screen.getByRole('heading', { level: 1, name: /15x less/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Complete Your Purchase' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Choose Premium' }));
    await screen.findByRole('heading', { level: 1, name: 'Checkout: Premium Package' });
    expect(api.bodiesSentTo('POST /api/create-payment-intent')).toEqual([
      { packageType: 'standard', photosCount: 20, look: 'listing', privacyBlur: false },
      { packageType: 'premium', photosCount: 40, look: 'listing', privacyBlur: false },
    ]);
    expect(screen.getByLabelText('Card number')).toHaveValue('');
  });

  it('offers the four looks before the packages, each with a before/after of the example room, and pays in the one chosen', async () => {
    const api = server();
    const { user } = await renderApp('/package-selection');
    const picker = within(await screen.findByRole('group', { name: 'Choose a look for your photos' }));
    const looks = picker.getAllByRole('radio');
    expect(looks.map((radio) => radio.getAttribute('value'))).toEqual(['listing', 'natural', 'bright-airy', 'warm']);
    expect(picker.getByRole('radio', { name: 'Listing look' })).toBeChecked();
    for (const look of ['listing', 'natural', 'bright-airy', 'warm']) {
      const sources = [...screen.getByTestId(`look-${look}`).querySelectorAll('img')].map((img) =>
        img.getAttribute('src'),
      );
      expect(sources).toEqual(['/looks/before.jpg', `/looks/${look}.jpg`]);
    }
    expect(
      picker.getByText(/^Example photo: Raashi Saxena \(2019\), Dollar Street, Gapminder, CC BY 4\.0/),
    ).toBeInTheDocument();

    // A radio group: the arrow keys move the choice.
    picker.getByRole('radio', { name: 'Listing look' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(picker.getByRole('radio', { name: 'Warm' })).toBeChecked();
    expect(picker.getByRole('radio', { name: 'Warm' })).toHaveAccessibleDescription(
      'Golden light for a cosy, welcoming feel.',
    );

    await user.click(screen.getByRole('button', { name: 'Choose Standard' }));
    await screen.findByRole('heading', { level: 1, name: 'Checkout: Standard Package' });
    expect(api.bodiesSentTo('POST /api/create-payment-intent')).toEqual([
      { packageType: 'standard', photosCount: 20, look: 'warm', privacyBlur: false },
    ]);
    expect(within(screen.getByRole('region', { name: 'Order summary' })).getByTestId('order-look')).toHaveTextContent(
      'Look: Warm',
    );
    // Back keeps the look for the next choice.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('radio', { name: 'Warm' })).toBeChecked();
  });

  it('offers the privacy blur beside the look, off by default, and pays with it when ticked', async () => {
    const api = server();
    const { user } = await renderApp('/package-selection');
    const blur = await screen.findByRole('checkbox', { name: 'Blur faces and licence plates' });
    expect(blur).not.toBeChecked();
    expect(blur).toHaveAccessibleDescription(/Your original photos stay as they are/);
    await user.click(blur);
    await user.click(screen.getByRole('button', { name: 'Choose Basic' }));
    await screen.findByRole('heading', { level: 1, name: 'Checkout: Basic Package' });
    expect(api.bodiesSentTo('POST /api/create-payment-intent')).toEqual([
      expect.objectContaining({ packageType: 'basic', privacyBlur: true }),
    ]);
    expect(
      within(screen.getByRole('region', { name: 'Order summary' })).getByTestId('order-privacy-blur'),
    ).toHaveTextContent('Faces and licence plates blurred');
    // Back keeps the choice.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('checkbox', { name: 'Blur faces and licence plates' })).toBeChecked();
  });

  it("reads 'Processing...' while the payment is confirmed", async () => {
    let answer: (response: Response) => void = () => undefined;
    server({ [CONFIRM]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { user } = await openCheckout();

    await pay(user, '4242 4242 4242 4242');

    const busy = screen.getByRole('button', { name: 'Processing...' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();

    await act(async () => answer(json({ status: 'succeeded', paymentIntentId: 'pi_123' })));
    await waitFor(() => expect(currentLocation()).toBe('/order?order=ord_1'));
  });

  it('4242 4242 4242 4242 succeeds: purchase completed, success toast, server-given redirect', async () => {
    const api = server();
    const { user } = await openCheckout();

    await pay(user, '4242 4242 4242 4242');

    await waitFor(() => expect(currentLocation()).toBe('/order?order=ord_1'));
    expect(api.bodiesSentTo(CONFIRM)).toEqual([{ cardNumber: '4242 4242 4242 4242' }]);
    expect(api.bodiesSentTo('POST /api/complete-purchase')).toEqual([{ paymentIntentId: 'pi_123' }]);
    expect(notifications().getByText('Purchase Successful')).toBeInTheDocument();
    expect(
      notifications().getByText('Your package has been activated. You can now upload your photos.'),
    ).toBeInTheDocument();
  });

  it('goes to /dashboard when the server gives no redirect address, or one on another site', async () => {
    server({ 'POST /api/complete-purchase': () => json({ orderId: 'ord_1' }) });
    const first = await openCheckout();
    await pay(first.user, '4242424242424242');
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your photos' })).toBeInTheDocument();
    first.unmount();

    server({ 'POST /api/complete-purchase': () => json({ orderId: 'ord_1', redirectUrl: 'https://evil.example/' }) });
    const second = await openCheckout();
    await pay(second.user, '4242424242424242');
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
  ])('%s fails with "%s" and stays on the checkout', async (number, message) => {
    const api = server();
    const { user } = await openCheckout();

    await pay(user, number);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Complete Payment' })).toBeEnabled();
    expect(api.bodiesSentTo('POST /api/complete-purchase')).toHaveLength(0);
    expect(currentLocation()).toBe('/package-selection');
  });

  it("shows 'Payment failed. Please try again.' when the gateway refuses without a message", async () => {
    server({ [CONFIRM]: () => json({ statusCode: 402 }, 402) });
    const { user } = await openCheckout();

    await pay(user, '4242 4242 4242 4242');

    expect(await screen.findByRole('alert')).toHaveTextContent('Payment failed. Please try again.');
  });

  it("shows 'An unexpected error occurred' when the network fails", async () => {
    server({ [CONFIRM]: () => Promise.reject(new TypeError('Failed to fetch')) });
    const { user } = await openCheckout();

    await pay(user, '4242 4242 4242 4242');

    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred');
  });

  it("shows 'Payment incomplete. Please try again.' unless the payment status is 'succeeded'", async () => {
    const api = server({ [CONFIRM]: () => json({ status: 'processing', paymentIntentId: 'pi_123' }) });
    const { user } = await openCheckout();

    await pay(user, '4242 4242 4242 4242');

    expect(await screen.findByRole('alert')).toHaveTextContent('Payment incomplete. Please try again.');
    expect(api.bodiesSentTo('POST /api/complete-purchase')).toHaveLength(0);
  });

  it("shows 'Payment incomplete. Please try again.' when the server finds the payment not succeeded", async () => {
    server({
      'POST /api/complete-purchase': () =>
        json({ statusCode: 400, code: 'PAYMENT_INCOMPLETE', message: 'Payment incomplete. Please try again.' }, 400),
    });
    const { user } = await openCheckout();

    await pay(user, '4242 4242 4242 4242');

    expect(await screen.findByRole('alert')).toHaveTextContent('Payment incomplete. Please try again.');
    expect(currentLocation()).toBe('/package-selection');
  });

  it("still reports 'Payment successful' and moves on when the server cannot confirm the purchase", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server({ 'POST /api/complete-purchase': () => json({ statusCode: 500, message: 'Internal server error' }, 500) });
    const { user } = await openCheckout();

    await pay(user, '4242 4242 4242 4242');

    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(notifications().getByText('Payment successful')).toBeInTheDocument();
    expect(notifications().getByText('Your standard package is now active.')).toBeInTheDocument();
    expect(track).toHaveBeenCalledWith('Purchase Complete', expect.objectContaining({ orderId: undefined }));
    jest.mocked(console.error).mockRestore();
  });

  it('checks the card fields before asking the gateway', async () => {
    const api = server();
    const { user } = await openCheckout();

    await user.click(screen.getByRole('button', { name: 'Complete Payment' }));

    expect(screen.getByText('Your card number is incomplete.')).toBeInTheDocument();
    expect(screen.getByText("Your card's expiration date is incomplete.")).toBeInTheDocument();
    expect(screen.getByText("Your card's security code is incomplete.")).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveFocus();

    await pay(user, '4242 4242 4242 4242', '01 / 20', '123');
    expect(screen.getByText("Your card's expiration date is in the past.")).toBeInTheDocument();
    expect(api.bodiesSentTo(CONFIRM)).toHaveLength(0);
  });

  it("toasts 'Error' ('Failed to create payment intent') when the payment cannot be started", async () => {
    server({ 'POST /api/create-payment-intent': () => json({ statusCode: 500, message: 'boom' }, 500) });
    const { user } = await renderApp('/package-selection');

    await user.click(screen.getByRole('button', { name: 'Choose Basic' }));

    expect(await notifications().findByText('Failed to create payment intent')).toBeInTheDocument();
    expect(notifications().getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose Basic' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: /Checkout/ })).not.toBeInTheDocument();
  });

  it("toasts 'Payment setup failed' ('Failed to initialize payment') when payments cannot be set up", async () => {
    server({ 'GET /api/payments/config': () => json({ message: 'down' }, 503) });
    const { user } = await renderApp('/package-selection');

    await user.click(screen.getByRole('button', { name: 'Choose Basic' }));

    expect(await notifications().findByText('Payment setup failed')).toBeInTheDocument();
    expect(notifications().getByText('Failed to initialize payment')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Checkout/ })).not.toBeInTheDocument();
  });

  it('tracks Package Select, Package View, Purchase Start and Purchase Complete with the package fields', async () => {
    server();
    const { user } = await openCheckout('/package-selection', 'Premium');
    await pay(user, '4242 4242 4242 4242');
    await waitFor(() => expect(currentLocation()).toBe('/order?order=ord_1'));

    const fields = { packageId: 'premium', packageName: 'Premium', packagePrice: 9900, revenue: 99 };
    const events = jest.mocked(track).mock.calls.filter(([name]) => name !== 'Page View');
    expect(events).toEqual([
      ['Package Select', fields],
      ['Package View', fields],
      ['Purchase Start', fields],
      ['Purchase Complete', { ...fields, orderId: 'ord_1' }],
    ]);
  });
});
