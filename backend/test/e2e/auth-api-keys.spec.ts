import request from 'supertest';
import { signInByEmail } from '../support/auth';
import { startTestApp, type TestApp } from '../support/test-app';

describe('API keys for integrators', () => {
  let t: TestApp;
  let cookie: string;
  let otherCookie: string;
  beforeAll(async () => {
    t = await startTestApp();
    cookie = await signInByEmail(t.app, t.dataDir, 'integrator@example.com');
    otherCookie = await signInByEmail(t.app, t.dataDir, 'someone-else@example.com');
  }, 60_000);
  afterAll(async () => t?.close());

  const http = () => request(t.app.getHttpServer());
  const create = (name: string, as = cookie) =>
    http().post('/api/api-keys').set('Cookie', as).set('X-Requested-With', 'test').send({ name });

  it('creates a key shown once, lists it without the secret, and lets it act as the user', async () => {
    const created = await create('Channel manager').expect(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Channel manager',
      prefix: expect.stringMatching(/^llk_.{8}$/),
      key: expect.stringMatching(/^llk_[\w-]{43}$/),
    });
    expect(created.body.key.startsWith(created.body.prefix)).toBe(true);

    const listed = await http().get('/api/api-keys').set('Cookie', cookie).expect(200);
    expect(listed.body).toEqual([
      {
        id: created.body.id,
        name: 'Channel manager',
        prefix: created.body.prefix,
        created: expect.any(String),
        last_used: null,
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.key);

    const me = await http().get('/api/auth/me').set('Authorization', `Bearer ${created.body.key}`).expect(200);
    expect(me.body.email).toBe('integrator@example.com');

    const after = await http().get('/api/api-keys').set('Cookie', cookie).expect(200);
    expect(Date.parse(after.body[0].last_used)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('needs no CSRF header with a key: browsers never send one on their own', async () => {
    const { key } = (await create('Script').expect(201)).body;
    await http().post('/api/auth/fix-supabase-id').set('Authorization', `Bearer ${key}`).expect(200);
  });

  it('stops a revoked key at once', async () => {
    const { id, key } = (await create('Old laptop').expect(201)).body;
    await http().get('/api/auth/me').set('Authorization', `Bearer ${key}`).expect(200);

    await http().delete(`/api/api-keys/${id}`).set('Cookie', cookie).set('X-Requested-With', 'test').expect(204);

    const refused = await http().get('/api/auth/me').set('Authorization', `Bearer ${key}`).expect(401);
    expect(refused.body.message).toBe('This API key is invalid or has been revoked.');
    const listed = await http().get('/api/api-keys').set('Cookie', cookie).expect(200);
    expect(listed.body.map((k: { id: number }) => k.id)).not.toContain(id);
  });

  it("hides another user's keys and cannot revoke them", async () => {
    const { id, key } = (await create('Mine').expect(201)).body;
    const theirs = await http().get('/api/api-keys').set('Cookie', otherCookie).expect(200);
    expect(theirs.body).toEqual([]);
    await http().delete(`/api/api-keys/${id}`).set('Cookie', otherCookie).set('X-Requested-With', 'test').expect(404);
    await http().get('/api/auth/me').set('Authorization', `Bearer ${key}`).expect(200);
  });

  it('does not let a key mint or list keys', async () => {
    const { key } = (await create('Limited').expect(201)).body;
    const res = await http()
      .post('/api/api-keys')
      .set('Authorization', `Bearer ${key}`)
      .send({ name: 'x' })
      .expect(403);
    expect(res.body.message).toBe('API keys can only be managed while signed in on the website.');
  });

  it('refuses an unknown key even alongside a valid session cookie', async () => {
    await http().get('/api/auth/me').set('Authorization', 'Bearer llk_forged').set('Cookie', cookie).expect(401);
  });

  it('asks for a name', async () => {
    const res = await create('').expect(400);
    expect(res.body.message).toBe('Please give the key a name.');
  });

  it('needs a signed-in user', async () => {
    await http().get('/api/api-keys').expect(401);
  });
});
