/**
 * Product analytics (spec section 4). Screens call `track` at the moments the spec names and the layout calls
 * `trackPageView` on every route change. Nothing is sent, and no id is stored, unless the visitor consented to the
 * analytics category. Where events go is the server's choice (GET /api/analytics/config): PostHog (posthog-js) when
 * the deployment has a PostHog key, otherwise batches to POST /api/analytics/events, which the server records in
 * its own database.
 */
import { getConsent, hasConsent, subscribeConsent } from './consent';

export type AnalyticsEvent =
  | 'Page View'
  | 'User Signup'
  | 'User Login'
  | 'User Logout'
  | 'Contact Form Submission'
  | 'Package View'
  | 'Package Select'
  | 'Purchase Start'
  | 'Purchase Complete'
  | 'Photo Upload Start'
  | 'Photo Upload Complete'
  | 'Photo Processing Start'
  | 'Photo Processing Complete'
  | 'Photo Download'
  | 'Batch Download'
  | 'Order Completion';

export type AnalyticsProps = Record<string, string | number | boolean | null | undefined>;
type CleanProps = Record<string, string | number | boolean | null>;

interface AnalyticsConfig {
  provider: 'posthog' | 'database';
  key?: string;
  host?: string;
  batchSize: number;
  flushIntervalMs: number;
}

interface Adapter {
  capture(event: AnalyticsEvent, props: CleanProps): void;
  identify(userId: string, props: CleanProps): void;
  reset(): void;
  optOut(): void;
  optIn(): void;
}

/** Library settings of spec section 9. */
export const ANALYTICS_DEFAULTS: AnalyticsConfig = { provider: 'database', batchSize: 50, flushIntervalMs: 5000 };
const COOKIE_EXPIRY_DAYS = 365;
const IDLE_TIMEOUT_SECONDS = 30 * 60;
export const ANONYMOUS_ID_KEY = 'analytics-anonymous-id';
export const EVENTS_ENDPOINT = '/api/analytics/events';

function clean(props: AnalyticsProps): CleanProps {
  const out: CleanProps = {};
  for (const [key, value] of Object.entries(props)) if (value !== undefined) out[key] = value;
  return out;
}

function localStore(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function anonymousId(): string {
  const store = localStore();
  let id = store?.getItem(ANONYMOUS_ID_KEY);
  if (!id) {
    id =
      typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
    store?.setItem(ANONYMOUS_ID_KEY, id);
  }
  return id;
}

/** The embedded default: events queue in memory and go to our own server in batches. */
function serverAdapter(config: AnalyticsConfig): Adapter {
  let queue: { event: AnalyticsEvent; properties: CleanProps; distinctId: string }[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let userId: string | null = null;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (queue.length === 0) return;
    const events = queue.splice(0, config.batchSize);
    void fetch(EVENTS_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ events }),
      credentials: 'include',
      keepalive: true,
    }).catch(() => undefined);
    if (queue.length > 0) flush();
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush();
    });
  }

  return {
    capture(event, properties) {
      queue.push({ event, properties, distinctId: userId ?? anonymousId() });
      if (queue.length >= config.batchSize) flush();
      else timer ??= setTimeout(flush, config.flushIntervalMs);
    },
    identify(id) {
      userId = id;
    },
    reset() {
      userId = null;
      localStore()?.removeItem(ANONYMOUS_ID_KEY);
    },
    optOut() {
      queue = [];
      clearTimeout(timer);
      timer = undefined;
      userId = null;
      localStore()?.removeItem(ANONYMOUS_ID_KEY);
    },
    optIn() {},
  };
}

/** PostHog, loaded only when the deployment uses it and the visitor consented. */
async function posthogAdapter(config: AnalyticsConfig): Promise<Adapter> {
  const { default: posthog } = await import('posthog-js');
  posthog.init(config.key!, {
    api_host: config.host,
    persistence: 'localStorage',
    ip: false,
    // Page views are sent by the router on every route change (spec section 2), not by the library.
    capture_pageview: false,
    capture_pageleave: false,
    autocapture: false,
    disable_session_recording: true,
    request_batching: true,
    request_queue_config: { flush_interval_ms: config.flushIntervalMs },
    cookie_expiration: COOKIE_EXPIRY_DAYS,
    session_idle_timeout_seconds: IDLE_TIMEOUT_SECONDS,
  });
  return {
    capture: (event, props) => void posthog.capture(event, props),
    identify: (id, props) => posthog.identify(id, props),
    reset: () => posthog.reset(),
    optOut: () => posthog.opt_out_capturing(),
    optIn: () => posthog.opt_in_capturing(),
  };
}

let adapter: Promise<Adapter> | null = null;

async function loadAdapter(): Promise<Adapter> {
  let config = ANALYTICS_DEFAULTS;
  try {
    const res = await fetch('/api/analytics/config', { credentials: 'include' });
    if (res.ok) config = { ...ANALYTICS_DEFAULTS, ...((await res.json()) as Partial<AnalyticsConfig>) };
  } catch {
    // Offline or an old server: keep the default, which queues to our own API.
  }
  if (config.provider === 'posthog' && config.key) {
    try {
      return await posthogAdapter(config);
    } catch {
      // The library failed to load (blocked by an extension): fall back rather than lose the session's events.
    }
  }
  return serverAdapter(config);
}

function getAdapter(): Promise<Adapter> {
  adapter ??= loadAdapter();
  return adapter;
}

let consented = false;
if (typeof window !== 'undefined') {
  consented = hasConsent('analytics');
  subscribeConsent(() => {
    const now = getConsent()?.analytics ?? false;
    if (now === consented) return;
    consented = now;
    if (now) {
      void getAdapter().then((a) => a.optIn());
      // The page the visitor is on was viewed before they agreed; count it now that they have.
      trackPageView(window.location.pathname);
    } else if (adapter) void adapter.then((a) => a.optOut());
  });
}

export function track(event: AnalyticsEvent, props: AnalyticsProps = {}): void {
  if (!hasConsent('analytics')) return;
  const properties = clean(props);
  void getAdapter().then((a) => {
    if ((event === 'User Login' || event === 'User Signup') && properties.userId != null) {
      a.identify(String(properties.userId), properties);
    }
    a.capture(event, properties);
    if (event === 'User Logout') a.reset();
  });
}

export function trackPageView(path: string): void {
  track('Page View', { path, url: typeof window !== 'undefined' ? window.location.href : undefined });
}

/** Test helper: forget the loaded adapter so the next event reads the server's config again. */
export function resetAnalyticsForTests(): void {
  adapter = null;
  consented = hasConsent('analytics');
}
