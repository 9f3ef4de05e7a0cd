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
