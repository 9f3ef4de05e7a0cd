import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { readOutbox } from '../helpers/outbox';
import { startS3Server, type TestS3Server } from '../helpers/s3-server';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';
import { buyPackage, signInOverHttp, uploadPhotos, waitForOrder, type HostSession } from '../support/journey';
import { realPhotos, twelveMegapixelRoom } from '../support/photos';
import { createScratchDatabase, describeWithPostgresAndRedis, testRedisUrl } from '../support/postgres';
import {
  startServerProcess,
  startWorkerProcess,
  type ServerProcess,
  type WorkerProcess,
} from '../support/server-process';

const READY = 'Your enhanced photos are ready';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A URL with its host and port swapped for the proxy's. */
function through(proxy: TcpProxy, url: string): string {
  const u = new URL(url);
  u.hostname = proxy.host;
  u.port = String(proxy.port);
  return u.toString().replace(/\/$/, '');
}

/**
 * Each dependency of an api and a worker (Postgres, Redis, the S3 store) runs behind a proxy the test can cut, as a
 * crash or a restart looks from the application, without disturbing the shared services other suites use.
 */
describeWithPostgresAndRedis('faults: a dependency goes away and comes back', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faults-'));
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let s3: TestS3Server;
  let db: DataSource;
  const proxy: Record<'postgres' | 'redis' | 's3', TcpProxy> = {} as never;
  let api: ServerProcess;
  let worker: WorkerProcess;
  const photos = realPhotos(5).map((p) => p.data);

  beforeAll(async () => {
    [scratch, s3] = await Promise.all([createScratchDatabase(), startS3Server('faults')]);
    const pg = new URL(scratch.url);
    const redis = new URL(testRedisUrl!);
    const store = new URL(s3.config.endpoint);
    proxy.postgres = await startTcpProxy({ host: pg.hostname, port: Number(pg.port || 5432) });
    proxy.redis = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    proxy.s3 = await startTcpProxy({ host: store.hostname, port: Number(store.port) });
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: through(proxy.postgres, scratch.url),
      REDIS_URL: through(proxy.redis, testRedisUrl!),
      QUEUE_PREFIX: `faults-${process.pid}-${Date.now()}`,
      S3_ENDPOINT: through(proxy.s3, s3.config.endpoint),
      S3_BUCKET: s3.config.bucket,
      S3_ACCESS_KEY: s3.config.accessKey,
      S3_SECRET_KEY: s3.config.secretKey,
      ENHANCER_ENGINE: 'classic',
      // Production re-checks every five minutes; the test cannot wait that long.
      RECONCILE_INTERVAL_SECONDS: '2',
    };
    [api, worker] = await Promise.all([startServerProcess({ ...env, APP_ROLE: 'api' }), startWorkerProcess(env)]);
    db = await new DataSource({ type: 'postgres', url: scratch.url }).initialize();
  }, 120_000);

  afterAll(async () => {
    await Promise.all([api?.stop('SIGKILL'), worker?.stop('SIGKILL')]);
    await Promise.all(Object.values(proxy).map((p) => p.close()));
    await db?.destroy();
    await Promise.all([scratch?.drop(), s3?.close()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function emails(orderId: string, subject: RegExp): Promise<number> {
    const mails = await readOutbox(path.join(dataDir, 'outbox'));
    return mails.filter((m) => subject.test(m.subject) && m.text.includes(orderId)).length;
  }

  let host: HostSession;
  beforeAll(async () => {
    host = await signInOverHttp(api.url, dataDir, 'faults@example.com');
  });

  it('Redis down: the queue-bound request answers 503 at once, purchases and uploads are kept and run later', async () => {
    await proxy.redis.cut();

    const started = Date.now();
    const ready = await host.get('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.checks).toMatchObject({
      database: { status: 'up' },
      queue: { status: 'down' },
      storage: { status: 'up' },
    });

    // Money taken is never lost to a queue outage: the order exists now, its receipt follows later.
    const orderId = await buyPackage(host);
    await uploadPhotos(host, orderId, photos).expect(201);
    const stored = await waitForOrder(host, orderId, () => true);
    expect(stored.status).toBe('pending');
    const requeue = await host.post('/api/photos/process').send({ photoIds: stored.photos.map((p) => p.id) });
    expect(requeue.status).toBe(503);
    expect(requeue.body).toMatchObject({ code: 'QUEUE_UNAVAILABLE' });
    // A hang guard, not a speed target: without the adapter's timeout these wait on Redis for ever.
    expect(Date.now() - started).toBeLessThan(30_000);

    await pause(3000);
    expect((await waitForOrder(host, orderId, () => true)).photos.map((p) => p.status)).toEqual(
      Array(5).fill('uploaded'),
    );

    await proxy.redis.restore();
    const order = await waitForOrder(host, orderId, (o) => o.status === 'completed');
    expect(order.photos.map((p) => p.status)).toEqual(Array(5).fill('completed'));
    await pause(1000);
    expect(await emails(orderId, new RegExp(READY))).toBe(1);
    expect(await emails(orderId, /package is active/)).toBe(1);
    await host.get('/api/health/ready').expect(200);
  }, 150_000);

  it('storage down: jobs retry, nothing completes without its files, and all complete when it is back', async () => {
    const orderId = await buyPackage(host);
    const big = await Promise.all([0, 1, 2, 3, 4].map((i) => twelveMegapixelRoom(i)));
    await uploadPhotos(host, orderId, big).expect(201);
    await proxy.s3.cut();

    // An upload while the store is away fails as a whole and costs no credit.
    const other = await buyPackage(host);
    const refused = await uploadPhotos(host, other, photos.slice(0, 2));
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe('Photo storage is unavailable. Please try again shortly.');
    const untouched = await waitForOrder(host, other, () => true);
    expect(untouched).toMatchObject({ status: 'new', photos: [] });
    expect((untouched as unknown as { photos_remaining: number }).photos_remaining).toBe(5);

    await pause(5000);
    const during = await waitForOrder(host, orderId, () => true);
    const completedDuring = during.photos.filter((p) => p.status === 'completed');
    // At most the photo already past its writes when the store went away; none failed for good.
    expect(completedDuring.length).toBeLessThanOrEqual(1);
    expect(during.photos.filter((p) => p.status === 'failed')).toEqual([]);
    expect(during.status).toBe('pending');

    await proxy.s3.restore();
    const order = await waitForOrder(host, orderId, (o) => o.status === 'completed', 150_000);
    expect(order.photos.map((p) => p.status)).toEqual(Array(5).fill('completed'));
    for (const photo of order.photos) {
      const file = await host.get(`/api/download-photo/${photo.id}`).buffer(true);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
    }
    await pause(1000);
    expect(await emails(orderId, new RegExp(READY))).toBe(1);
  }, 240_000);

  it('Postgres restarted mid-order: the order still completes, once', async () => {
    const orderId = await buyPackage(host);
    const big = await Promise.all([0, 1, 2, 3, 4].map((i) => twelveMegapixelRoom(i)));
    await uploadPhotos(host, orderId, big).expect(201);
    await waitForOrder(host, orderId, (o) => o.photos.some((p) => p.status === 'completed'));

    // What a restart does to clients: every connection dropped, and none accepted for a while.
    await proxy.postgres.cut();
    await pause(4000);
    await proxy.postgres.restore();

    const order = await waitForOrder(host, orderId, (o) => o.status === 'completed', 150_000);
    expect(order.photos.map((p) => p.status)).toEqual(Array(5).fill('completed'));
    await pause(1000);
    expect(await emails(orderId, new RegExp(READY))).toBe(1);
    const [events] = await db.query(
      `SELECT count(*)::int AS n FROM analytics_events
       WHERE event = 'Photo Processing Complete' AND properties->>'orderId' = $1`,
      [orderId],
    );
    expect(events.n).toBe(5);
    // Both processes are still alive and serving.
    expect(worker.child.exitCode).toBeNull();
    await host.get('/api/health/ready').expect(200);
  }, 240_000);
});
