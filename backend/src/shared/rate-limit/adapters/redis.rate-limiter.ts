import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import IORedis, { type Redis } from 'ioredis';
import { outsideLogContext } from '../../logging/log-context';
import { OutageLog } from '../../logging/outage-log';
import { type RateLimit, RateLimiter } from '../rate-limiter';

/**
 * One round trip, atomic: count the hit, start the window's expiry on its first hit, and when over the limit answer
 * the milliseconds left. A key that somehow lost its expiry gets one again, so no address is locked out for good.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
if count <= tonumber(ARGV[2]) then return 0 end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return left`;

/**
 * Fixed windows in Redis, shared by every api replica. When Redis cannot answer, the hit is let through and a
 * warning logged (once per outage, see OutageLog): a contact form should not go down with the cache, and the queue's
 * own health check reports Redis.
 */
export class RedisRateLimiter extends RateLimiter {
  private readonly outage = new OutageLog(new Logger('RedisRateLimiter'), 'Redis (rate limits)');
  private readonly redis: Redis;

  constructor(
    redisUrl: string,
    private readonly prefix: string,
  ) {
    super();
    // One retry and a short timeout: while Redis is away a request waits at most half a second on the limiter. Lazy:
    // a worker process, which never limits anything, opens no connection.
    this.redis = new IORedis(redisUrl, { maxRetriesPerRequest: 1, commandTimeout: 500, lazyConnect: true });
    this.redis.on('error', (err) => this.outage.failed(err.message));
    this.redis.on('ready', () => this.outage.recovered());
  }

  async hit(scope: string, key: string, limit: RateLimit): Promise<number> {
    // Hashed, so whatever the key holds (an address, an email) the Redis key is short and free of separators.
    const digest = createHash('sha256').update(key).digest('hex').slice(0, 32);
    try {
      // Connected outside the request, so the connection's later events are not logged as this request's.
      if (this.redis.status === 'wait') await outsideLogContext(() => this.redis.connect()).catch(() => undefined);
      const left = (await this.redis.eval(
        HIT_SCRIPT,
        1,
        `${this.prefix}:rate:${scope}:${digest}`,
        String(limit.windowMs),
        String(limit.max),
      )) as number;
      return left > 0 ? Math.max(1, Math.ceil(left / 1000)) : 0;
    } catch (error) {
      this.outage.failed(`rate limit ${scope} not checked: ${error instanceof Error ? error.message : String(error)}`);
      return 0;
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
