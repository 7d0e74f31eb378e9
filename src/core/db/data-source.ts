import * as fs from 'fs';
import * as path from 'path';
import { types as pgTypes } from 'pg';
import { DataSourceOptions } from 'typeorm';
import { AppConfig } from '../config/config';
import { Driver } from '../model/fields';
import { ModelDef } from '../model/model';
import { Plugin } from '../plugins/plugin';
import { entitySchemasFor } from './schema';
import { readTimestampsFast } from './timestamps';

// Read dates as written, bigint counts and decimals as numbers: the serializer expects plain values.
// JSON as text, as SQLite gives it: the field parses it (a JSON string value would otherwise arrive bare).
pgTypes.setTypeParser(1082, (v) => v);
pgTypes.setTypeParser(3802, (v) => v);
pgTypes.setTypeParser(20, (v) => Number(v));
pgTypes.setTypeParser(1700, (v) => Number(v));
readTimestampsFast();

export function driverOf(config: Pick<AppConfig, 'databaseUrl'>): Driver {
  return config.databaseUrl ? 'postgres' : 'sqlite';
}

export function migrationsDir(driver: Driver): string {
  return path.resolve(__dirname, '..', '..', 'migrations', driver);
}

/** Plugins' migrations run with the core's, in one order by timestamp; their tables carry their own prefix. */
export function dataSourceOptions(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'> & Partial<Pick<AppConfig, 'databasePoolSize' | 'databaseStatementTimeout' | 'databaseConnectTimeout'>>,
  models: ModelDef[],
  plugins: Plugin[] = [],
): DataSourceOptions {
  const driver = driverOf(config);
  const entities = models.filter((m) => !m.objectTypeOnly).flatMap((m) => entitySchemasFor(m, driver));
  const migrations = [path.join(migrationsDir(driver), '*.{js,ts}'), ...plugins.flatMap((p) => p.migrationsGlob(driver) ?? [])];
  if (driver === 'postgres') {
    // A bounded pool, a bounded wait for a connection and a bounded statement: a slow client or request cannot hold the pool forever.
    const extra = {
      max: config.databasePoolSize ?? 10,
      connectionTimeoutMillis: config.databaseConnectTimeout ?? 5_000,
      ...(config.databaseStatementTimeout ? { statement_timeout: config.databaseStatementTimeout } : {}),
    };
    return { type: 'postgres', url: config.databaseUrl!, entities, migrations, migrationsTransactionMode: 'all', extra };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  return {
    type: 'better-sqlite3',
    database: path.join(config.dataDir, 'inventory.sqlite'),
    entities,
    migrations,
    migrationsTransactionMode: 'all',
    // Prepared statements kept per connection: lists bind a varying number of ids, each size its own statement, and
    // TypeORM's default of 100 is thrashed by a page's few dozen shapes.
    statementCacheSize: 2000,
    prepareDatabase: (db: { pragma(sql: string): unknown }) => {
      db.pragma('journal_mode = WAL');
      db.pragma('busy_timeout = 5000');
    },
  };
}
