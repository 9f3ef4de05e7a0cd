import { ConfigError } from '../../config/app-config';
import { EmbeddedDatabaseInUseError } from '../db/pglite-driver';

/**
 * Ends an entry point (server, worker, CLI) that could not run. An operator's mistake (a bad variable, the embedded
 * database open elsewhere) is one line saying what to do; anything else keeps its stack for the bug report.
 */
export function exitWithError(err: unknown): never {
  const operatorMistake = err instanceof ConfigError || err instanceof EmbeddedDatabaseInUseError;
  process.stderr.write(`${operatorMistake ? err.message : err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
}
