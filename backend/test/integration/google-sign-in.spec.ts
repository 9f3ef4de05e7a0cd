import request from 'supertest';
import { sessionCookie, signInByEmail } from '../support/auth';
import { authorizeAtProvider, type LocalOidcProvider, startOidcProvider } from '../support/oidc-provider';
import { startTestApp, type TestApp } from '../support/test-app';

const CALLBACK = 'http://localhost:3000/api/auth/google/callback';

describe('signing in with Google against a local OpenID provider', () => {
  let provider: LocalOidcProvider;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startOidcProvider({
      redirectUri: CALLBACK,
      accounts: {
        'sub-new': { email: 'new.google@example.com', email_verified: true, name: 'Nadia New' },
        'sub-existing': { email: 'Existing@Example.com', email_verified: true, name: 'Eli Existing' },
        'sub-unverified': { email: 'unverified@example.com', email_verified: false },
        'sub-other': { email: 'other.google@example.com', email_verified: true },
      },
    });
    t = await startTestApp({ ...provider.env, PUBLIC_URL: 'http://localhost:3000' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  const http = () => request(t.app.getHttpServer());

  /** GET /api/auth/google as a browser would: the redirect to the provider and the state cookie it sets. */
  async function start(query = '') {
    const res = await http().get(`/api/auth/google${query}`).expect(302);
    const stateCookie = String(res.headers['set-cookie']).split(';')[0];
    return { location: res.headers.location as string, stateCookie };
  }

  /** The whole redirect dance; answers the client's JSON call to the callback. */
  async function signInWithGoogle(accountId: string, query = '') {
    const { location, stateCookie } = await start(query);
    const back = await authorizeAtProvider(location, accountId, CALLBACK);
    return http().get(`/api/auth/google/callback${back.search}`).set('Cookie', stateCookie);
  }

  it('offers Google on the sign-in card', async () => {
    expect((await http().get('/api/auth/providers').expect(200)).body).toEqual({ google: true });
  });

  it('redirects to the provider with state and an S256 PKCE challenge', async () => {
    const { location, stateCookie } = await start();
    const url = new URL(location);
    expect(url.origin + url.pathname).toBe(`${provider.issuer}/auth`);
    expect(url.searchParams.get('client_id')).toBe(provider.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(stateCookie).toMatch(/^g_oauth=/);
  });

  it('signs a new person up through the whole redirect flow', async () => {
    const { location, stateCookie } = await start();
    const back = await authorizeAtProvider(location, 'sub-new', CALLBACK);
    expect(back.searchParams.get('code')).toBeTruthy();

    // The browser's arrival is handed to the client's confirm screen, untouched and without a session...
    const arrival = await http()
      .get(`/api/auth/google/callback${back.search}`)
      .set('Accept', 'text/html')
      .set('Cookie', stateCookie)
      .expect(302);
    expect(arrival.headers.location).toBe(`/auth/confirm${back.search}`);
    expect(String(arrival.headers['set-cookie'] ?? '')).not.toMatch(/sid=/);

    // ...which calls back as JSON and is signed in.
    const res = await http().get(`/api/auth/google/callback${back.search}`).set('Cookie', stateCookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      user: { email: 'new.google@example.com', name: 'Nadia New', has_google: true, package_type: null },
      isNewUser: true,
      hasOrders: false,
    });
    const me = await http().get('/api/auth/me').set('Cookie', sessionCookie(res.headers['set-cookie'])).expect(200);
    expect(me.body.email).toBe('new.google@example.com');
  });

  it('joins the account that already has the same verified email', async () => {
    const cookie = await signInByEmail(t.app, t.dataDir, 'existing@example.com');
    const existing = (await http().get('/api/auth/me').set('Cookie', cookie).expect(200)).body;

    const res = await signInWithGoogle('sub-existing');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user: { id: existing.id, has_google: true }, isNewUser: false });
  });

  it('refuses a callback whose state does not match this browser, with no session', async () => {
    const { location } = await start();
    const back = await authorizeAtProvider(location, 'sub-other', CALLBACK);
    const { stateCookie: someoneElses } = await start();

    for (const cookie of [someoneElses, '']) {
      const res = await http().get(`/api/auth/google/callback${back.search}`).set('Cookie', cookie).expect(401);
      expect(res.body.message).toBe('Your Google sign-in could not be verified. Please try again.');
      expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(/sid=[^;]/);
    }
  });

  it('does not accept the same callback twice', async () => {
    const { location, stateCookie } = await start();
    const back = await authorizeAtProvider(location, 'sub-other', CALLBACK);
    await http().get(`/api/auth/google/callback${back.search}`).set('Cookie', stateCookie).expect(200);
    await http().get(`/api/auth/google/callback${back.search}`).set('Cookie', stateCookie).expect(401);
  });

  it('refuses an account whose email Google has not verified', async () => {
    const res = await signInWithGoogle('sub-unverified');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Your Google account email is not verified, so we cannot sign you in with it.');
  });

  it('carries a same-origin return address and refuses any other', async () => {
    const res = await signInWithGoogle('sub-other', '?returnTo=%2Forder%3Forder%3Dabc');
    expect(res.body.returnTo).toBe('/order?order=abc');

    for (const evil of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      const refused = await http()
        .get(`/api/auth/google?returnTo=${encodeURIComponent(evil)}`)
        .expect(400);
      expect(refused.body.message).toBe('That return address is not allowed.');
      expect(refused.headers.location).toBeUndefined();
    }
  });

  describe('POST /api/auth/google (ID token credential)', () => {
    const post = (body: object) => http().post('/api/auth/google').set('X-Requested-With', 'test').send(body);
    const claims = { sub: 'sub-credential', email: 'credential@example.com', email_verified: true, name: 'Cora' };

    it('signs in with a credential the provider signed', async () => {
      const res = await post({ credential: await provider.signIdToken(claims) }).expect(200);
      expect(res.body).toMatchObject({ user: { email: 'credential@example.com' }, isNewUser: true, hasOrders: false });
      await http().get('/api/auth/me').set('Cookie', sessionCookie(res.headers['set-cookie'])).expect(200);
    });

    it('refuses a forged credential', async () => {
      const res = await post({ credential: await provider.forgeIdToken(claims) }).expect(401);
      expect(res.body.message).toBe('Failed to sign in with Google');
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('refuses an expired credential', async () => {
      const expired = await provider.signIdToken(claims, { expiresIn: Math.floor(Date.now() / 1000) - 60 });
      const res = await post({ credential: expired }).expect(401);
      expect(res.body.message).toBe('Your Google sign-in has expired. Please try again.');
    });

    it('refuses a credential from another issuer', async () => {
      const res = await post({ credential: await provider.signIdToken(claims, { issuer: 'https://evil.example' }) });
      expect(res.status).toBe(401);
    });

    it('refuses a bare googleId, email and name', async () => {
      const res = await post({ googleId: 'sub-credential', email: 'credential@example.com', name: 'Cora' }).expect(400);
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('refuses garbage', async () => {
      await post({ credential: 'not.a.jwt' }).expect(401);
    });
  });
});

describe('Google sign-in when not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(async () => t?.close());

  it('hides the button and answers that Google sign-in is not configured', async () => {
    const http = () => request(t.app.getHttpServer());
    expect((await http().get('/api/auth/providers').expect(200)).body).toEqual({ google: false });
    const start = await http().get('/api/auth/google').expect(404);
    expect(start.body.message).toBe('Google sign-in is not configured.');
    await http().get('/api/auth/google/callback?code=x&state=y').expect(404);
    const post = await http()
      .post('/api/auth/google')
      .set('X-Requested-With', 'test')
      .send({ credential: 'x.y.z' })
      .expect(404);
    expect(post.body.message).toBe('Google sign-in is not configured.');
  });
});
