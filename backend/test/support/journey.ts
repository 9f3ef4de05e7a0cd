import { type Server } from 'node:http';
import request from 'supertest';
import { latestMagicLink, sessionCookie } from './auth';

/**
 * A host's journey over real HTTP against a running server process (`startServerProcess`), as a browser or an
 * integrator would drive it: emailed link, test card, upload, then polling the order.
 */
export interface HostSession {
  cookie: string;
  get: (url: string) => request.Test;
  post: (url: string) => request.Test;
  put: (url: string) => request.Test;
}

export async function signInOverHttp(baseUrl: string, outboxDataDir: string, email: string): Promise<HostSession> {
  await request(baseUrl).post('/api/auth/email').set('X-Requested-With', 'test').send({ email }).expect(200);
  const { access_token, refresh_token, type } = await latestMagicLink(outboxDataDir, email);
  const verify = await request(baseUrl)
    .post('/api/auth/verify')
    .set('X-Requested-With', 'test')
    .send({ access_token, refresh_token, type })
    .expect(200);
  return sessionOn(baseUrl, sessionCookie(verify.headers['set-cookie']));
}

/**
 * A signed-in host's requests to a server: a running process's URL (another api instance knows the session too,
 * it lives in the shared database) or an in-test app's HTTP server.
 */
export function sessionOn(server: string | Server, cookie: string): HostSession {
  return {
    cookie,
    get: (url) => request(server).get(url).set('Cookie', cookie),
    post: (url) => request(server).post(url).set('Cookie', cookie).set('X-Requested-With', 'test'),
    put: (url) => request(server).put(url).set('Cookie', cookie).set('X-Requested-With', 'test'),
  };
}

/**
 * Pays for a package with the local test gateway's success card and returns the new order's id; `choices` are the
 * order's look and privacy blur as the payment names them (left out: the defaults).
 */
export async function buyPackage(
  host: HostSession,
  packageType = 'basic',
  choices: { look?: string; privacyBlur?: boolean } = {},
): Promise<string> {
  const intent = await host
    .post('/api/create-payment-intent')
    .send({ packageType, ...choices })
    .expect(200);
  await host
    .post(`/api/test-payments/${intent.body.paymentIntentId}/confirm`)
    .send({ cardNumber: '4242424242424242' })
    .expect(200);
  const done = await host.post('/api/complete-purchase').send({ paymentIntentId: intent.body.paymentIntentId });
  if (done.status !== 200) throw new Error(`complete-purchase: ${done.status} ${JSON.stringify(done.body)}`);
  return done.body.orderId as string;
}

export function uploadPhotos(host: HostSession, orderId: string, files: Buffer[]): request.Test {
  let upload = host.post('/api/photos/upload').field('orderId', orderId);
  files.forEach((data, i) => (upload = upload.attach('photos', data, `room-${i + 1}.jpg`)));
  return upload;
}

export interface OrderView {
  status: string;
  photos: { id: number; status: string; enhanced_path: string | null }[];
}

/** Polls the order until `done` says so (or the deadline passes) and returns the last view. */
export async function waitForOrder(
  host: HostSession,
  orderId: string,
  done: (order: OrderView) => boolean,
  timeoutMs = 120_000,
): Promise<OrderView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await host.get(`/api/orders/${orderId}`).catch(() => undefined);
    const order = res?.status === 200 ? (res.body as OrderView) : undefined;
    if (order && done(order)) return order;
    if (Date.now() > deadline) throw new Error(`order ${orderId} not done in time: ${JSON.stringify(order)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Supertest parser that keeps a binary body (a photo, a zip) as one Buffer. */
export const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/** Asks `probe` every `everyMs` until it gives a value; throws after `timeoutMs`. */
export async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 60_000, everyMs = 150): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
