import { screen, within } from '@testing-library/react';
import { fakeResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { signedInUser } from '../../../test/users';

const existing = {
  id: 1,
  name: 'Channel manager',
  prefix: 'llk_AbCd1234',
  created: '2026-11-20T10:00:00Z',
  last_used: null,
};

/** A signed-in server holding `keys`, answering create, list and revoke as the API does. */
function server(keys: (typeof existing)[]) {
  return mockFetch((url, init) => {
    if (url === '/api/auth/me') return fakeResponse({ body: signedInUser });
    if (url === '/api/api-keys' && init.method === 'POST') {
      const { name } = JSON.parse(String(init.body));
      const made = { id: 2, name, prefix: 'llk_ZyXw9876', created: '2026-11-22T10:00:00Z', last_used: null };
      keys.unshift(made);
      return fakeResponse({
        status: 201,
        body: { id: 2, name, prefix: made.prefix, key: 'llk_ZyXw9876-the-whole-secret' },
      });
    }
    if (url === '/api/api-keys') return fakeResponse({ body: keys });
    if (url.startsWith('/api/api-keys/') && init.method === 'DELETE') {
      keys.splice(
        keys.findIndex((k) => url.endsWith(`/${k.id}`)),
        1,
      );
      return fakeResponse({ status: 204 });
    }
    return fakeResponse({ status: 404, statusText: 'Not Found' });
  });
}

describe('API keys page', () => {
  it('lists keys by name and prefix, never the secret', async () => {
    server([existing]);
    await renderApp('/dashboard/api-keys');

    const row = (await screen.findByText('Channel manager')).closest('tr')!;
    expect(within(row).getByText('llk_AbCd1234…')).toBeInTheDocument();
    expect(within(row).getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
  });

  it('shows a new key once, then lists it', async () => {
    server([existing]);
    const { user } = await renderApp('/dashboard/api-keys');

    await user.type(await screen.findByLabelText('Key name'), 'Pricing tool');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    expect(await screen.findByLabelText('New API key')).toHaveTextContent('llk_ZyXw9876-the-whole-secret');
    expect(await screen.findByText('Pricing tool')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('llk_ZyXw9876-the-whole-secret')).not.toBeInTheDocument();
  });

  it('revokes a key', async () => {
    server([existing]);
    const { user } = await renderApp('/dashboard/api-keys');

    await user.click(await screen.findByRole('button', { name: 'Revoke Channel manager' }));

    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    expect(screen.getByText('API key revoked')).toBeInTheDocument();
  });
});
