import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DataSource } from 'typeorm';
import { dataSourceOptions, openDatabase } from '../../src/database/data-source';
import { createScratchDatabase, testDatabaseUrl } from './postgres';

export type DatabaseTarget = [string, () => Promise<{ db: DataSource; cleanup: () => Promise<void> }>];

/**
 * The real schema on PGlite always, and on a scratch Postgres database when CI provides a server: for
 * `describe.each`, so a suite proves the same things on the embedded and the production database.
 */
export function databaseTargets(): DatabaseTarget[] {
  const targets: DatabaseTarget[] = [
    [
      'pglite',
      async () => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'db-'));
        const db = await openDatabase(dataSourceOptions({ dataDir, databaseUrl: undefined }));
        return { db, cleanup: () => db.destroy() };
      },
    ],
  ];
  if (testDatabaseUrl) {
    targets.push([
      'postgres',
      async () => {
        const scratch = await createScratchDatabase();
        const db = await openDatabase(dataSourceOptions({ dataDir: os.tmpdir(), databaseUrl: scratch.url }));
        return { db, cleanup: async () => (await db.destroy(), await scratch.drop()) };
      },
    ]);
  }
  return targets;
}

/**
 * Opens a target's database before the suite that calls it and closes it after: the returned function is the open
 * database in the suite's tests and hooks.
 */
export function databaseForSuite(open: DatabaseTarget[1]): () => DataSource {
  let db: DataSource | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ db, cleanup } = await open());
  }, 60_000);
  afterAll(async () => {
    await cleanup?.();
  });
  return () => {
    if (!db) throw new Error('The database is open only inside the suite');
    return db;
  };
}
