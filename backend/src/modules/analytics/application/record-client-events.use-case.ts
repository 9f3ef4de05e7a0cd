import { Injectable } from '@nestjs/common';
import { RateLimitedError } from '../../../shared/errors/app-error';
import { RateLimiter } from '../../../shared/rate-limit/rate-limiter';
import {
  ANALYTICS_RATE_LIMITED_MESSAGE,
  type AnalyticsEventName,
  CLIENT_EVENT_LIMITS,
  sanitizeProperties,
} from '../domain/analytics-events';
import { Analytics } from '../ports/analytics';

export interface ClientEvent {
  event: AnalyticsEventName;
  properties?: Record<string, unknown>;
  distinctId?: string;
}

/**
 * Records a batch of events a browser sent (the client's default adapter). A signed-in caller's events are
 * attributed to their account id, whatever id the browser claimed.
 */
@Injectable()
export class RecordClientEvents {
  constructor(
    private readonly analytics: Analytics,
    private readonly limiter: RateLimiter,
  ) {}

  async execute(events: ClientEvent[], caller: { ip: string; userId: number | null }): Promise<number> {
    const retryAfter = await this.limiter.hit('analytics', caller.ip, {
      max: CLIENT_EVENT_LIMITS.requestsPerMinute,
      windowMs: 60_000,
    });
    if (retryAfter > 0) throw new RateLimitedError(ANALYTICS_RATE_LIMITED_MESSAGE, retryAfter);
    for (const e of events) {
      const distinctId = caller.userId !== null ? String(caller.userId) : (e.distinctId ?? null);
      await this.analytics.capture(e.event, distinctId, { ...sanitizeProperties(e.properties), $source: 'web' });
    }
    return events.length;
  }
}
