import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, QueryFailedError, QueryRunner } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { Driver } from '../model/fields';
import { driverOf } from './data-source';
import type { Statement } from '../query/model-query';
import { gatherReads, withLiterals } from './read-batch';
import { SnapshotRead, postgresSnapshot, sqliteSnapshot } from './snapshot-read';
import { isRetryable } from './unavailable';

const TRANSACTION_ATTEMPTS = 4;

/** What a transaction's writer holds back for its last round trip, by the query runner it writes with. */
const heldWrites = new WeakMap<QueryRunner, () => Statement | null>();

/** Tells `transactionEndingWith` how to take what is held on `runner`: it sends that with the COMMIT. */
export function holdsWrites(runner: QueryRunner, take: () => Statement | null): void {
  heldWrites.set(runner, take);
}

/** The data source plus one rule: every unsafe request runs in one transaction. */
@Injectable()
export class Database {
  readonly driver: Driver;
  // SQLite has one connection: transactions must not interleave on it.
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    @InjectDataSource() readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.driver = driverOf(config);
    if (this.driver === 'postgres') gatherReads(dataSource);
  }

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /**
   * Holds a lock named by a number until the transaction ends, across every process on the
   * database: PostgreSQL's advisory lock. SQLite's transactions already run one at a time.
   */
  async lock(em: EntityManager, key: number): Promise<void> {
    if (this.driver === 'postgres') await em.query('SELECT pg_advisory_xact_lock($1)', [key]);
  }

  /** A read of one snapshot that may outlast many chunks of a response; the caller closes it. */
  async snapshot(): Promise<SnapshotRead> {
    if (this.driver === 'postgres') return postgresSnapshot(this.dataSource);
    return sqliteSnapshot(this.dataSource, this.dataSource.options.database as string);
  }

  /**
   * Runs `work` in one transaction. A transaction PostgreSQL aborts as a deadlock or a serialization failure is run
   * again whole, a few times with a growing, jittered pause, before the error reaches the client (as a 503).
   */
  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.retried(() => this.once(work));
  }

  private async retried<T>(transaction: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction().finally(() => this.transactionsEnded++);
      } catch (e) {
        if (attempt >= TRANSACTION_ATTEMPTS || !isRetryable(e)) throw e;
        await new Promise((resolve) => setTimeout(resolve, (10 << attempt) * (0.5 + Math.random())));
      }
    }
  }

  /**
   * Runs `work` in one transaction, as `transaction` does, and reads the statement `last` gives for its value in the
   * transaction's last round trip, just before its COMMIT (what a write answers with). On PostgreSQL a write its writer
   * still holds (`holdsWrites`) goes in that round trip too, before the read: one round trip for them all, so that the
   * row locks the write takes are held for no more. `last` is asked once the work is done, on every database. Its rows
   * are raw, as the driver gives them; null where there was no statement, or it could not share the COMMIT's message
   * (SQLite, values not written as literals): the caller reads it after the commit.
   */
  async transactionEndingWith<T>(work: (em: EntityManager) => Promise<T>, last: (value: T) => Statement | null): Promise<{ value: T; rows: unknown[] | null }> {
    if (this.driver !== 'postgres') {
      const value = await this.transaction(work);
      last(value);
      return { value, rows: null };
    }
    return this.retried(() => this.postgresEndingWith(work, last));
  }

  private async postgresEndingWith<T>(work: (em: EntityManager) => Promise<T>, last: (value: T) => Statement | null): Promise<{ value: T; rows: unknown[] | null }> {
    const runner = this.dataSource.createQueryRunner();
    let begin: DeferredBegin | undefined;
    try {
      begin = await beginWithFirstStatement(runner);
      const value = await work(runner.manager);
      const read = last(value);
      const held = heldWrites.get(runner)?.() ?? null;
      const heldText = held && withLiterals(...held);
      if (held && !heldText) await runner.query(...held);
      const readText = read && withLiterals(...read);
      if (!heldText && !readText) {
        await runner.commitTransaction();
        return { value, rows: null };
      }
      // Where the work sent nothing, the transaction begins in this message too.
      const texts = [...(begin.pending() ? ['START TRANSACTION'] : []), heldText, readText].filter(Boolean);
      const message = `${texts.join(';\n')};\nCOMMIT`;
      begin.cancel();
      const client = (await runner.connect()) as { query(text: string): Promise<Array<{ rows: unknown[] }>> };
      // A failing statement aborts the transaction and PostgreSQL runs nothing after it: the COMMIT never happens.
      const results = (
        await client.query(message).catch((e: Error) => {
          throw new QueryFailedError(message, [], e);
        })
      ).slice(texts.length - (heldText ? 1 : 0) - (readText ? 1 : 0));
      // The runner learns the transaction ended as its own COMMIT would have told it (no subscribers listen).
      Object.assign(runner, { isTransactionActive: false, transactionDepth: 0 });
      for (const [sql, params] of [heldText ? held : null, readText ? read : null].filter((s): s is Statement => !!s)) this.dataSource.logger.logQuery(sql, params);
      this.dataSource.logger.logQuery('COMMIT');
      return { value, rows: readText ? results[heldText ? 1 : 0].rows : null };
    } catch (e) {
      // As TypeORM's own transactions do: the first error is the one that counts.
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      throw e;
    } finally {
      heldWrites.delete(runner);
      begin?.cancel();
      await runner.release();
    }
  }

  /**
   * Transactions of this process that have ended: what was read before this count last changed may not
   * show this process's own writes since (versions read ahead for cached reads).
   */
  transactionsEnded = 0;

  private once<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    if (this.driver === 'postgres') return this.dataSource.transaction(work);
    const run = this.queue.then(() => this.dataSource.transaction(work));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Locks these rows of a table for the rest of the transaction, in id order: writes that lock their rows first,
   * always in the same order, cannot wait on each other in a cycle. SQLite's transactions run one at a time.
   */
  async lockRows(em: EntityManager, table: string, ids: number[]): Promise<void> {
    // An id beyond the column's range names no row.
    const sorted = [...new Set(ids)].filter((id) => id <= 2_147_483_647).sort((a, b) => a - b);
    if (this.driver !== 'postgres' || sorted.length === 0) return;
    await em.query(`SELECT id FROM "${table}" WHERE id = ANY($1) ORDER BY id FOR UPDATE`, [sorted]);
  }
}

interface DeferredBegin {
  /** Whether the transaction has yet to begin: nothing has been sent. */
  pending(): boolean;
  /** The connection as it was: what it sends next goes as it is. */
  cancel(): void;
}

type QueryFn = (text: unknown, ...rest: unknown[]) => Promise<any>;

/**
 * Starts a transaction on the runner's connection without a round trip of its own: START TRANSACTION goes in the
 * first statement's message, with that statement's parameters written as literals (as a simple query; a statement
 * they cannot be written into is sent after a START TRANSACTION of its own). The runner is told its transaction is
 * active, as its own `startTransaction` would tell it.
 */
async function beginWithFirstStatement(runner: QueryRunner): Promise<DeferredBegin> {
  const client = (await runner.connect()) as { query: QueryFn };
  const query = client.query;
  const own = Object.prototype.hasOwnProperty.call(client, 'query');
  let pending = true;
  let wrapped = true;
  const cancel = () => {
    if (!wrapped) return;
    wrapped = false;
    // The pooled connection keeps no trace of this transaction.
    if (own) client.query = query;
    else delete (client as { query?: QueryFn }).query;
  };
  client.query = function (this: unknown, text: unknown, ...rest: unknown[]) {
    cancel();
    pending = false;
    const [params] = rest;
    const literal = typeof text === 'string' && rest.length <= 1 ? (Array.isArray(params) && params.length ? withLiterals(text, params) : text) : null;
    if (literal === null) return query.call(this, 'START TRANSACTION').then(() => query.call(this, text, ...rest));
    // The statements answer with a result each: the transaction's first, then the statement's (or its statements').
    return query.call(this, `START TRANSACTION;\n${literal}`).then((results: unknown[]) => (results.length > 2 ? results.slice(1) : results[1]));
  };
  Object.assign(runner, { isTransactionActive: true, transactionDepth: 1 });
  // Logged where it stands among the statements, though it is sent with the next.
  runner.connection.logger.logQuery('START TRANSACTION', undefined, runner);
  return { pending: () => pending, cancel };
}
