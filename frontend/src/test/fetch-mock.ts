/** Minimal stand-ins for `fetch` and `Response` (jsdom provides neither). */

export function fakeResponse({
  status = 200,
  statusText = 'OK',
  body = '',
}: { status?: number; statusText?: string; body?: unknown } = {}): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    text: async () => text,
    json: async () => JSON.parse(text),
  } as Response;
}

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

export function mockFetch(handler: FetchHandler) {
  const fn = jest.fn((input: RequestInfo | URL, init: RequestInit = {}) =>
    Promise.resolve(handler(String(input), init)),
  );
  globalThis.fetch = fn as typeof fetch;
  return fn;
}

/** Calls made to one URL, e.g. to count how often the app asked `/api/auth/me`. */
export function callsTo(fn: ReturnType<typeof mockFetch>, url: string) {
  return fn.mock.calls.filter(([input]) => String(input) === url);
}
