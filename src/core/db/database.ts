import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { Driver } from '../model/fields';
import { driverOf } from './data-source';
import { SnapshotRead, postgresSnapshot, sqliteSnapshot } from './snapshot-read';

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

  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    if (this.driver === 'postgres') return this.dataSource.transaction(work);
    const run = this.queue.then(() => this.dataSource.transaction(work));
    this.queue = run.catch(() => undefined);
    return run;
  }
}
