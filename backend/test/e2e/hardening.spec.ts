import fs from 'node:fs';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import path from 'node:path';
import request from 'supertest';
import { freshIp, latestMagicLink, signInByEmail } from '../support/auth';
import { buyPackage, sessionOn, waitForOrder } from '../support/journey';
import { smallJpeg, zipEntryNames } from '../support/photos';
import { PRODUCTION_ENV, startTestApp, type TestApp } from '../support/test-app';

/** Every file under a folder, including the adapters' in-flight `~tmp-` files that listings leave out. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

/** What an attacker probed from outside: each answer is a clear 4xx that changes nothing, never a 500 or a stack. */
describe('hardening', () => {
  let t: TestApp;
  const server = () => t.app.getHttpServer();
  let email = 0;
  const newEmail = () => `hardening-${++email}-${Date.now()}@example.com`;

  beforeAll(async () => {
    t = await startTestApp({ ENHANCER_ENGINE: 'classic' });
  }, 60_000);
  afterAll(async () => t?.close());

  describe('login CSRF through other spellings of the sign-in paths', () => {
    it.each(['/API/auth/verify', '/api/AUTH/verify', '/Api/Auth/Verify'])(
      'refuses a cross-site form post to %s and signs nobody in',
      async (spelling) => {
        const address = newEmail();
        await request(server())
          .post('/api/auth/email')
          .set('X-Requested-With', 'test')
          .send({ email: address })
          .expect(200);
        const link = await latestMagicLink(t.dataDir, address);
        const res = await request(server())
          .post(spelling)
          .set('Origin', 'https://evil.example')
          .type('form')
          .send({ access_token: link.access_token, refresh_token: link.refresh_token, type: link.type });
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('CSRF_REJECTED');
        expect(res.headers['set-cookie']).toBeUndefined();
        // Nothing was spent: the host's own link still signs them in.
        await request(server())
          .post('/api/auth/verify')
          .set('X-Requested-With', 'test')
          .send({ access_token: link.access_token, refresh_token: link.refresh_token, type: link.type })
          .expect(200);
      },
    );

    it.each(['/API/auth/email', '/api/auth/EMAIL', '/API/AUTH/GOOGLE'])(
      'holds %s to the sign-in rule without a cookie',
      async (spelling) => {
        const res = await request(server()).post(spelling).send({ email: newEmail() });
        expect(res.status).toBe(403);
      },
    );
  });

  describe('NUL characters and deep JSON', () => {
    let cookie: string;
    beforeAll(async () => {
      cookie = await signInByEmail(t.app, t.dataDir, newEmail());
    });

    it.each(['/api/orders/%00', '/api/orders/%00/download', '/api/photos/file/%00.jpg', '/api/orders/a%00b'])(
      'answers GET %s with 400 and a clear message',
      async (url) => {
        const res = await request(server()).get(url).set('Cookie', cookie);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          statusCode: 400,
          code: 'NUL_CHARACTER',
          message: 'The request contains a NUL character, which is not allowed.',
        });
      },
    );

    it('refuses NUL in the contact form and in an API key name, storing nothing', async () => {
      const contact = await request(server())
        .post('/api/contact')
        .set('X-Requested-With', 'test')
        .set('X-Forwarded-For', freshIp())
        .send({ name: 'Ma\u0000ria', email: 'm@example.com', subject: 'Hello', message: 'A message \u0000 here.' });
      expect(contact.status).toBe(400);
      expect(contact.body.code).toBe('NUL_CHARACTER');
      const key = await request(server())
        .post('/api/api-keys')
        .set('Cookie', cookie)
        .set('X-Requested-With', 'test')
        .send({ name: 'pms\u0000' });
      expect(key.status).toBe(400);
      const keys = await request(server()).get('/api/api-keys').set('Cookie', cookie).expect(200);
      expect(keys.body).toEqual([]);
    });

    it('refuses JSON nested 20,000 deep with 400', async () => {
      const deep = '['.repeat(20_000) + ']'.repeat(20_000);
      const res = await request(server())
        .post('/api/contact')
        .set('X-Requested-With', 'test')
        .set('Content-Type', 'application/json')
        .send(deep);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        code: 'JSON_TOO_DEEP',
        message: 'The request body is nested too deeply.',
      });
    });

    it('no longer parses urlencoded bodies on JSON routes', async () => {
      const res = await request(server())
        .post('/api/contact')
        .set('X-Requested-With', 'test')
        .set('X-Forwarded-For', freshIp())
        .type('form')
        .send({ name: 'Maria', email: 'm@example.com', subject: 'Hello', message: 'A long enough message.' });
      expect(res.status).toBe(400);
    });
  });

  describe('uploads', () => {
    it('keeps UTF-8 file names as the host wrote them', async () => {
      const host = sessionOn(server(), await signInByEmail(t.app, t.dataDir, newEmail()));
      const orderId = await buyPackage(host, 'basic');
      const res = await host
        .post('/api/photos/upload')
        .field('orderId', orderId)
        .attach('photos', await smallJpeg(), 'Küche.jpg')
        .attach('photos', await smallJpeg(), 'Ванная комната.jpg')
        .expect(201);
      expect(res.body.photos.map((p: { name: string }) => p.name)).toEqual(['Küche.jpg', 'Ванная комната.jpg']);
      const order = await host.get(`/api/orders/${orderId}`).expect(200);
      expect(order.body.photos.map((p: { name: string }) => p.name).sort()).toEqual(
        ['Küche.jpg', 'Ванная комната.jpg'].sort(),
      );

      // Delivered under the same names: the single download and the zip.
      let rest = host.post('/api/photos/upload').field('orderId', orderId);
      for (const name of ['a.jpg', 'b.jpg', 'c.jpg']) rest = rest.attach('photos', await smallJpeg(), name);
      await rest.expect(201);
      const done = await waitForOrder(host, orderId, (o) => o.status === 'completed', 60_000);
      const kitchen = (done.photos as { id: number; name?: string }[]).find((p) => p.name === 'Küche.jpg')!;
      const single = await host.get(`/api/download-photo/${kitchen.id}`).expect(200);
      expect(single.headers['content-disposition']).toContain("filename*=UTF-8''K%C3%BCche-enhanced.jpg");
      const zip = await host
        .get(`/api/orders/${orderId}/download`)
        .buffer(true)
        .parse((res, cb) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => cb(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(zipEntryNames(zip.body as Buffer)).toEqual(
        expect.arrayContaining(['enhanced-photos/Küche-enhanced.jpg', 'enhanced-photos/Ванная комната-enhanced.jpg']),
      );
    });

    it('leaves no stored file behind when the client aborts mid-upload, and takes no credit', async () => {
      const cookie = await signInByEmail(t.app, t.dataDir, newEmail());
      const host = sessionOn(server(), cookie);
      const orderId = await buyPackage(host, 'basic');
      const objects = path.join(t.dataDir, 'objects');
      const before = filesUnder(objects).length;

      const listening = server().listening ? server() : server().listen(0);
      const port = (listening.address() as AddressInfo).port;
      const boundary = 'xxBOUNDARYxx';
      const head =
        `--${boundary}\r\nContent-Disposition: form-data; name="orderId"\r\n\r\n${orderId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n';
      const jpeg = await smallJpeg(1600, 1200);
      const req = http.request({
        port,
        method: 'POST',
        path: '/api/photos/upload',
        headers: {
          cookie,
          'x-requested-with': 'test',
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + jpeg.length * 4),
        },
      });
      req.on('error', () => undefined);
      req.write(head);
      req.write(jpeg.subarray(0, Math.floor(jpeg.length / 2)));
      // Long enough for the server to have started storing the file.
      await new Promise((r) => setTimeout(r, 300));
      req.destroy();

      const deadline = Date.now() + 5000;
      while (filesUnder(objects).length > before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(filesUnder(objects)).toHaveLength(before);
      const order = await host.get(`/api/orders/${orderId}`).expect(200);
      expect(order.body.photos_remaining).toBe(5);
      expect(order.body.photos).toEqual([]);
    });
  });

  describe('headers', () => {
    it('marks signed-in JSON as never to be cached, and sends a Content-Security-Policy', async () => {
      const cookie = await signInByEmail(t.app, t.dataDir, newEmail());
      const me = await request(server()).get('/api/auth/me').set('Cookie', cookie).expect(200);
      expect(me.headers['cache-control']).toMatch(/no-store/);
      expect(me.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(me.headers['x-frame-options']).toBe('DENY');
      expect(me.headers['x-content-type-options']).toBe('nosniff');
      expect(me.headers['strict-transport-security']).toBeUndefined();
    });
  });
});

describe('hardening in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(PRODUCTION_ENV);
  }, 60_000);
  afterAll(async () => t?.close());

  it('sends HSTS', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/health').expect(200);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  });

  it('keeps metrics behind the token in every spelling', async () => {
    for (const url of ['/api/metrics', '/api/Metrics', '/api/METRICS', '/api/metrics/']) {
      const res = await request(t.app.getHttpServer()).get(url);
      expect([401, 404]).toContain(res.status);
      expect(res.text).not.toMatch(/http_requests_total|process_cpu/);
    }
  });
});
