import { QueryFailedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { databaseUnavailable } from './unavailable';

describe('databaseUnavailable', () => {
  it('reads a lost connection, and what a transaction does after it, as the database being away', () => {
    const lost = new QueryFailedError('SELECT 1', [], Object.assign(new Error('Connection terminated unexpectedly'), {}));
    expect(databaseUnavailable(lost)).toBe('The database is unavailable; try again shortly.');
    // The transaction's next statement, on the runner TypeORM released with the connection.
    expect(databaseUnavailable(new QueryRunnerProviderAlreadyReleasedError())).toBe('The database is unavailable; try again shortly.');
    expect(databaseUnavailable(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe('The database is unavailable; try again shortly.');
  });

  it('leaves the request’s own errors alone', () => {
    expect(databaseUnavailable(new Error('Cannot read properties of undefined'))).toBeNull();
    expect(databaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBeNull();
  });
});
