import { DataSource, Logger } from 'typeorm';
import { SWEEP_COMMENT } from '../../src/core/events/outbox';
import { TestApp } from './test-app';

/** The SQL statements the service runs while `work` is under way. */
export async function statementsOf(t: TestApp, work: () => Promise<unknown>): Promise<string[]> {
  const ds = t.app.get(DataSource);
  const original = ds.logger;
  const statements: string[] = [];
  const recording: Logger = {
    // The outbox's sweep runs on a timer, whatever request is under way.
    logQuery: (sql) => void (sql.startsWith(`/* ${SWEEP_COMMENT} */`) || statements.push(sql)),
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

/**
 * The statements a list's page costs once what it reads is remembered (counts, related objects,
 * definitions: READ_CACHE): asked once unmeasured, then measured. `work` must only read. What a
 * page costs afresh is measured with the cache off (test/scenario-queries.e2e-spec.ts).
 */
export async function pageStatements(t: TestApp, work: () => Promise<unknown>): Promise<number> {
  await work();
  return statementsDuring(t, work);
}
