import { type DataSource, type EntityManager, QueryFailedError } from 'typeorm';

/**
 * Rows of a raw statement, whatever its kind. TypeORM's plain `query()` answers `[rows, count]` for
 * UPDATE/DELETE … RETURNING but bare rows for SELECT/INSERT; the structured result is the same for all.
 */
export async function queryRows<T>(dataSource: DataSource, sql: string, params: unknown[] = []): Promise<T[]> {
  const runner = dataSource.createQueryRunner();
  try {
    return (await runner.query(sql, params, true)).records as T[];
  } finally {
    await runner.release();
  }
}

/**
 * The same for a transaction handle: inside a transaction the statement runs on its connection; on a data source's
 * plain manager it takes a connection of its own for the one statement.
 */
export async function txRows<T>(tx: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  if (tx.queryRunner) return (await tx.queryRunner.query(sql, params, true)).records as T[];
  return queryRows<T>(tx.connection, sql, params);
}

/** A statement run often enough to be worth preparing: `name` must stand for this `text` only. */
export interface PreparedStatement {
  name: string;
  text: string;
}

/** What a connection of both drivers (pg's client and the PGlite driver's) offers for a named statement. */
interface NamedQueryClient {
  query(config: PreparedStatement & { values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Rows of a read that runs on nearly every request, as a named statement: each connection parses and plans it once
 * and then only binds and executes it (pg's query config `{ name, text, values }`; the PGlite driver does the same).
 * Like `txRows` it runs inside the transaction when `tx` has one.
 */
export async function preparedRows<T>(
  tx: EntityManager,
  statement: PreparedStatement,
  params: unknown[],
): Promise<T[]> {
  const runner = tx.queryRunner ?? tx.connection.createQueryRunner();
  try {
    const client = (await runner.connect()) as NamedQueryClient;
    try {
      return (await client.query({ ...statement, values: params })).rows as T[];
    } catch (err) {
      // The error TypeORM's own query() throws, so callers see one kind whichever way a statement ran.
      throw new QueryFailedError(statement.text, params, err as Error);
    }
  } finally {
    if (!tx.queryRunner) await runner.release();
  }
}
