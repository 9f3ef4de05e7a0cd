import path from 'node:path';
import request from 'supertest';
import { readOutbox } from '../helpers/outbox';
import { signInByEmail } from '../support/auth';
import { startTestApp, type TestApp } from '../support/test-app';

/** From package choice to a paid order, through the local test gateway (the embedded default). */
describe('purchase with the local test gateway', () => {
  let t: TestApp;
  const http = () => request(t.app.getHttpServer());
  const as = (cookie: string) => ({
    post: (url: string) => http().post(url).set('Cookie', cookie).set('X-Requested-With', 'test'),
    get: (url: string) => http().get(url).set('Cookie', cookie),
    patch: (url: string) => http().patch(url).set('Cookie', cookie).set('X-Requested-With', 'test'),
  });

  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(async () => t?.close());

  async function pay(cookie: string, packageType: string, cardNumber = '4242 4242 4242 4242') {
    const intent = await as(cookie)
      .post('/api/create-payment-intent')
      .send({ packageType, photosCount: 20 })
      .expect(200);
    expect(intent.body.paymentIntentId).toMatch(/^pi_[a-f0-9]+$/);
    expect(intent.body.clientSecret).toMatch(new RegExp(`^${intent.body.paymentIntentId}_secret_`));
    const confirm = await as(cookie)
      .post(`/api/test-payments/${intent.body.paymentIntentId}/confirm`)
      .send({ cardNumber });
    return { paymentIntentId: intent.body.paymentIntentId as string, confirm };
  }

  it('tells the client the local test gateway is active', async () => {
    const res = await http().get('/api/payments/config').expect(200);
    expect(res.body).toEqual({ gateway: 'local', publishableKey: null });
  });

  it('buys a package: one order, the credits, and one receipt email', async () => {
    const cookie = await signInByEmail(t.app, t.dataDir, 'buyer@example.com');
    const { paymentIntentId, confirm } = await pay(cookie, 'standard');
    expect(confirm.status).toBe(200);
    expect(confirm.body).toEqual({ status: 'succeeded', paymentIntentId });

    const done = await as(cookie).post('/api/complete-purchase').send({ paymentIntentId }).expect(200);
    expect(done.body).toEqual({
      orderId: expect.stringMatching(/^ord_/),
      redirectUrl: `/order?order=${done.body.orderId}`,
    });

    const again = await as(cookie).post('/api/complete-purchase').send({ paymentIntentId }).expect(200);
    expect(again.body).toEqual(done.body);

    const orders = await as(cookie).get('/api/orders').expect(200);
    expect(orders.body).toEqual([
      expect.objectContaining({
        id: done.body.orderId,
        package_type: 'standard',
        amount: 6900,
        photos_purchased: 20,
        photos_remaining: 20,
        status: 'new',
      }),
    ]);
    const me = await as(cookie).get('/api/auth/me').expect(200);
    expect(me.body).toMatchObject({ package_type: 'standard', photos_remaining: 20 });

    const order = await as(cookie).get(`/api/orders/${done.body.orderId}`).expect(200);
    expect(order.body).toMatchObject({ id: done.body.orderId, status: 'new', package_type: 'standard', photos: [] });

    const deadline = Date.now() + 10_000;
    let receipts: Awaited<ReturnType<typeof readOutbox>> = [];
    while (receipts.length === 0 && Date.now() < deadline) {
      receipts = (await readOutbox(path.join(t.dataDir, 'outbox'))).filter((m) =>
        m.subject.includes('package is active'),
      );
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(receipts).toHaveLength(1);
    expect(receipts[0].to).toContain('buyer@example.com');
    expect(receipts[0].text).toContain(`/order?order=${done.body.orderId}`);
  });

  it.each([
    ['4000 0000 0000 0002', 'CARD_DECLINED', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'INSUFFICIENT_FUNDS', 'Your card has insufficient funds.'],
    ['4242 4242 4242 4241', 'INCORRECT_NUMBER', 'Your card number is incorrect.'],
  ])('refuses card %s and credits nothing', async (card, code, message) => {
    const email = `declined-${code.toLowerCase()}@example.com`;
    const cookie = await signInByEmail(t.app, t.dataDir, email);
    const { paymentIntentId, confirm } = await pay(cookie, 'basic', card);
    expect(confirm.status).toBe(402);
    expect(confirm.body).toEqual({ statusCode: 402, code, message });
    const complete = await as(cookie).post('/api/complete-purchase').send({ paymentIntentId }).expect(400);
    expect(complete.body).toEqual({
      statusCode: 400,
      code: 'PAYMENT_INCOMPLETE',
      message: 'Payment incomplete. Please try again.',
    });
    expect((await as(cookie).get('/api/orders')).body).toEqual([]);
    expect((await as(cookie).get('/api/auth/me')).body.photos_remaining).toBe(0);
  });

  it("never credits someone else's payment", async () => {
    const owner = await signInByEmail(t.app, t.dataDir, 'owner@example.com');
    const thief = await signInByEmail(t.app, t.dataDir, 'thief@example.com');
    const { paymentIntentId } = await pay(owner, 'premium');
    await as(thief)
      .post(`/api/test-payments/${paymentIntentId}/confirm`)
      .send({ cardNumber: '4242424242424242' })
      .expect(404);
    const stolen = await as(thief).post('/api/complete-purchase').send({ paymentIntentId }).expect(400);
    expect(stolen.body.message).toBe('Payment incomplete. Please try again.');
    expect((await as(thief).get('/api/auth/me')).body.photos_remaining).toBe(0);
    // After the owner completes, the thief still learns nothing.
    await as(owner).post('/api/complete-purchase').send({ paymentIntentId }).expect(200);
    await as(thief).post('/api/complete-purchase').send({ paymentIntentId }).expect(400);
    expect((await as(owner).get('/api/auth/me')).body.photos_remaining).toBe(40);
  });

  it('credits once under 50 concurrent completions of one payment', async () => {
    const cookie = await signInByEmail(t.app, t.dataDir, 'doubleclick@example.com');
    const { paymentIntentId } = await pay(cookie, 'basic');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => as(cookie).post('/api/complete-purchase').send({ paymentIntentId })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((a) => a.body.orderId)).size).toBe(1);
    expect((await as(cookie).get('/api/orders')).body).toHaveLength(1);
    expect((await as(cookie).get('/api/auth/me')).body.photos_remaining).toBe(5);
  });

  it('prices from the catalogue and refuses an amount or an unknown package from the client', async () => {
    const cookie = await signInByEmail(t.app, t.dataDir, 'tamper@example.com');
    const tampered = await as(cookie)
      .post('/api/create-payment-intent')
      .send({ packageType: 'premium', amount: 1 })
      .expect(400);
    expect(tampered.body.code).toBe('VALIDATION_FAILED');
    const unknown = await as(cookie).post('/api/create-payment-intent').send({ packageType: 'platinum' }).expect(400);
    expect(unknown.body.message).toBe('Unknown package. Choose basic, standard or premium.');
    const mixedCase = await as(cookie).post('/api/create-payment-intent').send({ packageType: 'Premium' }).expect(400);
    expect(mixedCase.body.code).toBe('VALIDATION_FAILED');
  });

  it('returns the same payment intent for a repeated Idempotency-Key', async () => {
    const cookie = await signInByEmail(t.app, t.dataDir, 'idem@example.com');
    const first = await as(cookie)
      .post('/api/create-payment-intent')
      .set('Idempotency-Key', 'checkout-1')
      .send({ packageType: 'basic' });
    const second = await as(cookie)
      .post('/api/create-payment-intent')
      .set('Idempotency-Key', 'checkout-1')
      .send({ packageType: 'basic' });
    expect(second.body.paymentIntentId).toBe(first.body.paymentIntentId);
    const other = await as(cookie).post('/api/create-payment-intent').send({ packageType: 'basic' });
    expect(other.body.paymentIntentId).not.toBe(first.body.paymentIntentId);
  });

  it('requires a signed-in caller', async () => {
    await http()
      .post('/api/create-payment-intent')
      .set('X-Requested-With', 'test')
      .send({ packageType: 'basic' })
      .expect(401);
    await http()
      .post('/api/complete-purchase')
      .set('X-Requested-With', 'test')
      .send({ paymentIntentId: 'pi_12345678' })
      .expect(401);
    await http().get('/api/orders').expect(401);
  });

  it("answers another user's order exactly like a missing one", async () => {
    const a = await signInByEmail(t.app, t.dataDir, 'orders-a@example.com');
    const b = await signInByEmail(t.app, t.dataDir, 'orders-b@example.com');
    const { paymentIntentId } = await pay(a, 'basic');
    const { orderId } = (await as(a).post('/api/complete-purchase').send({ paymentIntentId })).body;
    const theirs = await as(b).get(`/api/orders/${orderId}`).expect(404);
    const missing = await as(b).get('/api/orders/ord_doesnotexist').expect(404);
    expect(theirs.body).toEqual(missing.body);
    expect(theirs.body.message).toBe(
      "The order you're looking for doesn't exist or you don't have permission to access it.",
    );
    await as(b).patch(`/api/orders/${orderId}`).send({ status: 'pending' }).expect(404);
  });

  it('will not move an order forward before its photos justify it', async () => {
    const cookie = await signInByEmail(t.app, t.dataDir, 'patch@example.com');
    const { paymentIntentId } = await pay(cookie, 'basic');
    const { orderId } = (await as(cookie).post('/api/complete-purchase').send({ paymentIntentId })).body;
    for (const status of ['pending', 'completed']) {
      const res = await as(cookie).patch(`/api/orders/${orderId}`).send({ status }).expect(409);
      expect(res.body.code).toBe('ORDER_STATUS_CONFLICT');
    }
    await as(cookie).patch(`/api/orders/${orderId}`).send({ status: 'shipped' }).expect(400);
    expect((await as(cookie).get(`/api/orders/${orderId}`)).body.status).toBe('new');
  });
});
