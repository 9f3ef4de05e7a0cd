import request from 'supertest';
import { DataSource } from 'typeorm';
import { DomainEvents } from '../../src/shared/events/domain-events';
import { Reconciler } from '../../src/shared/reconcile/reconciler.module';
import { startWebhookReceiver } from '../helpers/webhook-receiver';
import { signInByEmail } from '../support/auth';
import { buyPackage, sessionOn, uploadPhotos, waitForOrder } from '../support/journey';
import { realPhotos } from '../support/photos';
import { startTestApp, type TestApp } from '../support/test-app';

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A user signed in on `t`, with an API key made from the browser session. */
async function integrator(t: TestApp, email: string) {
  const cookie = await signInByEmail(t.app, t.dataDir, email);
  const newKey = async () =>
    (
      await request(t.app.getHttpServer())
        .post('/api/api-keys')
        .set('Cookie', cookie)
        .set('X-Requested-With', 'test')
        .send({ name: 'Channel manager' })
        .expect(201)
    ).body as { id: number; key: string };
  const first = await newKey();
  return { cookie, key: first.key, keyId: first.id, newKey };
}

describe('webhook endpoints (API)', () => {
  let t: TestApp;
  let db: DataSource;
  let key: string;
  let otherKeyOfSameUser: string;
  let cookie: string;
  let strangerKey: string;
  const http = () => request(t.app.getHttpServer());
  const withKey = (k: string) => ({
    create: (body: unknown) =>
      http()
        .post('/api/webhook-endpoints')
        .set('Authorization', `Bearer ${k}`)
        .send(body as object),
    list: () => http().get('/api/webhook-endpoints').set('Authorization', `Bearer ${k}`),
    remove: (id: number | string) => http().delete(`/api/webhook-endpoints/${id}`).set('Authorization', `Bearer ${k}`),
    deliveries: (id: number | string) =>
      http().get(`/api/webhook-endpoints/${id}/deliveries`).set('Authorization', `Bearer ${k}`),
  });
  const endpointCount = async () => (await db.query('SELECT count(*)::int AS n FROM webhook_endpoints'))[0].n as number;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
    const owner = await integrator(t, 'hooks-owner@example.com');
    ({ key, cookie } = owner);
    otherKeyOfSameUser = (await owner.newKey()).key;
    strangerKey = (await integrator(t, 'hooks-stranger@example.com')).key;
  }, 60_000);
  afterAll(async () => t?.close());

  it('registers an endpoint and shows its secret once, stored only encrypted', async () => {
    const created = await withKey(key)
      .create({ url: 'https://hooks.integrator.invalid/listinglens', events: ['order.completed', 'photo.completed'] })
      .expect(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      url: 'https://hooks.integrator.invalid/listinglens',
      events: ['order.completed', 'photo.completed'],
      created_at: expect.any(String),
      secret: expect.stringMatching(/^whsec_[\w-]{43}$/),
    });
    const listed = await withKey(key).list().expect(200);
    expect(listed.body).toEqual([
      { id: created.body.id, url: created.body.url, events: created.body.events, created_at: created.body.created_at },
    ]);
    const [row] = await db.query('SELECT secret_ciphertext FROM webhook_endpoints WHERE id = $1', [created.body.id]);
    expect(row.secret_ciphertext).toMatch(/^v1\./);
    expect(row.secret_ciphertext).not.toContain(created.body.secret.slice(6));
    expect((await withKey(key).deliveries(created.body.id).expect(200)).body).toEqual([]);

    await withKey(key).remove(created.body.id).expect(204);
    expect((await withKey(key).list().expect(200)).body).toEqual([]);
    await withKey(key).remove(created.body.id).expect(404);
  });

  it('is managed with an API key only: a browser session is told so', async () => {
    const res = await http()
      .get('/api/webhook-endpoints')
      .set('Cookie', cookie)
      .set('X-Requested-With', 'test')
      .expect(403);
    expect(res.body).toEqual({
      statusCode: 403,
      code: 'API_KEY_REQUIRED',
      message: 'Webhook endpoints belong to an API key: call this route with Authorization: Bearer <api key>.',
    });
    await http().get('/api/webhook-endpoints').expect(401);
  });

  it("treats another key's or another user's endpoint exactly like a missing one", async () => {
    const { id } = (
      await withKey(key)
        .create({ url: 'https://hooks.integrator.invalid/mine', events: ['photo.failed'] })
        .expect(201)
    ).body;
    for (const other of [otherKeyOfSameUser, strangerKey]) {
      expect((await withKey(other).list().expect(200)).body).toEqual([]);
      const missing = (await withKey(other).remove(999999).expect(404)).body;
      expect((await withKey(other).remove(id).expect(404)).body).toEqual(missing);
      expect((await withKey(other).deliveries(id).expect(404)).body).toEqual(missing);
    }
    await withKey(key).remove('99999999999').expect(404);
    expect((await withKey(key).list().expect(200)).body.map((e: { id: number }) => e.id)).toEqual([id]);
    await withKey(key).remove(id).expect(204);
  });

  it.each([
    [
      'a URL that is not one',
      { url: 'not a url', events: ['order.completed'] },
      'Please give a full URL, like https://example.com/listinglens/webhooks.',
    ],
    [
      'another scheme',
      { url: 'ftp://hooks.integrator.invalid/', events: ['order.completed'] },
      'Webhook URLs must start with https:// (or http:// where the operator allows it).',
    ],
    [
      'credentials in the URL',
      { url: 'https://u:p@hooks.integrator.invalid/', events: ['order.completed'] },
      'Webhook URLs may not contain a user name or password.',
    ],
    [
      'no events',
      { url: 'https://hooks.integrator.invalid/', events: [] },
      'events must name at least one of: order.completed, photo.completed, photo.failed.',
    ],
    [
      'an unknown event',
      { url: 'https://hooks.integrator.invalid/', events: ['order.created'] },
      'Unknown event name; the events are order.completed, photo.completed, photo.failed.',
    ],
    [
      'a field of its own',
      { url: 'https://hooks.integrator.invalid/', events: ['order.completed'], secret: 'mine' },
      'property secret should not exist',
    ],
  ])('refuses %s with a clear message and writes nothing', async (_label, body, message) => {
    const before = await endpointCount();
    const res = await withKey(key).create(body).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: expect.any(String) });
    expect(String(res.body.message)).toContain(message);
    expect(await endpointCount()).toBe(before);
  });

  const required = 'url is required: the address to send events to.';
  const notText = 'url must be text, like "https://example.com/listinglens/webhooks".';
  const origin = 'https://hooks.integrator.invalid/';
  it.each([
    ['a missing url', { events: ['order.completed'] }, required],
    ['a null url', { url: null, events: ['order.completed'] }, required],
    ['a number', { url: 443, events: ['order.completed'] }, notText],
    ['a list of URLs', { url: [`${origin}a`], events: ['order.completed'] }, notText],
    ['an object', { url: { href: `${origin}a` }, events: ['order.completed'] }, notText],
    [
      'a URL over 2048 characters',
      { url: `${origin}${'a'.repeat(2049 - origin.length)}`, events: ['order.completed'] },
      'The URL is longer than 2048 characters.',
    ],
    [
      'missing events',
      { url: origin },
      'events is required: a list of one or more of order.completed, photo.completed, photo.failed.',
    ],
    [
      'events that are not a list',
      { url: origin, events: 'order.completed' },
      'events must be a list of event names: order.completed, photo.completed, photo.failed.',
    ],
  ])('answers %s with exactly one message saying what is wrong', async (_label, body, message) => {
    const before = await endpointCount();
    const res = await withKey(key).create(body).expect(400);
    expect(res.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message, errors: [message] });
    expect(await endpointCount()).toBe(before);
  });

  it('takes a URL of exactly 2048 characters', async () => {
    const url = `${origin}${'a'.repeat(2048 - origin.length)}`;
    const created = await withKey(key)
      .create({ url, events: ['order.completed'] })
      .expect(201);
    expect(created.body.url).toBe(url);
    await withKey(key).remove(created.body.id).expect(204);
  });

  it.each([
    ['http://127.0.0.1/hook', '127.0.0.1', 'a loopback address'],
    ['http://10.1.2.3/hook', '10.1.2.3', 'a private address'],
    ['http://169.254.169.254/latest/meta-data', '169.254.169.254', 'a link-local address'],
    ['http://[::1]:8080/hook', '::1', 'a loopback address'],
    ['http://localhost:3000/hook', 'localhost', 'a loopback address'],
    ['http://[::ffff:192.168.0.1]/hook', '::ffff:c0a8:1', 'a private address'],
  ])('refuses %s (SSRF) by default', async (url, host, reason) => {
    const before = await endpointCount();
    const res = await withKey(key)
      .create({ url, events: ['order.completed'] })
      .expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: 'WEBHOOK_URL_PRIVATE',
      message: `Webhooks cannot be sent to ${host}: it is ${reason}. Use an address on the public internet.`,
    });
    expect(await endpointCount()).toBe(before);
  });

  it('keeps at most 10 endpoints per key', async () => {
    const k = otherKeyOfSameUser;
    for (let i = 0; i < 10; i++)
      await withKey(k)
        .create({ url: `https://hooks.integrator.invalid/${i}`, events: ['photo.completed'] })
        .expect(201);
    const refused = await withKey(k).create({
      url: 'https://hooks.integrator.invalid/11',
      events: ['photo.completed'],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'An API key can have at most 10 webhook endpoints. Delete one before adding another.',
    );
    expect((await withKey(k).list()).body).toHaveLength(10);
    // The limit is the key's: the user's other key still registers.
    await withKey(key)
      .create({ url: 'https://hooks.integrator.invalid/x', events: ['photo.completed'] })
      .expect(201);
  });
});

describe('webhook deliveries', () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    // The receiver is on 127.0.0.1, which only an operator's switch allows; retries start after 1 s here.
    t = await startTestApp({
      ENHANCER_ENGINE: 'classic',
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOKS_RETRY_BASE_SECONDS: '1',
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const http = () => request(t.app.getHttpServer());
  const deliveriesOf = async (key: string, id: number) =>
    (await http().get(`/api/webhook-endpoints/${id}/deliveries`).set('Authorization', `Bearer ${key}`).expect(200))
      .body as {
      event_id: string;
      event_type: string;
      status: string;
      attempts: number;
      last_status_code: number | null;
      attempt_log: { attempt: number; status_code: number | null; error: string | null }[];
    }[];

  it('signs and delivers order.completed and photo.completed for a real order, retrying a 500 with backoff', async () => {
    const { cookie, key } = await integrator(t, 'hooks-journey@example.com');
    const register = async (path: string, events: string[]) => {
      const res = await http()
        .post('/api/webhook-endpoints')
        .set('Authorization', `Bearer ${key}`)
        .send({ url: receiver.url(path), events })
        .expect(201);
      receiver.trust(path, res.body.secret);
      return res.body.id as number;
    };
    const everything = await register('/everything', ['order.completed', 'photo.completed', 'photo.failed']);
    const flaky = await register('/flaky', ['order.completed']);
    receiver.answer('/flaky', [500]);

    const host = sessionOn(t.app.getHttpServer(), cookie);
    const orderId = await buyPackage(host);
    await uploadPhotos(
      host,
      orderId,
      realPhotos(5).map((p) => p.data),
    ).expect(201);
    const order = await waitForOrder(host, orderId, (o) => o.status === 'completed');

    const atEverything = await until(() => {
      const got = receiver.received.filter((r) => r.path === '/everything');
      return got.length >= 6 ? got : undefined;
    });
    expect(atEverything.every((r) => r.verified)).toBe(true);
    const photoEvents = atEverything.filter((r) => r.eventType === 'photo.completed');
    expect(photoEvents.map((r) => r.body.data.photo_id).sort()).toEqual(order.photos.map((p) => p.id).sort());
    const completed = atEverything.find((r) => r.eventType === 'order.completed')!;
    expect(completed.body).toEqual({
      id: completed.eventId,
      type: 'order.completed',
      created: expect.any(String),
      data: {
        order_id: orderId,
        status: 'completed',
        photos_processed: 5,
        order_url: `${t.config.publicUrl}/api/orders/${orderId}`,
        download_url: `${t.config.publicUrl}/api/orders/${orderId}/download`,
      },
    });
    expect(new Set(atEverything.map((r) => r.eventId)).size).toBe(6);

    // The flaky receiver answered 500, then got the same signed event again about a second later.
    const atFlaky = await until(() => {
      const got = receiver.received.filter((r) => r.path === '/flaky');
      return got.length >= 2 ? got : undefined;
    });
    expect(atFlaky.map((r) => [r.status, r.verified, r.eventId])).toEqual([
      [500, true, completed.eventId],
      [200, true, completed.eventId],
    ]);
    const [flakyLog] = await until(async () => {
      const log = await deliveriesOf(key, flaky);
      return log[0]?.status === 'delivered' ? log : undefined;
    });
    expect(flakyLog).toMatchObject({
      event_id: completed.eventId,
      event_type: 'order.completed',
      attempts: 2,
      last_status_code: 200,
      last_error: null,
    });
    expect(flakyLog.attempt_log.map((a) => [a.attempt, a.status_code, a.error])).toEqual([
      [1, 500, 'Answered 500'],
      [2, 200, null],
    ]);

    const everythingLog = await deliveriesOf(key, everything);
    expect(everythingLog).toHaveLength(6);
    expect(everythingLog.every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
    expect(await t.app.get(Reconciler).runOnce()).toMatchObject({ webhookEvents: 0, webhookDeliveries: 0 });
  }, 120_000);

  it('delivers, from the reconciler, what a crash lost between a commit and its announcement or its job', async () => {
    const { cookie, key } = await integrator(t, 'hooks-crash@example.com');
    const res = await http()
      .post('/api/webhook-endpoints')
      .set('Authorization', `Bearer ${key}`)
      .send({ url: receiver.url('/crash'), events: ['order.completed'] })
      .expect(201);
    receiver.trust('/crash', res.body.secret);
    const host = sessionOn(t.app.getHttpServer(), cookie);
    const orderId = await buyPackage(host);
    await uploadPhotos(
      host,
      orderId,
      realPhotos(5).map((p) => p.data),
    ).expect(201);
    await waitForOrder(host, orderId, (o) => o.status === 'completed');
    const first = await until(() => receiver.received.find((r) => r.path === '/crash'));

    // As if the process died right after the order committed: no event, no delivery.
    const db = t.app.get(DataSource);
    await db.query('DELETE FROM webhook_deliveries WHERE event_id = $1', [first.eventId]);
    await db.query('DELETE FROM webhook_events WHERE id = $1', [first.eventId]);
    expect(await t.app.get(Reconciler).runOnce()).toMatchObject({ webhookEvents: 1 });
    const again = await until(() => {
      const got = receiver.received.filter((r) => r.path === '/crash');
      return got.length >= 2 ? got[1] : undefined;
    });
    expect(again).toMatchObject({ eventType: 'order.completed', verified: true });
    expect(again.body.data.order_id).toBe(orderId);

    // As if the process died after recording the delivery but before its job ran: the reconciler queues it.
    await db.query(
      `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now() - interval '1 minute'
       WHERE event_id = $1`,
      [again.eventId],
    );
    expect(await t.app.get(Reconciler).runOnce()).toMatchObject({ webhookDeliveries: 1 });
    const third = await until(() => {
      const got = receiver.received.filter((r) => r.path === '/crash');
      return got.length >= 3 ? got[2] : undefined;
    });
    expect(third.eventId).toBe(again.eventId);
    expect(third.verified).toBe(true);
  }, 120_000);

  it('delivers photo.failed, and nothing more once the API key is revoked', async () => {
    const { cookie, key, keyId } = await integrator(t, 'hooks-revoked@example.com');
    const me = await http().get('/api/auth/me').set('Authorization', `Bearer ${key}`).expect(200);
    const res = await http()
      .post('/api/webhook-endpoints')
      .set('Authorization', `Bearer ${key}`)
      .send({ url: receiver.url('/failures'), events: ['photo.failed'] })
      .expect(201);
    receiver.trust('/failures', res.body.secret);
    // What enhancement announces when a photo cannot be enhanced (the engine is not asked to fail here).
    const events = t.app.get(DomainEvents);
    await events.publish({ type: 'photo.failed', userId: me.body.id, orderId: 'ord_gone', photoId: 2_000_001 });
    const failed = await until(() => receiver.received.find((r) => r.path === '/failures'));
    expect(failed).toMatchObject({ eventType: 'photo.failed', verified: true });
    expect(failed.body.data).toEqual({
      order_id: 'ord_gone',
      photo_id: 2_000_001,
      status: 'failed',
      order_url: `${t.config.publicUrl}/api/orders/ord_gone`,
    });

    await http().delete(`/api/api-keys/${keyId}`).set('Cookie', cookie).set('X-Requested-With', 'test').expect(204);
    await events.publish({ type: 'photo.failed', userId: me.body.id, orderId: 'ord_gone', photoId: 2_000_002 });
    const recorded = await t.app
      .get(DataSource)
      .query(`SELECT subject FROM webhook_events WHERE user_id = $1 ORDER BY subject`, [me.body.id]);
    expect(recorded).toEqual([{ subject: '2000001' }]);
  });
});
