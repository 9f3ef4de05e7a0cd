import { Logger } from '@nestjs/common';
import { hasRedisServer, type OwnRedis, startOwnRedis } from '../helpers/redis-server';
import { withLogContext } from '../../src/shared/logging/log-context';
import { createRootLogger, PinoLoggerService } from '../../src/shared/logging/pino-logger';
import { BullmqJobQueue } from '../../src/shared/queue/adapters/bullmq.job-queue';
import { JOB_NAMES } from '../../src/shared/queue/job-definitions';
import { JobRegistry } from '../../src/shared/queue/job-registry';
import { RedisRateLimiter } from '../../src/shared/rate-limit/adapters/redis.rate-limiter';

type Line = Record<string, unknown> & { msg: string; level: number };

const waitUntil = async (check: () => boolean, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};

/**
 * A Redis outage seen by the job queue (producer and every consumer connection) and the rate limiter, with their
 * connections opened inside a request, as an api's first readiness check does.
 */
(hasRedisServer ? describe : describe.skip)('a Redis outage in the logs', () => {
  const lines: Line[] = [];
  let redis: OwnRedis;
  let queue: BullmqJobQueue;
  let limiter: RedisRateLimiter;

  beforeAll(async () => {
    const root = createRootLogger({ level: 'info' }, { write: (line) => lines.push(JSON.parse(line)) });
    Logger.overrideLogger(new PinoLoggerService(root));
    redis = await startOwnRedis();
    queue = new BullmqJobQueue(redis.url, { prefix: 'outage', shutdownTimeoutMs: 2000 });
    limiter = new RedisRateLimiter(redis.url, 'outage');
    const registry = new JobRegistry();
    for (const name of JOB_NAMES) registry.register(name, async () => undefined);
    await queue.startConsumers(registry);
  });

  afterAll(async () => {
    await queue?.close();
    await limiter?.close();
    await redis?.stop();
  });

  it('is one line when it starts and one when it ends per client, none carrying a request id', async () => {
    await withLogContext({ requestId: 'readiness-1' }, async () => {
      await queue.ping();
      await limiter.hit('contact', '10.0.0.1', { max: 5, windowMs: 60_000 });
    });
    lines.splice(0);

    await redis.stop();
    // Requests keep coming while Redis is away: each one's failed limit check is part of the same outage.
    for (let i = 0; i < 5; i++) {
      await withLogContext({ requestId: `contact-${i}` }, () =>
        limiter.hit('contact', '10.0.0.1', { max: 5, windowMs: 60_000 }),
      );
    }
    // Several seconds of reconnect attempts by a dozen connections: hundreds of errors before.
    await new Promise((r) => setTimeout(r, 5000));
    await redis.start();
    await withLogContext({ requestId: 'contact-after' }, () =>
      limiter.hit('contact', '10.0.0.1', { max: 5, windowMs: 60_000 }),
    );
    await waitUntil(() => lines.filter((l) => /available again/.test(l.msg)).length >= 2);
    await new Promise((r) => setTimeout(r, 1000));

    const about = (what: string) => lines.filter((l) => l.outage === what).map((l) => l.msg.split(':')[0]);
    expect(about('Redis (job queue)')).toEqual([
      'Redis (job queue) unavailable',
      expect.stringMatching(/^Redis \(job queue\) available again after \d+ s$/),
    ]);
    expect(about('Redis (rate limits)')).toEqual([
      'Redis (rate limits) unavailable',
      expect.stringMatching(/^Redis \(rate limits\) available again after \d+ s$/),
    ]);
    const end = lines.find((l) => l.outage === 'Redis (rate limits)' && /available again/.test(l.msg));
    expect(end?.suppressed).toBeGreaterThanOrEqual(5);
    expect(lines.filter((l) => l.level >= 40)).toHaveLength(2);
    expect(lines.filter((l) => 'requestId' in l)).toEqual([]);
  }, 60_000);

  it('lets a worker stopped just as Redis comes back close cleanly, without giving up its jobs', async () => {
    const another = new BullmqJobQueue(redis.url, { prefix: 'outage-close', shutdownTimeoutMs: 20_000 });
    const registry = new JobRegistry();
    for (const name of JOB_NAMES) registry.register(name, async () => undefined);
    await another.startConsumers(registry);
    await redis.stop();
    await new Promise((r) => setTimeout(r, 1000));
    await redis.start();
    lines.splice(0);
    // Its connections are still reconnecting: BullMQ's own close, begun now, never returned.
    await another.close();
    expect(lines.filter((l) => /Jobs still running at shutdown/.test(l.msg))).toEqual([]);
  }, 60_000);
});
