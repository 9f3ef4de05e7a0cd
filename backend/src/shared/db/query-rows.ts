import { type DataSource, type EntityManager } from 'typeorm';

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
