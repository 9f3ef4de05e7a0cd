import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startS3Server, type TestS3Server } from '../helpers/s3-server';
import { readOutbox } from '../helpers/outbox';
import { startWebhookReceiver } from '../helpers/webhook-receiver';
import { buyPackage, sessionOn, signInOverHttp, uploadPhotos, waitFor, waitForOrder } from '../support/journey';
import { realPhotos } from '../support/photos';
import { createScratchDatabase, describeWithPostgresAndRedis, testRedisUrl } from '../support/postgres';
import {
  startServerProcess,
  startWorkerProcess,
  type ServerProcess,
  type WorkerProcess,
} from '../support/server-process';

interface JobLine {
  job?: string;
  jobId?: string;
  outcome?: string;
  pipeline?: string;
  route?: string;
}

/** The JSON log lines a process wrote while running jobs; a line still being written is left for the next look. */
function jobLines(output: string): JobLine[] {
  return output
    .slice(0, output.lastIndexOf('\n') + 1)
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as JobLine);
}

/** The lines about finished job runs. */
const jobRuns = (output: string): JobLine[] => jobLines(output).filter((line) => line.outcome !== undefined);

/**
 * The production shape on one machine: two api processes and two worker processes over one Postgres, one Redis and
 * one S3-compatible store. Several hosts go through the whole journey at once, each bouncing between the apis.
 */
describeWithPostgresAndRedis('two apis and two workers on one Postgres, Redis and object store', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-out-'));
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let s3: TestS3Server;
  let db: DataSource;
  const apis: ServerProcess[] = [];
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    [scratch, s3] = await Promise.all([createScratchDatabase(), startS3Server('scale-out')]);
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      REDIS_URL: testRedisUrl!,
      QUEUE_PREFIX: `scale-${process.pid}-${Date.now()}`,
      S3_ENDPOINT: s3.config.endpoint,
      S3_BUCKET: s3.config.bucket,
      S3_ACCESS_KEY: s3.config.accessKey,
      S3_SECRET_KEY: s3.config.secretKey,
      ENHANCER_ENGINE: 'classic',
      // The webhook receiver of the last test listens on 127.0.0.1.
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
    };
    // All four at once: they race to migrate the empty database and to create the bucket.
    const started = await Promise.all([
      startServerProcess({ ...env, APP_ROLE: 'api' }),
      startServerProcess({ ...env, APP_ROLE: 'api' }),
      startWorkerProcess(env),
      startWorkerProcess(env),
    ]);
    apis.push(started[0] as ServerProcess, started[1] as ServerProcess);
    workers.push(started[2] as WorkerProcess, started[3] as WorkerProcess);
    db = await new DataSource({ type: 'postgres', url: scratch.url }).initialize();
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...apis, ...workers].map((p) => p.stop('SIGKILL')));
    await db?.destroy();
    await Promise.all([scratch?.drop(), s3?.close()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('completes every order once, with one email each, and runs no job twice to completion', async () => {
    const hosts = ['ana', 'ben', 'chloe', 'dev'].map((name) => `${name}@scale.example.com`);
    const photos = realPhotos(5).map((p) => p.data);

    const orderIds = await Promise.all(
      hosts.map(async (email, i) => {
        const first = apis[i % 2].url;
        const second = apis[(i + 1) % 2].url;
        const host = await signInOverHttp(first, dataDir, email);
        // The session lives in Postgres, so the other api knows the host too.
        const elsewhere = sessionOn(second, host.cookie);
        const orderId = await buyPackage(elsewhere);
        await uploadPhotos(host, orderId, photos).expect(201);
        const order = await waitForOrder(elsewhere, orderId, (o) => o.status === 'completed');
        expect(order.photos.map((p) => p.status)).toEqual(Array(5).fill('completed'));
        const zip = await host.get(`/api/orders/${orderId}/download`).buffer(true);
        expect(zip.status).toBe(200);
        return orderId;
      }),
    );

    // A worker logs a job's outcome after the job's own effects are visible, so give the last lines time to arrive.
    const allEnhanceRunsLogged = () =>
      workers.flatMap((w) => jobRuns(w.output())).filter((r) => r.job === 'photos.enhance' && r.outcome === 'completed')
        .length >= 20;
    await new Promise((r) => setTimeout(r, 1000));
    await waitFor(async () => allEnhanceRunsLogged() || undefined, 10_000, 200);
    const mails = await readOutbox(path.join(dataDir, 'outbox'));
    for (const orderId of orderIds) {
      const about = mails.filter((m) => m.text.includes(orderId));
      expect(about.filter((m) => m.subject === 'Your enhanced photos are ready')).toHaveLength(1);
      expect(about.filter((m) => /package is active/.test(m.subject))).toHaveLength(1);
    }

    const attempts: { attempts: number }[] = await db.query('SELECT attempts FROM photos');
    expect(attempts.map((a) => a.attempts)).toEqual(Array(20).fill(1));
    const [events] = await db.query(
      `SELECT count(*)::int AS n, count(DISTINCT properties->>'photoId')::int AS photos
       FROM analytics_events WHERE event = 'Photo Processing Complete'`,
    );
    expect(events).toEqual({ n: 20, photos: 20 });

    // Both workers took a share, and across them each job id finished exactly once.
    const runs = workers.map((w) => jobRuns(w.output()).filter((r) => r.job === 'photos.enhance'));
    expect(runs.every((r) => r.length > 0)).toBe(true);
    const completed = runs.flat().filter((r) => r.outcome === 'completed');
    expect(completed).toHaveLength(20);
    expect(new Set(completed.map((r) => r.jobId)).size).toBe(20);
    expect(runs.flat().filter((r) => r.outcome !== 'completed')).toEqual([]);

    // Each photo's log line says which pipeline ran and why, tagged with its job.
    const enhanced = workers.flatMap((w) => jobLines(w.output())).filter((line) => line.pipeline !== undefined);
    expect(enhanced).toHaveLength(20);
    for (const line of enhanced)
      expect(line).toMatchObject({ job: 'photos.enhance', pipeline: 'classic', route: 'classic requested' });
    expect(new Set(enhanced.map((line) => line.jobId)).size).toBe(20);
  }, 180_000);

  it("delivers an integrator's webhooks from the worker processes, signed with the secret an api sealed", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const host = await signInOverHttp(apis[0].url, dataDir, 'integrator@scale.example.com');
      const { key } = (await host.post('/api/api-keys').send({ name: 'PMS' }).expect(201)).body;
      const endpoint = await request(apis[1].url)
        .post('/api/webhook-endpoints')
        .set('Authorization', `Bearer ${key}`)
        .send({ url: receiver.url('/pms'), events: ['order.completed', 'photo.completed'] })
        .expect(201);
      receiver.trust('/pms', endpoint.body.secret);

      const orderId = await buyPackage(host);
      await uploadPhotos(
        host,
        orderId,
        realPhotos(5).map((p) => p.data),
      ).expect(201);
      await waitForOrder(host, orderId, (o) => o.status === 'completed');
      // A worker logs a delivery's outcome after the receiver has answered, so wait for both.
      const deliveries = () => workers.flatMap((w) => jobRuns(w.output()).filter((r) => r.job === 'webhooks.deliver'));
      await waitFor(async () => (receiver.received.length >= 6 && deliveries().length >= 6) || undefined, 60_000, 200);

      expect(receiver.received.map((r) => r.eventType).sort()).toEqual([
        'order.completed',
        ...Array(5).fill('photo.completed'),
      ]);
      expect(receiver.received.every((r) => r.verified && r.body.data.order_id === orderId)).toBe(true);
      expect(deliveries().filter((r) => r.outcome === 'completed')).toHaveLength(6);
    } finally {
      await receiver.close();
    }
  }, 120_000);

  it("holds the contact form's limit across both apis: 5 messages per address, not 5 per replica", async () => {
    const send = (api: ServerProcess) =>
      request(api.url)
        .post('/api/contact')
        .set('X-Requested-With', 'XMLHttpRequest')
        .set('X-Forwarded-For', '10.7.7.7')
        .send({
          name: 'Spam Bot',
          email: 'bot@example.com',
          subject: 'Hello there',
          message: 'Buy followers today, cheap and fast!',
        });
    for (let i = 0; i < 5; i++) await send(apis[i % 2]).expect(200);
    for (const api of apis) {
      const refused = await send(api).expect(429);
      expect(refused.body.message).toBe('Too many messages. Please try again later.');
    }
    const [stored] = await db.query(`SELECT count(*)::int AS n FROM contact_messages WHERE email = 'bot@example.com'`);
    expect(stored.n).toBe(5);
  });
});
