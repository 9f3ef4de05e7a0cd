import http from 'node:http';
import { type AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { PosthogAnalytics } from '../../src/modules/analytics/adapters/posthog.analytics';
import { Analytics } from '../../src/modules/analytics/ports/analytics';
import { AnalyticsEventEntity } from '../../src/modules/analytics';
import { signInByEmail } from '../support/auth';
import { startTestApp, type TestApp } from '../support/test-app';

let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter % 250}`;

describe('analytics, embedded (database) mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(async () => t?.close());

  const post = (body: unknown, ip = nextIp()) =>
    request(t.app.getHttpServer())
      .post('/api/analytics/events')
      .set('X-Requested-With', 'XMLHttpRequest')
      .set('X-Forwarded-For', ip)
      .send(body as object);
  const rows = () =>
    t.app
      .get(DataSource)
      .getRepository(AnalyticsEventEntity)
      .find({ order: { id: 'ASC' } });

  it('tells the client to send events to this server', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/analytics/config').expect(200);
    expect(res.body).toEqual({ provider: 'database', batchSize: 50, flushIntervalMs: 5000 });
  });

  it('records a batch of client events in the database', async () => {
    const before = (await rows()).length;
    const res = await post({
      events: [
        { event: 'Page View', properties: { path: '/' }, distinctId: 'anon-1' },
        {
          event: 'Package Select',
          properties: { packageId: 'premium', packageName: 'Premium', packagePrice: 9900, revenue: 99 },
          distinctId: 'anon-1',
        },
      ],
    }).expect(200);
    expect(res.body).toEqual({ recorded: 2 });
    const added = (await rows()).slice(before);
    expect(added.map((r) => [r.event, r.distinctId])).toEqual([
      ['Page View', 'anon-1'],
      ['Package Select', 'anon-1'],
    ]);
    expect(added[1].properties).toEqual({
      packageId: 'premium',
      packageName: 'Premium',
      packagePrice: 9900,
      revenue: 99,
      $source: 'web',
    });
  });

  it('lets the Analytics port record server-side events', async () => {
    await t.app.get(Analytics).capture('Order Completion', '42', { orderId: 'o-1', photosProcessed: 5 });
    const last = (await rows()).at(-1)!;
    expect(last).toMatchObject({ event: 'Order Completion', distinctId: '42', properties: { orderId: 'o-1' } });
  });

  it("attributes a signed-in caller's events to the account", async () => {
    const cookie = await signInByEmail(t.app, t.dataDir, 'analytics@example.com');
    await post({ events: [{ event: 'Contact Form Submission', properties: { subject: 'Hi' }, distinctId: 'x' }] })
      .set('Cookie', cookie)
      .expect(200);
    const last = (await rows()).at(-1)!;
    expect(last.distinctId).toMatch(/^\d+$/);
  });

  it('drops nested and oversized properties but keeps the event', async () => {
    await post({
      events: [{ event: 'Page View', properties: { path: '/x', nested: { a: 1 }, list: [1], long: 'y'.repeat(900) } }],
    }).expect(200);
    const last = (await rows()).at(-1)!;
    expect(last.properties).toEqual({ path: '/x', long: 'y'.repeat(500), $source: 'web' });
    expect(last.distinctId).toBeNull();
  });

  it.each([
    ['an unknown event', { events: [{ event: 'Hack The Planet' }] }],
    ['an empty batch', { events: [] }],
    ['more than 50 events', { events: Array.from({ length: 51 }, () => ({ event: 'Page View' })) }],
    ['properties that are not an object', { events: [{ event: 'Page View', properties: 'x' }] }],
    ['an unknown field', { events: [{ event: 'Page View', extra: 1 }] }],
    ['no events at all', {}],
  ])('refuses %s', async (_name, body) => {
    const before = (await rows()).length;
    const res = await post(body).expect(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(await rows()).toHaveLength(before);
  });

  it('rate-limits one address to 60 batches a minute', async () => {
    const ip = '198.51.100.254';
    for (let i = 0; i < 60; i++) await post({ events: [{ event: 'Page View' }] }, ip).expect(200);
    const res = await post({ events: [{ event: 'Page View' }] }, ip).expect(429);
    expect(res.body.code).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('analytics, PostHog mode', () => {
  let t: TestApp;
  let server: http.Server;
  const batches: {
    api_key: string;
    batch: { event: string; distinct_id: string; properties: Record<string, unknown> }[];
  }[] = [];

  beforeAll(async () => {
    // A stand-in for PostHog's ingestion API: records every /batch/ body.
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        let raw = Buffer.concat(chunks);
        if (req.headers['content-encoding'] === 'gzip') raw = zlib.gunzipSync(raw);
        if (req.url?.startsWith('/batch')) batches.push(JSON.parse(raw.toString('utf8')));
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":1}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await startTestApp({ POSTHOG_KEY: 'phc_test_key_123', POSTHOG_HOST: `http://127.0.0.1:${port}` });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it("gives the client PostHog's public key and host", async () => {
    const res = await request(t.app.getHttpServer()).get('/api/analytics/config').expect(200);
    expect(res.body).toMatchObject({ provider: 'posthog', key: 'phc_test_key_123', batchSize: 50 });
  });

  it('sends events to PostHog in batches, without the IP', async () => {
    const analytics = t.app.get(Analytics);
    expect(analytics).toBeInstanceOf(PosthogAnalytics);
    await analytics.capture('Purchase Complete', '7', { packageId: 'basic', packagePrice: 2900, revenue: 29 });
    await request(t.app.getHttpServer())
      .post('/api/analytics/events')
      .set('X-Requested-With', 'XMLHttpRequest')
      .send({ events: [{ event: 'Page View', properties: { path: '/' }, distinctId: 'anon-9' }] })
      .expect(200);
    await (analytics as PosthogAnalytics).flush();

    const events = batches.flatMap((b) => b.batch);
    expect(batches[0].api_key).toBe('phc_test_key_123');
    const purchase = events.find((e) => e.event === 'Purchase Complete')!;
    expect(purchase.distinct_id).toBe('7');
    expect(purchase.properties).toMatchObject({ packageId: 'basic', revenue: 29, $ip: null });
    expect(events.find((e) => e.event === 'Page View')?.distinct_id).toBe('anon-9');
    // Nothing went to the database.
    expect(await t.app.get(DataSource).getRepository(AnalyticsEventEntity).count()).toBe(0);
  });
});
