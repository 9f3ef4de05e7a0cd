import 'reflect-metadata';
import { loadConfig } from '../config/app-config';
import { exitWithError } from '../shared/lifecycle/exit-with-error';
import { dataSourceOptions, openDatabase } from '../database/data-source';

/** `npm run migrate`: applies pending migrations to DATABASE_URL (or the embedded PGlite under DATA_DIR). */
async function main(): Promise<void> {
  const config = loadConfig();
  const before = Date.now();
  const db = await openDatabase(dataSourceOptions(config));
  const applied: { name: string }[] = await db.query('SELECT name FROM migrations ORDER BY id');
  await db.destroy();
  process.stdout.write(
    `Database is migrated (${applied.length} migration(s): ${applied.map((m) => m.name).join(', ')}) in ${Date.now() - before} ms\n`,
  );
}

main().catch(exitWithError);
