import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AnalyticsEventsRepository } from '../persistence/analytics-events.repository';
import { Analytics, type AnalyticsProperties } from '../ports/analytics';

/** The embedded default: events are rows of `analytics_events` in our own database. */
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
    try {
      await this.events.insert(this.dataSource.manager, { event, distinctId, properties });
    } catch (error) {
      this.logger.warn(`Analytics event "${event}" not recorded: ${String(error)}`);
    }
  }
}
