import { act, screen, within } from '@testing-library/react';
import { dismissToast } from '../../components/ui/use-toast';
import { callsTo, fakeApi, json } from '../../test/fetch-mock';
import { notifications, renderApp } from '../../test/render-app';
import { signedInUser } from '../../test/users';
import type { OrderDetails } from '../order-details';

jest.mock('../../lib/analytics', () => ({ track: jest.fn(), trackPageView: jest.fn() }));

const order: OrderDetails = {
  id: 'ord_1',
  status: 'new',
  package_type: 'basic',
  amount: 2900,
  photos_purchased: 5,
  photos_remaining: 5,
  created_at: '2026-11-20T10:00:00Z',
  completed_at: null,
  look: 'warm',
  photos: [],
};

function serve(details: Partial<OrderDetails>, change = () => json({ ...order, look: 'bright-airy' })) {
  return fakeApi({
    'GET /api/auth/me': () => json(signedInUser),
    'GET /api/orders/ord_1': () => json({ ...order, ...details }),
    'PUT /api/orders/ord_1/look': change,
  });
}

afterEach(() => act(() => dismissToast()));

describe("the order page's look", () => {
  it('lets the host change the look before uploading, with the same picker as at purchase', async () => {
    const api = serve({});
    const { user } = await renderApp('/order?order=ord_1');
    expect(await screen.findByTestId('order-look')).toHaveTextContent('Look: Warm');
    expect(screen.getByText('Every photo you upload is made in this look. You can change it until you upload.'));

    await user.click(screen.getByRole('button', { name: 'Change look' }));
    const form = within(screen.getByRole('form', { name: 'Change look' }));
    const picker = within(form.getByRole('group', { name: 'Choose another look' }));
    expect(picker.getByRole('radio', { name: 'Warm' })).toBeChecked();
    expect(form.getByRole('button', { name: 'Save look' })).toBeDisabled();
    await user.click(picker.getByRole('radio', { name: 'Bright & airy' }));
    await user.click(form.getByRole('button', { name: 'Save look' }));

    expect(await notifications().findByText('Look changed')).toBeInTheDocument();
    expect(notifications().getByText('Your photos will be made in the Bright & airy look.')).toBeInTheDocument();
    expect(api.bodiesSentTo('PUT /api/orders/ord_1/look')).toEqual([{ look: 'bright-airy' }]);
    // The order is read again, so the page shows what the server now holds.
    expect(callsTo(api.fetch, '/api/orders/ord_1').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('form', { name: 'Change look' })).not.toBeInTheDocument();
  });

  it("says why when the server refuses the change, and keeps the host's choice open", async () => {
    serve({}, () =>
      json(
        {
          statusCode: 409,
          code: 'ORDER_LOOK_FIXED',
          message: 'The look can only be changed before the first photo is uploaded.',
        },
        409,
      ),
    );
    const { user } = await renderApp('/order?order=ord_1');
    await user.click(await screen.findByRole('button', { name: 'Change look' }));
    await user.click(screen.getByRole('radio', { name: 'Natural' }));
    await user.click(screen.getByRole('button', { name: 'Save look' }));
    expect(await notifications().findByText('Look not changed')).toBeInTheDocument();
    expect(
      notifications().getByText('The look can only be changed before the first photo is uploaded.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Natural' })).toBeChecked();
  });

  it('offers no change once a photo is uploaded', async () => {
    serve({ photos_remaining: 3 });
    await renderApp('/order?order=ord_1');
    expect(await screen.findByTestId('order-look')).toHaveTextContent('Look: Warm');
    expect(screen.getByText('Every photo of this order is made in this look.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change look' })).not.toBeInTheDocument();
  });

  it.each([
    ['pending', 'natural', 'Look: Natural'],
    ['completed', 'bright-airy', 'Look: Bright & airy'],
    ['completed', undefined, 'Look: Listing look'],
  ] as const)('names the look of a %s order (%s)', async (status, look, text) => {
    serve({ status, look, photos_remaining: 0, completed_at: status === 'completed' ? '2026-11-21T10:00:00Z' : null });
    await renderApp('/order?order=ord_1');
    expect(await screen.findByTestId('order-look')).toHaveTextContent(text);
  });
});
