import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AnalyticsEventEntity } from '../persistence/analytics-event.entity';
import { Analytics, type AnalyticsProperties } from '../ports/analytics';

/** The embedded default: events are rows of `analytics_events` in our own database. */
@Injectable()
export class DatabaseAnalytics extends Analytics {
  private readonly logger = new Logger(DatabaseAnalytics.name);

  constructor(@InjectRepository(AnalyticsEventEntity) private readonly events: Repository<AnalyticsEventEntity>) {
    super();
  }

  async capture(event: string, distinctId: string | null, properties: AnalyticsProperties = {}): Promise<void> {
    try {
      await this.events.save(this.events.create({ event, distinctId, properties }), { reload: false });
    } catch (error) {
      this.logger.warn(`Analytics event "${event}" not recorded: ${String(error)}`);
    }
  }
}
