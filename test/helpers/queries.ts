import { DataSource, Logger } from 'typeorm';
import { TestApp } from './test-app';

/** Counts the SQL statements the service runs while `work` is under way. */
export async function statementsDuring(t: TestApp, work: () => Promise<unknown>): Promise<number> {
  const ds = t.app.get(DataSource);
  const original = ds.logger;
  let count = 0;
  const counting: Logger = {
    logQuery: () => void count++,
    logQueryError: () => undefined,
    logQuerySlow: () => undefined,
    logSchemaBuild: () => undefined,
    logMigration: () => undefined,
    log: () => undefined,
  };
  Object.assign(ds, { logger: counting });
  try {
    await work();
  } finally {
    Object.assign(ds, { logger: original });
  }
  return count;
}
