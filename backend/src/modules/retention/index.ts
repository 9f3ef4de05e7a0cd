/** What the rest of the app (the purge CLI) uses from retention: the purge, the sweep and the policy's numbers. */
export { RetentionModule } from './retention.module';
export { PurgeExpiredPhotos, type PurgedOrder } from './application/purge-expired-photos.use-case';
export { SweepOrphanedObjects } from './application/sweep-orphaned-objects.use-case';
export { ORPHAN_GRACE_HOURS, purgeCutoff, RETENTION_DAYS, UPLOAD_GRACE_MINUTES } from './domain/retention-policy';
