import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { Toaster } from '../../../components/ui/toaster';
import { callsTo, fakeResponse, mockFetch } from '../../../test/fetch-mock';
import { SignInCard } from './sign-in-card';

/** The card, once the server has said which sign-in methods it offers. */
async function renderCard() {
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter>
        <SignInCard />
        <Toaster />
      </MemoryRouter>
    </SWRConfig>,
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

const SENT = 'Check your email: if the address is valid, a sign-in link is on its way.';

describe('sign-in card', () => {
  it("carries the spec's copy, the signup-form anchor and the legal links", async () => {
    mockFetch(() => fakeResponse({ body: { google: false } }));
    await renderCard();

    expect(screen.getByRole('heading', { name: 'Enhance your listing photos' })).toBeInTheDocument();
    expect(document.getElementById('signup-form')).toContainElement(screen.getByRole('heading'));
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });

  it('offers Google only when the server has it configured', async () => {
    mockFetch(() => fakeResponse({ body: { google: true } }));
    await renderCard();
    expect(await screen.findByRole('link', { name: 'Sign in with Google' })).toHaveAttribute(
      'href',
      '/api/auth/google',
    );
  });

  it('hides Google when it is not configured', async () => {
    const fetchMock = mockFetch(() => fakeResponse({ body: { google: false } }));
    await renderCard();
    await screen.findByRole('button', { name: 'Email me a sign-in link' });
    expect(callsTo(fetchMock, '/api/auth/providers')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Sign in with Google' })).not.toBeInTheDocument();
  });

  it('emails a sign-in link and says where it went', async () => {
    const fetchMock = mockFetch((url) =>
      url === '/api/auth/email' ? fakeResponse({ body: { message: SENT } }) : fakeResponse({ body: { google: false } }),
    );
    await renderCard();
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Email address'), 'host@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));

    expect(await screen.findByRole('status')).toHaveTextContent('We sent a sign-in link to host@example.com');
    const [, init] = callsTo(fetchMock, '/api/auth/email')[0];
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'host@example.com' });
  });

  it("shows 'Login failed' with the server's reason", async () => {
    mockFetch((url) =>
      url === '/api/auth/email'
        ? fakeResponse({
            status: 429,
            statusText: 'Too Many Requests',
            body: { message: 'Too many sign-in links requested. Please wait a few minutes and try again.' },
          })
        : fakeResponse({ body: { google: false } }),
    );
    await renderCard();
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Email address'), 'host@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));

    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(
      screen.getByText('Too many sign-in links requested. Please wait a few minutes and try again.'),
    ).toBeInTheDocument();
  });
});
