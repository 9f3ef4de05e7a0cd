import { DataSource } from 'typeorm';
import { Clock } from '../../src/modules/auth';
import { RetentionScheduler } from '../../src/modules/retention/application/retention-scheduler.service';
import { dailyTick } from '../../src/modules/retention/domain/retention-policy';
import { startS3Server, type TestS3Server } from '../helpers/s3-server';
import { startTestApp, type TestApp } from '../support/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * s3rver, like some other S3-compatible servers, cannot list unfinished multipart uploads. The daily run's last
 * step then has nothing it can do: it is reported as skipped and the day counts as done, so the hourly firings that
 * follow do not claim and run the same day again.
 */
describe('the daily retention run on an object store without multipart-upload listing', () => {
  let s3: TestS3Server;
  let t: TestApp;

  beforeAll(async () => {
    s3 = await startS3Server('retention');
    t = await startTestApp({
      S3_ENDPOINT: s3.config.endpoint,
      S3_BUCKET: s3.config.bucket,
      S3_ACCESS_KEY: s3.config.accessKey,
      S3_SECRET_KEY: s3.config.secretKey,
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  async function at<T>(now: Date, fn: () => Promise<T>): Promise<T> {
    const spy = jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(now);
    try {
      return await fn();
    } finally {
      spy.mockRestore();
    }
  }

  it('reports the unfinished-writes step as skipped, records the day as done and runs it once', async () => {
    // A day of its own, after the run the app made of today at boot.
    const day = new Date(Date.now() + 10 * DAY_MS);
    const run = await at(day, () => t.app.get(RetentionScheduler).tick());
    expect(run?.orphans).toMatchObject({
      staleWrites: 0,
      skipped: ['unfinished writes: The object store does not support listing unfinished multipart uploads'],
    });

    const [lock] = await t.app
      .get(DataSource)
      .query(`SELECT finished_at, result FROM job_locks WHERE name = 'retention.daily' AND tick = $1`, [
        dailyTick(day),
      ]);
    expect(lock.finished_at).not.toBeNull();
    expect(lock.result).not.toHaveProperty('error');
    expect(await at(new Date(day.getTime() + 60 * 60 * 1000), () => t.app.get(RetentionScheduler).tick())).toBeNull();
  });
});
