import BetterSqlite3 from 'better-sqlite3';
import { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { Row } from '../model/model';
import type { Statement } from '../query/model-query';

/**
 * One consistent read of a long result: a count and a SELECT read in chunks, both from the same
 * snapshot, without OFFSET; `em` serves the other statements needed meanwhile (nested objects).
 */
export interface SnapshotRead {
  readonly em: EntityManager;
  count(statement: Statement): Promise<number>;
  /** The statement's raw rows, `size` at a time; stopping early (return or throw) ends the read. */
  chunks(statement: Statement, size: number): AsyncGenerator<Row[]>;
  /** Ends the read and gives its connection back; safe to call more than once. */
  close(): Promise<void>;
}

/** A server-side cursor in a read-only REPEATABLE READ transaction on a connection of its own. */
export async function postgresSnapshot(dataSource: DataSource): Promise<SnapshotRead> {
  const runner: QueryRunner = dataSource.createQueryRunner();
  try {
    await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  } catch (e) {
    await runner.release();
    throw e;
  }
  let closed = false;
  return {
    em: runner.manager,
    async count([sql, params]) {
      const [row] = await runner.query(sql, params);
      return Number(row?.n ?? 0);
    },
    async *chunks([sql, params], size) {
      await runner.query(`DECLARE list_rows NO SCROLL CURSOR FOR ${sql}`, params);
      for (;;) {
        const rows: Row[] = await runner.query(`FETCH ${size} FROM list_rows`);
        if (rows.length) yield rows;
        if (rows.length < size) break;
      }
      await runner.query('CLOSE list_rows');
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        // Read only: ending it either way drops the cursor and changes nothing.
        await runner.query('ROLLBACK');
      } finally {
        // A connection too broken to roll back is not queryable: the pool drops it rather than reuse it.
        await runner.release();
      }
    },
  };
}

/**
 * A second, read-only connection to the SQLite file: while a statement iterates, its connection runs
 * nothing else, and the nested objects of each chunk are read on the main one. WAL gives this
 * connection its own snapshot for the length of its transaction while the main one writes.
 */
export function sqliteSnapshot(dataSource: DataSource, file: string): SnapshotRead {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true, timeout: 5000 });
  const open = new Set<IterableIterator<unknown>>();
  try {
    // One read transaction: the count and the rows see the same snapshot.
    db.exec('BEGIN');
  } catch (e) {
    db.close();
    throw e;
  }
  return {
    em: dataSource.manager,
    async count([sql, params]) {
      return Number(db.prepare(sql).pluck().get(...params) ?? 0);
    },
    async *chunks([sql, params], size) {
      const rows = db.prepare(sql).iterate(...params) as IterableIterator<Row>;
      open.add(rows);
      try {
        for (;;) {
          const chunk: Row[] = [];
          while (chunk.length < size) {
            const next = rows.next();
            if (next.done) break;
            chunk.push(next.value);
          }
          if (chunk.length) yield chunk;
          if (chunk.length < size) break;
        }
      } finally {
        rows.return?.();
        open.delete(rows);
      }
    },
    async close() {
      if (!db.open) return;
      for (const rows of open) rows.return?.();
      open.clear();
      db.close();
    },
  };
}
