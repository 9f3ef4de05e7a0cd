import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { AppProviders } from '../../../app/providers';
import { AppRoutes } from '../../../app/router';
import { fakeResponse, mockFetch } from '../../../test/fetch-mock';

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/** The whole app at `path` (like `renderApp`) plus a probe showing where the router is now. */
export async function renderAt(path: string) {
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

export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}

export function notifications() {
  return within(screen.getByRole('region', { name: 'Notifications (F8)' }));
}

type Reply = Response | Promise<Response>;
export type Routes = Record<string, (body: unknown, init: RequestInit) => Reply>;

/**
 * A fake API keyed by 'METHOD /path' (query strings included); unknown calls answer 404 so a test notices them.
 * Returns the fetch mock and a helper listing the JSON bodies sent to one route.
 */
export function fakeApi(routes: Routes) {
  const fn = mockFetch((url, init) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    const handler = routes[key];
    if (!handler)
      return fakeResponse({ status: 404, statusText: 'Not Found', body: { message: `No fake for ${key}` } });
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    return handler(body, init);
  });
  const bodiesSentTo = (key: string) =>
    fn.mock.calls
      .filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}` === key)
      .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
  return { fetch: fn, bodiesSentTo };
}

export const json = (body: unknown, status = 200) =>
  fakeResponse({ status, statusText: status === 200 ? 'OK' : 'Error', body });
