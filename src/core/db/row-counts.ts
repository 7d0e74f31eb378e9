import type { DataSource, EntityManager } from 'typeorm';
import type { Statement } from '../query/model-query';

/** Each table's row count, kept by triggers as its rows are inserted and deleted (PostgreSQL; read-cache adds them). */
export const ROW_COUNT_TABLE = 'core_rowcount';

/** Per data source, the tables whose row counts are kept. */
const counted = new WeakMap<DataSource, ReadonlySet<string>>();

export function keepsRowCounts(dataSource: DataSource, tables: Iterable<string>): void {
  counted.set(dataSource, new Set(tables));
}

/**
 * The statement that reads a whole table's row count as its triggers keep it (`n`), exact as of the statement as
 * `COUNT(*)` is; null where no count is kept. Inside a transaction it counts the transaction's own writes too.
 */
export function keptCountStatement(em: EntityManager, table: string): Statement | null {
  if (!counted.get(em.connection)?.has(table)) return null;
  return [`SELECT COALESCE(SUM(row_count), 0) AS "n" FROM ${ROW_COUNT_TABLE} WHERE table_name = $1`, [table]];
}
