import request from 'supertest';
import { signInByEmail } from '../support/auth';
import { buyPackage, sessionOn, uploadPhotos, type HostSession } from '../support/journey';
import { smallJpeg } from '../support/photos';
import { startTestApp, type TestApp } from '../support/test-app';

/** The orders page's list: each of the host's orders with its counts, newest first, and only the host's. */
describe('GET /api/orders', () => {
  let t: TestApp;
  let host: HostSession;

  beforeAll(async () => {
    t = await startTestApp({ ENHANCER_ENGINE: 'classic' });
    host = sessionOn(t.app.getHttpServer(), await signInByEmail(t.app, t.dataDir, 'lister@example.com'));
  }, 120_000);
  afterAll(async () => t?.close());

  it("carries each order's package, price, credits and status, newest first, as the order itself says them", async () => {
    const basic = await buyPackage(host, 'basic');
    const standard = await buyPackage(host, 'standard');
    await uploadPhotos(host, standard, [await smallJpeg(), await smallJpeg(400, 300)]).expect(201);
    const other = sessionOn(t.app.getHttpServer(), await signInByEmail(t.app, t.dataDir, 'other@example.com'));
    await buyPackage(other, 'premium');

    const list = (await host.get('/api/orders').expect(200)).body as Record<string, unknown>[];

    expect(list.map((o) => o.id)).toEqual([standard, basic]);
    expect(list[0]).toMatchObject({
      package_type: 'standard',
      amount: 6900,
      photos_purchased: 20,
      photos_remaining: 18,
      status: 'new',
      completed_at: null,
      purged_at: null,
      photos_matched: null,
    });
    expect(list[1]).toMatchObject({ package_type: 'basic', amount: 2900, photos_purchased: 5, photos_remaining: 5 });
    for (const summary of list) {
      const { photos: _photos, ...detail } = (await host.get(`/api/orders/${String(summary.id)}`).expect(200)).body;
      expect(summary).toEqual(detail);
    }
  });

  it('is empty for a host with no order', async () => {
    const cookie = await signInByEmail(t.app, t.dataDir, 'newcomer@example.com');
    await request(t.app.getHttpServer()).get('/api/orders').set('Cookie', cookie).expect(200, []);
  });
});
