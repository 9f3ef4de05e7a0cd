import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { readOutbox } from '../helpers/outbox';
import {
  buyPackage,
  sessionOn,
  signInOverHttp,
  uploadPhotos,
  waitFor,
  waitForOrder,
  type OrderView,
} from '../support/journey';
import { smallJpeg, twelveMegapixelRoom, zipEntryNames } from '../support/photos';
import { RawConnection, uploadRequest } from '../support/raw-upload';
import { createScratchDatabase, describeWithPostgresAndRedis, testRedisUrl } from '../support/postgres';
import {
  startServerProcess,
  startWorkerProcess,
  type ServerProcess,
  type WorkerProcess,
} from '../support/server-process';

const READY_SUBJECT = 'Your enhanced photos are ready';

async function readyEmails(dataDir: string, orderId: string): Promise<number> {
  const mails = await readOutbox(path.join(dataDir, 'outbox'));
  return mails.filter((m) => m.subject === READY_SUBJECT && m.text.includes(orderId)).length;
}

/** Every photo is either untouched or completed with its file: a drained job never leaves half a result. */
function expectNoHalfDonePhotos(order: OrderView): void {
  for (const photo of order.photos) {
    if (photo.status === 'completed') expect(photo.enhanced_path).toBeTruthy();
    else expect(photo).toMatchObject({ status: 'uploaded', enhanced_path: null });
  }
}

const atLeastOneCompleted = (o: OrderView) => o.photos.some((p) => p.status === 'completed');

describe('SIGTERM in the one-process default', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sigterm-'));
  const env = { DATA_DIR: dataDir, ENHANCER_ENGINE: 'classic', SHUTDOWN_TIMEOUT_SECONDS: '20' };
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.stop('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes a download in flight and the running job, refuses new connections, exits 0', async () => {
    server = await startServerProcess(env);
    const host = await signInOverHttp(server.url, dataDir, 'sigterm@example.com');
    const photos = await Promise.all([0, 1, 2, 3, 4].map((i) => twelveMegapixelRoom(i)));

    const finished = await buyPackage(host);
    await uploadPhotos(host, finished, photos).expect(201);
    await waitForOrder(host, finished, (o) => o.status === 'completed');

    const busy = await buyPackage(host);
    await uploadPhotos(host, busy, photos).expect(201);
    await waitForOrder(host, busy, atLeastOneCompleted);

    // A zip of five 12 MP results is far larger than the socket buffers: pausing it keeps the request in flight.
    const download = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(`${server!.url}/api/orders/${finished}/download`, { headers: { Cookie: host.cookie } }, resolve)
        .on('error', reject),
    );
    expect(download.statusCode).toBe(200);
    download.pause();
    const exited = server.stop('SIGTERM');

    await new Promise((r) => setTimeout(r, 500));
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();

    const chunks: Buffer[] = [];
    download.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((resolve) => download.on('end', resolve));
    download.resume();
    await ended;
    expect(zipEntryNames(Buffer.concat(chunks))).toHaveLength(5);
    expect(download.complete).toBe(true);

    expect(await exited).toBe(0);
    expect(server.output()).toContain('Shutdown complete');

    server = await startServerProcess(env);
    const order = await waitForOrder(sessionOn(server.url, host.cookie), busy, (o) => o.status === 'completed');
    expect(order.photos.map((p) => p.status)).toEqual(Array(5).fill('completed'));
    await new Promise((r) => setTimeout(r, 500));
    expect(await readyEmails(dataDir, busy)).toBe(1);
  }, 240_000);
});

/** Stored originals of one order on disk (the embedded object store), finished files only. */
function storedOriginals(dataDir: string, orderId: string): string[] {
  const root = path.join(dataDir, 'objects', 'originals');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => f.includes(orderId) && /\.jpg$/.test(f));
}

describe('SIGTERM while uploads are in flight', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sigterm-upload-'));
  const env = { DATA_DIR: dataDir, ENHANCER_ENGINE: 'classic', SHUTDOWN_TIMEOUT_SECONDS: '2' };
  let server: ServerProcess | undefined;
  const connections: RawConnection[] = [];

  afterAll(async () => {
    connections.forEach((c) => c.destroy());
    await server?.stop('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes an upload that ends in time, refuses one begun during the drain and undoes one cut at the limit', async () => {
    server = await startServerProcess(env);
    const host = await signInOverHttp(server.url, dataDir, 'sigterm-upload@example.com');
    const [finishing, refused, cut] = [await buyPackage(host), await buyPackage(host), await buyPackage(host)];
    const photo = await smallJpeg();
    const hostHeader = new URL(server.url).host;

    // Cut: one photo stored whole, the second still arriving when the limit passes.
    const cutConnection = new RawConnection(server.url);
    connections.push(cutConnection);
    const cutRequest = uploadRequest(hostHeader, host.cookie, cut, [photo, photo]);
    await cutConnection.write(cutRequest.subarray(0, cutRequest.length - photo.length / 2));
    await waitFor(async () => storedOriginals(dataDir, cut).length === 1 || undefined, 20_000, 50);

    // Finishing: its last bytes come during the drain, followed on the same connection by a new upload.
    const keptAlive = new RawConnection(server.url);
    connections.push(keptAlive);
    const first = uploadRequest(hostHeader, host.cookie, finishing, [photo]);
    await keptAlive.write(first.subarray(0, first.length - 100));
    await new Promise((r) => setTimeout(r, 300));

    const exited = server.stop('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    await keptAlive.write(
      Buffer.concat([first.subarray(first.length - 100), uploadRequest(hostHeader, host.cookie, refused, [photo])]),
    );
    const [done, turnedAway] = await keptAlive.waitForResponses(2);
    expect(done.status).toBe(201);
    expect(turnedAway.status).toBe(503);
    expect(JSON.parse(turnedAway.body).message).toBe('The service is restarting; please upload again');

    const [cutAnswer] = await cutConnection.waitForResponses(1);
    expect(cutAnswer.status).toBe(503);
    expect(JSON.parse(cutAnswer.body)).toMatchObject({
      code: 'RESTARTING',
      message: 'The service is restarting; please upload again',
    });
    expect(await exited).toBe(0);
    expect(server.output().match(/Upload cut by the shutdown/g)).toHaveLength(1);

    // Nothing of the cut or the refused upload is left, and their credits are untouched; the finished one is kept.
    expect(storedOriginals(dataDir, cut)).toEqual([]);
    expect(storedOriginals(dataDir, refused)).toEqual([]);
    expect(storedOriginals(dataDir, finishing)).toHaveLength(1);
    server = await startServerProcess(env);
    const again = sessionOn(server.url, host.cookie);
    for (const orderId of [cut, refused]) {
      const order = await waitForOrder(again, orderId, () => true);
      expect(order.photos).toEqual([]);
    }
    expect((await waitForOrder(again, finishing, () => true)).photos).toHaveLength(1);
  }, 120_000);
});

describeWithPostgresAndRedis('a worker process on Postgres and Redis', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'worker-signals-'));
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let db: DataSource;
  let env: Record<string, string>;
  let api: ServerProcess | undefined;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      REDIS_URL: testRedisUrl!,
      QUEUE_PREFIX: `signals-${process.pid}-${Date.now()}`,
      ENHANCER_ENGINE: 'classic',
      SHUTDOWN_TIMEOUT_SECONDS: '20',
      // Two photos in flight per worker, as on a two-core machine by default.
      WORKER_CONCURRENCY: '2',
    };
    api = await startServerProcess({ ...env, APP_ROLE: 'api' });
    db = await new DataSource({ type: 'postgres', url: scratch.url }).initialize();
  }, 120_000);

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop('SIGKILL')));
    await api?.stop('SIGKILL');
    await db?.destroy();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function attempts(orderId: string): Promise<number[]> {
    const rows: { attempts: number }[] = await db.query('SELECT attempts FROM photos WHERE order_id = $1 ORDER BY id', [
      orderId,
    ]);
    return rows.map((r) => r.attempts);
  }

  it('SIGTERM: finishes its running jobs, takes no other, exits 0; the next worker completes the order', async () => {
    const host = await signInOverHttp(api!.url, dataDir, 'sigterm-worker@example.com');
    const orderId = await buyPackage(host);
    const photos = await Promise.all([0, 1, 2, 3, 4].map((i) => twelveMegapixelRoom(i)));
    workers.push(await startWorkerProcess(env));
    await uploadPhotos(host, orderId, photos).expect(201);
    await waitForOrder(host, orderId, atLeastOneCompleted);

    const signalled = Date.now();
    expect(await workers[0].stop('SIGTERM')).toBe(0);
    const drainMs = Date.now() - signalled;
    expect(workers[0].output()).toContain('Shutdown complete');
    expect(workers[0].output()).not.toMatch(/"outcome":"(failed|retry)"/);

    const drained = await waitForOrder(host, orderId, () => true);
    expectNoHalfDonePhotos(drained);
    expect(drained.photos.filter((p) => p.status === 'uploaded').length).toBeGreaterThan(0);
    // The job it was running was finished, not abandoned: no photo has been started without being completed.
    const started = (await attempts(orderId)).filter((a) => a > 0).length;
    expect(started).toBe(drained.photos.filter((p) => p.status === 'completed').length);
    expect(drainMs).toBeLessThan(20_000 + 5_000);

    workers.push(await startWorkerProcess(env));
    const order = await waitForOrder(host, orderId, (o) => o.status === 'completed');
    expect(order.photos.map((p) => p.status)).toEqual(Array(5).fill('completed'));
    expect(await attempts(orderId)).toEqual(Array(5).fill(1));
    await new Promise((r) => setTimeout(r, 500));
    expect(await readyEmails(dataDir, orderId)).toBe(1);
  }, 180_000);

  it('SIGKILL: the jobs it held are recovered as stalled by another worker; one email', async () => {
    const host = await signInOverHttp(api!.url, dataDir, 'sigkill-worker@example.com');
    const orderId = await buyPackage(host);
    const photos = await Promise.all([0, 1, 2, 3, 4].map((i) => twelveMegapixelRoom(i)));
    await uploadPhotos(host, orderId, photos).expect(201);
    await waitForOrder(host, orderId, atLeastOneCompleted);
    await workers[1].stop('SIGKILL');

    const before = await waitForOrder(host, orderId, () => true);
    expect(before.status).toBe('pending');
    workers.push(await startWorkerProcess(env));
    // BullMQ hands a job whose lock expired (30 s) to another worker; the reconciler cannot, its id is still taken.
    const order = await waitForOrder(host, orderId, (o) => o.status === 'completed', 150_000);
    expect(order.photos.map((p) => p.status)).toEqual(Array(5).fill('completed'));
    const runs = await attempts(orderId);
    // The photos being enhanced at the kill (at most WORKER_CONCURRENCY) ran twice; every other photo once.
    expect(runs.filter((a) => a === 1).length).toBeGreaterThanOrEqual(3);
    expect(runs.every((a) => a === 1 || a === 2)).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    expect(await readyEmails(dataDir, orderId)).toBe(1);
  }, 240_000);
});
