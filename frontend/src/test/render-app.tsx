import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/router';

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
        </AppProviders>
      </MemoryRouter>
    </SWRConfig>,
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return { user, ...utils };
}
