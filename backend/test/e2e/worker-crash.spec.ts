import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { readOutbox } from '../helpers/outbox';
import { latestMagicLink, sessionCookie } from '../support/auth';
import { smallJpeg } from '../support/photos';
import { startServerProcess, type ServerProcess } from '../support/server-process';

/**
 * The embedded default runs jobs in-process and keeps nothing of the queue on disk. A process killed mid-job must
 * still deliver: after a restart the reconciler queues again whatever the database says is unfinished.
 */
describe('a worker killed in the middle of a job', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-'));
  const env = { DATA_DIR: dataDir, ENHANCER_ENGINE: 'classic' };
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.stop('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs the job again after a restart and completes the order with one email', async () => {
    server = await startServerProcess(env);
    const http = () => request(server!.url);
    const email = 'crash@example.com';
    await http().post('/api/auth/email').set('X-Requested-With', 'test').send({ email }).expect(200);
    const { access_token, refresh_token, type } = await latestMagicLink(dataDir, email);
    const verify = await http()
      .post('/api/auth/verify')
      .set('X-Requested-With', 'test')
      .send({ access_token, refresh_token, type })
      .expect(200);
    const cookie = sessionCookie(verify.headers['set-cookie']);
    const post = (url: string) => http().post(url).set('Cookie', cookie).set('X-Requested-With', 'test');

    const intent = await post('/api/create-payment-intent').send({ packageType: 'basic' }).expect(200);
    await post(`/api/test-payments/${intent.body.paymentIntentId}/confirm`)
      .send({ cardNumber: '4242424242424242' })
      .expect(200);
    const { orderId } = (await post('/api/complete-purchase').send({ paymentIntentId: intent.body.paymentIntentId }))
      .body;
    let upload = post('/api/photos/upload').field('orderId', orderId);
    for (let i = 0; i < 5; i++) upload = upload.attach('photos', await smallJpeg(1600, 1200), `room-${i}.jpg`);
    await upload.expect(201);

    // Kill -9 as soon as the first photo is done: the next one is then being enhanced.
    const order = () => http().get(`/api/orders/${orderId}`).set('Cookie', cookie);
    for (;;) {
      const body = (await order()).body;
      const done = body.photos.filter((p: { status: string }) => p.status === 'completed').length;
      if (done >= 1) {
        expect(body.status).toBe('pending');
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    await server.stop('SIGKILL');

    server = await startServerProcess(env);
    const deadline = Date.now() + 90_000;
    let final;
    for (;;) {
      final = (await request(server.url).get(`/api/orders/${orderId}`).set('Cookie', cookie)).body;
      if (final.status === 'completed' || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(final.status).toBe('completed');
    expect(final.photos.map((p: { status: string }) => p.status)).toEqual(Array(5).fill('completed'));
    await new Promise((r) => setTimeout(r, 1000));
    const ready = (await readOutbox(path.join(dataDir, 'outbox'))).filter(
      (m) => m.subject === 'Your enhanced photos are ready',
    );
    expect(ready).toHaveLength(1);
  }, 180_000);
});
