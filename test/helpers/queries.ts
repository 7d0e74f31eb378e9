import { DataSource, Logger } from 'typeorm';
import { TestApp } from './test-app';

/** The SQL statements the service runs while `work` is under way. */
export async function statementsOf(t: TestApp, work: () => Promise<unknown>): Promise<string[]> {
  const ds = t.app.get(DataSource);
  const original = ds.logger;
  const statements: string[] = [];
  const recording: Logger = {
    logQuery: (sql) => void statements.push(sql),
    logQueryError: () => undefined,
    logQuerySlow: () => undefined,
    logSchemaBuild: () => undefined,
    logMigration: () => undefined,
    log: () => undefined,
  };
  Object.assign(ds, { logger: recording });
  try {
    await work();
  } finally {
    Object.assign(ds, { logger: original });
  }
  return statements;
}

/** Counts the SQL statements the service runs while `work` is under way. */
export async function statementsDuring(t: TestApp, work: () => Promise<unknown>): Promise<number> {
  return (await statementsOf(t, work)).length;
}

/** A list's own `COUNT(*)`: run or not depending on whether the count is remembered (test/counts.e2e-spec.ts). */
const LIST_COUNT = /^SELECT COUNT\(\*\) AS "n" FROM/;

/**
 * The statements a list's pages cost besides counting the list: what must not grow with the page
 * size. Whether a page counts depends on what it shows and on what is remembered, not on its size.
 */
export async function pageStatements(t: TestApp, work: () => Promise<unknown>): Promise<number> {
  return (await statementsOf(t, work)).filter((sql) => !LIST_COUNT.test(sql)).length;
}
