import { screen } from '@testing-library/react';
import { fakeResponse, mockFetch } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';
import { signedInUser } from '../test/users';

describe('route table', () => {
  beforeEach(() => mockFetch(() => fakeResponse({ body: signedInUser })));

  it.each([
    ['/', /professional listing photos/i],
    ['/package-selection?package=premium', 'Professional photos for 15x less than a physical photo shoot'],
    ['/dashboard', 'Your photos'],
    // The mocked server answers every call with the user, which is no order.
    ['/order?order=42', 'Order Not Found'],
    ['/processing', 'Your Photos Are Being Enhanced'],
    ['/gallery', 'Gallery'],
    ['/contact', 'Contact us'],
    ['/auth/confirm', 'Authentication Failed'],
    ['/api/auth/google/callback?code=abc&state=xyz', /Verifying Your Login|Authentication Failed/],
    ['/auth/error', 'Authentication Error'],
    ['/auth/test', 'Auth test'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
    ['/cookie-policy', 'Cookie Policy'],
  ])('%s shows its screen', async (path, heading) => {
    await renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each(['/privacy-policy', '/terms-of-service', '/cookie-policy'])('%s is dated March 30, 2025', async (path) => {
    await renderApp(path);

    expect(screen.getByText('Last Updated: March 30, 2025')).toBeInTheDocument();
  });
});
