import { screen } from '@testing-library/react';
import { callsTo, fakeResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { signedInUser } from '../../../test/users';

const FIX = '/api/auth/fix-supabase-id';

function server(
  user: object,
  fix: () => Response = () => fakeResponse({ body: { ...user, has_external_auth_id: true } }),
) {
  return mockFetch((url, init) => (url === FIX && init.method === 'POST' ? fix() : fakeResponse({ body: user })));
}

describe('account repair banner', () => {
  it('urges a customer with a package but no linked identity to fix the account', async () => {
    const fetchMock = server({ ...signedInUser, has_external_auth_id: false });
    const { user } = await renderApp('/dashboard');

    expect(await screen.findByText('Account Fix Required')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fix My Account Now' }));

    expect(await screen.findByText('Account Fixed')).toBeInTheDocument();
    expect(screen.queryByText('Account Fix Required')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, FIX)).toHaveLength(1);
  });

  it('offers setup in a corner to an account with neither package nor linked identity', async () => {
    server({ ...signedInUser, package_type: null, has_external_auth_id: false });
    await renderApp('/dashboard');

    expect(await screen.findByRole('complementary', { name: 'Account Setup Needed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set Up My Account' })).toBeInTheDocument();
  });

  it('stays away from linked accounts', async () => {
    server({ ...signedInUser, has_external_auth_id: true });
    await renderApp('/dashboard');

    await screen.findByRole('heading', { name: 'Your photos' });
    expect(screen.queryByText('Account Fix Required')).not.toBeInTheDocument();
    expect(screen.queryByText('Account Setup Needed')).not.toBeInTheDocument();
  });

  it("shows the server's reason when the fix fails", async () => {
    server({ ...signedInUser, has_external_auth_id: false }, () =>
      fakeResponse({ status: 500, statusText: 'Server Error', body: { message: 'Database unavailable' } }),
    );
    const { user } = await renderApp('/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Fix My Account Now' }));

    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fix My Account Now' })).toBeEnabled();
  });

  it('falls back to the generic sentence without a server reason', async () => {
    server({ ...signedInUser, has_external_auth_id: false }, () =>
      fakeResponse({ status: 502, statusText: 'Bad Gateway' }),
    );
    const { user } = await renderApp('/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Fix My Account Now' }));

    expect(await screen.findByText('Failed to fix account. Please try again later.')).toBeInTheDocument();
  });
});
