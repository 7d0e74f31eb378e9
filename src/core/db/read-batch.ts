import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import type { AfterQueryEvent } from 'typeorm/subscriber/event/QueryEvent';

// The driver's own conversion of a parameter to its text, untyped in @types/pg.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { prepareValue } = require('pg/lib/utils') as { prepareValue(value: unknown): unknown };

/**
 * A string literal as the driver's `escapeLiteral` writes one (backslashes doubled in an `E''` string where there are
 * any), written whole: the driver's adds a character at a time, a string object each, which for a statement carrying
 * change records' JSON came to megabytes per request.
 */
export function escapeLiteral(text: string): string {
  const quoted = `'${text.replace(/'/g, "''")}'`;
  return text.includes('\\') ? ` E${quoted.replace(/\\/g, '\\\\')}` : quoted;
}

interface PendingRead {
  sql: string;
  params: unknown[];
  resolve: (rows: any[]) => void;
  reject: (error: unknown) => void;
}

/** A string literal, a quoted identifier, or a placeholder (`$3`): literals and identifiers are copied as they are. */
const TOKENS = /'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)/g;

/** A statement's text around its placeholders: `text[i]` comes before the placeholder numbered `slots[i]`, `text[slots.length]` last. */
interface Placeholders {
  text: string[];
  slots: number[];
}

/** Statements' texts as split, by statement: the same few hundred recur on every page, and scanning one is a copy of it. */
const splits = new Map<string, Placeholders>();
const SPLITS_KEPT = 2000;

function placeholdersOf(sql: string): Placeholders {
  let split = splits.get(sql);
  if (split) return split;
  split = { text: [], slots: [] };
  let last = 0;
  for (const match of sql.matchAll(TOKENS)) {
    if (match[1] === undefined) continue;
    split.text.push(sql.slice(last, match.index));
    split.slots.push(Number(match[1]));
    last = match.index + match[0].length;
  }
  split.text.push(sql.slice(last));
  if (splits.size >= SPLITS_KEPT) splits.clear();
  splits.set(sql, split);
  return split;
}

/**
 * The statement with each `$n` written as a literal of unknown type, as the driver sends a parameter: PostgreSQL then
 * types it by where it stands, the same as the parameter. Null when a value cannot be written so (binary data).
 */
export function withLiterals(sql: string, params: unknown[]): string | null {
  const literals: string[] = [];
  for (const value of params) {
    const prepared = prepareValue(value) as unknown;
    if (prepared === null || prepared === undefined) literals.push('NULL');
    else if (typeof prepared === 'string') literals.push(escapeLiteral(prepared));
    else return null;
  }
  const { text, slots } = placeholdersOf(sql);
  let written = text[0];
  for (let i = 0; i < slots.length; i++) {
    const literal = literals[slots[i] - 1];
    if (literal === undefined) return null;
    written += literal + text[i + 1];
  }
  return written;
}

/** The part of the driver's pool (pg-pool) a read outside a transaction needs. */
interface Pool {
  query(text: string | { name: string; text: string; values: unknown[] }, values?: unknown[]): Promise<{ rows: any[] }>;
  connect(): Promise<{ query(text: string): Promise<Array<{ rows: any[] }>>; release(error?: Error): void }>;
}

/**
 * Reads outside any transaction, gathered into one round trip to PostgreSQL while they are issued together: a page's
 * related objects, tags and count. Each round trip costs both processes
 * far more than a small statement's work (the process switch behind every socket write on a few cores), so a page
 * that reads five tables at once pays for one. Statements are still logged one by one.
 */
export class ReadBatch {
  private pending: PendingRead[] = [];
  // The pool itself, not a query runner: a runner's listeners, events and promises cost each read more than its parsing.
  private readonly pool: Pool;

  constructor(private readonly dataSource: DataSource) {
    this.pool = (dataSource.driver as unknown as { master: Pool }).master;
  }

  /** Whether a manager's reads may be gathered: the data source's own, outside any transaction. */
  serves(em: EntityManager): boolean {
    return em.connection === this.dataSource && !em.queryRunner;
  }

  query<T>(sql: string, params: unknown[]): Promise<T[]> {
    return new Promise<T[]>((resolve, reject) => {
      // What else is issued before this turn's promises settle joins this round trip: a page's reads, started at
      // once. Waiting for the event loop to turn would hold up a write that reads here while it holds its row locks.
      if (!this.pending.length) process.nextTick(() => void this.flush());
      this.pending.push({ sql, params, resolve, reject });
    });
  }

  private async flush(): Promise<void> {
    const pending = this.pending;
    this.pending = [];
    if (pending.length === 1) return this.alone(pending[0]);
    // Written as literals only where they share a message; what cannot be written so runs alone.
    const batch: Array<{ read: PendingRead; text: string }> = [];
    for (const read of pending) {
      const text = withLiterals(read.sql, read.params);
      if (text === null) void this.alone(read);
      else batch.push({ read, text });
    }
    if (batch.length <= 1) return batch.length ? this.alone(batch[0].read) : undefined;
    let results: Array<{ rows: any[] }>;
    try {
      const client = await this.pool.connect();
      try {
        results = await client.query(batch.map(({ text }) => text).join(';\n'));
        client.release();
      } catch (e) {
        // As the pool's own queries do: a connection that failed a statement is not reused.
        client.release(e as Error);
        throw e;
      }
    } catch {
      // One failing statement fails them all: each runs again alone (and is logged there), for its own answer or error.
      for (const { read } of batch) void this.alone(read);
      return;
    }
    batch.forEach(({ read }, i) => {
      this.dataSource.logger.logQuery(read.sql, read.params);
      read.resolve(results[i].rows);
    });
  }

  private async alone({ sql, params, resolve, reject }: PendingRead): Promise<void> {
    await this.run(sql, params).then(resolve, reject);
  }

  /**
   * A read PostgreSQL plans once per connection and keeps, by `name`: for a statement every request runs, whose
   * planning costs the server more than its execution. Never gathered: a message of several statements cannot use one.
   */
  prepared<T>(name: string, sql: string, params: unknown[]): Promise<T[]> {
    if (!preparedNames.has(sql)) preparedNames.set(sql, name);
    return this.run(sql, params, name);
  }

  private async run(sql: string, params: unknown[], name?: string): Promise<any[]> {
    this.dataSource.logger.logQuery(sql, params);
    const started = Date.now();
    try {
      const result = await this.pool.query(name ? { name, text: sql, values: params } : sql, name ? undefined : params);
      this.told(sql, params, true, started);
      return result.rows;
    } catch (e) {
      this.dataSource.logger.logQueryError(e as Error, sql, params);
      this.told(sql, params, false, started);
      throw new QueryFailedError(sql, params, e as Error);
    }
  }

  /** Tells the data source's subscribers of a statement run, as TypeORM's runner would (the metrics time them). */
  private told(query: string, parameters: unknown[], success: boolean, started: number): void {
    for (const subscriber of this.dataSource.subscribers) {
      subscriber.afterQuery?.({ connection: this.dataSource, query, parameters, success, executionTime: Date.now() - started } as AfterQueryEvent<unknown>);
    }
  }
}

const batches = new WeakMap<DataSource, ReadBatch>();

/** The names statements were prepared under, by their text: the benchmark's ceiling runs them as the service does. */
const preparedNames = new Map<string, string>();

export function preparedName(sql: string): string | undefined {
  return preparedNames.get(sql);
}

/** Gathers the reads of this data source's own manager from now on (PostgreSQL's; SQLite answers in the process). */
export function gatherReads(dataSource: DataSource): void {
  batches.set(dataSource, new ReadBatch(dataSource));
}

/**
 * Runs a read: gathered with others where the manager allows it, or on the manager. With `preparedAs`, a read the data
 * source's own manager runs alone, prepared under that name (`ReadBatch.prepared`).
 */
export function runRead<T>(em: EntityManager, sql: string, params: unknown[], preparedAs?: string): Promise<T[]> {
  const batch = batches.get(em.connection);
  if (!batch?.serves(em)) return em.query(sql, params);
  return preparedAs ? batch.prepared<T>(preparedAs, sql, params) : batch.query<T>(sql, params);
}
