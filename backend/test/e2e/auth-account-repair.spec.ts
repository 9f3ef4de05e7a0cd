import request from 'supertest';
import { DataSource } from 'typeorm';
import { signInByEmail } from '../support/auth';
import { startTestApp, type TestApp } from '../support/test-app';

describe('account repair (linking the sign-in identity)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(async () => t?.close());

  const http = () => request(t.app.getHttpServer());

  it('links a new account at signup, so it never needs repair', async () => {
    const cookie = await signInByEmail(t.app, t.dataDir, 'fresh@example.com');
    const me = await http().get('/api/auth/me').set('Cookie', cookie).expect(200);
    expect(me.body.has_external_auth_id).toBe(true);
  });

  it('fixes an older account that has no external auth id, once', async () => {
    const cookie = await signInByEmail(t.app, t.dataDir, 'legacy@example.com');
    await t.app
      .get(DataSource)
      .query(`UPDATE users SET supabase_id = NULL, package_type = 'basic' WHERE email = 'legacy@example.com'`);
    const before = await http().get('/api/auth/me').set('Cookie', cookie).expect(200);
    expect(before.body).toMatchObject({ has_external_auth_id: false, package_type: 'basic' });

    const fixed = await http()
      .post('/api/auth/fix-supabase-id')
      .set('Cookie', cookie)
      .set('X-Requested-With', 'test')
      .expect(200);
    expect(fixed.body).toMatchObject({ email: 'legacy@example.com', has_external_auth_id: true });
    const [{ supabase_id: linked }] = await t.app
      .get(DataSource)
      .query(`SELECT supabase_id FROM users WHERE email = 'legacy@example.com'`);

    await http().post('/api/auth/fix-supabase-id').set('Cookie', cookie).set('X-Requested-With', 'test').expect(200);
    const [{ supabase_id: again }] = await t.app
      .get(DataSource)
      .query(`SELECT supabase_id FROM users WHERE email = 'legacy@example.com'`);
    expect(again).toBe(linked);
  });

  it('needs a signed-in user', async () => {
    const res = await http().post('/api/auth/fix-supabase-id').set('X-Requested-With', 'test').expect(401);
    expect(res.body.message).toBe('You need to sign in first.');
  });
});
