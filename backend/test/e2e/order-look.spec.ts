import sharp from 'sharp';
import { ADJUSTMENT_STYLES } from '@listinglens/contracts';
import { enhance } from '../../../libs/engine/src/enhance';
import { measurePhoto } from '../../../libs/engine/src/measure';
import { signInByEmail } from '../support/auth';
import { binary, buyPackage, type HostSession, uploadPhotos, waitFor } from '../support/journey';
import { realPhotos } from '../support/photos';
import { testAppForSuite } from '../support/test-app';

interface OrderPhoto {
  id: number;
  enhanced_path: string;
  changes: string[];
}

/**
 * The look chosen at purchase: the create-payment-intent body names it (validated, nothing created for a bad one),
 * the paid order carries it, it can change until the first upload, and every photo of the order is rendered and
 * harmonised in it.
 */
describe('a look chosen at order', () => {
  const t = testAppForSuite({ ENHANCER_ENGINE: 'classic' });
  const { as, db } = t;

  it('creates an order in each look, listing by default, and shows it on the order and in the list', async () => {
    const host = as(await signInByEmail(t.app, t.dataDir, 'looks@example.com'));
    for (const look of ADJUSTMENT_STYLES) {
      const orderId = await buyPackage(host, 'basic', { look });
      expect((await host.get(`/api/orders/${orderId}`).expect(200)).body).toMatchObject({ id: orderId, look });
    }
    const plain = await buyPackage(host);
    expect((await host.get(`/api/orders/${plain}`).expect(200)).body.look).toBe('listing');
    const list = (await host.get('/api/orders').expect(200)).body as { look: string }[];
    expect(list.map((o) => o.look).sort()).toEqual([...ADJUSTMENT_STYLES, 'listing'].sort());
  });

  it('refuses an unknown look by name, and starts no payment and writes no order', async () => {
    const host = as(await signInByEmail(t.app, t.dataDir, 'bad-look@example.com'));
    const intents = async () => Number((await db().query(`SELECT count(*)::int AS n FROM local_payment_intents`))[0].n);
    const before = await intents();
    for (const look of ['sepia', 'Warm', 42, '']) {
      const res = await host.post('/api/create-payment-intent').send({ packageType: 'basic', look }).expect(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringContaining('look must be one of listing, natural, bright-airy, warm'),
      });
    }
    expect(await intents()).toBe(before);
    expect((await host.get('/api/orders').expect(200)).body).toEqual([]);
    expect((await host.get('/api/auth/me').expect(200)).body.photos_remaining).toBe(0);
  });

  it('keeps one payment per request key and look: the same key with another look is another intent', async () => {
    const host = as(await signInByEmail(t.app, t.dataDir, 'look-key@example.com'));
    const create = (look: string) =>
      host
        .post('/api/create-payment-intent')
        .set('Idempotency-Key', 'checkout-1')
        .send({ packageType: 'basic', look })
        .expect(200);
    const warm = await create('warm');
    expect((await create('warm')).body.paymentIntentId).toBe(warm.body.paymentIntentId);
    expect((await create('natural')).body.paymentIntentId).not.toBe(warm.body.paymentIntentId);
  });

  it('renders and harmonises every photo of a warm order warm; the look changes only before the first upload', async () => {
    const cookie = await signInByEmail(t.app, t.dataDir, 'warm-order@example.com');
    const host = as(cookie);
    const orderId = await buyPackage(host, 'basic');
    const other = as(await signInByEmail(t.app, t.dataDir, 'not-the-owner@example.com'));

    // Before any upload the host may still change the look; someone else may not, and a bad look changes nothing.
    const changeLook = (session: HostSession, look: unknown) =>
      session.put(`/api/orders/${orderId}/look`).send({ look });
    await changeLook(other, 'natural').expect(404);
    const bad = await changeLook(host, 'sepia').expect(400);
    expect(bad.body.message).toContain('look must be one of listing, natural, bright-airy, warm');
    expect((await changeLook(host, 'warm').expect(200)).body).toMatchObject({ id: orderId, look: 'warm' });

    const rooms = realPhotos(5).map((p) => p.data);
    await uploadPhotos(host, orderId, rooms).expect(201);
    const fixed = await changeLook(host, 'listing').expect(409);
    expect(fixed.body).toEqual({
      statusCode: 409,
      code: 'ORDER_LOOK_FIXED',
      message: 'The look can only be changed before the first photo is uploaded.',
    });

    const order = await waitFor(async () => {
      const res = await host.get(`/api/orders/${orderId}`);
      return res.body.status === 'completed' ? res.body : undefined;
    }, 150_000);
    expect(order.look).toBe('warm');

    // The job asked the engine for the warm look, and the host is told so.
    const reports: { report: { corrections: { orderLook?: { style: string } } } }[] = await db().query(
      `SELECT enhancement_report AS report FROM photos WHERE order_id = $1 ORDER BY id`,
      [orderId],
    );
    expect(reports.map((r) => r.report.corrections.orderLook?.style)).toEqual(Array(5).fill('warm'));
    for (const photo of order.photos as OrderPhoto[])
      expect(photo.changes).toContain('Warm look, chosen for this order');

    // Harmonised within the look: the delivered files are as warm as the engine's warm rendering, well warmer than
    // its neutral one, and still one look.
    const measure = async (jpeg: Buffer) => {
      const { data, info } = await sharp(jpeg)
        .resize(768, 768, { fit: 'inside' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return measurePhoto({ width: info.width, height: info.height, data: new Uint8Array(data) });
    };
    const delivered = await Promise.all(
      (order.photos as OrderPhoto[]).map(async (p) => {
        const name = p.enhanced_path.split('/').pop() as string;
        const res = await host.get(`/api/photos/file/${name}`).buffer(true).parse(binary).expect(200);
        return measure(res.body as Buffer);
      }),
    );
    const neutral = await Promise.all(rooms.map(async (room) => measure((await enhance(room)).image)));
    const meanB = (looks: { castB: number }[]) => looks.reduce((sum, l) => sum + l.castB, 0) / looks.length;
    expect(meanB(delivered) - meanB(neutral)).toBeGreaterThan(2);
    expect(order.photos_matched).toBeGreaterThanOrEqual(4);

    // A host's adjustment of a photo starts from the order's look.
    const adjustments = await host.get(`/api/photos/${order.photos[0].id}/adjustments`).expect(200);
    expect(adjustments.body.order_look).toBe('warm');
  }, 240_000);
});
