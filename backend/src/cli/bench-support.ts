import { existsSync } from 'node:fs';
import path from 'node:path';

/** The repository's root (where nx.json is), from a built or a source file alike. */
export const repoRoot = (): string => {
  let dir = __dirname;
  while (!existsSync(path.join(dir, 'nx.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
};

/**
 * An exit with the command's usage line, for `--help` (status 0) or a problem (status 2): a typo in a flag must not
 * become a missing folder.
 */
export const usageExit =
  (usage: string) =>
  (problem?: string): never => {
    if (problem) console.error(problem);
    console.error(usage);
    process.exit(problem ? 2 : 0);
  };
