import { Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { InMemoryRateLimiter } from './adapters/in-memory.rate-limiter';
import { RedisRateLimiter } from './adapters/redis.rate-limiter';
import { RateLimiter } from './rate-limiter';

@Injectable()
class RateLimiterLifecycle implements OnApplicationShutdown {
  constructor(private readonly limiter: RateLimiter) {}

  async onApplicationShutdown(): Promise<void> {
    await this.limiter.close();
  }
}

/** The rate limiter: in Redis when REDIS_URL is set (shared by every replica), in memory otherwise. */
@Module({
  providers: [
    {
      provide: RateLimiter,
      inject: [AppConfig],
      useFactory: (config: AppConfig): RateLimiter =>
        config.redisUrl ? new RedisRateLimiter(config.redisUrl, config.queuePrefix) : new InMemoryRateLimiter(),
    },
    RateLimiterLifecycle,
  ],
  exports: [RateLimiter],
})
export class RateLimitModule {}
