import { screen, within } from '@testing-library/react';
import { trackPageView } from '../../lib/analytics';
import { fakeResponse, mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';

jest.mock('../../lib/analytics');

it('records a page view for every screen visited', async () => {
  mockFetch(() => fakeResponse({ status: 401, statusText: 'Unauthorized' }));
  const { user } = await renderApp('/');

  const legal = within(screen.getByRole('navigation', { name: 'Legal' }));
  await user.click(legal.getByRole('link', { name: 'Cookie Policy' }));

  expect(screen.getByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeInTheDocument();
  expect(jest.mocked(trackPageView).mock.calls).toEqual([['/'], ['/cookie-policy']]);
});
