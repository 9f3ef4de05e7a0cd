import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type AnalyticsProperties } from '../ports/analytics';
import { AnalyticsEventEntity } from './analytics-event.entity';

/** The analytics_events table (the embedded analytics adapter's store). */
@Injectable()
export class AnalyticsEventsRepository {
  async insert(
    tx: EntityManager,
    event: { event: string; distinctId: string | null; properties: AnalyticsProperties },
  ): Promise<void> {
    const events = tx.getRepository(AnalyticsEventEntity);
    await events.save(events.create(event), { reload: false });
  }
}
