import { Client } from 'pg';
import { NetboxSchema, detectSchema } from './schema-version';

/** A row as the source stores it, by column; integer ranges (a VLAN group's) as NetBox's API gives them, inclusive `[low, high]` pairs. */
export type SourceRow = Record<string, unknown>;

/**
 * A NetBox installation's data, read-only: its tables and columns as NetBox's schema has them, whatever the source's
 * form (a database, a `dumpdata` file).
 */
export interface NetboxSource {
  /** Where it reads from, for messages (a URL without its password, a file). */
  readonly description: string;
  /** The release schema its migrations say it has. */
  schema(): Promise<NetboxSchema>;
  /** Its tables, each with its columns. */
  tables(): Promise<Map<string, string[]>>;
  /** `django_content_type`: an id → `app_label.model`. */
  contentTypes(): Promise<Map<number, string>>;
  count(table: string): Promise<number>;
  /** A table's rows in batches, by id where it has one. */
  rows(table: string, batchSize: number): AsyncIterable<SourceRow[]>;
  close(): Promise<void>;
}

// PostgreSQL's int4range and int4range[], which pg's type list does not name.
type TypeOid = Parameters<Client['setTypeParser']>[0];
const INT4RANGE = 3904 as TypeOid;
const INT4RANGE_ARRAY = 3905 as TypeOid;

/** `postgres://user:…@host/db`: the address without its password. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.password) return parsed.toString();
    // Set as a plain placeholder: the URL would percent-encode an ellipsis.
    parsed.password = 'redacted';
    return parsed.toString().replace(':redacted@', ':…@');
  } catch {
    return url.replace(/:[^:@/]*@/, ':…@');
  }
}

/**
 * A NetBox PostgreSQL database, read in one read-only transaction: every table as of one moment, and nothing written.
 */
export class PostgresSource implements NetboxSource {
  readonly description: string;
  private readonly client: Client;
  private opened?: Promise<void>;
  private tableColumns?: Map<string, string[]>;

  constructor(url: string) {
    this.description = redactedUrl(url);
    this.client = new Client({ connectionString: url });
    // Counts and ids beyond 2^53 do not occur in NetBox; bigint ids are read as numbers.
    this.client.setTypeParser(20, (value: string) => Number(value));
    // A date is a calendar day, not an instant: read as written, not in the local time zone.
    this.client.setTypeParser(1082, (value: string) => value);
    this.client.setTypeParser(INT4RANGE, (value: string) => integerRange(value));
    this.client.setTypeParser(INT4RANGE_ARRAY, (value: string) => integerRanges(value));
  }

  private open(): Promise<void> {
    return (this.opened ??= (async () => {
      await this.client.connect();
      await this.client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    })());
  }

  private async query(sql: string, params: unknown[] = []): Promise<SourceRow[]> {
    await this.open();
    return (await this.client.query(sql, params)).rows;
  }

  async schema(): Promise<NetboxSchema> {
    const tables = await this.tables();
    if (!tables.has('django_migrations')) throw new Error(`${this.description} has no django_migrations table: it is not a NetBox database.`);
    return detectSchema((await this.query('SELECT app, name FROM django_migrations')) as Array<{ app: string; name: string }>);
  }

  async tables(): Promise<Map<string, string[]>> {
    if (this.tableColumns) return this.tableColumns;
    const rows = await this.query(
      "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position",
    );
    const tables = new Map<string, string[]>();
    for (const row of rows) {
      const table = row.table_name as string;
      if (!tables.has(table)) tables.set(table, []);
      tables.get(table)!.push(row.column_name as string);
    }
    return (this.tableColumns = tables);
  }

  async contentTypes(): Promise<Map<number, string>> {
    const rows = await this.query('SELECT id, app_label, model FROM django_content_type');
    return new Map(rows.map((r) => [Number(r.id), `${r.app_label}.${r.model}`]));
  }

  async count(table: string): Promise<number> {
    const [row] = await this.query(`SELECT count(*) AS n FROM ${quoted(table)}`);
    return Number(row.n);
  }

  async *rows(table: string, batchSize: number): AsyncIterable<SourceRow[]> {
    const columns = (await this.tables()).get(table);
    if (!columns) return;
    if (!columns.includes('id')) {
      yield await this.query(`SELECT * FROM ${quoted(table)}`);
      return;
    }
    let after = -Infinity;
    for (;;) {
      const rows = await this.query(`SELECT * FROM ${quoted(table)} WHERE id > $1 ORDER BY id LIMIT ${batchSize}`, [Number.isFinite(after) ? after : -1]);
      if (!rows.length) return;
      yield rows;
      after = Number(rows[rows.length - 1].id);
      if (rows.length < batchSize) return;
    }
  }

  async close(): Promise<void> {
    // A client that never connected has nothing to end (and pg's end() would wait for a connection forever).
    if (!this.opened) return;
    await this.opened.catch(() => undefined);
    await this.client.query('ROLLBACK').catch(() => undefined);
    await this.client.end().catch(() => undefined);
  }
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** PostgreSQL's canonical integer range, `[1,4095)`, as inclusive bounds; null when empty. */
export function integerRange(text: string): [number, number] | null {
  const m = /^([[(])(-?\d*),(-?\d*)([\])])$/.exec(text.trim());
  if (!m) return null;
  const low = Number(m[2]) + (m[1] === '(' ? 1 : 0);
  const high = Number(m[3]) - (m[4] === ')' ? 1 : 0);
  return [low, high];
}

/** An array of ranges, `{"[1,4095)","[5000,5010)"}`: the non-empty ones' inclusive bounds. */
export function integerRanges(text: string): Array<[number, number]> {
  return (text.match(/[[(]-?\d*,-?\d*[\])]/g) ?? []).map(integerRange).filter((r): r is [number, number] => r !== null);
}
