/** Liveness and readiness routes; nothing else uses this module. */
export { HealthModule } from './health.module';
