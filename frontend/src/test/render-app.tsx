import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/router';

/** Where the router is now, for `currentLocation()`. Hidden, so role and accessibility queries never see it. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output hidden data-testid="location">{`${pathname}${search}`}</output>;
}

/**
 * The whole app at `path`, with a fresh SWR cache so tests never share a signed-in user. Resolves once the
 * first answer to "who is signed in?" has been rendered (when the mocked server answers at all).
 */
export async function renderApp(path = '/') {
  const user = userEvent.setup();
  const utils = render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        <AppProviders>
          <AppRoutes />
          <LocationProbe />
        </AppProviders>
      </MemoryRouter>
    </SWRConfig>,
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return { user, ...utils };
}

/** The path and query string the app rendered by `renderApp` is at now. */
export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}

export function notifications() {
  return within(screen.getByRole('region', { name: 'Notifications (F8)' }));
}
