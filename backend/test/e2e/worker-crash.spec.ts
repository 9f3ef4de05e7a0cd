import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readOutbox } from '../helpers/outbox';
import { buyPackage, sessionOn, signInOverHttp, uploadPhotos, waitForOrder } from '../support/journey';
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
    const host = await signInOverHttp(server.url, dataDir, 'crash@example.com');
    const orderId = await buyPackage(host);
    const photos = await Promise.all([0, 1, 2, 3, 4].map(() => smallJpeg(1600, 1200)));
    await uploadPhotos(host, orderId, photos).expect(201);

    // Kill -9 as soon as the first photo is done: the next one is then being enhanced.
    const first = await waitForOrder(host, orderId, (o) => o.photos.some((p) => p.status === 'completed'), 60_000);
    expect(first.status).toBe('pending');
    await server.stop('SIGKILL');

    server = await startServerProcess(env);
    const final = await waitForOrder(sessionOn(server.url, host.cookie), orderId, (o) => o.status === 'completed');
    expect(final.photos.map((p) => p.status)).toEqual(Array(5).fill('completed'));
    await new Promise((r) => setTimeout(r, 1000));
    const ready = (await readOutbox(path.join(dataDir, 'outbox'))).filter(
      (m) => m.subject === 'Your enhanced photos are ready',
    );
    expect(ready).toHaveLength(1);
  }, 180_000);
});
