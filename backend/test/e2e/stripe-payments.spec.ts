import Stripe from 'stripe';
import request from 'supertest';
import { signInByEmail } from '../support/auth';
import { startStripeStandIn } from '../support/stripe-stand-in';
import { startTestApp, type TestApp } from '../support/test-app';

const WEBHOOK_SECRET = 'whsec_test_secret_123456';

/** The Stripe adapter through the official SDK, against a local stand-in for Stripe's API. */
describe('purchase with Stripe', () => {
  let t: TestApp;
  let stripeApi: Awaited<ReturnType<typeof startStripeStandIn>>;
  const sdk = new Stripe('sk_test_signing_only');
  const http = () => request(t.app.getHttpServer());
  const as = (cookie: string) => ({
    post: (url: string) => http().post(url).set('Cookie', cookie).set('X-Requested-With', 'test'),
    get: (url: string) => http().get(url).set('Cookie', cookie),
  });

  beforeAll(async () => {
    stripeApi = await startStripeStandIn();
    t = await startTestApp({
      STRIPE_SECRET_KEY: 'sk_test_1234567890',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1234567890',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripeApi.url,
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await stripeApi?.close();
  });

  function webhook(paymentIntentId: string, opts: { secret?: string; type?: string } = {}) {
    const payload = JSON.stringify({
      id: `evt_${paymentIntentId}`,
      object: 'event',
      type: opts.type ?? 'payment_intent.succeeded',
      data: { object: { id: paymentIntentId, object: 'payment_intent' } },
    });
    const signature = sdk.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET });
    return http()
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signature)
      .send(payload);
  }

  async function startPayment(cookie: string, packageType: string) {
    const res = await as(cookie).post('/api/create-payment-intent').send({ packageType, photosCount: 1 }).expect(200);
    return res.body.paymentIntentId as string;
  }

  it('gives the client the publishable key and no test-card route', async () => {
    expect((await http().get('/api/payments/config')).body).toEqual({
      gateway: 'stripe',
      publishableKey: 'pk_test_1234567890',
    });
    const cookie = await signInByEmail(t.app, t.dataDir, 'no-test-route@example.com');
    await as(cookie)
      .post('/api/test-payments/pi_123456789/confirm')
      .send({ cardNumber: '4242424242424242' })
      .expect(404);
  });

  it('creates the intent at the catalogue price with the owner in its metadata and an idempotency key', async () => {
    const cookie = await signInByEmail(t.app, t.dataDir, 'stripe-buyer@example.com');
    const id = await startPayment(cookie, 'premium');
    const intent = stripeApi.intents.get(id)!;
    expect(intent).toMatchObject({ amount: 9900, currency: 'usd', metadata: { package_type: 'premium' } });
    expect(Number(intent.metadata.user_id)).toBeGreaterThan(0);
    const call = stripeApi.requests.find((r) => r.method === 'POST' && r.body.get('amount') === '9900');
    expect(call?.idempotencyKey).toMatch(/^create-pi:\d+:premium:/);
  });

  it('refuses to credit a payment Stripe has not confirmed', async () => {
    const cookie = await signInByEmail(t.app, t.dataDir, 'stripe-unpaid@example.com');
    const id = await startPayment(cookie, 'basic');
    const res = await as(cookie).post('/api/complete-purchase').send({ paymentIntentId: id }).expect(400);
    expect(res.body.message).toBe('Payment incomplete. Please try again.');
    expect((await webhook(id)).status).toBe(200);
    expect((await as(cookie).get('/api/orders')).body).toEqual([]);
  });

  it('credits once whether the webhook or the client comes first, under 50 concurrent calls', async () => {
    const cookie = await signInByEmail(t.app, t.dataDir, 'stripe-race@example.com');
    const id = await startPayment(cookie, 'standard');
    stripeApi.succeed(id);
    const calls = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0 ? webhook(id) : as(cookie).post('/api/complete-purchase').send({ paymentIntentId: id }),
      ),
    );
    expect(calls.map((c) => c.status)).toEqual(Array(50).fill(200));
    const orderIds = new Set(calls.filter((c) => c.body.orderId).map((c) => c.body.orderId));
    expect(orderIds.size).toBe(1);
    const orders = (await as(cookie).get('/api/orders')).body;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ package_type: 'standard', photos_purchased: 20, amount: 6900 });
    expect((await as(cookie).get('/api/auth/me')).body.photos_remaining).toBe(20);
  });

  it('fulfils from the webhook alone when the browser never comes back', async () => {
    const cookie = await signInByEmail(t.app, t.dataDir, 'stripe-webhook-only@example.com');
    const id = await startPayment(cookie, 'basic');
    stripeApi.succeed(id);
    await webhook(id).expect(200, { received: true });
    expect((await as(cookie).get('/api/orders')).body).toHaveLength(1);
    const late = await as(cookie).post('/api/complete-purchase').send({ paymentIntentId: id }).expect(200);
    expect(late.body.orderId).toBe((await as(cookie).get('/api/orders')).body[0].id);
  });

  it('refuses forged, unsigned and replayed-with-another-secret webhooks', async () => {
    const cookie = await signInByEmail(t.app, t.dataDir, 'stripe-forged@example.com');
    const id = await startPayment(cookie, 'premium');
    stripeApi.succeed(id);
    const forged = await webhook(id, { secret: 'whsec_attacker_secret' }).expect(400);
    expect(forged.body.code).toBe('INVALID_WEBHOOK');
    await http()
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .send({ type: 'payment_intent.succeeded', data: { object: { id } } })
      .expect(400);
    expect((await as(cookie).get('/api/orders')).body).toEqual([]);
  });

  it('acknowledges events it does not act on', async () => {
    await webhook('pi_irrelevant123', { type: 'charge.refunded' }).expect(200, { received: true });
  });
});
