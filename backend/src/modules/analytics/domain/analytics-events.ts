/** The events of spec section 4, as the client and server name them. */
export const ANALYTICS_EVENTS = [
  'Page View',
  'User Signup',
  'User Login',
  'User Logout',
  'Contact Form Submission',
  'Package View',
  'Package Select',
  'Purchase Start',
  'Purchase Complete',
  'Photo Upload Start',
  'Photo Upload Complete',
  'Photo Processing Start',
  'Photo Processing Complete',
  'Photo Download',
  'Batch Download',
  'Order Completion',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

/** Limits on what a browser may send to POST /api/analytics/events. */
export const CLIENT_EVENT_LIMITS = {
  /** Events per request: the client flushes at 50 (spec section 9, batch size). */
  maxBatch: 50,
  maxProperties: 30,
  maxKeyLength: 64,
  maxStringLength: 500,
  maxDistinctIdLength: 200,
  /** Requests per address per minute. */
  requestsPerMinute: 60,
} as const;

export const ANALYTICS_RATE_LIMITED_MESSAGE = 'Too many analytics requests. Please slow down.';

/** Library settings of spec sections 4 and 9, shared by the server adapter and the client's config answer. */
export const ANALYTICS_SETTINGS = {
  batchSize: 50,
  flushIntervalMs: 5000,
  requestTimeoutMs: 90_000,
  cookieExpiryDays: 365,
  idleTimeoutSeconds: 30 * 60,
} as const;

type Scalar = string | number | boolean | null;

/**
 * Keeps only flat scalar properties within the limits; anything else is dropped rather than refused, so one odd
 * field never loses the event.
 */
export function sanitizeProperties(input: unknown): Record<string, Scalar> {
  const out: Record<string, Scalar> = {};
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return out;
  for (const [key, value] of Object.entries(input).slice(0, CLIENT_EVENT_LIMITS.maxProperties)) {
    if (key.length === 0 || key.length > CLIENT_EVENT_LIMITS.maxKeyLength) continue;
    if (typeof value === 'string') out[key] = value.slice(0, CLIENT_EVENT_LIMITS.maxStringLength);
    else if (typeof value === 'number' && Number.isFinite(value)) out[key] = value;
    else if (typeof value === 'boolean' || value === null) out[key] = value;
  }
  return out;
}
