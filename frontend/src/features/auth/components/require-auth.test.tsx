import { screen, waitFor } from '@testing-library/react';
import { callsTo, fakeResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { signedInUser } from '../../../test/users';

const ME = '/api/auth/me';
const unauthorized = () => fakeResponse({ status: 401, statusText: 'Unauthorized' });

describe('signed-in route guard', () => {
  it('shows "Loading your account..." while the user is loading', async () => {
    mockFetch(() => new Promise<Response>(() => undefined));

    await renderApp('/dashboard');

    expect(await screen.findByRole('status')).toHaveTextContent('Loading your account...');
    expect(screen.queryByRole('heading', { name: 'Your photos' })).not.toBeInTheDocument();
  });

  it('renders the screen when a user is signed in', async () => {
    mockFetch(() => fakeResponse({ body: signedInUser }));

    await renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Your photos' })).toBeInTheDocument();
  });

  it('asks the server once more, then sends a visitor with no session to the landing page', async () => {
    const fetchMock = mockFetch(unauthorized);

    await renderApp('/gallery');

    expect(await screen.findByRole('heading', { name: /professional listing photos/i })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Gallery' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, ME)).toHaveLength(2);
  });

  it('lets the visitor in when the second answer finds a session', async () => {
    let calls = 0;
    mockFetch(() => (++calls === 1 ? unauthorized() : fakeResponse({ body: signedInUser })));

    await renderApp('/processing');

    expect(await screen.findByRole('heading', { name: 'Your Photos Are Being Enhanced' })).toBeInTheDocument();
  });

  it('treats an unreachable server as signed out', async () => {
    const fetchMock = mockFetch(() => fakeResponse({ status: 502, statusText: 'Bad Gateway' }));

    await renderApp('/order?order=abc');

    await waitFor(() => expect(callsTo(fetchMock, ME)).toHaveLength(2));
    expect(await screen.findByRole('heading', { name: /professional listing photos/i })).toBeInTheDocument();
  });
});
