import { screen, waitFor, within } from '@testing-library/react';
import { fakeResponse, mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { signedInUser } from '../../test/users';

type Reply = (body: Record<string, unknown>) => Response | Promise<Response>;

function server({ signedIn = false, contact }: { signedIn?: boolean; contact: Reply }) {
  return mockFetch((url, init) => {
    if (url === '/api/contact') return contact(JSON.parse(String(init.body)));
    if (url === '/api/auth/me')
      return signedIn
        ? fakeResponse({ body: signedInUser })
        : fakeResponse({ status: 401, statusText: 'Unauthorized' });
    return fakeResponse({ body: {} });
  });
}

const ok: Reply = () => fakeResponse({ body: { success: true } });

async function fill(user: Awaited<ReturnType<typeof renderApp>>['user'], values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

const validValues = {
  Name: 'Maria Host',
  Email: 'maria@example.com',
  Subject: 'Refund',
  Message: 'My photos came back too dark, can you help?',
};

describe('contact form', () => {
  it('shows every validation message and sends nothing', async () => {
    const fetchMock = server({ contact: ok });
    const { user } = await renderApp('/contact');

    await fill(user, { Name: 'M', Email: 'nope', Subject: 'R', Message: 'short' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(screen.getByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Subject must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/contact')).toHaveLength(0);
  });

  it('clears a message once the field is fixed', async () => {
    server({ contact: ok });
    const { user } = await renderApp('/contact');
    await fill(user, { ...validValues, Email: 'maria@' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'example.com');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
  });

  it('sends the payload, shows "Sending...", then the success toast, and resets', async () => {
    let release: (r: Response) => void = () => undefined;
    const sent: Record<string, unknown>[] = [];
    server({
      contact: (body) => {
        sent.push(body);
        return new Promise<Response>((resolve) => (release = resolve));
      },
    });
    const { user } = await renderApp('/contact');
    await fill(user, validValues);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(sent).toEqual([
      { name: 'Maria Host', email: 'maria@example.com', subject: 'Refund', message: validValues.Message },
    ]);

    release(fakeResponse({ body: { success: true } }));

    const status = await screen.findByText('Message Sent!');
    expect(
      within(status.closest('li')!).getByText("Thanks for contacting us. We'll get back to you soon!"),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it("shows the server's message in an error toast", async () => {
    server({
      contact: () =>
        fakeResponse({
          status: 429,
          body: { statusCode: 429, code: 'RATE_LIMITED', message: 'Too many messages. Please try again later.' },
        }),
    });
    const { user } = await renderApp('/contact');
    await fill(user, validValues);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Too many messages. Please try again later.')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue(validValues.Message);
  });

  it('falls back to the generic error sentence', async () => {
    server({ contact: () => fakeResponse({ status: 502, statusText: 'Bad Gateway', body: '<html>' }) });
    const { user } = await renderApp('/contact');
    await fill(user, validValues);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Failed to send your message. Please try again.')).toBeInTheDocument();
  });

  it('prefills name and email for a signed-in user and keeps them after sending', async () => {
    const sent: Record<string, unknown>[] = [];
    server({
      signedIn: true,
      contact: (body) => {
        sent.push(body);
        return fakeResponse({ body: { success: true } });
      },
    });
    const { user } = await renderApp('/contact');

    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(signedInUser.name));
    expect(screen.getByLabelText('Email')).toHaveValue(signedInUser.email);

    await fill(user, { Subject: 'Order help', Message: 'Where is my order from yesterday?' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    await screen.findByText('Message Sent!');
    expect(sent[0]).toMatchObject({ name: signedInUser.name, email: signedInUser.email, subject: 'Order help' });
    expect(screen.getByLabelText('Name')).toHaveValue(signedInUser.name);
    expect(screen.getByLabelText('Subject')).toHaveValue('');
  });
});
