import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { S3ObjectStorage } from '../../src/modules/storage/adapters/s3.object-storage';
import { hasRedisServer, startOwnRedis, type OwnRedis } from '../helpers/redis-server';
import { startS3Server, type TestS3Server } from '../helpers/s3-server';
import { startSmtpServer, type ReceivedEmail } from '../helpers/smtp-server';
import { readOutbox } from '../helpers/outbox';
import { startWebhookReceiver } from '../helpers/webhook-receiver';
import { buyPackage, sessionOn, signInOverHttp, uploadPhotos, waitFor, waitForOrder } from '../support/journey';
import { realPhotos } from '../support/photos';
import { createScratchDatabase, describeWithPostgresAndRedis } from '../support/postgres';
import { RawConnection, uploadRequest } from '../support/raw-upload';
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

interface OutageLine {
  msg: string;
  outage?: string;
  requestId?: string;
}

/** The lines a process wrote about outages of what it depends on (see OutageLog). */
const outageLines = (output: string): OutageLine[] =>
  (jobLines(output) as OutageLine[]).filter((line) => line.outage !== undefined);

const READY_SUBJECT = 'Your enhanced photos are ready';
const RESTARTING = 'The service is restarting; please upload again';
const RECEIPT_SUBJECT = /^Your .+ package is active$/;
const READY_PATTERN = /^Your enhanced photos are ready$/;

/**
 * The production shape on one machine: two api processes and two worker processes over one Postgres, one Redis and
 * one S3-compatible store. Several hosts go through the whole journey at once, each bouncing between the apis; then
 * the same journey under faults. The Redis is the test's own (its own port, no persistence), so the test can stop it
 * and start it again empty without touching the Redis other suites share.
 */
(hasRedisServer ? describeWithPostgresAndRedis : describe.skip)(
  'two apis and two workers on one Postgres, Redis and object store',
  () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-out-'));
    let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
    let s3: TestS3Server;
    let redis: OwnRedis;
    let db: DataSource;
    let env: Record<string, string>;
    const apis: ServerProcess[] = [];
    const workers: WorkerProcess[] = [];
    /** Processes a fault ended, kept for their logs. */
    const stopped: WorkerProcess[] = [];

    beforeAll(async () => {
      [scratch, s3, redis] = await Promise.all([createScratchDatabase(), startS3Server('scale-out'), startOwnRedis()]);
      env = {
        DATA_DIR: dataDir,
        DATABASE_URL: scratch.url,
        REDIS_URL: redis.url,
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
      // An api SIGTERMed mid-upload cuts it after 3 s instead of 30.
      const api = { ...env, APP_ROLE: 'api', SHUTDOWN_TIMEOUT_SECONDS: '3' };
      const started = await Promise.all([
        startServerProcess(api),
        startServerProcess(api),
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
      await Promise.all([scratch?.drop(), s3?.close(), redis?.stop()]);
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
        workers
          .flatMap((w) => jobRuns(w.output()))
          .filter((r) => r.job === 'photos.enhance' && r.outcome === 'completed').length >= 20;
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
        expect(line).toMatchObject({ job: 'photos.enhance', pipeline: 'listing', route: 'listing look' });
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
        const deliveries = () =>
          workers.flatMap((w) => jobRuns(w.output()).filter((r) => r.job === 'webhooks.deliver'));
        await waitFor(
          async () => (receiver.received.length >= 6 && deliveries().length >= 6) || undefined,
          60_000,
          200,
        );

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
      const [stored] = await db.query(
        `SELECT count(*)::int AS n FROM contact_messages WHERE email = 'bot@example.com'`,
      );
      expect(stored.n).toBe(5);
    });

    describe('under faults', () => {
      it('loses nothing to a Redis outage during an upload or an api SIGTERMed mid-upload, and leaves no orphan', async () => {
        const photos = realPhotos(5).map((p) => p.data);
        const cookieOf = async (email: string) => (await signInOverHttp(apis[0].url, dataDir, email)).cookie;
        const during = sessionOn(apis[0].url, await cookieOf('outage@scale.example.com'));
        const cutHost = sessionOn(apis[0].url, await cookieOf('cut@scale.example.com'));
        const [duringOutage, cutThenAgain] = [await buyPackage(during), await buyPackage(cutHost)];

        // Redis stops while an upload streams, and comes back empty: the upload is kept and its photos are queued
        // again by the reconciler, which a worker started after the outage runs at once.
        const outageUpload = new RawConnection(apis[0].url);
        const outageRequest = uploadRequest(new URL(apis[0].url).host, during.cookie, duringOutage, photos);
        await outageUpload.write(outageRequest.subarray(0, outageRequest.length / 2));
        await redis.stop();
        await outageUpload.write(outageRequest.subarray(outageRequest.length / 2));
        const [kept] = await outageUpload.waitForResponses(1);
        outageUpload.destroy();
        expect(kept.status).toBe(201);
        // Some seconds of reconnect attempts by every connection of four processes.
        await new Promise((r) => setTimeout(r, 5000));
        await redis.start();
        const replaced = workers.splice(1, 1)[0];
        expect(await replaced.stop('SIGTERM')).toBe(0);
        stopped.push(replaced);
        workers.push(await startWorkerProcess({ ...env, RECONCILE_INTERVAL_SECONDS: '5' }));

        // An api is told to stop while an upload is half sent: the upload is cut at its shutdown limit, what it stored
        // is removed and the client is told to upload again, which it does on the other api.
        const cutUpload = new RawConnection(apis[1].url);
        const cutRequest = uploadRequest(new URL(apis[1].url).host, cutHost.cookie, cutThenAgain, photos);
        await cutUpload.write(cutRequest.subarray(0, cutRequest.length - photos[4].length));
        await waitFor(async () => (await originalsOf(cutThenAgain)).length >= 1 || undefined, 30_000, 100);
        const cutApi = apis.splice(1, 1)[0];
        const exited = cutApi.stop('SIGTERM');
        const [cut] = await cutUpload.waitForResponses(1);
        cutUpload.destroy();
        expect(cut.status).toBe(503);
        expect(JSON.parse(cut.body).message).toBe(RESTARTING);
        expect(await exited).toBe(0);
        stopped.push(cutApi);
        expect(cutApi.output().match(/Upload cut by the shutdown/g)).toHaveLength(1);
        expect(await originalsOf(cutThenAgain)).toEqual([]);
        await uploadPhotos(cutHost, cutThenAgain, photos).expect(201);

        for (const [owner, orderId] of [
          [during, duringOutage],
          [cutHost, cutThenAgain],
        ] as const) {
          const order = await waitForOrder(owner, orderId, (o) => o.status === 'completed', 150_000);
          expect(order.photos.map((p) => p.status)).toEqual(Array(5).fill('completed'));
        }

        // Every photo enhanced once, every order completed once (one ready email each).
        const [events] = await db.query(
          `SELECT count(*)::int AS n, count(DISTINCT properties->>'photoId')::int AS photos
         FROM analytics_events WHERE event = 'Photo Processing Complete' AND properties->>'orderId' = ANY($1)`,
          [[duringOutage, cutThenAgain]],
        );
        expect(events).toEqual({ n: 10, photos: 10 });
        await waitFor(
          async () => {
            const mails = await readOutbox(path.join(dataDir, 'outbox'));
            return (
              [duringOutage, cutThenAgain].every((id) =>
                mails.some((m) => m.subject === READY_SUBJECT && m.text.includes(id)),
              ) || undefined
            );
          },
          30_000,
          200,
        );
        await new Promise((r) => setTimeout(r, 1000));
        const mails = await readOutbox(path.join(dataDir, 'outbox'));
        for (const orderId of [duringOutage, cutThenAgain])
          expect(mails.filter((m) => m.subject === READY_SUBJECT && m.text.includes(orderId))).toHaveLength(1);

        // No stored file without a photo row, from this test or any before it.
        expect(await orphans()).toEqual([]);

        // The outage is one line when it starts and one when it ends in each process that saw it, none tagged with a
        // request's id.
        for (const process of [apis[0], workers[0], replaced]) {
          const lines = outageLines(process.output()).filter((l) => l.outage === 'Redis (job queue)');
          expect(lines.filter((l) => / unavailable: /.test(l.msg))).toHaveLength(1);
          expect(lines.filter((l) => /available again/.test(l.msg))).toHaveLength(1);
        }
        const everyOutageLine = [...apis, ...workers, ...stopped].flatMap((p) => outageLines(p.output()));
        expect(everyOutageLine.filter((l) => l.requestId !== undefined)).toEqual([]);
      }, 300_000);

      it('sends the receipt and the ready email once each when every worker is SIGKILLed mid-send', async () => {
        const smtp = await startSmtpServer();
        try {
          // The workers send through a real SMTP server that can hold back its answer to a message; a dead sender's
          // lease runs out after 2 s (10 minutes in production) and the reconcilers look every 2 s.
          const mailEnv = { ...env, SMTP_URL: smtp.url, MAIL_LEASE_SECONDS: '2', RECONCILE_INTERVAL_SECONDS: '2' };
          const replaceWorkers = async (signal: 'SIGTERM' | 'SIGKILL') => {
            const old = workers.splice(0, workers.length);
            await Promise.all(old.map((w) => w.stop(signal)));
            stopped.push(...old);
            workers.push(...(await Promise.all([startWorkerProcess(mailEnv), startWorkerProcess(mailEnv)])));
          };
          /** Whichever worker is sending, it dies before the server's 250: nothing is delivered by that attempt. */
          const killEveryWorkerMidSend = async (subject: RegExp) => {
            const held = await smtp.waitForHeld(180_000);
            expect(held.subject).toMatch(subject);
            await replaceWorkers('SIGKILL');
            expect((await smtp.waitForAbandoned()).headers['message-id']).toBe(held.headers['message-id']);
            return held;
          };
          const deliveredFor = (orderId: string, subject: RegExp) =>
            smtp.messages.filter((m) => subject.test(m.subject) && m.text.includes(orderId));
          const exactlyOne = async (orderId: string, subject: RegExp, killed: ReceivedEmail) => {
            await waitFor(async () => deliveredFor(orderId, subject).length > 0 || undefined, 90_000, 200);
            // Several lease lengths and reconciler passes later, still one.
            await new Promise((r) => setTimeout(r, 6000));
            const mails = deliveredFor(orderId, subject);
            expect(mails).toHaveLength(1);
            expect(mails[0].headers['message-id']).toBe(killed.headers['message-id']);
          };
          await replaceWorkers('SIGTERM');

          const host = sessionOn(
            apis[0].url,
            (await signInOverHttp(apis[0].url, dataDir, 'mid-send@scale.example.com')).cookie,
          );
          smtp.holdNext(RECEIPT_SUBJECT);
          const orderId = await buyPackage(host);
          await exactlyOne(orderId, RECEIPT_SUBJECT, await killEveryWorkerMidSend(RECEIPT_SUBJECT));

          smtp.holdNext(READY_PATTERN);
          await uploadPhotos(
            host,
            orderId,
            realPhotos(5).map((p) => p.data),
          ).expect(201);
          const killedReady = await killEveryWorkerMidSend(READY_PATTERN);
          const order = await waitForOrder(host, orderId, (o) => o.status === 'completed', 150_000);
          expect(order.photos.map((p) => p.status)).toEqual(Array(5).fill('completed'));
          await exactlyOne(orderId, READY_PATTERN, killedReady);

          // The kills came after the photos were enhanced: each was enhanced once.
          const [events] = await db.query(
            `SELECT count(*)::int AS n, count(DISTINCT properties->>'photoId')::int AS photos
           FROM analytics_events WHERE event = 'Photo Processing Complete' AND properties->>'orderId' = $1`,
            [orderId],
          );
          expect(events).toEqual({ n: 5, photos: 5 });
          expect(await orphans()).toEqual([]);
        } finally {
          await smtp.close();
        }
      }, 420_000);
    });

    const storage = () => new S3ObjectStorage(s3.config);

    async function originalsOf(orderId: string): Promise<string[]> {
      return (await storage().list('originals/')).filter((key) => key.split('/')[2] === orderId);
    }

    /** Keys under the photo prefixes that no photo row points to. */
    async function orphans(): Promise<string[]> {
      const stored = (
        await Promise.all(['originals/', 'enhanced/', 'previews/', 'thumbnails/'].map((p) => storage().list(p)))
      ).flat();
      const rows: Record<string, string | null>[] = await db.query(
        'SELECT original_path, enhanced_path, preview_path, thumbnail_path, before_preview_path FROM photos',
      );
      const owned = new Set(rows.flatMap((r) => Object.values(r)).filter((k): k is string => k !== null));
      return stored.filter((key) => !owned.has(key));
    }
  },
);
