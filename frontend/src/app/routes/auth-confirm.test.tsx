import { screen, waitFor } from '@testing-library/react';
import { callsTo, fakeResponse, mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { signedInUser } from '../../test/users';
import { SIGNUP_FLAG_KEY, TEMP_USER_KEY } from '../../features/auth';

const LINK = '/auth/confirm#access_token=abc&refresh_token=def&type=magiclink';
const unauthorized = () => fakeResponse({ status: 401, statusText: 'Unauthorized' });

/** A server where nobody is signed in yet and POST /api/auth/verify answers `verify`. */
function serverAnswering(verify: () => Response) {
  return mockFetch((url, init) => {
    if (url === '/api/auth/verify' && init.method === 'POST') return verify();
    if (url.startsWith('/api/auth/google/callback')) return verify();
    return unauthorized();
  });
}

describe('login verification (/auth/confirm)', () => {
  it('sends a host with a package to the dashboard and keeps the user in session storage', async () => {
    const fetchMock = serverAnswering(() => fakeResponse({ body: { user: signedInUser, hasOrders: false } }));

    await renderApp(LINK);

    expect(await screen.findByRole('heading', { name: 'Your photos' })).toBeInTheDocument();
    const [, init] = callsTo(fetchMock, '/api/auth/verify')[0];
    expect(JSON.parse(String(init?.body))).toEqual({ access_token: 'abc', refresh_token: 'def', type: 'magiclink' });
    expect(JSON.parse(window.sessionStorage.getItem(TEMP_USER_KEY)!)).toEqual(signedInUser);
    expect(await screen.findByText('You have been logged in successfully.')).toBeInTheDocument();
  });

  it('sends a host with orders but no package type to the dashboard', async () => {
    serverAnswering(() => fakeResponse({ body: { user: { ...signedInUser, package_type: null }, hasOrders: true } }));

    await renderApp(LINK);

    expect(await screen.findByRole('heading', { name: 'Your photos' })).toBeInTheDocument();
  });

  it('sends a new host to package selection and remembers the signup', async () => {
    serverAnswering(() =>
      fakeResponse({ body: { user: { ...signedInUser, package_type: null }, hasOrders: false, isNewUser: true } }),
    );

    await renderApp(LINK);

    expect(
      await screen.findByRole('heading', { name: 'Professional photos for 15x less than a physical photo shoot' }),
    ).toBeInTheDocument();
    expect(window.sessionStorage.getItem(SIGNUP_FLAG_KEY)).toBe('true');
  });

  it('verifies the link only once', async () => {
    const fetchMock = serverAnswering(() => fakeResponse({ body: { user: signedInUser, hasOrders: true } }));

    await renderApp(LINK);

    await screen.findByRole('heading', { name: 'Your photos' });
    expect(callsTo(fetchMock, '/api/auth/verify')).toHaveLength(1);
  });

  it('refuses a link without an access token before asking the server', async () => {
    const fetchMock = serverAnswering(() => fakeResponse({ body: { user: signedInUser, hasOrders: true } }));

    await renderApp('/auth/confirm#refresh_token=def');

    expect(await screen.findByRole('heading', { name: 'Authentication Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid magic link. Please request a new one.');
    expect(screen.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');
    expect(callsTo(fetchMock, '/api/auth/verify')).toHaveLength(0);
  });

  it("shows the server's reason when the link is refused", async () => {
    serverAnswering(() =>
      fakeResponse({
        status: 401,
        statusText: 'Unauthorized',
        body: {
          statusCode: 401,
          code: 'INVALID_LOGIN_LINK',
          message: 'This sign-in link has expired. Please request a new one.',
        },
      }),
    );

    await renderApp(LINK);

    expect(await screen.findByRole('heading', { name: 'Authentication Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This sign-in link has expired. Please request a new one.');
  });

  it('falls back to the generic sentence when the server gives no reason', async () => {
    serverAnswering(() => fakeResponse({ status: 502, statusText: 'Bad Gateway', body: '<html>' }));

    await renderApp(LINK);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to verify your login link. Please try again.');
  });

  it("completes Google's redirect on the callback path and routes like verify", async () => {
    const fetchMock = serverAnswering(() =>
      fakeResponse({ body: { user: { ...signedInUser, package_type: null }, hasOrders: false, isNewUser: false } }),
    );

    await renderApp('/api/auth/google/callback?code=c0de&state=st4te');

    expect(
      await screen.findByRole('heading', { name: 'Professional photos for 15x less than a physical photo shoot' }),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/google/callback?code=c0de&state=st4te')).toHaveLength(1);
    await waitFor(() => expect(screen.getByText('Google authentication successful')).toBeInTheDocument());
  });

  it.each(['/api/auth/google/callback', '/auth/confirm'])('explains a cancelled Google sign-in on %s', async (path) => {
    serverAnswering(unauthorized);

    await renderApp(`${path}?error=access_denied&state=x`);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to sign in with Google');
  });

  it('goes back to where a Google sign-in started', async () => {
    serverAnswering(() => fakeResponse({ body: { user: signedInUser, hasOrders: true, returnTo: '/processing' } }));

    await renderApp('/auth/confirm?code=c0de&state=st4te');

    expect(await screen.findByRole('heading', { name: 'Your Photos Are Being Enhanced' })).toBeInTheDocument();
  });

  it('ignores a return address that leaves the site', async () => {
    serverAnswering(() => fakeResponse({ body: { user: signedInUser, hasOrders: true, returnTo: '//evil.example' } }));

    await renderApp('/auth/confirm?code=c0de&state=st4te');

    expect(await screen.findByRole('heading', { name: 'Your photos' })).toBeInTheDocument();
  });
});
