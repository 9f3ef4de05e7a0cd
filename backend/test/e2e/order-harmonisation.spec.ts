import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { MAX_DARKEN_EV } from '../../../libs/engine/src/harmonise';
import { measurePhoto } from '../../../libs/engine/src/measure';
import { signInByEmail } from '../support/auth';
import { realPhotos } from '../support/photos';
import { startTestApp, type TestApp } from '../support/test-app';
import { binary, buyPackage, sessionOn, waitFor } from '../support/journey';

interface OrderPhoto {
  id: number;
  enhanced_path: string;
  changes: string[];
}

/** A bedroom as a phone under a warm bulb and a cool window might give it: tinted and off in exposure. */
const tinted = async (data: Buffer, gains: [number, number, number]) =>
  sharp(data)
    .recomb([
      [gains[0], 0, 0],
      [0, gains[1], 0],
      [0, 0, gains[2]],
    ])
    .jpeg({ quality: 92 })
    .toBuffer();

/** One order is one property: its photos are matched to one look before the host is told they are ready. */
describe('order harmonisation', () => {
  let t: TestApp;
  const as = (cookie: string) => sessionOn(t.app.getHttpServer(), cookie);

  beforeAll(async () => {
    t = await startTestApp({ ENHANCER_ENGINE: 'classic' });
  }, 60_000);
  afterAll(async () => t?.close());

  const look = async (cookie: string, photo: OrderPhoto) => {
    const name = photo.enhanced_path.split('/').pop() as string;
    const res = await as(cookie).get(`/api/photos/file/${name}`).buffer(true).parse(binary).expect(200);
    const { data, info } = await sharp(res.body as Buffer)
      .resize(768, 768, { fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return measurePhoto({ width: info.width, height: info.height, data: new Uint8Array(data) });
  };

  it('matches the exposure and white point of an order’s photos, records it, and only then completes', async () => {
    const cookie = await signInByEmail(t.app, t.dataDir, 'harmony@example.com');
    const orderId = await buyPackage(as(cookie), 'basic');
    const rooms = realPhotos(5);
    const files = [
      rooms[0].data,
      await tinted(rooms[1].data, [1.15, 1.03, 0.8]),
      rooms[2].data,
      await tinted(rooms[3].data, [0.8, 0.95, 1.2]),
      await tinted(rooms[4].data, [0.55, 0.55, 0.55]),
    ];
    let req = as(cookie).post('/api/photos/upload').field('orderId', orderId);
    files.forEach((data, i) => (req = req.attach('photos', data, `room-${i}.jpg`)));
    await req.expect(201);

    const order = await waitFor(async () => {
      const res = await as(cookie).get(`/api/orders/${orderId}`);
      return res.body.status === 'completed' ? res.body : undefined;
    }, 120_000);
    expect(order.photos_matched).toBe(5);

    const reports: { id: number; report: Record<string, unknown> }[] = await t.app
      .get(DataSource)
      .query(`SELECT id, enhancement_report AS report FROM photos WHERE order_id = $1 ORDER BY id`, [orderId]);
    const harmonised = reports.filter((r) => r.report.harmonisation);
    // The engine's own results differed enough that some photos were moved, and those got files of their own.
    expect(harmonised.length).toBeGreaterThan(0);
    for (const photo of order.photos as OrderPhoto[]) {
      const wasMoved = harmonised.some((r) => r.id === photo.id);
      expect(photo.enhanced_path.endsWith(`${photo.id}-h-enhanced.jpg`)).toBe(wasMoved);
    }

    // Measured on the delivered files: no photo left more than 0.25 EV under the order's exposure (the darkened one
    // is lifted to it), white points within 3 ΔE.
    const looks = await Promise.all((order.photos as OrderPhoto[]).map((p) => look(cookie, p)));
    const evs = looks.map((l) => l.exposureEv).sort((a, b) => a - b);
    const middle = evs[2];
    for (const ev of evs) expect(middle - ev).toBeLessThanOrEqual(0.3);
    // A brighter photo is matched down by a quarter stop at most: harmonisation never visibly darkens a photo.
    for (const { report } of harmonised) {
      const { correction } = report.harmonisation as { correction: { ev: number } };
      expect(correction.ev).toBeGreaterThanOrEqual(-MAX_DARKEN_EV - 1e-9);
    }
    const neutral = looks.filter((l) => l.neutralShare >= 0.05);
    for (const a of neutral)
      for (const b of neutral) expect(Math.hypot(a.castA - b.castA, a.castB - b.castB)).toBeLessThanOrEqual(3.5);
  }, 180_000);
});
