/** What other modules use from analytics: the port they capture product events with, and the table it owns. */
export { AnalyticsModule } from './analytics.module';
export { Analytics, type AnalyticsProperties } from './ports/analytics';
export { AnalyticsEventEntity } from './persistence/analytics-event.entity';
