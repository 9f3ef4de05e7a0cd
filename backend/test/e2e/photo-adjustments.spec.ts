import sharp from 'sharp';
import request from 'supertest';
import { Clock } from '../../src/modules/auth';
import { EnhancementModel } from '../../src/modules/enhancement/ports/enhancement-model';
import { ObjectStorage } from '../../src/modules/storage/ports/object-storage';
import { signInByEmail } from '../support/auth';
import { binary, buyPackage, waitFor } from '../support/journey';
import { realPhotos, smallJpeg, zipEntryNames } from '../support/photos';
import { testAppForSuite } from '../support/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;

interface ListedPhoto {
  id: number;
  order_id: string;
  status: string;
  enhanced_path: string;
  preview_path: string;
  download_name: string;
  adjusting: boolean;
}

/**
 * Custom adjustments as a host and an integrator use them: rendered again from the original, replacing the
 * delivered version only when ready; premium any number of times within 7 days, basic and standard once per photo;
 * idempotent; owner-checked; bad values refused with nothing written.
 */
describe('photo adjustments', () => {
  const t = testAppForSuite({ ENHANCER_ENGINE: 'classic' });
  const { as, db } = t;
  afterEach(() => jest.restoreAllMocks());

  /** A delivered order of `packageType` with its photos: real bedrooms first, small plain photos for the rest. */
  async function deliveredOrder(email: string, packageType: 'basic' | 'premium' = 'basic', count = 5) {
    const cookie = await signInByEmail(t.app, t.dataDir, email);
    const orderId = await buyPackage(as(cookie), packageType);
    const rooms = realPhotos(5).map((p) => p.data);
    let upload = as(cookie).post('/api/photos/upload').field('orderId', orderId);
    for (let i = 0; i < count; i++) upload = upload.attach('photos', rooms[i] ?? (await smallJpeg()), `room-${i}.jpg`);
    await upload.expect(201);
    const order = await waitFor(async () => {
      const body = (await as(cookie).get(`/api/orders/${orderId}`)).body;
      return body.status === 'completed' ? body : undefined;
    }, 120_000);
    return {
      cookie,
      orderId,
      completedAt: new Date(order.completed_at),
      photoIds: order.photos.map((p: { id: number }) => p.id) as number[],
    };
  }

  const photoOf = async (cookie: string, photoId: number): Promise<ListedPhoto> =>
    (await as(cookie).get('/api/photos').expect(200)).body.find((p: ListedPhoto) => p.id === photoId);

  const adjustmentsOf = async (cookie: string, photoId: number) =>
    (await as(cookie).get(`/api/photos/${photoId}/adjustments`).expect(200)).body;

  const adjust = (cookie: string, photoId: number, body: Record<string, unknown>) =>
    as(cookie).post(`/api/photos/${photoId}/adjustments`).send(body);

  const waitForAdjustment = (cookie: string, photoId: number, id: number) =>
    waitFor(async () => {
      const found = (await adjustmentsOf(cookie, photoId)).adjustments.find((a: { id: number }) => a.id === id);
      return found && found.status !== 'queued' ? found : undefined;
    });

  const meanLuma = async (jpeg: Buffer) => {
    const { channels } = await sharp(jpeg).stats();
    return 0.2126 * channels[0].mean + 0.7152 * channels[1].mean + 0.0722 * channels[2].mean;
  };

  const download = async (cookie: string, photoId: number) =>
    (await as(cookie).get(`/api/download-photo/${photoId}`).buffer(true).parse(binary).expect(200)).body as Buffer;

  const rows = async () => (await db().query(`SELECT count(*)::int AS n FROM photo_adjustments`))[0].n as number;

  describe('on a basic order', () => {
    let host: Awaited<ReturnType<typeof deliveredOrder>>;
    beforeAll(async () => {
      host = await deliveredOrder('adjust-basic@example.com');
    }, 150_000);

    it('queues once, keeps the delivered version until the new one is ready, then replaces it everywhere', async () => {
      const [photoId] = host.photoIds;
      const before = await photoOf(host.cookie, photoId);
      const oldBytes = await download(host.cookie, photoId);
      const window = await adjustmentsOf(host.cookie, photoId);
      expect(window.remaining).toBe(1);
      expect(new Date(window.adjustable_until).getTime()).toBe(host.completedAt.getTime() + 7 * DAY_MS);

      // Hold the engine so the request can be seen while it is queued.
      const model = t.app.get(EnhancementModel, { strict: false });
      const enhance = model.enhance.bind(model);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      jest.spyOn(model, 'enhance').mockImplementation(async (input, options) => {
        await gate;
        return enhance(input, options);
      });

      const first = await adjust(host.cookie, photoId, { style: 'bright-airy', brightness: 2 }).expect(202);
      expect(first.body).toMatchObject({ photo_id: photoId, status: 'queued', style: 'bright-airy', brightness: 2 });
      expect(first.body).toMatchObject({ warmth: 0, straighten: true });
      const again = await adjust(host.cookie, photoId, { style: 'bright-airy', brightness: 2 }).expect(200);
      expect(again.body.id).toBe(first.body.id);
      const other = await adjust(host.cookie, photoId, { style: 'warm' }).expect(409);
      expect(other.body).toMatchObject({
        code: 'ADJUSTMENT_IN_PROGRESS',
        message: 'An adjustment of this photo is already in progress. You can ask for another once it is ready.',
      });
      const waiting = await photoOf(host.cookie, photoId);
      expect(waiting).toMatchObject({ adjusting: true, enhanced_path: before.enhanced_path });
      expect(await download(host.cookie, photoId)).toEqual(oldBytes);

      release();
      const done = await waitForAdjustment(host.cookie, photoId, first.body.id);
      expect(done.status).toBe('completed');
      const after = await photoOf(host.cookie, photoId);
      expect(after.adjusting).toBe(false);
      expect(after.enhanced_path).toMatch(new RegExp(`/${photoId}-a${first.body.id}-enhanced\\.jpg$`));
      expect(after.download_name).toBe(before.download_name);
      const newBytes = await download(host.cookie, photoId);
      expect(await meanLuma(newBytes)).toBeGreaterThan((await meanLuma(oldBytes)) + 5);
      // The previous files are gone; the zip carries the new version under the same name.
      const storage = t.app.get(ObjectStorage);
      expect(await storage.stat(before.enhanced_path)).toBeNull();
      expect(await storage.stat(before.preview_path)).toBeNull();
      const zip = await as(host.cookie).get(`/api/orders/${host.orderId}/download`).buffer(true).parse(binary);
      expect(zipEntryNames(zip.body as Buffer)).toContain(`enhanced-photos/${before.download_name}`);

      const events = await db().query(
        `SELECT event, count(*)::int AS n FROM analytics_events WHERE properties->>'photoId' = $1 GROUP BY event`,
        [String(photoId)],
      );
      expect(Object.fromEntries(events.map((e: { event: string; n: number }) => [e.event, e.n]))).toMatchObject({
        'Photo Adjustment Requested': 1,
        'Photo Adjustment Complete': 1,
      });
    }, 120_000);

    it('refuses a second adjustment of the same photo with a clear message, queueing nothing', async () => {
      const [photoId, otherPhotoId] = host.photoIds;
      const count = await rows();
      const res = await adjust(host.cookie, photoId, { style: 'warm' }).expect(422);
      expect(res.body).toMatchObject({
        code: 'ADJUSTMENT_ALLOWANCE_USED',
        message:
          'This photo has had its free rework. Premium packages include unlimited adjustments within 7 days of delivery.',
      });
      expect(await rows()).toBe(count);
      expect((await adjustmentsOf(host.cookie, photoId)).remaining).toBe(0);
      // The allowance is per photo: the order's other photos still have theirs.
      const other = await adjust(host.cookie, otherPhotoId, { style: 'natural', straighten: false }).expect(202);
      await waitForAdjustment(host.cookie, otherPhotoId, other.body.id);
    }, 60_000);

    it('refuses after 7 days from delivery, naming the day the window closed', async () => {
      const photoId = host.photoIds[2];
      jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(host.completedAt.getTime() + 8 * DAY_MS));
      const count = await rows();
      const res = await adjust(host.cookie, photoId, { style: 'warm' }).expect(422);
      expect(res.body.code).toBe('ADJUSTMENT_WINDOW_CLOSED');
      expect(res.body.message).toMatch(
        /^Adjustments can be requested within 7 days of delivery; this photo's window closed on \w+ \d{1,2}, \d{4}\.$/,
      );
      expect(await rows()).toBe(count);
      expect((await adjustmentsOf(host.cookie, photoId)).remaining).toBe(0);
    });

    it("answers for someone else's photo like a missing one, and asks strangers to sign in", async () => {
      const stranger = await signInByEmail(t.app, t.dataDir, 'adjust-stranger@example.com');
      const photoId = host.photoIds[3];
      const res = await adjust(stranger, photoId, { style: 'warm' }).expect(404);
      expect(res.body).toMatchObject({ code: 'PHOTO_NOT_AVAILABLE', message: 'Photo not available' });
      await as(stranger).get(`/api/photos/${photoId}/adjustments`).expect(404);
      await request(t.app.getHttpServer())
        .post(`/api/photos/${photoId}/adjustments`)
        .set('X-Requested-With', 'test')
        .send({ style: 'warm' })
        .expect(401);
      await adjust(host.cookie, 999_999, { style: 'warm' }).expect(404);
    });

    it.each([
      [{ style: 'sepia' }, 'style must be one of listing, natural, bright-airy, warm'],
      [{}, 'style must be one of listing, natural, bright-airy, warm'],
      [{ style: 'warm', brightness: 3 }, 'brightness must be a whole number of steps from -2 to 2'],
      [{ style: 'warm', brightness: 1.5 }, 'brightness must be a whole number of steps from -2 to 2'],
      [{ style: 'warm', warmth: '1' }, 'warmth must be a whole number of steps from -2 to 2'],
      [{ style: 'warm', straighten: 'yes' }, 'straighten must be true or false'],
    ])('refuses %j with "%s", writing nothing', async (body, message) => {
      const count = await rows();
      const res = await adjust(host.cookie, host.photoIds[4], body).expect(400);
      expect(JSON.stringify(res.body)).toContain(message);
      expect(await rows()).toBe(count);
    });
  });

  it('lets a premium host adjust the same photo again and again within 7 days', async () => {
    const host = await deliveredOrder('adjust-premium@example.com', 'premium', 40);
    const [photoId] = host.photoIds;
    expect((await adjustmentsOf(host.cookie, photoId)).remaining).toBeNull();
    for (const body of [{ style: 'warm' }, { style: 'listing', warmth: -2 }, { style: 'bright-airy' }]) {
      const res = await adjust(host.cookie, photoId, body).expect(202);
      expect((await waitForAdjustment(host.cookie, photoId, res.body.id)).status).toBe('completed');
    }
    const { adjustments, remaining } = await adjustmentsOf(host.cookie, photoId);
    expect(remaining).toBeNull();
    expect(adjustments.map((a: { style: string }) => a.style)).toEqual(['bright-airy', 'listing', 'warm']);
  }, 240_000);
});
