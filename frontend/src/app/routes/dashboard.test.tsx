import { act, screen, waitFor, within } from '@testing-library/react';
import { dismissToast } from '../../components/ui/use-toast';
import { callsTo, fakeApi, json } from '../../test/fetch-mock';
import { currentLocation, notifications, renderApp } from '../../test/render-app';
import { ORDERS_QUERY_OPTIONS, type OrderSummary } from '../../features/orders';
import { signedInUser } from '../../test/users';

const orders: OrderSummary[] = [
  {
    id: 'ord_new',
    package_type: 'standard',
    amount: 6900,
    photos_purchased: 20,
    photos_remaining: 20,
    status: 'new',
    created_at: '2025-01-05T12:00:00',
  },
  {
    id: 'ord_pending',
    package_type: 'basic',
    amount: 2900,
    photos_purchased: 5,
    photos_remaining: 0,
    status: 'pending',
    created_at: '2024-12-24T09:15:00',
  },
  {
    id: 'ord_done',
    package_type: 'premium',
    amount: 9900,
    photos_purchased: 40,
    photos_remaining: 0,
    status: 'completed',
    created_at: '2024-11-02T18:40:00',
  },
];

function row(id: string) {
  return within(screen.getByTestId(`order-row-${id}`));
}

afterEach(() => act(() => dismissToast()));

describe('dashboard', () => {
  it("shows the heading, the 90-day note and 'Loading your orders...' until the orders arrive", async () => {
    let answer: (response: Response) => void = () => undefined;
    fakeApi({
      'GET /api/auth/me': () => json(signedInUser),
      'GET /api/orders': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await renderApp('/dashboard');

    expect(screen.getByRole('heading', { level: 1, name: 'Your photos' })).toBeInTheDocument();
    expect(screen.getByText(/deleted automatically after 90 days/)).toBeInTheDocument();
    expect(screen.getByText('Loading your orders...')).toBeInTheDocument();

    await act(async () => answer(json([])));
    expect(screen.queryByText('Loading your orders...')).not.toBeInTheDocument();
  });

  it('invites a host with no orders to enhance their first batch', async () => {
    fakeApi({ 'GET /api/auth/me': () => json(signedInUser), 'GET /api/orders': () => json([]) });
    const { user } = await renderApp('/dashboard');

    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.getByText('Get started by enhancing your first batch of photos')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Enhance more photos' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Enhance photos' }));
    expect(currentLocation()).toBe('/package-selection');
  });

  it('lists one row per order with photo count, date and the action for its status', async () => {
    fakeApi({ 'GET /api/auth/me': () => json(signedInUser), 'GET /api/orders': () => json(orders) });
    await renderApp('/dashboard');

    await screen.findByTestId('order-row-ord_new');
    expect(within(screen.getByRole('list', { name: 'Your orders' })).getAllByRole('listitem')).toHaveLength(3);

    expect(row('ord_new').getByText('20 photos')).toBeInTheDocument();
    expect(row('ord_new').getByText('Jan 5, 2025')).toBeInTheDocument();
    expect(row('ord_new').getByRole('link', { name: 'Upload photos' })).toHaveAttribute('href', '/order?order=ord_new');

    expect(row('ord_pending').getByText('5 photos')).toBeInTheDocument();
    expect(row('ord_pending').getByText('Dec 24, 2024')).toBeInTheDocument();
    expect(row('ord_pending').getByRole('button', { name: 'Pending' })).toBeDisabled();
    expect(row('ord_pending').queryByRole('link')).not.toBeInTheDocument();

    expect(row('ord_done').getByText('40 photos')).toBeInTheDocument();
    expect(row('ord_done').getByText('Nov 2, 2024')).toBeInTheDocument();
    expect(row('ord_done').getByRole('link', { name: 'View/Download' })).toHaveAttribute(
      'href',
      '/order?order=ord_done',
    );
    expect(row('ord_done').getByRole('link', { name: 'Open gallery' })).toHaveAttribute(
      'href',
      '/gallery?order=ord_done',
    );
    expect(row('ord_new').queryByRole('link', { name: 'Open gallery' })).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Enhance more photos' })).toHaveAttribute('href', '/package-selection');
    expect(screen.queryByText('No orders yet')).not.toBeInTheDocument();
  });

  it("offers 'View/Download' for any status it does not know", async () => {
    fakeApi({
      'GET /api/auth/me': () => json(signedInUser),
      'GET /api/orders': () => json([{ ...orders[0], id: 'ord_odd', status: 'archived' }]),
    });
    await renderApp('/dashboard');

    expect(await screen.findByRole('link', { name: 'View/Download' })).toHaveAttribute('href', '/order?order=ord_odd');
  });

  it("Refresh reloads the orders and the user, then toasts 'Refreshed' with the order count", async () => {
    let current: OrderSummary[] = [orders[0]];
    const api = fakeApi({ 'GET /api/auth/me': () => json(signedInUser), 'GET /api/orders': () => json(current) });
    const { user } = await renderApp('/dashboard');
    await screen.findByTestId('order-row-ord_new');
    const meCalls = callsTo(api.fetch, '/api/auth/me').length;

    current = orders;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    expect(await notifications().findByText('Refreshed')).toBeInTheDocument();
    expect(notifications().getByText('3 orders found.')).toBeInTheDocument();
    expect(screen.getAllByTestId(/^order-row-/)).toHaveLength(3);
    expect(callsTo(api.fetch, '/api/auth/me').length).toBeGreaterThan(meCalls);
  });

  it("Refresh toasts 'Refresh Failed' when the orders cannot be reloaded, keeping the list shown", async () => {
    let fail = false;
    fakeApi({
      'GET /api/auth/me': () => json(signedInUser),
      'GET /api/orders': () => (fail ? json({ message: 'down' }, 500) : json(orders)),
    });
    const { user } = await renderApp('/dashboard');
    await screen.findByTestId('order-row-ord_new');

    fail = true;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    const toast = await notifications().findByRole('listitem');
    expect(toast).toHaveTextContent('Refresh Failed');
    expect(toast).toHaveTextContent("Couldn't refresh orders. Try again.");
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled());
    expect(screen.getAllByTestId(/^order-row-/)).toHaveLength(3);
  });

  it('retries GET /api/orders 3 times and keeps the answer fresh for 5 minutes', () => {
    expect(ORDERS_QUERY_OPTIONS).toMatchObject({
      dedupingInterval: 300000,
      errorRetryCount: 3,
      shouldRetryOnError: true,
    });
  });
});
