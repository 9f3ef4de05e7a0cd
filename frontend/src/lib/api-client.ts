/**
 * The one way the client talks to the API. Every request carries the session cookie and the
 * `X-Requested-With` header (the server rejects state-changing cookie requests without it, as CSRF protection),
 * and every non-OK response becomes an `ApiError` whose message is "status: body" (spec section 8).
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The raw response body, kept so callers can show the server's own sentence (see `errorMessage`). */
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends a request and returns the response; throws `ApiError` unless the status is 2xx. */
export async function apiRequest(method: HttpMethod, url: string, data?: unknown): Promise<Response> {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  let body: BodyInit | undefined;
  if (data instanceof FormData) {
    // The browser sets the multipart boundary itself; a hand-written Content-Type would break it.
    body = data;
  } else if (data !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(data);
  }

  const response = await fetch(url, { method, headers, body, credentials: 'include' });
  if (!response.ok) {
    throw new ApiError(response.status, await response.text(), response.statusText);
  }
  return response;
}

/** GET and parse JSON. With `on401: 'returnNull'` an unauthenticated answer is a value (null), not an error. */
export async function apiGet<T>(url: string, options?: { on401?: 'throw' }): Promise<T>;
export async function apiGet<T>(url: string, options: { on401: 'returnNull' }): Promise<T | null>;
export async function apiGet<T>(url: string, options: { on401?: 'throw' | 'returnNull' } = {}): Promise<T | null> {
  try {
    return (await (await apiRequest('GET', url)).json()) as T;
  } catch (error) {
    if (options.on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Send a JSON body and parse the JSON answer (an empty answer gives undefined). */
export async function apiSend<T>(method: Exclude<HttpMethod, 'GET'>, url: string, data?: unknown): Promise<T> {
  const text = await (await apiRequest(method, url, data)).text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The default SWR fetcher: GET the key (or the first element of an array key) and parse JSON.
 * A 401 is an error here; hooks that treat "not signed in" as a value pass their own fetcher.
 */
export async function swrFetcher<T>(key: string | readonly [string, ...unknown[]]): Promise<T> {
  return apiGet<T>(typeof key === 'string' ? key : key[0]);
}

/**
 * The sentence to show a person for a failed call: the server's `message` when it sent one (the API answers
 * errors as `{ statusCode, code, message }`), otherwise the screen's own fallback. Network failures and
 * HTML error pages from proxies never leak into the UI this way.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  try {
    const parsed: unknown = JSON.parse(error.body);
    const message = (parsed as { message?: unknown } | null)?.message;
    if (typeof message === 'string' && message.trim()) return message;
    if (Array.isArray(message) && message.length > 0) return message.join(' ');
  } catch {
    // Not JSON: fall through to the fallback.
  }
  return fallback;
}
