import { screen } from '@testing-library/react';
import { fakeResponse, mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';

describe('authentication error page', () => {
  beforeEach(() => mockFetch(() => fakeResponse({ status: 401, statusText: 'Unauthorized' })));

  it('explains an unknown error when no message is given', async () => {
    await renderApp('/auth/error');

    expect(screen.getByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('An unknown authentication error occurred');
  });

  it('shows the message from the address', async () => {
    await renderApp('/auth/error?message=' + encodeURIComponent('Your login link has expired'));

    expect(screen.getByRole('alert')).toHaveTextContent('Your login link has expired');
  });

  it('offers the homepage and an email to support', async () => {
    await renderApp('/auth/error');

    expect(screen.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toMatch(/^mailto:support@/);
  });
});
