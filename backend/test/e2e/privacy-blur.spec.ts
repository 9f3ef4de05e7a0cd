import sharp from 'sharp';
import { roomWithFaces } from '../../../libs/engine/test/fixtures/cartoon-faces';
import { signInByEmail } from '../support/auth';
import { buyPackage, type HostSession, uploadPhotos, waitFor } from '../support/journey';
import { realPhotos } from '../support/photos';
import { testAppForSuite } from '../support/test-app';

interface OrderPhoto {
  id: number;
  name: string | null;
  changes: string[];
}
interface PrivacyReport {
  report: { corrections: { privacy?: { faces: number; plates: number; boxes: unknown[] } } };
}

/**
 * The privacy blur: asked for with the payment (validated, nothing created for a bad value), carried by the paid
 * order, changeable by its owner only, passed by the worker to the engine (faces blurred, reported, named under
 * the photo), and per photo: an adjustment makes a delivered photo again with the blur off or on, and without a
 * word on it keeps the order's choice.
 */
describe('privacy blur', () => {
  const t = testAppForSuite({ ENHANCER_ENGINE: 'classic' });
  const { as, db } = t;

  it('stores the choice made when buying (off unless asked for) and shows it on the order and in the list', async () => {
    const host = as(await signInByEmail(t.app, t.dataDir, 'blur-buy@example.com'));
    const blurred = await buyPackage(host, 'basic', { privacyBlur: true });
    const plain = await buyPackage(host);
    expect((await host.get(`/api/orders/${blurred}`).expect(200)).body).toMatchObject({ privacy_blur: true });
    expect((await host.get(`/api/orders/${plain}`).expect(200)).body).toMatchObject({ privacy_blur: false });
    const list = (await host.get('/api/orders').expect(200)).body as { id: string; privacy_blur: boolean }[];
    expect(Object.fromEntries(list.map((o) => [o.id, o.privacy_blur]))).toEqual({ [blurred]: true, [plain]: false });
  });

  it('refuses a privacyBlur that is not true or false, and starts no payment', async () => {
    const host = as(await signInByEmail(t.app, t.dataDir, 'blur-bad@example.com'));
    const intents = async () => Number((await db().query(`SELECT count(*)::int AS n FROM local_payment_intents`))[0].n);
    const before = await intents();
    for (const privacyBlur of ['yes', 1, 'true', null]) {
      const res = await host.post('/api/create-payment-intent').send({ packageType: 'basic', privacyBlur });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('privacyBlur') });
    }
    expect(await intents()).toBe(before);
    expect((await host.get('/api/orders').expect(200)).body).toEqual([]);
  });

  it('lets the owner alone turn the order’s blur on and off', async () => {
    const host = as(await signInByEmail(t.app, t.dataDir, 'blur-owner@example.com'));
    const other = as(await signInByEmail(t.app, t.dataDir, 'blur-stranger@example.com'));
    const orderId = await buyPackage(host);
    const put = (session: HostSession, body: object) => session.put(`/api/orders/${orderId}/privacy-blur`).send(body);
    await put(other, { privacyBlur: true }).expect(404);
    const bad = await put(host, { privacyBlur: 'on' }).expect(400);
    expect(bad.body.message).toContain('privacyBlur must be true or false');
    await put(host, {}).expect(400);
    expect((await host.get(`/api/orders/${orderId}`).expect(200)).body.privacy_blur).toBe(false);
    expect((await put(host, { privacyBlur: true }).expect(200)).body).toMatchObject({
      id: orderId,
      privacy_blur: true,
    });
    expect((await put(host, { privacyBlur: false }).expect(200)).body.privacy_blur).toBe(false);
  });

  it('blurs the faces of a blurred order’s photos, says so, and makes one again without the blur on request', async () => {
    const cookie = await signInByEmail(t.app, t.dataDir, 'blur-faces@example.com');
    const host = as(cookie);
    const orderId = await buyPackage(host, 'basic', { privacyBlur: true });
    const faces = [
      { cx: 420, cy: 380, size: 90, skin: '#e0b090' },
      { cx: 1100, cy: 450, size: 220, skin: '#8a5a3a' },
    ];
    const room = await roomWithFaces(1600, 1000, faces);
    const withFaces = await sharp(Buffer.from(room.data), {
      raw: { width: room.width, height: room.height, channels: 3 },
    })
      .jpeg({ quality: 92 })
      .toBuffer();
    await uploadPhotos(host, orderId, [withFaces, ...realPhotos(4).map((p) => p.data)]).expect(201);
    const order = await waitFor(async () => {
      const res = await host.get(`/api/orders/${orderId}`);
      return res.body.status === 'completed' ? res.body : undefined;
    }, 200_000);
    const [people, ...rooms] = order.photos as OrderPhoto[];

    const reportOf = async (photoId: number) =>
      (
        (await db().query(`SELECT enhancement_report AS report FROM photos WHERE id = $1`, [
          photoId,
        ])) as PrivacyReport[]
      )[0].report.corrections.privacy;
    // The worker asked for the blur on every photo; the faces were found and blurred, and the host reads it.
    expect(await reportOf(people.id)).toMatchObject({ faces: 2, plates: 0 });
    expect(people.changes).toContain('Blurred 2 faces for privacy');
    for (const photo of rooms) expect(await reportOf(photo.id)).toBeDefined();

    const blurredNow = async (photoId: number) =>
      (await host.get(`/api/photos/${photoId}/adjustments`).expect(200)).body.privacy_blurred as boolean;
    expect(await blurredNow(people.id)).toBe(true);

    // Someone else cannot have the photo made again; a bad value is refused and queues nothing.
    const stranger = as(await signInByEmail(t.app, t.dataDir, 'blur-faces-stranger@example.com'));
    await stranger
      .post(`/api/photos/${people.id}/adjustments`)
      .send({ style: 'listing', privacyBlur: false })
      .expect(404);
    const bad = await host.post(`/api/photos/${people.id}/adjustments`).send({ style: 'listing', privacyBlur: 'no' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('privacyBlur must be true or false');

    // The host has this photo without the blur: made again from the original, the faces are left as they are.
    const unblur = await host
      .post(`/api/photos/${people.id}/adjustments`)
      .send({ style: 'listing', privacyBlur: false })
      .expect(202);
    expect(unblur.body).toMatchObject({ privacy_blur: false });
    // Another photo adjusted with no word on the blur keeps the order's choice.
    const keep = await host.post(`/api/photos/${rooms[0].id}/adjustments`).send({ style: 'warm' }).expect(202);
    expect(keep.body).toMatchObject({ privacy_blur: true });
    for (const [photoId, id] of [
      [people.id, unblur.body.id],
      [rooms[0].id, keep.body.id],
    ]) {
      await waitFor(async () => {
        const list = (await host.get(`/api/photos/${photoId}/adjustments`).expect(200)).body.adjustments as {
          id: number;
          status: string;
        }[];
        return list.find((a) => a.id === id && a.status === 'completed');
      }, 120_000);
    }
    expect(await reportOf(people.id)).toBeUndefined();
    expect(await blurredNow(people.id)).toBe(false);
    expect(await reportOf(rooms[0].id)).toBeDefined();
    const after = (await host.get(`/api/orders/${orderId}`).expect(200)).body.photos as OrderPhoto[];
    expect(after.find((p) => p.id === people.id)?.changes.join(' ')).not.toContain('Blurred');
  }, 400_000);
});
