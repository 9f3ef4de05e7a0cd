import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ObjectStorage } from '../../src/modules/storage/ports/object-storage';
import { readOutbox } from '../helpers/outbox';
import { signInByEmail } from '../support/auth';
import { pngBombHeader, realPhotos, smallJpeg, zipEntries, zipEntryNames } from '../support/photos';
import { startTestApp, type TestApp } from '../support/test-app';
import { binary, buyPackage, sessionOn, waitFor } from '../support/journey';

/** From photos on a phone to enhanced photos downloaded, through HTTP only. */
describe('upload to delivery', () => {
  let t: TestApp;
  const http = () => request(t.app.getHttpServer());
  const as = (cookie: string) => sessionOn(t.app.getHttpServer(), cookie);

  beforeAll(async () => {
    // The classical engine keeps the suite quick; the learned model has its own slow suite.
    t = await startTestApp({ ENHANCER_ENGINE: 'classic' });
  }, 60_000);
  afterAll(async () => t?.close());

  const buy = (cookie: string, packageType = 'basic') => buyPackage(as(cookie), packageType);

  function upload(cookie: string, orderId: string, files: { name: string; data: Buffer }[]) {
    let req = as(cookie).post('/api/photos/upload').field('orderId', orderId);
    for (const f of files) req = req.attach('photos', f.data, f.name);
    return req;
  }

  async function storedKeys(prefix: string) {
    return t.app.get(ObjectStorage).list(prefix);
  }

  it('takes a host from upload to a downloaded zip with one ready email', async () => {
    const cookie = await signInByEmail(t.app, t.dataDir, 'journey@example.com');
    const orderId = await buy(cookie);
    const photos = realPhotos(5);

    const first = await upload(cookie, orderId, photos.slice(0, 2)).expect(201);
    expect(first.body.order).toEqual({ id: orderId, status: 'new', photos_remaining: 3 });
    expect(first.body.photos.map((p: { name: string }) => p.name)).toEqual(photos.slice(0, 2).map((p) => p.name));
    expect((await as(cookie).get('/api/auth/me')).body.photos_remaining).toBe(3);

    const rest = await upload(cookie, orderId, photos.slice(2)).expect(201);
    expect(rest.body.order).toEqual({ id: orderId, status: 'pending', photos_remaining: 0 });
    for (const p of [...first.body.photos, ...rest.body.photos]) {
      expect(p.original_path).toMatch(new RegExp(`^originals/\\d+/${orderId}/${p.id}\\.jpg$`));
    }

    const order = await waitFor(async () => {
      const res = await as(cookie).get(`/api/orders/${orderId}`);
      return res.body.status === 'completed' ? res.body : undefined;
    });
    expect(order.photos).toHaveLength(5);
    expect(
      order.photos.every((p: { status: string; enhanced_path: string }) => p.status === 'completed' && p.enhanced_path),
    ).toBe(true);

    // One property, one look: the five bedrooms were matched before the order completed.
    expect(order.photos_matched).toBe(5);
    const me = (await as(cookie).get('/api/auth/me')).body;
    expect(me.photos_processed).toBe(5);

    const events = await t.app
      .get(DataSource)
      .query(
        `SELECT event, count(*)::int AS n FROM analytics_events WHERE properties->>'orderId' = $1 GROUP BY event`,
        [orderId],
      );
    expect(Object.fromEntries(events.map((e: { event: string; n: number }) => [e.event, e.n]))).toEqual({
      // One per upload request (two here), counting what the photo checks flagged.
      'Photo Checks': 2,
      'Photo Processing Start': 1,
      'Photo Processing Complete': 5,
      'Order Harmonised': 1,
      'Order Completion': 1,
    });

    const ready = await waitFor(async () => {
      const mails = (await readOutbox(path.join(t.dataDir, 'outbox'))).filter(
        (m) => m.subject === 'Your enhanced photos are ready',
      );
      return mails.length > 0 ? mails : undefined;
    });
    await new Promise((r) => setTimeout(r, 500));
    const allReady = (await readOutbox(path.join(t.dataDir, 'outbox'))).filter(
      (m) => m.subject === 'Your enhanced photos are ready',
    );
    expect(allReady).toHaveLength(1);
    expect(ready[0].to).toContain('journey@example.com');
    expect(ready[0].links.some((l) => l.endsWith(`/gallery?order=${orderId}`))).toBe(true);
    // The branded HTML alternative shows the five delivered photos, carried inline (the mail client has no session).
    expect(ready[0].multiparts).toEqual(['multipart/alternative', 'multipart/related']);
    expect(ready[0].html).toContain(`/gallery?order&#x3D;${orderId}`);
    expect([...(ready[0].html ?? '').matchAll(/src="cid:([^"]+)"/g)].map((m) => m[1])).toEqual(
      ready[0].inlineImages.map((image) => image.cid),
    );
    expect(ready[0].inlineImages.map((image) => image.contentType)).toEqual(Array(5).fill('image/jpeg'));

    const photo = order.photos[0];
    const thumb = await as(cookie)
      .get(`/api/photos/file/${photo.thumbnail_path.split('/').pop()}`)
      .expect(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['cache-control']).toBe('private, no-store');
    expect(thumb.headers['x-content-type-options']).toBe('nosniff');

    // Before and after of the same size, for the slider; the caption names the file the download will have.
    const [beforeView, afterView] = await Promise.all(
      [photo.before_preview_path, photo.preview_path].map((key: string) =>
        as(cookie)
          .get(`/api/photos/file/${key.split('/').pop()}`)
          .buffer(true)
          .parse(binary)
          .expect(200),
      ),
    );
    const [beforeMeta, afterMeta] = await Promise.all(
      [beforeView, afterView].map((res) => sharp(res.body as Buffer).metadata()),
    );
    expect(beforeMeta).toMatchObject({ format: 'webp', width: afterMeta.width, height: afterMeta.height });
    const source = await sharp(photos[0].data).metadata();
    expect({ width: photo.width, height: photo.height }).toEqual({ width: source.width, height: source.height });
    expect(photo.download_name).toBe(`${photo.name.replace(/\.jpg$/, '')}-enhanced.jpg`);
    expect(Array.isArray(photo.changes)).toBe(true);

    const single = await as(cookie).get(`/api/download-photo/${photo.id}`).buffer(true).parse(binary).expect(200);
    expect(single.headers['content-type']).toBe('image/jpeg');
    expect(single.headers['content-disposition']).toBe(`attachment; filename="${photo.download_name}"`);
    expect((single.body as Buffer).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const zip = await as(cookie).get(`/api/orders/${orderId}/download`).buffer(true).parse(binary).expect(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toMatch(
      /^attachment; filename="listinglens-enhanced-photos-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const entries = zipEntryNames(zip.body as Buffer);
    expect(entries).toHaveLength(5);
    expect(entries.every((e) => /^enhanced-photos\/.+-enhanced\.jpg$/.test(e))).toBe(true);

    // Listing-platform presets: every photo meets the platform's rules, numbered in the order of the listing.
    const airbnb = await as(cookie)
      .get(`/api/orders/${orderId}/download?preset=airbnb`)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(airbnb.headers['content-disposition']).toMatch(
      /^attachment; filename="listinglens-enhanced-photos-airbnb-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const airbnbPhotos = zipEntries(airbnb.body as Buffer);
    expect(airbnbPhotos.map((e) => e.name)).toEqual(
      entries.map((e, i) => `enhanced-photos/0${i + 1}-${e.replace('enhanced-photos/', '')}`),
    );
    for (const { data } of airbnbPhotos) {
      const { width = 0, height = 0, format } = await sharp(data).metadata();
      expect(format).toBe('jpeg');
      expect(Math.max(width, height) / Math.min(width, height)).toBeCloseTo(1.5, 2);
      expect(Math.min(width, height)).toBeGreaterThanOrEqual(683);
      expect(Math.max(width, height)).toBeLessThanOrEqual(2400);
    }
    const vrbo = await as(cookie).get(`/api/orders/${orderId}/download?preset=vrbo`).buffer(true).parse(binary);
    for (const { data } of zipEntries(vrbo.body as Buffer)) {
      const { width = 0, height = 0 } = await sharp(data).metadata();
      expect(width).toBeGreaterThanOrEqual(1920);
      expect(width).toBeGreaterThan(height);
      expect(data.length).toBeLessThanOrEqual(20 * 1024 * 1024);
    }
    const bad = await as(cookie).get(`/api/orders/${orderId}/download?preset=instagram`).expect(400);
    expect(bad.body).toMatchObject({
      code: 'BAD_EXPORT_PRESET',
      message: 'preset must be one of original, airbnb, vrbo',
    });

    const list = (await as(cookie).get('/api/photos').expect(200)).body;
    expect(list).toHaveLength(5);
    // One cover suggestion per order.
    expect(list.filter((p: { cover_suggestion: boolean }) => p.cover_suggestion)).toHaveLength(1);
    expect(list[0].original_photo_path).toBe(list[0].original_path);
    // Each path names its own photo: the id in the key is the row's id.
    for (const p of list) expect(p.original_path.split('/').pop()).toBe(`${p.id}.jpg`);
  }, 120_000);

  describe('refuses bad uploads, storing nothing and charging nothing', () => {
    let cookie: string;
    let orderId: string;

    beforeAll(async () => {
      cookie = await signInByEmail(t.app, t.dataDir, 'badinput@example.com');
      orderId = await buy(cookie);
    });

    afterEach(async () => {
      const order = (await as(cookie).get(`/api/orders/${orderId}`)).body;
      expect(order).toMatchObject({ status: 'new', photos_remaining: 5, photos: [] });
      expect((await as(cookie).get('/api/auth/me')).body.photos_remaining).toBe(5);
      expect(await storedKeys('originals/')).toEqual(
        (await storedKeys('originals/')).filter((k) => !k.includes(orderId)),
      );
    });

    it.each([
      [
        'a text file named .jpg',
        async () => ({ name: 'notes.jpg', data: Buffer.from('just some text, not a photo') }),
        415,
        'notes.jpg is not a JPG, PNG, WEBP or HEIC image.',
      ],
      [
        'an SVG',
        async () => ({ name: 'logo.svg', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }),
        415,
        'logo.svg is not a JPG, PNG, WEBP or HEIC image.',
      ],
      [
        'a zero-byte file',
        async () => ({ name: 'empty.jpg', data: Buffer.alloc(0) }),
        415,
        'empty.jpg is not a JPG, PNG, WEBP or HEIC image.',
      ],
      [
        'an 11 MB file',
        async () => ({ name: 'huge.jpg', data: Buffer.concat([await smallJpeg(), Buffer.alloc(11 * 1024 * 1024)]) }),
        413,
        'huge.jpg is larger than 10MB.',
      ],
      [
        'a truncated JPEG',
        async () => ({ name: 'cut.jpg', data: (await smallJpeg(1200, 900)).subarray(0, 4000) }),
        400,
        'cut.jpg could not be read as an image. It may be damaged or incomplete.',
      ],
      [
        'a 20000 x 20000 PNG bomb',
        async () => ({ name: 'bomb.png', data: pngBombHeader() }),
        413,
        'bomb.png is too large (more than 100 megapixels).',
      ],
    ])('%s', async (_label, make, status, message) => {
      const good = { name: 'good.jpg', data: await smallJpeg() };
      const res = await upload(cookie, orderId, [good, await make()]).expect(status);
      expect(res.body.message).toBe(message);
    });

    it('more files than credits', async () => {
      const files = await Promise.all(
        Array.from({ length: 6 }, async (_, i) => ({ name: `p${i}.jpg`, data: await smallJpeg() })),
      );
      const res = await upload(cookie, orderId, files).expect(400);
      expect(res.body.message).toBe('You can only upload up to 5 more photo(s).');
    });

    it('no files', async () => {
      const res = await as(cookie).post('/api/photos/upload').field('orderId', orderId).expect(400);
      expect(res.body.message).toBe('Please select at least one file to upload.');
    });

    it("another user's order", async () => {
      const other = await signInByEmail(t.app, t.dataDir, 'intruder@example.com');
      const res = await upload(other, orderId, [{ name: 'x.jpg', data: await smallJpeg() }]).expect(404);
      expect(res.body.code).toBe('ORDER_NOT_FOUND');
    });

    it('not multipart', async () => {
      await as(cookie).post('/api/photos/upload').send({ orderId }).expect(415);
    });
  });

  it('keeps the host’s file name for display only, never in a storage key', async () => {
    const cookie = await signInByEmail(t.app, t.dataDir, 'names@example.com');
    const orderId = await buy(cookie);
    const res = await upload(cookie, orderId, [{ name: '../../etc/passwd.jpg', data: await smallJpeg() }]).expect(201);
    expect(res.body.photos[0].name).toBe('passwd.jpg');
    expect(res.body.photos[0].original_path).toMatch(new RegExp(`^originals/\\d+/${orderId}/\\d+\\.jpg$`));
  });

  it('refuses uploads to a completed order', async () => {
    const cookie = await signInByEmail(t.app, t.dataDir, 'finished@example.com');
    const orderId = await buy(cookie);
    const files = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => ({ name: `f${i}.jpg`, data: await smallJpeg() })),
    );
    await upload(cookie, orderId, files).expect(201);
    await waitFor(async () =>
      (await as(cookie).get(`/api/orders/${orderId}`)).body.status === 'completed' ? true : undefined,
    );
    const res = await upload(cookie, orderId, [files[0]]).expect(409);
    expect(res.body.message).toBe('This order is not accepting uploads.');
  }, 60_000);

  it("answers every file route for someone else's photo like a missing one", async () => {
    const owner = await signInByEmail(t.app, t.dataDir, 'files-owner@example.com');
    const other = await signInByEmail(t.app, t.dataDir, 'files-other@example.com');
    const orderId = await buy(owner);
    const files = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => ({ name: `o${i}.jpg`, data: await smallJpeg() })),
    );
    await upload(owner, orderId, files).expect(201);
    const order = await waitFor(async () => {
      const res = await as(owner).get(`/api/orders/${orderId}`);
      return res.body.status === 'completed' ? res.body : undefined;
    });
    const p = order.photos[0];
    const names = [p.original_path, p.enhanced_path, p.thumbnail_path, p.preview_path, p.before_preview_path].map(
      (k: string) => k.split('/').pop(),
    );
    for (const name of names) {
      await as(owner).get(`/api/photos/file/${name}`).expect(200);
      await as(other).get(`/api/photos/file/${name}`).expect(404);
    }
    await as(other).get(`/api/photos/view/${p.id}`).expect(404);
    await as(other).get(`/api/download-photo/${p.id}`).expect(404);
    await as(other).get(`/api/orders/${orderId}/download`).expect(404);
    await as(owner).get('/api/photos/file/..%2F..%2Fetc%2Fpasswd').expect(404);
    expect((await as(other).get('/api/photos')).body).toEqual([]);
    await http().get(`/api/photos/file/${names[0]}`).expect(401);
  }, 60_000);

  it('says "No photos to process" when nothing is waiting', async () => {
    const cookie = await signInByEmail(t.app, t.dataDir, 'process@example.com');
    const res = await as(cookie)
      .post('/api/photos/process')
      .send({ photoIds: [999999] })
      .expect(400);
    expect(res.body.message).toBe('No photos to process');
  });
});
