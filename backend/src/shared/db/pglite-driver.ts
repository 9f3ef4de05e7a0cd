import { PGlite } from '@electric-sql/pglite';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';

type QueryCallback = (err: Error | null, result?: unknown) => void;
type ConnectCallback = (err: Error | null, client?: PGliteClient, release?: (err?: unknown) => void) => void;

/**
 * A `pg`-shaped module over one in-process PGlite database, for TypeORM's `driver` option.
 *
 * PGlite is a single Postgres session. `typeorm-pglite` hands that one session to every caller at once, so two
 * concurrent transactions interleave their statements (one request's ROLLBACK undoes another's writes). Here a
 * connection is exclusive until released, like a `pg` pool of size one: callers queue, transactions stay isolated.
 */
export function createPgliteDriver(dataDir: string | undefined): { Pool: new () => EventEmitter } {
  let instance: Promise<PGlite> | undefined;
  const open = () => {
    if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
    return (instance ??= PGlite.create(dataDir ? { dataDir } : {}));
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
      const closing = instance ? instance.then((db) => db.close()) : Promise.resolve();
      instance = undefined;
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
