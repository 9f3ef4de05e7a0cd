import { screen, waitFor } from '@testing-library/react';
import { fakeResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { signedInUser } from '../../../test/users';
import { SIGNUP_FLAG_KEY, TEMP_USER_KEY, hasSignupFlag, markArrivedFromSignup } from '../session-cache';

describe('current user and session cache', () => {
  it('shows a returning user at once from the session cache while the server verifies it', async () => {
    window.sessionStorage.setItem(TEMP_USER_KEY, JSON.stringify(signedInUser));
    mockFetch(() => new Promise<Response>(() => undefined));

    await renderApp('/dashboard');

    expect(screen.getByRole('heading', { name: 'Your photos' })).toBeInTheDocument();
    expect(screen.queryByText('Loading your account...')).not.toBeInTheDocument();
  });

  it('forgets the cached user when the server says the session is gone', async () => {
    window.sessionStorage.setItem(TEMP_USER_KEY, JSON.stringify(signedInUser));
    mockFetch(() => fakeResponse({ status: 401, statusText: 'Unauthorized' }));

    await renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: /professional listing photos/i })).toBeInTheDocument();
    expect(window.sessionStorage.getItem(TEMP_USER_KEY)).toBeNull();
  });

  it('caches the verified user for the next page load', async () => {
    mockFetch(() => fakeResponse({ body: signedInUser }));

    await renderApp('/');

    await waitFor(() => expect(JSON.parse(window.sessionStorage.getItem(TEMP_USER_KEY)!)).toEqual(signedInUser));
  });

  it('remembers arrival from signup for the rest of the session', async () => {
    expect(hasSignupFlag()).toBe(false);
    markArrivedFromSignup();
    expect(hasSignupFlag()).toBe(true);
    expect(window.sessionStorage.getItem(SIGNUP_FLAG_KEY)).toBe('true');
  });
});
