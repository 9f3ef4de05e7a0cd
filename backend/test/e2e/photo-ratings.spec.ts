import request from 'supertest';
import { DataSource } from 'typeorm';
import { Clock } from '../../src/modules/auth';
import { PurgeExpiredPhotos } from '../../src/modules/retention';
import { signInByEmail } from '../support/auth';
import { buyPackage, sessionOn, uploadPhotos, waitForOrder } from '../support/journey';
import { smallJpeg } from '../support/photos';
import { startTestApp, type TestApp } from '../support/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOT_AVAILABLE = { statusCode: 404, code: 'PHOTO_NOT_AVAILABLE', message: 'Photo not available' };

/**
 * "How did we do?" as hosts and integrators use it: one rating per delivered photo, replaced when the host rates
 * again, a 'Photo Rated' event without the note, owner-checked like every photo route, bad input refused naming
 * the field with nothing written, and the rating deleted with the photo's files at the 90-day purge.
 */
describe('photo ratings', () => {
  let t: TestApp;
  let host: { cookie: string; orderId: string; completedAt: Date; photoIds: number[] };
  const db = () => t.app.get(DataSource);
  const http = () => request(t.app.getHttpServer());

  const rate = (cookie: string, photoId: number | string, body: unknown) =>
    http()
      .put(`/api/photos/${photoId}/rating`)
      .set('Cookie', cookie)
      .set('X-Requested-With', 'test')
      .send(body as object);
  const ratingOf = (cookie: string, photoId: number | string) =>
    http().get(`/api/photos/${photoId}/rating`).set('Cookie', cookie);

  const rows = async (photoId?: number) =>
    (
      await db().query(`SELECT count(*)::int AS n FROM photo_ratings WHERE $1::int IS NULL OR photo_id = $1`, [
        photoId ?? null,
      ])
    )[0].n as number;
  const ratedEvents = async (photoId: number) =>
    (await db().query(
      `SELECT distinct_id, properties FROM analytics_events WHERE event = 'Photo Rated' AND properties->>'photoId' = $1
       ORDER BY id`,
      [String(photoId)],
    )) as { distinct_id: string; properties: Record<string, unknown> }[];

  /** A signed-in host with a delivered basic order of five small photos. */
  async function deliveredOrder(email: string) {
    const cookie = await signInByEmail(t.app, t.dataDir, email);
    const as = sessionOn(t.app.getHttpServer(), cookie);
    const orderId = await buyPackage(as);
    await uploadPhotos(as, orderId, await Promise.all([1, 2, 3, 4, 5].map(() => smallJpeg()))).expect(201);
    await waitForOrder(as, orderId, (o) => o.status === 'completed', 60_000);
    const order = (await as.get(`/api/orders/${orderId}`).expect(200)).body;
    return {
      cookie,
      orderId,
      completedAt: new Date(order.completed_at),
      photoIds: order.photos.map((p: { id: number }) => p.id) as number[],
    };
  }

  beforeAll(async () => {
    t = await startTestApp({ ENHANCER_ENGINE: 'classic' });
    host = await deliveredOrder('rating-host@example.com');
  }, 90_000);
  afterAll(async () => t?.close());
  afterEach(() => jest.restoreAllMocks());

  it('answers an unrated delivered photo with no score, then stores a rating with its note trimmed', async () => {
    const [photoId] = host.photoIds;
    expect((await ratingOf(host.cookie, photoId).expect(200)).body).toEqual({
      photo_id: photoId,
      score: null,
      note: null,
      created_at: null,
      updated_at: null,
    });

    const res = await rate(host.cookie, photoId, {
      score: 4,
      note: '  Lovely light, but the sofa looks grey. \n',
    }).expect(201);
    expect(res.body).toMatchObject({ photo_id: photoId, score: 4, note: 'Lovely light, but the sofa looks grey.' });
    expect(res.body.updated_at).toBe(res.body.created_at);
    expect((await ratingOf(host.cookie, photoId).expect(200)).body).toEqual(res.body);

    // The rating records the order and what made the version rated.
    const [row] = await db().query(`SELECT order_id, engine_version, style FROM photo_ratings WHERE photo_id = $1`, [
      photoId,
    ]);
    const [photo] = await db().query(`SELECT engine_version FROM photos WHERE id = $1`, [photoId]);
    expect(row).toMatchObject({ order_id: host.orderId, engine_version: photo.engine_version });
  });

  it('replaces the rating when the host rates again, keeping when it was first given', async () => {
    const photoId = host.photoIds[1];
    const first = (await rate(host.cookie, photoId, { score: 5, note: 'Great' }).expect(201)).body;
    const later = new Date(Date.parse(first.created_at) + 60 * 60 * 1000);
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(later);

    const again = (await rate(host.cookie, photoId, { score: 2 }).expect(200)).body;
    expect(again).toEqual({
      photo_id: photoId,
      score: 2,
      note: null,
      created_at: first.created_at,
      updated_at: later.toISOString(),
    });
    expect(await rows(photoId)).toBe(1);
    expect((await ratingOf(host.cookie, photoId).expect(200)).body).toEqual(again);

    // The same score and note once more change nothing and count nothing.
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(later.getTime() + 60_000));
    expect((await rate(host.cookie, photoId, { score: 2, note: '   ' }).expect(200)).body).toEqual(again);
    expect((await ratedEvents(photoId)).map((e) => e.properties.score)).toEqual([5, 2]);
  });

  it("records 'Photo Rated' with the score and never the note's words", async () => {
    const photoId = host.photoIds[2];
    await rate(host.cookie, photoId, { score: 1, note: 'Secret words about my flat' }).expect(201);
    await rate(host.cookie, photoId, { score: 3, note: 'Secret words about my flat' }).expect(200);
    const events = await ratedEvents(photoId);
    expect(events).toHaveLength(2);
    expect(events[0].properties).toMatchObject({
      photoId,
      orderId: host.orderId,
      score: 1,
      hasNote: true,
      rerated: false,
    });
    expect(events[1].properties).toMatchObject({ score: 3, rerated: true });
    const [user] = await db().query(`SELECT id FROM users WHERE email = 'rating-host@example.com'`);
    expect(events.every((e) => e.distinct_id === String(user.id))).toBe(true);
    expect(JSON.stringify(events)).not.toContain('Secret');
  });

  it('takes an API key like the other photo routes', async () => {
    const photoId = host.photoIds[3];
    const key = (
      await http()
        .post('/api/api-keys')
        .set('Cookie', host.cookie)
        .set('X-Requested-With', 'test')
        .send({ name: 'ratings' })
        .expect(201)
    ).body.key as string;
    await http()
      .put(`/api/photos/${photoId}/rating`)
      .set('Authorization', `Bearer ${key}`)
      .send({ score: 3 })
      .expect(201);
    const got = await http().get(`/api/photos/${photoId}/rating`).set('Authorization', `Bearer ${key}`).expect(200);
    expect(got.body.score).toBe(3);
  });

  it("answers someone else's photo, an unknown one and one not delivered yet alike, writing nothing", async () => {
    const stranger = await signInByEmail(t.app, t.dataDir, 'rating-stranger@example.com');
    const photoId = host.photoIds[4];
    const before = await rows();
    expect((await rate(stranger, photoId, { score: 1 }).expect(404)).body).toEqual(NOT_AVAILABLE);
    expect((await ratingOf(stranger, photoId).expect(404)).body).toEqual(NOT_AVAILABLE);
    for (const id of [999_999, 0, 'abc', '1e3']) {
      expect((await rate(host.cookie, id, { score: 3 }).expect(404)).body).toEqual(NOT_AVAILABLE);
      expect((await ratingOf(host.cookie, id).expect(404)).body).toEqual(NOT_AVAILABLE);
    }
    await http().put(`/api/photos/${photoId}/rating`).set('X-Requested-With', 'test').send({ score: 3 }).expect(401);

    // A photo not delivered: the first of an order's five, which waits for the other four before enhancement.
    const as = sessionOn(t.app.getHttpServer(), host.cookie);
    const waiting = await buyPackage(as);
    const uploaded = (await uploadPhotos(as, waiting, [await smallJpeg()]).expect(201)).body.photos[0].id as number;
    expect((await rate(host.cookie, uploaded, { score: 5 }).expect(404)).body).toEqual(NOT_AVAILABLE);
    expect((await ratingOf(host.cookie, uploaded).expect(404)).body).toEqual(NOT_AVAILABLE);
    expect(await rows()).toBe(before);
  });

  it.each([
    [{ score: 0 }, 'score must be a whole number from 1 to 5'],
    [{ score: 6 }, 'score must be a whole number from 1 to 5'],
    [{ score: 2.5 }, 'score must be a whole number from 1 to 5'],
    [{ score: 'x' }, 'score must be a whole number from 1 to 5'],
    [{ score: '4' }, 'score must be a whole number from 1 to 5'],
    [{ note: 'No score' }, 'score must be a whole number from 1 to 5'],
    [{ score: 3, note: 'x'.repeat(1001) }, 'note must be at most 1000 characters'],
    [{ score: 3, note: 42 }, 'note must be text'],
    [{ score: 3, stars: 3 }, 'property stars should not exist'],
  ])('refuses %j with a 400 saying "%s", changing nothing', async (body, message) => {
    const photoId = host.photoIds[0];
    const before = (await ratingOf(host.cookie, photoId).expect(200)).body;
    const count = await rows();
    const res = await rate(host.cookie, photoId, body).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(res.body.message).toBe(message);
    expect(await rows()).toBe(count);
    expect((await ratingOf(host.cookie, photoId).expect(200)).body).toEqual(before);
  });

  it('counts the note after trimming: 1000 characters within spaces are taken', async () => {
    const photoId = host.photoIds[0];
    const note = 'n'.repeat(1000);
    const res = await rate(host.cookie, photoId, { score: 4, note: `   ${note}   ` }).expect(200);
    expect(res.body.note).toBe(note);
  });

  it('deletes the ratings with the photo files at the 90-day purge, and not in a dry run', async () => {
    const rated = await rows();
    expect(rated).toBeGreaterThanOrEqual(4);
    const now = new Date(host.completedAt.getTime() + 91 * DAY_MS);
    const purge = t.app.get(PurgeExpiredPhotos);

    await purge.execute({ now, dryRun: true });
    expect(await rows()).toBe(rated);
    expect((await ratingOf(host.cookie, host.photoIds[0]).expect(200)).body.score).toBe(4);

    const result = await purge.execute({ now });
    expect(result).toMatchObject({ orders: 1, photos: 5, failed: 0 });
    const left = await db().query(`SELECT photo_id FROM photo_ratings WHERE photo_id = ANY($1::int[])`, [
      host.photoIds,
    ]);
    expect(left).toEqual([]);
    for (const photoId of host.photoIds) {
      expect((await ratingOf(host.cookie, photoId).expect(404)).body).toEqual(NOT_AVAILABLE);
    }
    expect((await rate(host.cookie, host.photoIds[0], { score: 5 }).expect(404)).body).toEqual(NOT_AVAILABLE);
    expect(await rows()).toBe(0);
  });
});
