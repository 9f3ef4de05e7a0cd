import { screen } from '@testing-library/react';
import { fakeResponse, mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { signedInUser } from '../../test/users';

describe('auth test page', () => {
  it("shows the link's tokens and the server's answer to them", async () => {
    mockFetch((url) =>
      url === '/api/auth/verify'
        ? fakeResponse({ body: { user: signedInUser, hasOrders: false } })
        : fakeResponse({ status: 401, statusText: 'Unauthorized' }),
    );
    const { user } = await renderApp('/auth/test#access_token=abc&refresh_token=def&type=magiclink');

    expect(screen.getByText('abc')).toBeInTheDocument();
    expect(screen.getByText('def')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify Token' }));

    expect(await screen.findByLabelText('Server response')).toHaveTextContent('"email": "host@example.com"');
  });

  it("shows the server's refusal as it came", async () => {
    mockFetch((url) =>
      url === '/api/auth/verify'
        ? fakeResponse({
            status: 401,
            statusText: 'Unauthorized',
            body: { message: 'Invalid magic link. Please request a new one.' },
          })
        : fakeResponse({ status: 401, statusText: 'Unauthorized' }),
    );
    const { user } = await renderApp('/auth/test#access_token=abc&refresh_token=def');

    await user.click(screen.getByRole('button', { name: 'Verify Token' }));

    expect(await screen.findByLabelText('Server response')).toHaveTextContent('401: {"message":"Invalid magic link');
  });
});
