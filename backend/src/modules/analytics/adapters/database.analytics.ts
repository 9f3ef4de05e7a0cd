import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AnalyticsEventsRepository } from '../persistence/analytics-events.repository';
import { Analytics, type AnalyticsProperties } from '../ports/analytics';

/**
 * Waits before the 2nd, 3rd and 4th try of a write that failed: long enough to ride out a database restart (a few
 * seconds), short enough that a job waiting on it is not held for long.
 */
export const CAPTURE_RETRY_DELAYS_MS = [500, 1500, 4000];

/**
 * The embedded default: events are rows of `analytics_events` in our own database. An event follows a committed
 * change (a photo completed), so a write that fails because the connection dropped is tried again a few times
 * rather than lost; after that it is logged and dropped, never thrown (analytics must not fail the work it counts).
 */
@Injectable()
export class DatabaseAnalytics extends Analytics {
  private readonly logger = new Logger(DatabaseAnalytics.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly events: AnalyticsEventsRepository,
  ) {
    super();
  }

  async capture(event: string, distinctId: string | null, properties: AnalyticsProperties = {}): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.events.insert(this.dataSource.manager, { event, distinctId, properties });
        return;
      } catch (error) {
        const delay = CAPTURE_RETRY_DELAYS_MS[attempt];
        if (delay === undefined) {
          this.logger.warn(`Analytics event "${event}" not recorded: ${String(error)}`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }
}
