import { randomBytes } from 'node:crypto';
import { InMemoryRateLimiter } from '../../src/shared/rate-limit/adapters/in-memory.rate-limiter';
import { RedisRateLimiter } from '../../src/shared/rate-limit/adapters/redis.rate-limiter';
import { type RateLimiter } from '../../src/shared/rate-limit/rate-limiter';

/** One contract, every adapter: in memory always, Redis (a real server) when REDIS_URL is set. */
const redisUrl = process.env.REDIS_URL;
const adapters: [string, () => RateLimiter][] = [['in-memory', () => new InMemoryRateLimiter()]];
if (redisUrl) adapters.push(['redis', () => new RedisRateLimiter(redisUrl, `test-${randomBytes(4).toString('hex')}`)]);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(adapters)('RateLimiter contract: %s', (_name, make) => {
  let limiter: RateLimiter;
  beforeEach(() => {
    limiter = make();
  });
  afterEach(async () => limiter.close());

  it('allows max hits per window and key, then says how many seconds to wait', async () => {
    const limit = { max: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) expect(await limiter.hit('contact', '10.0.0.1', limit)).toBe(0);
    const wait = await limiter.hit('contact', '10.0.0.1', limit);
    expect(wait).toBeGreaterThanOrEqual(59);
    expect(wait).toBeLessThanOrEqual(60);
    // Another address, and the same address on another form, have their own counts.
    expect(await limiter.hit('contact', '10.0.0.2', limit)).toBe(0);
    expect(await limiter.hit('analytics', '10.0.0.1', limit)).toBe(0);
  });

  it('lets the key in again once its window has passed, and never asks to wait less than a second', async () => {
    const limit = { max: 1, windowMs: 400 };
    expect(await limiter.hit('contact', '::ffff:192.0.2.7', limit)).toBe(0);
    expect(await limiter.hit('contact', '::ffff:192.0.2.7', limit)).toBe(1);
    await sleep(500);
    expect(await limiter.hit('contact', '::ffff:192.0.2.7', limit)).toBe(0);
  });

  it('takes any key: long, with separators or unicode', async () => {
    const limit = { max: 1, windowMs: 60_000 };
    const odd = `a:b\u0000c ${'x'.repeat(5000)} é`;
    expect(await limiter.hit('contact', odd, limit)).toBe(0);
    expect(await limiter.hit('contact', odd, limit)).toBeGreaterThan(0);
    expect(await limiter.hit('contact', `${odd}!`, limit)).toBe(0);
  });
});

(redisUrl ? describe : describe.skip)('RateLimiter on Redis across processes', () => {
  it('counts hits from every replica against one limit', async () => {
    const prefix = `test-${randomBytes(4).toString('hex')}`;
    const replicas = [new RedisRateLimiter(redisUrl!, prefix), new RedisRateLimiter(redisUrl!, prefix)];
    const limit = { max: 4, windowMs: 60_000 };
    try {
      // Ten hits at once, spread over both: exactly the limit gets through.
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => replicas[i % 2].hit('contact', '10.1.1.1', limit)),
      );
      expect(answers.filter((a) => a === 0)).toHaveLength(4);
    } finally {
      await Promise.all(replicas.map((r) => r.close()));
    }
  });

  it('lets requests through instead of hanging when Redis cannot be reached', async () => {
    // A port nothing listens on: the form keeps working while the cache is down.
    const down = new RedisRateLimiter('redis://127.0.0.1:1', 'down');
    try {
      const limit = { max: 1, windowMs: 60_000 };
      expect(await down.hit('contact', '10.2.2.2', limit)).toBe(0);
      expect(await down.hit('contact', '10.2.2.2', limit)).toBe(0);
    } finally {
      await down.close();
    }
  });
});
