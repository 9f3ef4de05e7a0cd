import sharp from 'sharp';
import { PurgeExpiredPhotos } from '../../src/modules/retention/application/purge-expired-photos.use-case';
import { SweepOrphanedObjects } from '../../src/modules/retention/application/sweep-orphaned-objects.use-case';
import { ObjectStorage } from '../../src/modules/storage/ports/object-storage';
import { signInByEmail } from '../support/auth';
import { bracketFrames } from '../support/brackets';
import { buyPackage, sessionOn, waitFor } from '../support/journey';
import { realPhotos, smallJpeg } from '../support/photos';
import { startTestApp, type TestApp } from '../support/test-app';

/** How the server names a refused bracket of three kitchen frames, before the engine's reason. */
const KITCHEN = 'Group "kitchen" (kitchen-1.jpg, kitchen-2.jpg, kitchen-3.jpg): ';

interface Part {
  name: string;
  data: Buffer;
  group?: string;
}

/** Exposure brackets over HTTP: a `group` of frames is one photo, one credit, one delivered photo. */
describe('uploading exposure brackets', () => {
  let t: TestApp;
  const as = (cookie: string) => sessionOn(t.app.getHttpServer(), cookie);
  const [bedroom, other] = realPhotos(2);
  let kitchen: Buffer[];

  beforeAll(async () => {
    t = await startTestApp({ ENHANCER_ENGINE: 'listing' });
    kitchen = await bracketFrames(bedroom.data, { evs: [-2, 0, 2] });
  }, 60_000);
  afterAll(async () => t?.close());

  const upload = (cookie: string, orderId: string, parts: Part[]) => {
    let req = as(cookie).post('/api/photos/upload').field('orderId', orderId);
    for (const part of parts) {
      if (part.group !== undefined) req = req.field('group', part.group);
      req = req.attach('photos', part.data, part.name);
    }
    return req;
  };
  const frames = (group: string, data: Buffer[], stem = group) =>
    data.map((frame, i) => ({ name: `${stem}-${i + 1}.jpg`, data: frame, group }));
  const singles = async (count: number, stem = 'room') =>
    Promise.all(
      Array.from({ length: count }, async (_, i) => ({ name: `${stem}-${i + 1}.jpg`, data: await smallJpeg() })),
    );
  const stored = async (orderId: string) =>
    (await t.app.get(ObjectStorage).list('originals/')).filter((key) => key.includes(`/${orderId}/`)).sort();

  it('takes a bracket of three as one photo and one credit, and delivers it merged', async () => {
    const cookie = await signInByEmail(t.app, t.dataDir, 'bracket@example.com');
    const orderId = await buyPackage(as(cookie), 'basic');

    const res = await upload(cookie, orderId, [...frames('kitchen', kitchen), ...(await singles(2))]).expect(201);

    expect(res.body.order).toEqual({ id: orderId, status: 'new', photos_remaining: 2 });
    expect((await as(cookie).get('/api/auth/me')).body.photos_remaining).toBe(2);
    const [merged, ...rest] = res.body.photos;
    // The 0 EV frame (the second) stands for the bracket: its original, its name, its checks (not "very dark" for
    // the -2 EV frame, and no frame a duplicate of another).
    expect(merged).toMatchObject({ frames: 3, group: 'kitchen', name: 'kitchen-2.jpg', checks: [] });
    expect(merged.original_path).toMatch(new RegExp(`^originals/\\d+/${orderId}/${merged.id}-f2\\.jpg$`));
    expect(rest.map((p: { frames: number; group?: string }) => [p.frames, p.group])).toEqual([
      [1, undefined],
      [1, undefined],
    ]);
    expect(await stored(orderId)).toHaveLength(5);

    // The last two photos complete the order; the bracket is delivered as one photo.
    await upload(cookie, orderId, await singles(2, 'more')).expect(201);
    await waitFor(async () => {
      const order = (await as(cookie).get(`/api/orders/${orderId}`).expect(200)).body as { status: string };
      return order.status === 'completed' ? order : undefined;
    }, 120_000);
    const list = (await as(cookie).get('/api/photos').expect(200)).body as {
      id: number;
      status: string;
      frames: number;
      changes: string[];
      merge: {
        frames: number;
        max_shift_px: number;
        mean_alignment_error_px: number;
        rotation_deg: number;
      } | null;
      before_preview_path: string | null;
      original_path: string;
    }[];
    const photo = list.find((p) => p.id === merged.id)!;
    expect(photo.status).toBe('completed');
    expect(photo.frames).toBe(3);
    // The 0 EV frame's window is blown; the -2 EV frame holds it.
    expect(photo.changes[0]).toBe('Merged 3 exposures: window view recovered');
    // Each frame was cut 2 px right and down of the one before: 2.8 px from the reference either side.
    expect(photo.merge).toMatchObject({ frames: 3, rotation_deg: expect.any(Number) });
    expect(photo.merge!.max_shift_px).toBeGreaterThan(2.3);
    expect(photo.merge!.max_shift_px).toBeLessThan(3.4);
    expect(photo.merge!.mean_alignment_error_px).toBeLessThan(0.5);
    expect(photo.before_preview_path).toBeTruthy();
    // The reference frame is the original a client can fetch.
    const original = await as(cookie)
      .get(`/api/photos/file/${photo.original_path.split('/').pop()}`)
      .expect(200);
    expect(original.headers['content-type']).toBe('image/jpeg');

    // An adjustment is made again from all three frames: still merged, still the window back.
    const asked = await as(cookie).post(`/api/photos/${merged.id}/adjustments`).send({ style: 'warm' }).expect(202);
    const adjusted = await waitFor(async () => {
      const { adjustments } = (await as(cookie).get(`/api/photos/${merged.id}/adjustments`).expect(200)).body as {
        adjustments: { id: number; status: string }[];
      };
      const found = adjustments.find((a) => a.id === asked.body.id);
      return found && found.status !== 'queued' ? found : undefined;
    });
    expect(adjusted.status).toBe('completed');
    const again = ((await as(cookie).get('/api/photos').expect(200)).body as typeof list).find(
      (p) => p.id === merged.id,
    )!;
    expect(again.changes).toEqual(expect.arrayContaining(['Merged 3 exposures: window view recovered']));
    expect(again.merge).toMatchObject({ frames: 3 });

    // Every frame is the photo's: the orphan sweep two days on keeps them all, the 90-day purge deletes them all.
    const later = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000);
    await t.app.get(SweepOrphanedObjects).execute({ now: later(2) });
    expect(await stored(orderId)).toHaveLength(7);
    await t.app.get(PurgeExpiredPhotos).execute({ now: later(91) });
    expect(await stored(orderId)).toEqual([]);
  }, 180_000);

  it('counts a bracket as one photo toward the exact count: 7 files are the basic package’s 5 photos', async () => {
    const cookie = await signInByEmail(t.app, t.dataDir, 'exact@example.com');
    const orderId = await buyPackage(as(cookie), 'basic');
    const parts = [...frames('kitchen', kitchen), ...(await singles(4))];

    // Six photos (a bracket and five singles) are one too many, whatever the file count.
    const tooMany = await upload(cookie, orderId, [...parts, (await singles(1, 'extra'))[0]]).expect(400);
    expect(tooMany.body.message).toBe('You can only upload up to 5 more photo(s).');
    expect(await stored(orderId)).toEqual([]);

    const res = await upload(cookie, orderId, parts).expect(201);
    expect(res.body.photos).toHaveLength(5);
    expect(res.body.order).toEqual({ id: orderId, status: 'pending', photos_remaining: 0 });
  });

  describe('refuses a bad bracket with its reason, storing nothing and charging nothing', () => {
    let cookie: string;
    let orderId: string;

    beforeAll(async () => {
      cookie = await signInByEmail(t.app, t.dataDir, 'badbracket@example.com');
      orderId = await buyPackage(as(cookie), 'basic');
    });

    afterEach(async () => {
      const order = (await as(cookie).get(`/api/orders/${orderId}`)).body;
      expect(order).toMatchObject({ status: 'new', photos_remaining: 5, photos: [] });
      expect((await as(cookie).get('/api/auth/me')).body.photos_remaining).toBe(5);
      expect(await stored(orderId)).toEqual([]);
    });

    const refused = async (parts: Part[], code: string) => {
      const res = await upload(cookie, orderId, [{ name: 'hall.jpg', data: await smallJpeg() }, ...parts]).expect(400);
      expect(res.body.code).toBe(code);
      return res.body.message as string;
    };

    it('a single frame marked as a group', async () => {
      expect(await refused(frames('kitchen', kitchen.slice(0, 1)), 'BRACKET_ONE_FRAME')).toBe(
        'Group "kitchen" has only one frame (kitchen-1.jpg): a bracket is 2 to 7 frames of the same view. ' +
          'Send a single photo without a group.',
      );
    });

    it('eight frames', async () => {
      const eight = await bracketFrames(bedroom.data, { evs: [-3, -2, -1, 0, 1, 2, 3, 4], shiftPx: 1 });
      expect(await refused(frames('stairs', eight), 'BRACKET_TOO_MANY_FRAMES')).toBe(
        'Group "stairs" has more than 7 frames: a bracket is 2 to 7 frames of the same view.',
      );
    });

    it('frames of different sizes', async () => {
      const small = await sharp(kitchen[2]).resize(600, 400).jpeg().toBuffer();
      expect(await refused(frames('kitchen', [kitchen[0], kitchen[1], small]), 'BRACKET_DIFFERENT_SIZES')).toBe(
        `${KITCHEN}Frame 3 is 600 x 400 pixels and frame 1 is 1050 x 700: every frame of a bracket must be the same size.`,
      );
    });

    it('frames of different orientations', async () => {
      const turned = await sharp(kitchen[2]).rotate(90).jpeg().toBuffer();
      expect(await refused(frames('kitchen', [kitchen[0], kitchen[1], turned]), 'BRACKET_DIFFERENT_ORIENTATIONS')).toBe(
        `${KITCHEN}Frame 3 is portrait and frame 1 is landscape: every frame of a bracket must be taken the same way up.`,
      );
    });

    it('frames of different scenes', async () => {
      const [elsewhere] = await bracketFrames(other.data, { evs: [-4] });
      expect(await refused(frames('kitchen', [kitchen[0], kitchen[1], elsewhere]), 'BRACKET_DIFFERENT_SCENES')).toBe(
        `${KITCHEN}Frame 3 does not show the same view as frame 1: every frame of a bracket must be taken from the ` +
          'same spot.',
      );
    });

    it('two frames of one exposure', async () => {
      expect(await refused(frames('kitchen', [kitchen[1], kitchen[1]]), 'BRACKET_SAME_EXPOSURE')).toBe(
        'Group "kitchen" (kitchen-1.jpg, kitchen-2.jpg): Frames 1 and 2 have the same exposure: a bracket needs ' +
          'each frame taken at a different exposure.',
      );
    });

    it('a group whose frames are not sent one after another, or a group name that is not one', async () => {
      const apart = [...frames('kitchen', kitchen.slice(0, 2)), ...(await singles(1)), frames('kitchen', kitchen)[2]];
      expect(await refused(apart, 'BRACKET_FRAMES_APART')).toBe(
        'Send the frames of group "kitchen" one after another.',
      );
      expect(await refused(frames('my kitchen!', kitchen), 'INVALID_GROUP')).toBe(
        'group must be 1 to 64 letters, digits, dots, dashes or underscores.',
      );
    });
  });
});
