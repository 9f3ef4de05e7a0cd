import { messages, parse, PGlite, protocol, type Results, types } from '@electric-sql/pglite';
import { execFile } from 'node:child_process';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

type QueryCallback = (err: Error | null, result?: unknown) => void;
/** pg's query config for a named (prepared) statement: `text` is parsed and planned once per session under `name`. */
interface NamedQuery {
  name: string;
  text: string;
  values?: unknown[];
}
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

/** A statement this PGlite session has prepared: its text, parameter types and result columns. */
interface PreparedStatement {
  text: string;
  paramTypes: number[];
  columns: { name: string; dataTypeID: number; parse: ((text: string, typeId: number) => unknown) | undefined }[];
}

/** By database: a new database (a pool ended and opened again) is a new session with none prepared. */
const preparedIn = new WeakMap<PGlite, Map<string, PreparedStatement>>();

class PGliteClient extends EventEmitter {
  constructor(private readonly db: PGlite) {
    super();
  }

  query(
    sql: string | NamedQuery,
    paramsOrCallback?: unknown[] | QueryCallback,
    maybeCallback?: QueryCallback,
  ): Promise<unknown> {
    const callback = typeof paramsOrCallback === 'function' ? paramsOrCallback : maybeCallback;
    const params = Array.isArray(paramsOrCallback) ? paramsOrCallback : undefined;
    const run =
      typeof sql !== 'string'
        ? this.runNamed(sql, params ?? sql.values ?? [])
        : params && params.length > 0
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

  /**
   * A named statement as pg runs one: parsed, planned and described once per session; then each run is bind, execute
   * and sync sent to PGlite in one call, and the rows are read with the columns described then. `db.query` makes six
   * calls into its WebAssembly Postgres for every statement, parses and plans it each time and describes its
   * columns again, which cost more than running the frequent reads themselves.
   */
  private runNamed(query: NamedQuery, params: unknown[]): Promise<Results> {
    return this.db.runExclusive(async () => {
      const statement = await this.prepare(query);
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serialize = this.db.serializers[statement.paramTypes[i]];
        return serialize ? serialize(value) : String(value);
      });
      const chunks: Buffer[] = [];
      await this.db.execProtocolRawStream(
        concat([
          protocol.serialize.bind({ statement: query.name, values }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
        // A view of PGlite's memory, which its next output overwrites.
        { onRawData: (chunk) => chunks.push(Buffer.from(chunk)) },
      );
      return readResponse(statement, Buffer.concat(chunks));
    });
  }

  private async prepare(query: NamedQuery): Promise<PreparedStatement> {
    let prepared = preparedIn.get(this.db);
    if (!prepared) preparedIn.set(this.db, (prepared = new Map()));
    const known = prepared.get(query.name);
    if (known) {
      // pg refuses the same name for another text too: the session would run the first one.
      if (known.text !== query.text) throw new Error(`Prepared statements must be unique ('${query.name}')`);
      return known;
    }
    const response = await this.db.execProtocol(
      concat([
        protocol.serialize.parse({ name: query.name, text: query.text }),
        protocol.serialize.describe({ type: 'S', name: query.name }),
        protocol.serialize.sync(),
      ]),
    );
    const described = response.messages.find((m) => m.name === 'rowDescription') as
      messages.RowDescriptionMessage | undefined;
    const statement: PreparedStatement = {
      text: query.text,
      paramTypes: parse.parseDescribeStatementResults(response.messages),
      columns: (described?.fields ?? []).map(({ name, dataTypeID }) => ({
        name,
        dataTypeID,
        // The parsers db.query would use for the column.
        parse: this.db.parsers[dataTypeID] ?? types.parsers[dataTypeID],
      })),
    };
    prepared.set(query.name, statement);
    return statement;
  }
}

const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'
const ERROR_RESPONSE = 0x45; // 'E'

/**
 * The result of a bind, execute and sync, read from the response's bytes. PGlite's own message parser copied and
 * decoded each field on its own, which cost about as much as running the statement. An error goes through PGlite's
 * parser, so it is the DatabaseError db.query throws.
 */
function readResponse(statement: PreparedStatement, data: Buffer): Results {
  const result: Results = {
    rows: [],
    fields: statement.columns.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    affectedRows: 0,
  };
  for (let at = 0; at < data.length;) {
    const type = data[at];
    const end = at + 1 + data.readInt32BE(at + 1);
    if (type === DATA_ROW) result.rows.push(readRow(statement, data, at + 5));
    else if (type === COMMAND_COMPLETE) Object.assign(result, completion(data.toString('utf8', at + 5, end - 1)));
    else if (type === ERROR_RESPONSE) throw databaseError(data);
    at = end;
  }
  return result;
}

function readRow(statement: PreparedStatement, data: Buffer, start: number): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  const count = data.readInt16BE(start);
  let at = start + 2;
  for (let i = 0; i < count; i++) {
    const length = data.readInt32BE(at);
    at += 4;
    const { name, dataTypeID, parse } = statement.columns[i];
    if (length < 0) {
      row[name] = null;
      continue;
    }
    const text = data.toString('utf8', at, at + length);
    at += length;
    row[name] = parse ? parse(text, dataTypeID) : text;
  }
  return row;
}

function databaseError(data: Buffer): Error {
  let error: Error | undefined;
  new protocol.Parser().parse(data, (message) => {
    if (message instanceof messages.DatabaseError) error ??= message;
  });
  return error ?? new Error('PGlite answered with an error it could not describe');
}

/** What db.query reports from a command tag such as `SELECT 3` or `UPDATE 1`. */
function completion(tag: string): Pick<Results, 'command' | 'affectedRows'> & { rowCount?: number } {
  const words = tag.split(' ');
  const command = words[0];
  const count = parseInt(words[words.length - 1], 10);
  const changed = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command);
  return { command, affectedRows: changed ? count : 0, ...(Number.isNaN(count) ? {} : { rowCount: count }) };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}
