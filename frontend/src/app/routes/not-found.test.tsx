import { screen } from '@testing-library/react';
import { fakeResponse, mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';

it('shows the not-found page for any unknown path', async () => {
  mockFetch(() => fakeResponse({ status: 401, statusText: 'Unauthorized' }));

  await renderApp('/no/such/page');

  expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');
});
