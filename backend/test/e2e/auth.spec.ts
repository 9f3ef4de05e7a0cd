import request from 'supertest';
import { Clock } from '../../src/modules/auth/ports/clock';
import { freshIp, latestMagicLink, sessionCookie, signInByEmail } from '../support/auth';
import { PRODUCTION_ENV, startTestApp, type TestApp } from '../support/test-app';

describe('signing in with an emailed link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(async () => t?.close());
  afterEach(() => jest.restoreAllMocks());

  const http = () => request(t.app.getHttpServer());
  let n = 0;
  const newEmail = () => `host${++n}-${Date.now()}@example.com`;
  const askForLink = (email: string, ip = freshIp()) =>
    http().post('/api/auth/email').set('X-Requested-With', 'test').set('X-Forwarded-For', ip).send({ email });
  const verify = ({ url: _url, ...body }: { url?: URL } & Record<string, unknown>, cookie?: string) => {
    const req = http().post('/api/auth/verify').set('X-Requested-With', 'test');
    if (cookie) req.set('Cookie', cookie);
    return req.send(body);
  };

  it('answers 401 to "who am I" without a session', async () => {
    const res = await http().get('/api/auth/me').expect(401);
    expect(res.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
  });

  it('emails a link to the confirm page that signs a new host up, then out', async () => {
    const email = newEmail();
    const asked = await askForLink(email).expect(200);
    expect(asked.body.message).toMatch(/Check your email/);

    const link = await latestMagicLink(t.dataDir, email);
    expect(link.url.pathname).toBe('/auth/confirm');
    expect(link.type).toBe('magiclink');
    expect(Buffer.from(link.access_token, 'base64url').length).toBeGreaterThanOrEqual(32);

    // A mail scanner opening the link (the fragment never reaches a server) does not spend it.
    await http().get(link.url.pathname).set('Accept', 'text/html');

    const res = await verify(link).expect(200);
    expect(res.body).toMatchObject({
      user: { email, package_type: null, photos_remaining: 0, photos_processed: 0, has_external_auth_id: true },
      hasOrders: false,
      isNewUser: true,
    });
    expect(Date.parse(res.body.user.signup_date)).toBeGreaterThan(Date.now() - 60_000);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/sid=[\w-]{40,}/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/); // only in production
    const cookie = sessionCookie(res.headers['set-cookie']);

    const me = await http().get('/api/auth/me').set('Cookie', cookie).expect(200);
    expect(me.body).toMatchObject({ id: res.body.user.id, email });

    await http().post('/api/auth/logout').set('Cookie', cookie).set('X-Requested-With', 'test').expect(204);
    await http().get('/api/auth/me').set('Cookie', cookie).expect(401);
  });

  it('logs a known address into the same account with a new session id', async () => {
    const email = newEmail();
    const first = await signInByEmail(t.app, t.dataDir, email);
    const firstUser = (await http().get('/api/auth/me').set('Cookie', first).expect(200)).body;

    await askForLink(email.toUpperCase()).expect(200);
    const res = await verify(await latestMagicLink(t.dataDir, email), first).expect(200);
    expect(res.body).toMatchObject({ user: { id: firstUser.id }, isNewUser: false });
    const second = sessionCookie(res.headers['set-cookie']);
    expect(second).not.toBe(first);
    await http().get('/api/auth/me').set('Cookie', second).expect(200);
    // The session the browser arrived with is gone: no fixation.
    await http().get('/api/auth/me').set('Cookie', first).expect(401);
  });

  it('refuses a link used twice, and starts no session the second time', async () => {
    const email = newEmail();
    await askForLink(email).expect(200);
    const link = await latestMagicLink(t.dataDir, email);
    await verify(link).expect(200);

    const replay = await verify(link).expect(401);
    expect(replay.body.message).toBe('This sign-in link has already been used. Please request a new one.');
    expect(replay.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a link after 15 minutes', async () => {
    const email = newEmail();
    await askForLink(email).expect(200);
    const link = await latestMagicLink(t.dataDir, email);

    const clock = t.app.get(Clock);
    const later = new Date(Date.now() + 15 * 60 * 1000 + 1000);
    jest.spyOn(clock, 'now').mockReturnValue(later);

    const res = await verify(link).expect(401);
    expect(res.body.message).toBe('This sign-in link has expired. Please request a new one.');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    ['no access_token', { refresh_token: 'x', type: 'magiclink' }],
    ['an unknown token', { access_token: 'A'.repeat(43), refresh_token: 'B'.repeat(43), type: 'magiclink' }],
    ['a malformed token', { access_token: '%%%', refresh_token: '', type: 'magiclink' }],
    ['an unknown type', { access_token: 'A'.repeat(43), refresh_token: 'B'.repeat(43), type: 'recovery' }],
  ])('refuses %s with the spec sentence and no session', async (_case, body) => {
    const res = await verify(body);
    expect([400, 401]).toContain(res.status);
    expect(res.body.message).toBe('Invalid magic link. Please request a new one.');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a real access token paired with the wrong refresh token', async () => {
    const email = newEmail();
    await askForLink(email).expect(200);
    const link = await latestMagicLink(t.dataDir, email);
    const res = await verify({ ...link, refresh_token: 'B'.repeat(43) }).expect(401);
    expect(res.body.message).toBe('Invalid magic link. Please request a new one.');
  });

  it('answers known and unknown addresses identically', async () => {
    const known = newEmail();
    await signInByEmail(t.app, t.dataDir, known);
    const a = await askForLink(known);
    const b = await askForLink(newEmail());
    expect(a.status).toBe(200);
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
  });

  it('refuses an invalid address with a readable message', async () => {
    const res = await askForLink('not-an-address').expect(400);
    expect(res.body.message).toBe('Please enter a valid email address');
  });

  it('limits links per address to 5 per 15 minutes, with a readable 429', async () => {
    const email = newEmail();
    for (let i = 0; i < 5; i++) await askForLink(email).expect(200);
    const limited = await askForLink(email).expect(429);
    expect(limited.body.message).toBe('Too many sign-in links requested. Please wait a few minutes and try again.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await askForLink(newEmail()).expect(200);

    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 16 * 60 * 1000));
    await askForLink(email).expect(200);
  });

  it('limits links per IP address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) await askForLink(newEmail(), ip).expect(200);
    const limited = await askForLink(newEmail(), ip).expect(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    await askForLink(newEmail(), freshIp()).expect(200);
  });

  describe('CSRF', () => {
    it('refuses a cookie request that changes state without X-Requested-With', async () => {
      const cookie = await signInByEmail(t.app, t.dataDir, newEmail());
      const res = await http().post('/api/auth/logout').set('Cookie', cookie).expect(403);
      expect(res.body.code).toBe('CSRF_REJECTED');
      await http().get('/api/auth/me').set('Cookie', cookie).expect(200);
    });

    it('refuses a form-encoded body on a JSON route even with the header', async () => {
      const cookie = await signInByEmail(t.app, t.dataDir, newEmail());
      await http()
        .post('/api/auth/fix-supabase-id')
        .set('Cookie', cookie)
        .set('X-Requested-With', 'test')
        .type('form')
        .send({ a: '1' })
        .expect(403);
    });

    it('covers the multipart photo upload too', async () => {
      const cookie = await signInByEmail(t.app, t.dataDir, newEmail());
      const res = await http()
        .post('/api/photos/upload')
        .set('Cookie', cookie)
        .field('orderId', 'any')
        .attach('photos', Buffer.from('not really a photo'), 'room.jpg')
        .expect(403);
      expect(res.body.code).toBe('CSRF_REJECTED');
    });

    it('refuses sign-in requests without the header, so no site can sign a visitor in', async () => {
      await http().post('/api/auth/email').send({ email: newEmail() }).expect(403);
      await http().post('/api/auth/verify').send({ access_token: 'x' }).expect(403);
    });
  });
});

describe('the session cookie in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(PRODUCTION_ENV);
  }, 60_000);
  afterAll(async () => t?.close());

  it('is Secure as well as HttpOnly and SameSite=Lax', async () => {
    const server = t.app.getHttpServer();
    await request(server)
      .post('/api/auth/email')
      .set('X-Requested-With', 'test')
      .send({ email: 'prod@example.com' })
      .expect(200);
    const link = await latestMagicLink(t.dataDir, 'prod@example.com');
    expect(link.url.origin).toBe('https://photos.example.com');
    const res = await request(server)
      .post('/api/auth/verify')
      .set('X-Requested-With', 'test')
      .send({ access_token: link.access_token, refresh_token: link.refresh_token, type: link.type })
      .expect(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/sid=.*HttpOnly/);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).toMatch(/SameSite=Lax/);
  });
});
