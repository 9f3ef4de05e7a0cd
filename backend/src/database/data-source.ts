import path from 'node:path';
import { types as pgTypes } from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { type AppConfig } from '../config/app-config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from '../shared/db/migrations';
import { createPgliteDriver } from '../shared/db/pglite-driver';

// Counts and sums come back as int8; our values are far below 2^53, so read them as numbers like PGlite does.
pgTypes.setTypeParser(pgTypes.builtins.INT8, (value) => Number(value));

/** Postgres when DATABASE_URL is set, otherwise PGlite (real Postgres in-process) under DATA_DIR/pglite. */
export function dataSourceOptions(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): DataSourceOptions {
  const common = {
    type: 'postgres' as const,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsRun: false,
    synchronize: false,
    logging: false,
  };
  if (config.databaseUrl) {
    return { ...common, url: config.databaseUrl, poolSize: 10, applicationName: 'listinglens' };
  }
  return { ...common, driver: createPgliteDriver(path.join(config.dataDir, 'pglite')) };
}

// Any fixed number: every replica that starts takes the same lock, so only one applies migrations at a time.
const MIGRATION_LOCK_ID = 727_340_001;

/** Applies pending migrations; safe when several replicas boot at once against one Postgres. */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const isPglite = Boolean((dataSource.options as { driver?: unknown }).driver);
  if (isPglite) {
    // One process owns a PGlite database, and its single connection must stay free for the migration itself.
    return (await dataSource.runMigrations({ transaction: 'all' })).map((m) => m.name);
  }
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    return (await dataSource.runMigrations({ transaction: 'all' })).map((m) => m.name);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await lock.release();
  }
}

/** Connects and migrates; used by the Nest module, the CLIs and tests alike. */
export async function openDatabase(options: DataSourceOptions): Promise<DataSource> {
  const dataSource = await new DataSource(options).initialize();
  try {
    await runMigrations(dataSource);
  } catch (err) {
    await dataSource.destroy();
    throw err;
  }
  return dataSource;
}
