import posthog from 'posthog-js';
import { ACCEPT_ALL, REJECT_ALL, resetConsentForTests, saveConsent } from './consent';
import { fakeResponse, mockFetch } from '../test/fetch-mock';
import { ANONYMOUS_ID_KEY, resetAnalyticsForTests, track, trackPageView } from './analytics';

jest.mock('posthog-js', () => ({
  __esModule: true,
  default: {
    init: jest.fn(),
    capture: jest.fn(),
    identify: jest.fn(),
    reset: jest.fn(),
    opt_out_capturing: jest.fn(),
    opt_in_capturing: jest.fn(),
  },
}));

const databaseConfig = { provider: 'database', batchSize: 50, flushIntervalMs: 5000 };
const posthogConfig = { ...databaseConfig, provider: 'posthog', key: 'phc_public', host: 'https://eu.i.posthog.com' };

function server(config: object) {
  return mockFetch((url) => (url === '/api/analytics/config' ? fakeResponse({ body: config }) : fakeResponse()));
}
const posted = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([url]) => url === '/api/analytics/events')
    .map(
      ([, init]) =>
        JSON.parse(String(init!.body)).events as { event: string; distinctId: string; properties: object }[],
    );
/** Lets the config fetch and the lazy library import resolve (several promise turns). */
const settle = async () => {
  for (let i = 0; i < 10; i++) await jest.advanceTimersByTimeAsync(0);
};

beforeEach(() => {
  jest.useFakeTimers();
  window.localStorage.clear();
  resetConsentForTests();
  resetAnalyticsForTests();
  jest.clearAllMocks();
});
afterEach(() => jest.useRealTimers());

describe('analytics without consent', () => {
  it('sends nothing and stores no id before the visitor decides', async () => {
    const fetchMock = server(databaseConfig);
    trackPageView('/');
    track('Package Select', { packageId: 'basic' });
    await jest.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(ANONYMOUS_ID_KEY)).toBeNull();
  });

  it('sends nothing after the visitor refused analytics', async () => {
    saveConsent({ ...REJECT_ALL, performance: true });
    const fetchMock = server(databaseConfig);
    track('Contact Form Submission', { subject: 'Hi' });
    await jest.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('analytics when consent is given', () => {
  it('counts the page the visitor is on', async () => {
    const fetchMock = server(databaseConfig);
    saveConsent(ACCEPT_ALL);
    await jest.advanceTimersByTimeAsync(5000);
    expect(posted(fetchMock)[0].map((e) => e.event)).toEqual(['Page View']);
  });
});

describe('analytics, database mode', () => {
  beforeEach(async () => {
    // Granting consent counts the current page and loads an adapter; let that settle against a throwaway server,
    // then start over so each test's own server answers the config call.
    server(databaseConfig);
    saveConsent(ACCEPT_ALL);
    await jest.advanceTimersByTimeAsync(5000);
    resetAnalyticsForTests();
    jest.clearAllMocks();
  });

  it('batches events to the server every 5 seconds with one anonymous id', async () => {
    const fetchMock = server(databaseConfig);
    trackPageView('/');
    track('Package Select', { packageId: 'premium', packageName: 'Premium', packagePrice: 9900, revenue: 99 });
    await settle();
    await jest.advanceTimersByTimeAsync(4999);
    expect(posted(fetchMock)).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);

    const [batch] = posted(fetchMock);
    expect(batch.map((e) => e.event)).toEqual(['Page View', 'Package Select']);
    expect(batch[1].properties).toEqual({
      packageId: 'premium',
      packageName: 'Premium',
      packagePrice: 9900,
      revenue: 99,
    });
    expect(batch[0].distinctId).toBe(window.localStorage.getItem(ANONYMOUS_ID_KEY));
    const init = fetchMock.mock.calls.find(([url]) => url === '/api/analytics/events')![1]!;
    expect(init.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' });
  });

  it('sends at once when 50 events are queued', async () => {
    const fetchMock = server(databaseConfig);
    for (let i = 0; i < 50; i++) trackPageView(`/p${i}`);
    await settle();
    expect(posted(fetchMock)).toHaveLength(1);
    expect(posted(fetchMock)[0]).toHaveLength(50);
  });

  it('uses the account id after a login and forgets it on logout', async () => {
    const fetchMock = server(databaseConfig);
    track('User Login', { userId: 7, method: 'email', email: 'host@example.com' });
    track('User Logout');
    trackPageView('/');
    await jest.advanceTimersByTimeAsync(5000);
    const [batch] = posted(fetchMock);
    expect(batch.map((e) => [e.event, e.distinctId])).toEqual([
      ['User Login', '7'],
      ['User Logout', '7'],
      ['Page View', window.localStorage.getItem(ANONYMOUS_ID_KEY)],
    ]);
  });

  it('drops the queue and the id when consent is withdrawn', async () => {
    const fetchMock = server(databaseConfig);
    trackPageView('/');
    await settle();
    saveConsent(REJECT_ALL);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(posted(fetchMock)).toHaveLength(0);
    expect(window.localStorage.getItem(ANONYMOUS_ID_KEY)).toBeNull();
  });
});

describe('analytics, PostHog mode', () => {
  beforeEach(async () => {
    // Granting consent counts the current page and loads an adapter; let that settle against a throwaway server,
    // then start over so each test's own server answers the config call.
    server(databaseConfig);
    saveConsent(ACCEPT_ALL);
    await jest.advanceTimersByTimeAsync(5000);
    resetAnalyticsForTests();
    jest.clearAllMocks();
  });

  it('initialises posthog-js with the spec settings and captures through it', async () => {
    const fetchMock = server(posthogConfig);
    trackPageView('/pricing');
    track('Purchase Complete', { packageId: 'basic', packagePrice: 2900, revenue: 29 });
    await settle();

    expect(posthog.init).toHaveBeenCalledWith(
      'phc_public',
      expect.objectContaining({
        api_host: 'https://eu.i.posthog.com',
        persistence: 'localStorage',
        ip: false,
        capture_pageview: false,
        request_batching: true,
        request_queue_config: { flush_interval_ms: 5000 },
        cookie_expiration: 365,
        session_idle_timeout_seconds: 1800,
      }),
    );
    expect(posthog.capture).toHaveBeenCalledWith('Page View', expect.objectContaining({ path: '/pricing' }));
    expect(posthog.capture).toHaveBeenCalledWith('Purchase Complete', {
      packageId: 'basic',
      packagePrice: 2900,
      revenue: 29,
    });
    expect(posted(fetchMock)).toHaveLength(0);
  });

  it('identifies on login, resets on logout, opts out when consent is withdrawn', async () => {
    server(posthogConfig);
    track('User Signup', { userId: 12, method: 'google', email: 'new@example.com' });
    track('User Logout');
    await settle();
    expect(posthog.identify).toHaveBeenCalledWith('12', expect.objectContaining({ method: 'google' }));
    expect(posthog.reset).toHaveBeenCalled();

    saveConsent(REJECT_ALL);
    await settle();
    expect(posthog.opt_out_capturing).toHaveBeenCalled();
  });
});
