import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { PostHog } from 'posthog-node';
import { AppConfig } from '../../../config/app-config';
import { ANALYTICS_SETTINGS } from '../domain/analytics-events';
import { Analytics, type AnalyticsProperties } from '../ports/analytics';

/** PostHog (switched on by POSTHOG_KEY): batches of 50, flushed every 5 s, no IP or GeoIP lookup. */
@Injectable()
export class PosthogAnalytics extends Analytics implements OnModuleDestroy {
  private readonly logger = new Logger(PosthogAnalytics.name);
  private readonly client: PostHog;

  constructor(config: AppConfig) {
    super();
    if (!config.posthog) throw new Error('PosthogAnalytics needs POSTHOG_KEY');
    this.client = new PostHog(config.posthog.key, {
      host: config.posthog.host,
      flushAt: ANALYTICS_SETTINGS.batchSize,
      flushInterval: ANALYTICS_SETTINGS.flushIntervalMs,
      requestTimeout: ANALYTICS_SETTINGS.requestTimeoutMs,
      disableGeoip: true,
    });
    this.client.on('error', (error: unknown) => this.logger.warn(`PostHog: ${String(error)}`));
  }

  async capture(event: string, distinctId: string | null, properties: AnalyticsProperties = {}): Promise<void> {
    try {
      this.client.capture({
        // PostHog needs an id; server-side events without a person are grouped under one.
        distinctId: distinctId ?? 'server',
        event,
        // IP capture off (spec section 4): never attach the caller's address.
        properties: { ...properties, $ip: null, ...(distinctId ? {} : { $process_person_profile: false }) },
      });
    } catch (error) {
      this.logger.warn(`Analytics event "${event}" not sent: ${String(error)}`);
    }
  }

  /** Sends what is still queued; called on shutdown and by tests. */
  async flush(): Promise<void> {
    await this.client.flush();
  }

  async onModuleDestroy(): Promise<void> {
    await this.client.shutdown(5000);
  }
}
