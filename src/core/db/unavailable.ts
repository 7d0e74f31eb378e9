/**
 * Whether an error says the database cannot serve the request now (unreachable, restarting, out of connections,
 * too slow, full or read-only), rather than that the request is wrong: such requests answer 503, and a retry may
 * succeed. Returns the message for the client, or null.
 */
export function databaseUnavailable(error: unknown): string | null {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as { driverError?: unknown }).driverError, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    const text = typeof message === 'string' ? message : '';
    if (typeof code === 'string') {
      if (RETRYABLE.has(code)) return 'The database could not order concurrent changes; try again.';
      if (code === '57014') return 'The database did not answer in time (DATABASE_STATEMENT_TIMEOUT).';
      if (/^(08|57P|53)/.test(code) || NETWORK.has(code)) return 'The database is unavailable; try again shortly.';
      if (/^SQLITE_(FULL|READONLY)/.test(code)) return 'The database cannot be written (disk full or read-only); reads still work.';
      if (/^SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN)/.test(code)) return 'The database is unavailable; try again shortly.';
    }
    if (CONNECTION_MESSAGES.some((m) => text.includes(m))) return 'The database is unavailable; try again shortly.';
  }
  return null;
}

/** Serialization failures and deadlocks: the transaction may be run again whole. */
const RETRYABLE = new Set(['40001', '40P01']);

export function isRetryable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as { driverError?: unknown }).driverError, depth++) {
    if (RETRYABLE.has(String((e as { code?: unknown }).code))) return true;
  }
  return false;
}

const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

// What pg and TypeORM say when a connection is lost, cannot be had in time, or the data source is closed.
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'terminating connection',
  'Connection is not established',
  'Cannot use a pool after calling end on the pool',
  'The database connection is not open',
  // A transaction's other statements, once its connection was lost and released.
  'Query runner already released',
  'connection provided by a query runner was already released',
];
