import { fakeResponse, mockFetch } from '../test/fetch-mock';
import { ApiError, apiGet, apiRequest, apiSend, errorMessage } from './api-client';

describe('api client', () => {
  it('sends the session cookie and X-Requested-With on every request', async () => {
    const fetchMock = mockFetch(() => fakeResponse({ body: { ok: true } }));

    await apiGet('/api/orders');
    await apiSend('POST', '/api/contact', { name: 'Ana' });

    for (const [, init] of fetchMock.mock.calls) {
      expect(init?.credentials).toBe('include');
      expect((init?.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');
    }
    const [, post] = fetchMock.mock.calls[1];
    expect(post?.method).toBe('POST');
    expect((post?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(post?.body).toBe(JSON.stringify({ name: 'Ana' }));
  });

  it('leaves the content type of form uploads to the browser', async () => {
    const fetchMock = mockFetch(() => fakeResponse());
    const form = new FormData();
    form.append('orderId', 'o1');

    await apiRequest('POST', '/api/photos/upload', form);

    const [, init] = fetchMock.mock.calls[0];
    expect(init?.body).toBe(form);
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('fails with "status: body" when the server answers with an error', async () => {
    mockFetch(() => fakeResponse({ status: 404, statusText: 'Not Found', body: 'Order not found' }));

    await expect(apiGet('/api/orders/x')).rejects.toThrow(new Error('404: Order not found'));
  });

  it('falls back to the status text when the error body is empty', async () => {
    mockFetch(() => fakeResponse({ status: 500, statusText: 'Internal Server Error' }));

    const error = await apiGet('/api/orders').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('500: Internal Server Error');
    expect((error as ApiError).status).toBe(500);
  });

  it('can treat 401 as "nobody signed in" instead of an error', async () => {
    mockFetch(() => fakeResponse({ status: 401, statusText: 'Unauthorized' }));

    await expect(apiGet('/api/auth/me', { on401: 'returnNull' })).resolves.toBeNull();
    await expect(apiGet('/api/auth/me')).rejects.toThrow('401: Unauthorized');
  });

  it("shows the server's own sentence when it sent one, else the screen's fallback", () => {
    const withMessage = new ApiError(400, JSON.stringify({ statusCode: 400, message: 'Session expired' }), 'Bad');
    const htmlPage = new ApiError(502, '<html>Bad gateway</html>', 'Bad Gateway');

    expect(errorMessage(withMessage, 'Try again.')).toBe('Session expired');
    expect(errorMessage(htmlPage, 'Try again.')).toBe('Try again.');
    expect(errorMessage(new TypeError('Failed to fetch'), 'Try again.')).toBe('Try again.');
  });
});
