import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Clock } from '../../src/modules/auth';
import { JobLocks } from '../../src/modules/system';
import { AppMetrics } from '../../src/shared/metrics/app-metrics';
import { PurgeExpiredPhotos } from '../../src/modules/retention/application/purge-expired-photos.use-case';
import { RetentionScheduler } from '../../src/modules/retention/application/retention-scheduler.service';
import { SendPurgeReminders } from '../../src/modules/retention/application/send-purge-reminders.use-case';
import { SweepOrphanedObjects } from '../../src/modules/retention/application/sweep-orphaned-objects.use-case';
import { dailyTick, formatPurgeDate, purgeDate } from '../../src/modules/retention/domain/retention-policy';
import { ObjectStorage } from '../../src/modules/storage/ports/object-storage';
import { readOutbox } from '../helpers/outbox';
import { signInByEmail } from '../support/auth';
import { smallJpeg } from '../support/photos';
import { testDatabaseUrl } from '../support/postgres';
import { startTestApp, type TestApp } from '../support/test-app';
import { buyPackage, sessionOn } from '../support/journey';

const DAY_MS = 24 * 60 * 60 * 1000;
const REMINDER_SUBJECT = /^Your enhanced photos will be deleted on /;

interface CompletedOrder {
  id: string;
  completedAt: Date;
  /** Every stored file of the order: originals, enhanced, previews (after and before), thumbnails. */
  keys: string[];
}

/**
 * The 90-day purge as hosts and operators see it, with time moved by the injected clock: nothing younger than 90
 * days is touched, a due order's files go and its page shows 'Photo not available', a second run does nothing, a
 * run killed half-way is finished by the next, and many instances purge once.
 */
describe('90-day retention', () => {
  let t: TestApp;
  let host: string;
  let order: CompletedOrder;
  let untouchedNewOrder: string;

  const as = (cookie: string) => sessionOn(t.app.getHttpServer(), cookie);
  const daysAfter = (start: Date, days: number) => new Date(start.getTime() + days * DAY_MS);
  const storage = () => t.app.get(ObjectStorage);
  const scheduler = () => t.app.get(RetentionScheduler);

  /** Runs `fn` with the clocks of the given apps reading `now`; HTTP calls outside it see the real time. */
  async function at<T>(now: Date, fn: () => Promise<T>, clocks: Clock[] = [t.app.get(Clock)]): Promise<T> {
    const spies = clocks.map((clock) => jest.spyOn(clock, 'now').mockReturnValue(now));
    try {
      return await fn();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  }

  const buy = (cookie: string, packageType = 'basic') => buyPackage(as(cookie), packageType);

  /** A basic order with its five photos uploaded and enhanced, as a host gets it. */
  async function completedOrder(cookie: string): Promise<CompletedOrder> {
    const id = await buy(cookie);
    let upload = as(cookie).post('/api/photos/upload').field('orderId', id);
    for (let i = 0; i < 5; i++) upload = upload.attach('photos', await smallJpeg(), `room-${i}.jpg`);
    await upload.expect(201);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const body = (await as(cookie).get(`/api/orders/${id}`)).body;
      if (body.status === 'completed') break;
      if (Date.now() > deadline) throw new Error(`order ${id} did not complete`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const detail = (await as(cookie).get(`/api/orders/${id}`).expect(200)).body;
    const photos = (await as(cookie).get('/api/photos').expect(200)).body.filter(
      (p: { order_id: string }) => p.order_id === id,
    );
    const keys = photos.flatMap((p: Record<string, string>) => [
      p.original_path,
      p.enhanced_path,
      p.preview_path,
      p.thumbnail_path,
      p.before_preview_path,
    ]);
    expect(keys).toHaveLength(25);
    return { id, completedAt: new Date(detail.completed_at), keys };
  }

  async function storedSizes(keys: string[]): Promise<(number | null)[]> {
    return Promise.all(keys.map(async (key) => (await storage().stat(key))?.size ?? null));
  }

  const reminders = async () =>
    (await readOutbox(path.join(t.dataDir, 'outbox'))).filter((m) => REMINDER_SUBJECT.test(m.subject));

  const fileName = (key: string) => key.split('/').pop()!;

  const noPurge = { dryRun: false, orders: 0, photos: 0, objects: 0, bytes: 0, failed: 0 };

  beforeAll(async () => {
    t = await startTestApp({ ENHANCER_ENGINE: 'classic' });
    host = await signInByEmail(t.app, t.dataDir, 'retention@example.com');
    order = await completedOrder(host);
    untouchedNewOrder = await buy(host);
  }, 90_000);
  afterAll(async () => t?.close());

  it('at 80 days touches nothing and sends no reminder', async () => {
    const result = await at(daysAfter(order.completedAt, 80), () => scheduler().tick());
    expect(result).toMatchObject({ reminders: 0, purge: noPurge });
    expect(await reminders()).toEqual([]);
  });

  it('at 84 days reminds the host once, with the deletion date and a link to the order', async () => {
    const first = await at(daysAfter(order.completedAt, 84), () => scheduler().tick());
    expect(first).toMatchObject({ reminders: 1, purge: noPurge });
    const again = await at(daysAfter(order.completedAt, 85), () => scheduler().tick());
    expect(again).toMatchObject({ reminders: 0, purge: noPurge });

    const mails = await reminders();
    expect(mails).toHaveLength(1);
    const deletedOn = formatPurgeDate(purgeDate(order.completedAt));
    expect(mails[0].to).toContain('retention@example.com');
    expect(mails[0].subject).toBe(`Your enhanced photos will be deleted on ${deletedOn}`);
    expect(mails[0].text).toContain(`Your 5 enhanced photos from order ${order.id} will be deleted on ${deletedOn}`);
    expect(mails[0].links).toEqual([`${t.config.publicUrl}/order?order=${order.id}`]);
  });

  it('at 89 days leaves every file downloadable and the order as it was', async () => {
    const before = (await as(host).get(`/api/orders/${order.id}`).expect(200)).body;
    const result = await at(daysAfter(order.completedAt, 89), () => scheduler().tick());
    expect(result).toMatchObject({ reminders: 0, purge: noPurge });

    expect((await as(host).get(`/api/orders/${order.id}`).expect(200)).body).toEqual(before);
    expect(await storedSizes(order.keys)).not.toContain(null);
    for (const key of order.keys)
      await as(host)
        .get(`/api/photos/file/${fileName(key)}`)
        .expect(200);
    await as(host).get(`/api/orders/${order.id}/download`).expect(200);
    expect(await reminders()).toHaveLength(1);
  });

  it('at 91 days deletes what a dry run listed: the files go, the order and its payment stay', async () => {
    const sizes = await storedSizes(order.keys);
    const bytes = sizes.reduce<number>((sum, size) => sum + size!, 0);
    const now = daysAfter(order.completedAt, 91);
    const before = (await as(host).get(`/api/orders/${order.id}`).expect(200)).body;

    const dryRun = await t.app.get(PurgeExpiredPhotos).execute({ now, dryRun: true });
    expect(dryRun).toEqual({ dryRun: true, orders: 1, photos: 5, objects: 25, bytes, failed: 0 });
    expect(await storedSizes(order.keys)).toEqual(sizes);
    expect((await as(host).get(`/api/orders/${order.id}`).expect(200)).body).toEqual(before);

    const result = await at(now, () => scheduler().tick());
    expect(result?.purge).toEqual({ ...dryRun, dryRun: false });

    expect(await storedSizes(order.keys)).toEqual(Array(25).fill(null));
    for (const key of order.keys) {
      const res = await as(host)
        .get(`/api/photos/file/${fileName(key)}`)
        .expect(404);
      expect(res.body.message).toBe('Photo not available');
    }
    const detail = (await as(host).get(`/api/orders/${order.id}`).expect(200)).body;
    expect(detail).toMatchObject({ id: order.id, status: 'completed', completed_at: before.completed_at });
    expect(detail.photos).toHaveLength(5);
    for (const photo of detail.photos) {
      expect(photo).toMatchObject({ original_path: null, enhanced_path: null, thumbnail_path: null });
      await as(host).get(`/api/download-photo/${photo.id}`).expect(404);
    }
    await as(host).get(`/api/orders/${order.id}/download`).expect(404);

    const db = t.app.get(DataSource);
    const [transaction] = await db.query('SELECT count(*)::int AS n FROM transactions WHERE order_id = $1', [order.id]);
    expect(transaction.n).toBe(1);
    const [fresh] = await db.query('SELECT status, purged_at FROM orders WHERE id = $1', [untouchedNewOrder]);
    expect(fresh).toEqual({ status: 'new', purged_at: null });
    const [lock] = await db.query(
      `SELECT finished_at, result FROM job_locks WHERE name = 'retention.daily' AND tick = $1`,
      [now.toISOString().slice(0, 10)],
    );
    expect(lock.finished_at).not.toBeNull();
    expect(lock.result).toEqual({ reminders: 0, purge: result!.purge, orphans: result!.orphans });

    // Operators see the run on the scraped metrics of the instance that ran it.
    const metrics = (await request(t.app.getHttpServer()).get('/api/metrics').expect(200)).text;
    expect(metrics).toMatch(/^purge_orders_total 1$/m);
    expect(metrics).toMatch(/^purge_objects_total 25$/m);
    expect(metrics).toContain(`purge_bytes_total ${bytes}`);
  });

  it('does nothing on a second run, scheduled or by hand', async () => {
    const scheduled = await at(daysAfter(order.completedAt, 92), () => scheduler().tick());
    expect(scheduled).toMatchObject({ reminders: 0, purge: noPurge });
    const byHand = await t.app.get(PurgeExpiredPhotos).execute({ now: daysAfter(order.completedAt, 92) });
    expect(byHand).toEqual(noPurge);
    // The same day's tick has been claimed: firing it again runs nothing.
    expect(await at(daysAfter(order.completedAt, 92), () => scheduler().tick())).toBeNull();
  });

  it('finishes a purge that was killed between deleting the files and updating the rows', async () => {
    const killed = await completedOrder(host);
    const bytes = (await storedSizes(killed.keys)).reduce<number>((sum, size) => sum + size!, 0);
    const db = t.app.get(DataSource);
    const crash = jest.spyOn(db, 'transaction').mockRejectedValueOnce(new Error('process killed'));
    try {
      const first = await at(daysAfter(killed.completedAt, 100), () => scheduler().tick());
      expect(first?.purge).toEqual({ dryRun: false, orders: 0, photos: 0, objects: 25, bytes, failed: 1 });
    } finally {
      crash.mockRestore();
    }
    expect(await storedSizes(killed.keys)).toEqual(Array(25).fill(null));
    const stranded = (await as(host).get(`/api/orders/${killed.id}`).expect(200)).body;
    expect(stranded.photos.every((p: { enhanced_path: string | null }) => p.enhanced_path)).toBe(true);

    const next = await at(daysAfter(killed.completedAt, 101), () => scheduler().tick());
    expect(next?.purge).toEqual({ dryRun: false, orders: 1, photos: 5, objects: 0, bytes: 0, failed: 0 });
    const detail = (await as(host).get(`/api/orders/${killed.id}`).expect(200)).body;
    expect(detail.photos.map((p: { enhanced_path: string | null }) => p.enhanced_path)).toEqual(Array(5).fill(null));
  }, 60_000);

  it('purges once when three instances fire the same tick', async () => {
    const due = await completedOrder(host);
    // On Postgres, three apps with their own connection pools, as three worker replicas; PGlite belongs to one
    // process, so there the three schedulers share its app, as three schedulers in one process would.
    const others = testDatabaseUrl
      ? await Promise.all(
          [1, 2].map(() =>
            startTestApp({
              ENHANCER_ENGINE: 'classic',
              DATABASE_URL: t.config.databaseUrl!,
              DATA_DIR: t.dataDir,
              QUEUE_PREFIX: t.config.queuePrefix,
            }),
          ),
        )
      : [];
    try {
      const apps = [t, ...others].map((a) => a.app);
      const schedulers = testDatabaseUrl
        ? apps.map((app) => app.get(RetentionScheduler))
        : [1, 2, 3].map(
            () =>
              new RetentionScheduler(
                t.app.get(DataSource),
                t.app.get(JobLocks),
                t.app.get(Clock),
                t.config,
                t.app.get(PurgeExpiredPhotos),
                t.app.get(SendPurgeReminders),
                t.app.get(SweepOrphanedObjects),
                t.app.get(AppMetrics),
              ),
          );
      const deletes = apps.map((app) => jest.spyOn(app.get(ObjectStorage), 'delete'));
      const now = daysAfter(due.completedAt, 120);
      const results = await at(
        now,
        () => Promise.all(schedulers.map((s) => s.tick())),
        apps.map((app) => app.get(Clock)),
      );

      const ran = results.filter((r) => r !== null);
      expect(ran).toHaveLength(1);
      expect(ran[0]!.purge).toMatchObject({ orders: 1, photos: 5, objects: 25, failed: 0 });
      expect(deletes.reduce((calls, spy) => calls + spy.mock.calls.length, 0)).toBe(25);
      for (const spy of deletes) spy.mockRestore();
      const [locks] = await t.app
        .get(DataSource)
        .query(`SELECT count(*)::int AS n FROM job_locks WHERE name = 'retention.daily' AND tick = $1`, [
          now.toISOString().slice(0, 10),
        ]);
      expect(locks.n).toBe(1);
      expect(await storedSizes(due.keys)).toEqual(Array(25).fill(null));
    } finally {
      await Promise.all(others.map((o) => o.close()));
    }
  }, 90_000);

  /** 04:00 UTC of that day: hours can be added without leaving the day. */
  const morningOf = (day: Date) => new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 4));
  const HOUR_MS = 60 * 60 * 1000;
  const lockOf = async (day: Date) =>
    (
      await t.app
        .get(DataSource)
        .query(`SELECT finished_at, result FROM job_locks WHERE name = 'retention.daily' AND tick = $1`, [
          dailyTick(day),
        ])
    )[0];

  it('retries a day whose run failed at the next hourly firing, and runs it once', async () => {
    const day = morningOf(daysAfter(order.completedAt, 150));
    const outage = jest
      .spyOn(t.app.get(PurgeExpiredPhotos), 'execute')
      .mockRejectedValueOnce(new Error('object store unavailable'));
    try {
      await expect(at(day, () => scheduler().tick())).rejects.toThrow('object store unavailable');
    } finally {
      outage.mockRestore();
    }
    expect((await lockOf(day)).result).toEqual({ error: 'Error: object store unavailable' });

    const retried = await at(new Date(day.getTime() + HOUR_MS), () => scheduler().tick());
    expect(retried).toMatchObject({ tick: dailyTick(day), purge: noPurge });
    expect(await lockOf(day)).toMatchObject({ finished_at: expect.any(Date), result: { reminders: 0 } });
    expect(await at(new Date(day.getTime() + 2 * HOUR_MS), () => scheduler().tick())).toBeNull();
  });

  it('takes over a day whose run died without a result after 6 hours, not while it may still be running', async () => {
    const claimed = morningOf(daysAfter(order.completedAt, 160));
    await t.app
      .get(DataSource)
      .query('INSERT INTO job_locks (name, tick, claimed_at) VALUES ($1, $2, $3)', [
        'retention.daily',
        dailyTick(claimed),
        claimed.toISOString(),
      ]);
    expect(await at(new Date(claimed.getTime() + 2 * HOUR_MS), () => scheduler().tick())).toBeNull();
    const takenOver = await at(new Date(claimed.getTime() + 7 * HOUR_MS), () => scheduler().tick());
    expect(takenOver).toMatchObject({ tick: dailyTick(claimed), purge: noPurge });
    expect((await lockOf(claimed)).finished_at).toEqual(expect.any(Date));
  });
  it('sweeps stored files no photo owns once nothing in flight can own them, and unfinished writes, never a live photo', async () => {
    const live = await completedOrder(host);
    // What a process killed between storing an upload and committing its rows leaves: a file no row points to,
    // and an unfinished write (a temp file) beside it.
    const orphan = 'originals/999999/ord_orphaned/888888.jpg';
    await storage().put(orphan, await smallJpeg());
    const tempFile = path.join(t.dataDir, 'objects', 'originals', '999999', 'ord_orphaned', '888889.jpg~tmp-0123');
    fs.writeFileSync(tempFile, 'half a photo');
    const sweep = () => t.app.get(SweepOrphanedObjects);
    const hoursLater = (hours: number) => new Date(Date.now() + hours * 60 * 60 * 1000);
    const listed: string[] = [];

    // Enhancement outputs wait a day; originals and unfinished writes half an hour (no upload lasts that long).
    const early = await sweep().execute({ now: hoursLater(0.25) });
    expect(early).toMatchObject({ orphans: 0, staleWrites: 0 });
    const dry = await sweep().execute({ now: hoursLater(1), dryRun: true, onObject: (o) => listed.push(o.key) });
    expect(listed).toEqual([orphan]);
    expect(dry).toMatchObject({ dryRun: true, orphans: 1, staleWrites: 0 });
    expect(await storage().stat(orphan)).not.toBeNull();

    // The daily tick runs the sweep after the purge and counts it in the metrics.
    const tick = await at(hoursLater(25), () => scheduler().tick());
    expect(tick?.orphans).toMatchObject({ dryRun: false, orphans: 1, staleWrites: 1 });
    expect(tick?.orphans.bytes).toBeGreaterThan(0);
    expect(await storage().stat(orphan)).toBeNull();
    expect(fs.existsSync(tempFile)).toBe(false);
    // The live order's files are all still there, and the metrics count what went.
    expect((await storedSizes(live.keys)).every((size) => size !== null)).toBe(true);
    expect(await t.app.get(AppMetrics).scrape()).toMatch(/^orphaned_objects_deleted_total 1$/m);
  }, 60_000);
});
