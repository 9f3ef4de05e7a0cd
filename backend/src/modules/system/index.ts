/** What the rest of the app uses from system: the heartbeat (readiness) and the table it owns. */
export { SystemModule } from './system.module';
export { RecordHeartbeat } from './application/record-heartbeat.use-case';
export { JobLockEntity } from './persistence/job-lock.entity';
export { JobLocks } from './application/job-locks';
