import { screen, within } from '@testing-library/react';
import { fakeResponse, mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { CONSENT_STORAGE_KEY, getConsent, resetConsentForTests } from '../../lib/consent';

beforeEach(() => {
  window.localStorage.clear();
  resetConsentForTests();
  mockFetch(() => fakeResponse({ status: 401, statusText: 'Unauthorized' }));
});

const banner = () => screen.queryByRole('region', { name: 'Cookie consent' });

describe('cookie consent manager', () => {
  it('asks once, and remembers "Accept all" in this browser', async () => {
    const { user, unmount } = await renderApp('/');
    await user.click(within(banner()!).getByRole('button', { name: 'Accept all' }));

    expect(banner()).not.toBeInTheDocument();
    expect(getConsent()).toMatchObject({ essential: true, performance: true, analytics: true, advertising: true });
    expect(JSON.parse(window.localStorage.getItem(CONSENT_STORAGE_KEY)!)).toMatchObject({ analytics: true });

    unmount();
    await renderApp('/contact');
    expect(banner()).not.toBeInTheDocument();
  });

  it('"Reject non-essential" keeps only essential cookies', async () => {
    const { user } = await renderApp('/');
    await user.click(within(banner()!).getByRole('button', { name: 'Reject non-essential' }));
    expect(getConsent()).toMatchObject({ essential: true, performance: false, analytics: false, advertising: false });
  });

  it('lets the visitor choose each of the four categories', async () => {
    const { user } = await renderApp('/');
    await user.click(within(banner()!).getByRole('button', { name: 'Customize' }));
    const form = within(screen.getByRole('form', { name: 'Cookie preferences' }));

    expect(form.getByRole('checkbox', { name: /Essential/ })).toBeChecked();
    expect(form.getByRole('checkbox', { name: /Essential/ })).toBeDisabled();
    await user.click(form.getByRole('checkbox', { name: 'Analytics' }));
    await user.click(form.getByRole('button', { name: 'Save preferences' }));

    expect(getConsent()).toMatchObject({ performance: false, analytics: true, advertising: false });
    expect(banner()).not.toBeInTheDocument();
  });

  it('reopens from "Cookie settings" in the footer with the saved choice', async () => {
    const { user } = await renderApp('/');
    await user.click(within(banner()!).getByRole('button', { name: 'Accept all' }));
    await user.click(screen.getByRole('button', { name: 'Cookie settings' }));

    const form = within(screen.getByRole('form', { name: 'Cookie preferences' }));
    expect(form.getByRole('checkbox', { name: 'Advertising' })).toBeChecked();
    await user.click(form.getByRole('checkbox', { name: 'Advertising' }));
    await user.click(form.getByRole('button', { name: 'Save preferences' }));
    expect(getConsent()).toMatchObject({ analytics: true, advertising: false });
  });

  it('is on the cookie policy page too', async () => {
    const { user } = await renderApp('/cookie-policy');
    const main = within(screen.getByRole('main'));
    expect(
      main.getByText('You have not made a choice yet; until you do, only essential cookies are used.'),
    ).toBeInTheDocument();
    await user.click(main.getByRole('checkbox', { name: 'Performance' }));
    await user.click(main.getByRole('button', { name: 'Save preferences' }));
    expect(getConsent()).toMatchObject({ performance: true, analytics: false });
    expect(banner()).not.toBeInTheDocument();
  });
});
