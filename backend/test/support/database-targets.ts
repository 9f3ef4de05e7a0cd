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
