import type { DataSource, EntityManager } from 'typeorm';

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

/**
 * Reads outside any transaction, gathered into one round trip to PostgreSQL while they are issued together: a page's
 * related objects, tags and count. Each round trip costs both processes
 * far more than a small statement's work (the process switch behind every socket write on a few cores), so a page
 * that reads five tables at once pays for one. Statements are still logged one by one.
 */
export class ReadBatch {
  private pending: PendingRead[] = [];

  constructor(private readonly dataSource: DataSource) {}

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
    const runner = this.dataSource.createQueryRunner();
    try {
      const client = (await runner.connect()) as { query(text: string): Promise<Array<{ rows: any[] }>> };
      results = await client.query(batch.map(({ text }) => text).join(';\n'));
    } catch {
      // One failing statement fails them all: each runs again alone (and is logged there), for its own answer or error.
      for (const { read } of batch) void this.alone(read);
      return;
    } finally {
      await runner.release();
    }
    batch.forEach(({ read }, i) => {
      this.dataSource.logger.logQuery(read.sql, read.params);
      read.resolve(results[i].rows);
    });
  }

  private async alone(read: PendingRead): Promise<void> {
    await this.dataSource.manager.query(read.sql, read.params).then(read.resolve, read.reject);
  }
}

const batches = new WeakMap<DataSource, ReadBatch>();

/** Gathers the reads of this data source's own manager from now on (PostgreSQL's; SQLite answers in the process). */
export function gatherReads(dataSource: DataSource): void {
  batches.set(dataSource, new ReadBatch(dataSource));
}

/** Runs a read: gathered with others where the manager allows it, or on the manager. */
export function runRead<T>(em: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  const batch = batches.get(em.connection);
  return batch?.serves(em) ? batch.query<T>(sql, params) : em.query(sql, params);
}
