import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';

/** The real Postgres server under test, when CI provides one (TEST_DATABASE_URL). */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
/** The real Redis under test, when CI provides one (REDIS_URL). */
export const testRedisUrl = process.env.REDIS_URL || undefined;
/** For suites of the production shape: they run where both Postgres and Redis do (CI) and skip elsewhere. */
export const describeWithPostgresAndRedis = testDatabaseUrl && testRedisUrl ? describe : describe.skip;

/**
 * A fresh database on the test server, so suites running in parallel never see each other's rows.
 * Returns its URL and a function that drops it.
 */
export async function createScratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `scratch_${randomBytes(6).toString('hex')}`;
  const admin = await new DataSource({ type: 'postgres', url: testDatabaseUrl }).initialize();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    },
  };
}
