import { screen, waitFor, within } from '@testing-library/react';
import { callsTo, fakeResponse, mockFetch } from '../../test/fetch-mock';
import { currentLocation, renderApp } from '../../test/render-app';
import { signedInUser } from '../../test/users';
import { markArrivedFromSignup, SIGNUP_FLAG_KEY, TEMP_USER_KEY } from '../../features/auth';

const signedOut = () => mockFetch(() => fakeResponse({ status: 401, statusText: 'Unauthorized' }));
const signedIn = (logout: () => Response = () => fakeResponse()) =>
  mockFetch((url) => (url === '/api/auth/logout' ? logout() : fakeResponse({ body: signedInUser })));

function header() {
  return within(screen.getByRole('banner'));
}

async function expectSignedInBar() {
  // The bar can switch once the user has loaded, replacing the header element: wait on the whole page.
  expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  expect(header().getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  expect(header().queryByRole('link', { name: 'How it works' })).not.toBeInTheDocument();
}

describe('header', () => {
  it('shows the public header with section links on the landing page', async () => {
    signedOut();
    await renderApp('/');

    expect(header().getByRole('link', { name: 'How it works' })).toHaveAttribute('href', '/#how-it-works');
    expect(header().getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/#pricing');
    expect(header().getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/#faq');
    expect(header().getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(header().getByRole('button', { name: 'Enhance your listing' })).toBeInTheDocument();
    expect(header().queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it.each(['/dashboard', '/order?order=42'])('shows the dark signed-in bar on %s', async (path) => {
    signedIn();
    await renderApp(path);
    await expectSignedInBar();
  });

  it('shows the dark bar on package selection', async () => {
    // A visitor may stay on package selection only after signing up (spec section 2).
    signedOut();
    markArrivedFromSignup();
    await renderApp('/package-selection');
    await expectSignedInBar();
  });

  it('shows the dark bar on contact only when signed in', async () => {
    signedIn();
    await renderApp('/contact');
    await expectSignedInBar();
  });

  it('keeps the public header on contact for visitors', async () => {
    const fetchMock = signedOut();
    await renderApp('/contact');

    await waitFor(() => expect(callsTo(fetchMock, '/api/auth/me')).toHaveLength(1));
    expect(header().getByRole('button', { name: 'Enhance your listing' })).toBeInTheDocument();
    expect(header().queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('"Enhance your listing" takes visitors on other pages to the landing page', async () => {
    signedOut();
    const { user } = await renderApp('/privacy-policy');

    await user.click(header().getByRole('button', { name: 'Enhance your listing' }));

    expect(screen.getByRole('heading', { level: 1, name: /professional listing photos/i })).toBeInTheDocument();
  });

  it('"Enhance your listing" takes a signed-in host, who has no signup form, to package selection', async () => {
    signedIn();
    const { user } = await renderApp('/');
    await waitFor(() => expect(screen.queryByText('Loading your account...')).not.toBeInTheDocument());
    await screen.findByRole('link', { name: /Choose a Package/i });

    await user.click(header().getByRole('button', { name: 'Enhance your listing' }));

    await waitFor(() => expect(currentLocation()).toBe('/package-selection'));
  });

  it('opens a menu with the same links on small screens', async () => {
    signedOut();
    const { user } = await renderApp('/');

    await user.click(header().getByRole('button', { name: 'Open menu' }));

    const menu = within(screen.getByRole('navigation', { name: 'Mobile' }));
    expect(menu.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/#pricing');
    expect(header().getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('signs out: tells the server, forgets the session, says "Logged out" and returns to the landing page', async () => {
    window.sessionStorage.setItem(SIGNUP_FLAG_KEY, 'true');
    const fetchMock = signedIn();
    const { user } = await renderApp('/dashboard');

    await user.click(await header().findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: /professional listing photos/i })).toBeInTheDocument();
    expect(header().queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    const [[, init]] = callsTo(fetchMock, '/api/auth/logout');
    expect(init?.method).toBe('POST');
    // Leaving the screen is not mistaken for a lost session that needs asking about again.
    expect(callsTo(fetchMock, '/api/auth/me')).toHaveLength(1);
    expect(window.sessionStorage.getItem(TEMP_USER_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(SIGNUP_FLAG_KEY)).toBeNull();
  });

  it('keeps the user signed in and explains when sign-out fails', async () => {
    signedIn(() => fakeResponse({ status: 500, statusText: 'Internal Server Error' }));
    const { user } = await renderApp('/dashboard');

    await user.click(await header().findByRole('button', { name: 'Sign out' }));

    const notifications = within(screen.getByRole('region', { name: 'Notifications (F8)' }));
    expect(await notifications.findByText('Logout failed')).toBeInTheDocument();
    expect(notifications.getByText('Failed to logout. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your photos' })).toBeInTheDocument();
  });
});

describe('footer', () => {
  it('links to the product sections and legal pages, with this year in the copyright', async () => {
    signedOut();
    await renderApp('/');
    const footer = within(screen.getByRole('contentinfo'));

    for (const name of ['Features', 'Pricing', 'FAQ', 'Testimonials', 'Contact']) {
      expect(within(footer.getByRole('navigation', { name: 'Product' })).getByRole('link', { name })).toBeVisible();
    }
    const legal = within(footer.getByRole('navigation', { name: 'Legal' }));
    expect(legal.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(legal.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    expect(legal.getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute('href', '/cookie-policy');
    expect(footer.getByText(`© ${new Date().getFullYear()} ListingLens. All rights reserved.`)).toBeInTheDocument();
  });
});
