import { PGlite } from '@electric-sql/pglite';
import { execFile } from 'node:child_process';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

type QueryCallback = (err: Error | null, result?: unknown) => void;
type ConnectCallback = (err: Error | null, client?: PGliteClient, release?: (err?: unknown) => void) => void;

/** Another live process has the embedded database open: two Postgres instances on one directory corrupt it. */
export class EmbeddedDatabaseInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is in use by another process (pid ${pid}). Stop it first (npm start, ` +
        'npm run worker or a CLI), or set DATABASE_URL to share a PostgreSQL server between processes.',
    );
    this.name = 'EmbeddedDatabaseInUseError';
  }
}

/** Lock files this process holds: its own pid in a lock file is stale unless listed here (pid reuse). */
const heldLocks = new Set<string>();

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite does not lock its directory, so a second process (`npm run purge` beside `npm start`) would open it too.
 * An exclusive `<dataDir>.lock` holding the owner's pid refuses that; one left by a process that died is taken
 * over. Returns the release.
 */
function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  for (;;) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      heldLocks.add(file);
      return () => {
        heldLocks.delete(file);
        fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = Number(fs.readFileSync(file, 'utf8'));
    const stale =
      !Number.isInteger(holder) || holder <= 0 || (holder === process.pid ? !heldLocks.has(file) : !isAlive(holder));
    if (!stale) throw new EmbeddedDatabaseInUseError(dataDir, holder);
    fs.rmSync(file, { force: true });
  }
}

/**
 * PGlite's Postgres settings, plus 32 MB of shared buffers instead of 128 MB: they are touched at start and stay
 * resident, and 32 MB holds this schema's working set many times over (a process at rest: 437 -> 315 MB RSS).
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * Opens the database. A new directory is first created by a short-lived child process: PGlite runs initdb inside its
 * WebAssembly heap, which never shrinks and which V8 may keep for as long as the process lives (a first `npm start`
 * held ~790 MB instead of ~300 MB; reopening in-process freed it only when a garbage collection happened to run).
 * The child builds it beside the directory and it is moved into place whole, so a first start killed half-way
 * leaves nothing that the next start would take for a database.
 */
async function openPglite(dataDir: string | undefined): Promise<PGlite> {
  if (!dataDir) return PGlite.create({ startParams: START_PARAMS });
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await initialiseInChild(dataDir);
  return PGlite.create({ dataDir, startParams: START_PARAMS });
}

const execFileAsync = promisify(execFile);

async function initialiseInChild(dataDir: string): Promise<void> {
  // Each attempt builds under its own name: a killed start's initdb child may outlive it and still be writing.
  const parent = path.dirname(dataDir);
  const prefix = `${path.basename(dataDir)}.new-`;
  for (const name of fs.readdirSync(parent))
    if (name.startsWith(prefix)) fs.rmSync(path.join(parent, name), { recursive: true, force: true });
  const building = path.join(parent, `${prefix}${process.pid}`);
  const script =
    'const { PGlite } = require(process.argv[1]);' +
    'PGlite.create({ dataDir: process.argv[2], startParams: JSON.parse(process.argv[3]) }).then((db) => db.close());';
  try {
    await execFileAsync(process.execPath, [
      '-e',
      script,
      require.resolve('@electric-sql/pglite'),
      building,
      JSON.stringify(START_PARAMS),
    ]);
  } catch (error) {
    const detail = String((error as { stderr?: string }).stderr ?? error)
      .trim()
      .split('\n')
      .pop();
    fs.rmSync(building, { recursive: true, force: true });
    throw new Error(`Could not create the embedded database in ${dataDir}: ${detail}`, { cause: error });
  }
  // No PG_VERSION: whatever is there is an earlier attempt's leftovers, not data.
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.renameSync(building, dataDir);
}

/**
 * A `pg`-shaped module over one in-process PGlite database, for TypeORM's `driver` option.
 *
 * PGlite is a single Postgres session. `typeorm-pglite` hands that one session to every caller at once, so two
 * concurrent transactions interleave their statements (one request's ROLLBACK undoes another's writes). Here a
 * connection is exclusive until released, like a `pg` pool of size one: callers queue, transactions stay isolated.
 */
export function createPgliteDriver(dataDir: string | undefined): { Pool: new () => EventEmitter } {
  let instance: Promise<PGlite> | undefined;
  let unlock: (() => void) | undefined;
  const open = () => {
    if (instance) return instance;
    if (dataDir) {
      fs.mkdirSync(dataDir, { recursive: true });
      unlock = lockDataDir(dataDir);
    }
    return (instance = openPglite(dataDir));
  };
  let tail: Promise<void> = Promise.resolve();

  const acquire = (): Promise<() => void> => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const ready = tail.then(() => release);
    tail = tail.then(() => held);
    return ready;
  };

  class Pool extends EventEmitter {
    connect(callback: ConnectCallback): void {
      void (async () => {
        let db: PGlite;
        try {
          db = await open();
        } catch (err) {
          callback(err as Error);
          return;
        }
        const unlock = await acquire();
        let released = false;
        callback(null, new PGliteClient(db), () => {
          if (!released) {
            released = true;
            unlock();
          }
        });
      })();
    }

    end(callback?: (err: Error | null) => void): void {
      const release = unlock;
      const closing = (instance ? instance.then((db) => db.close()) : Promise.resolve()).finally(() => release?.());
      instance = undefined;
      unlock = undefined;
      closing.then(
        () => callback?.(null),
        (err: Error) => callback?.(err),
      );
    }
  }

  return { Pool };
}

class PGliteClient extends EventEmitter {
  constructor(private readonly db: PGlite) {
    super();
  }

  query(sql: string, paramsOrCallback?: unknown[] | QueryCallback, maybeCallback?: QueryCallback): Promise<unknown> {
    const callback = typeof paramsOrCallback === 'function' ? paramsOrCallback : maybeCallback;
    const params = Array.isArray(paramsOrCallback) ? paramsOrCallback : undefined;
    const run =
      params && params.length > 0
        ? this.db.query(sql, params)
        : // Migrations send several statements in one string; pg answers with the last result, so do the same.
          this.db.exec(sql).then((results) => results[results.length - 1] ?? { rows: [], rowCount: 0 });
    return run.then(
      (result) => {
        callback?.(null, result);
        return result;
      },
      (err: Error) => {
        callback?.(err);
        throw err;
      },
    );
  }
}
