import { type DataSource } from 'typeorm';

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
