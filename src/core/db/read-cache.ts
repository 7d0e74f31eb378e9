import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, AppConfig } from '../config/config';
import { Row } from '../model/model';
import type { Statement } from '../query/model-query';
import { Database } from './database';
import { ROW_COUNT_TABLE, keepsRowCounts } from './row-counts';

/** Where every write leaves its mark: a version per table, bumped by a trigger in the writing transaction. */
export const WRITE_VERSION_TABLE = 'core_writeversion';
/** Tables whose writes nothing reads. */
const UNVERSIONED = new Set([WRITE_VERSION_TABLE, ROW_COUNT_TABLE, 'migrations', 'typeorm_metadata']);
/** SQL whose result depends on more than the rows it reads. */
const VOLATILE = /\b(now|random|current_date|current_time|current_timestamp|localtime|localtimestamp|datetime|julianday)\b/i;
/** PostgreSQL's error code for a lock not had within lock_timeout. */
const LOCK_NOT_AVAILABLE = '55P03';
/** The last of a table's row-count triggers to be added: where it is, the table's count is kept. */
const ROWS_COUNTED_TRIGGER = 'row_count_truncated';
/** A lock number of its own, so that starting processes add missing triggers one at a time. */
const TRIGGER_LOCK = 0x77726974;
/** Entries remembered at once, per kind; the least recently used are forgotten first. */
const COUNTS = 1000;
const LOOKUPS = 5000;
const ROWS = 10_000;
const VALUES = 200;
const PER_OBJECT = 20_000;
/**
 * Bytes of remembered representations (outside V8's heap): about 4,500 devices' full forms. Under reads spread over
 * 50,000 devices, twice this answered 20% of them rather than 12%, and cost 16 MiB more at peak.
 */
const REPRESENTATION_BYTES = 8 * 1024 * 1024;
/** The versions table fits a page or two; past this size it is rewritten. */
const VERSIONS_COMPACT_BYTES = 8 * 8192;
const VERSIONS_CHECK_MS = 10_000;
/** A rewrite that left the table large (a long transaction still holds its dead rows) is tried again this late, or once it has doubled. */
const VERSIONS_RETRY_MS = 60_000;
/** The rewrite's exclusive lock holds up every request behind it: it waits no longer than this for it. */
const VERSIONS_LOCK_TIMEOUT_MS = 100;

/**
 * Below this share of recent lookups answered, a kind of entry (a table's rows, a per-object kind, a list's
 * representations) is not looked up or remembered: under reads spread wider than the cache, or writes that outdate
 * it, each miss would still cost a lookup, a copy kept and the garbage collector's time to move it.
 */
const USEFUL_HIT_RATE = 0.1;
/**
 * The same for a list's representations, whose every miss is a copy kept until the garbage collector moves it.
 * Under device pages spread over 1,000 sites, 10% were answered from memory; remembering the rest brought 12–14 full
 * collections in 10 s against 5, and a p90 of 74–91 ms against 62–71.
 */
const USEFUL_REPRESENTATION_HIT_RATE = 0.25;
/** How far each lookup moves a kind's hit rate: about the last ten lookups count. */
const HIT_RATE_STEP = 0.1;
/** One request in this many still uses a kind below the rate, so that a kind that becomes useful again is noticed. */
const PROBE_EVERY = 16;

/** Each kind's recent hit rate, and whether the next request should use its cache. */
export class Usefulness {
  private readonly kinds = new Map<string, { rate: number; skipped: number }>();

  /** Whether a request should look this kind up, and remember what it reads: while useful, or as a probe. */
  worthUsing(kind: string, usefulRate = USEFUL_HIT_RATE): boolean {
    if (this.useful(kind, usefulRate)) return true;
    const known = this.kinds.get(kind)!;
    if (++known.skipped < PROBE_EVERY) return false;
    known.skipped = 0;
    return true;
  }

  /** Whether this kind's recent lookups mostly answered (probes aside). */
  useful(kind: string, usefulRate = USEFUL_HIT_RATE): boolean {
    const known = this.kinds.get(kind);
    return !known || known.rate >= usefulRate;
  }

  /** Notes a request's lookups of a kind: `hits` found of `wanted`. */
  note(kind: string, hits: number, wanted: number): void {
    if (!wanted) return;
    let known = this.kinds.get(kind);
    // A kind starts out trusted: an empty cache misses at first, and must fill before it can prove useful.
    if (!known) this.kinds.set(kind, (known = { rate: 1, skipped: 0 }));
    known.rate += (hits / wanted - known.rate) * HIT_RATE_STEP;
  }
}

/** A statement's result, as of the versions of the tables it reads. */
type ByStatement = { versions: string; result: unknown };

/** The caches `ReadCache` keeps, by the name `/metrics` reports them under. */
export type ReadCacheName = 'counts' | 'rows' | 'values' | 'per_object' | 'representations' | 'lookups';

/** Hits and misses of each cache since the process started: what `/metrics` reports as counters. */
export class CacheLookups {
  private readonly tally = new Map<string, { hits: number; misses: number }>();
  count(cache: ReadCacheName, hits: number, misses: number): void {
    let entry = this.tally.get(cache);
    if (!entry) this.tally.set(cache, (entry = { hits: 0, misses: 0 }));
    entry.hits += hits;
    entry.misses += misses;
  }
  entries(): Array<[string, { hits: number; misses: number }]> {
    return [...this.tally.entries()];
  }
}

/**
 * What reads may reuse across requests and processes: counts, rows by id and small derived values
 * (custom field definitions), each remembered with the write versions of the tables it was read
 * from. Each write bumps its table's version in its own transaction (a trigger, so every process
 * and every statement counts), and an entry is used only while every table it read still has that
 * version: one statement reads every version, and replaces a `COUNT(*)` and a statement per
 * relation.
 */
@Injectable()
export class ReadCache implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private versioned = new Set<string>();
  private unversioned = new Set<string>();
  private readonly counts = new LRUCache<string, ByStatement>({ max: COUNTS });
  private readonly lookupResults = new LRUCache<string, ByStatement>({ max: LOOKUPS });
  private readonly rows = new LRUCache<string, { version: string; row: Row }>({ max: ROWS });
  private readonly values = new LRUCache<string, { versions: string; value: unknown }>({ max: VALUES });
  private readonly perObject = new LRUCache<string, { versions: string; value: unknown }>({ max: PER_OBJECT });
  private readonly representations = new LRUCache<string, { version: string; bytes: Buffer }>({ maxSize: REPRESENTATION_BYTES, sizeCalculation: (entry) => entry.bytes.length });
  private readonly loadingValues = new Map<string, Promise<unknown>>();
  private readonly usefulness = new Usefulness();
  /** The highest sum of every table's versions a request has read: versions only grow. */
  private newestVersion = 0;
  /** Per list (a model's label): how often its recent pages were answered wholly from remembered JSON, 0 to 1. */
  private readonly pagesRemembered = new Map<string, number>();
  /** Each cache's hits and misses, whether `/metrics` is on or not: counting costs an addition. */
  readonly lookups = new CacheLookups();
  private readonly logger = new Logger('ReadCache');
  private compactTimer?: NodeJS.Timeout;
  private lastCompaction: { at: number; bytes: number } | null = null;

  constructor(
    private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'readCache'>,
  ) {}

  async onModuleInit(): Promise<void> {
    const em = this.db.manager;
    await (this.db.driver === 'postgres' ? addPostgresTriggers(em) : addSqliteTriggers(em));
    const tables = await tablesAndTriggers(em, this.db.driver);
    this.versioned = new Set(tables.filter((t) => t.versioned).map((t) => t.name));
    this.unversioned = new Set(tables.filter((t) => !t.versioned).map((t) => t.name));
    keepsRowCounts(this.db.dataSource, tables.filter((t) => t.counted).map((t) => t.name));
  }

  onApplicationBootstrap(): void {
    if (this.db.driver !== 'postgres' || !this.config.readCache) return;
    this.compactTimer = setInterval(() => void this.compactVersionsIfDue().catch((e) => this.logger.warn(`versions table not compacted: ${e}`)), VERSIONS_CHECK_MS);
    this.compactTimer.unref();
  }

  onApplicationShutdown(): void {
    if (this.compactTimer) clearInterval(this.compactTimer);
  }

  private async compactVersionsIfDue(): Promise<void> {
    const bytes = await this.onDriverConnection(versionsTableBytes);
    const last = this.lastCompaction;
    if (bytes <= VERSIONS_COMPACT_BYTES || (last && bytes < 2 * last.bytes && Date.now() - last.at < VERSIONS_RETRY_MS)) return;
    await this.compactVersions();
  }

  /**
   * Rewrites the versions table; true if that made it smaller. Every request reads the whole table, and each write
   * leaves a dead row in it. PostgreSQL prunes them as it goes, unless a long transaction (a streamed list, a report)
   * still sees them: then the few dozen rows spread over hundreds of pages, which vacuuming does not gather again,
   * and every request pays a millisecond to read them. A check every few seconds calls this once the table has grown.
   */
  async compactVersions(): Promise<boolean> {
    if (this.db.driver !== 'postgres') return false;
    return this.onDriverConnection(async (connection) => {
      const before = await versionsTableBytes(connection);
      try {
        await connection.query(`SET lock_timeout = ${VERSIONS_LOCK_TIMEOUT_MS}`);
        await connection.query(`VACUUM FULL ${WRITE_VERSION_TABLE}`);
      } catch (e) {
        // Another transaction held the table for longer than a request should wait: the next check tries again.
        if ((e as { code?: unknown }).code === LOCK_NOT_AVAILABLE) return false;
        // Anything else (a standby, a lost connection) is tried again only after a while.
        this.lastCompaction = { at: Date.now(), bytes: before };
        throw e;
      } finally {
        await connection.query('RESET lock_timeout');
      }
      this.lastCompaction = { at: Date.now(), bytes: await versionsTableBytes(connection) };
      return this.lastCompaction.bytes < before;
    });
  }

  /** Upkeep on a pooled connection of the driver's, outside the query log: requests' statements are what it shows. */
  private async onDriverConnection<T>(work: (connection: DriverConnection) => Promise<T>): Promise<T> {
    const runner = this.db.dataSource.createQueryRunner();
    try {
      return await work(await runner.connect());
    } finally {
      await runner.release();
    }
  }

  /**
   * Whether a page of this list should read its ids first, to read whole rows only for the objects not remembered.
   * That costs a statement more whenever any object is missing, so only where recent pages were mostly answered
   * wholly from memory: under spread reads, or writes between requests, the page reads its rows at once. A probe of
   * representations not worth using (`Usefulness`) reads its rows at once too: a page's statements do not depend
   * on whether its request probes.
   */
  pagesMostlyRemembered(list: string): boolean {
    return this.usefulness.useful(representationsOf(list), USEFUL_REPRESENTATION_HIT_RATE) && (this.pagesRemembered.get(list) ?? 1) >= 0.5;
  }

  /** Tells `pagesMostlyRemembered` whether a page of this list was answered wholly from remembered JSON. */
  notePage(list: string, wholly: boolean): void {
    const recent = this.pagesRemembered.get(list) ?? 1;
    this.pagesRemembered.set(list, recent + (Number(wholly) - recent) / 10);
  }

  /**
   * What one request reads through the cache. It must read outside any write transaction: what a
   * transaction has not committed may yet be undone, and its versions with it.
   */
  reader(preread?: PrereadVersions): CachedReads {
    // Read ahead, they serve only while this process has written nothing since: a request must see its own writes.
    return this.readerOf(preread && preread.transactionsEnded === this.db.transactionsEnded ? preread : undefined);
  }

  /**
   * Reads as of the versions a request read first, whatever this process has written since: for what a write reads
   * inside its transaction about tables it does not change (custom field definitions). Their state when the request
   * began is as current as the request needs; what it changes itself must never be read through this.
   */
  readerAsOf(preread?: PrereadVersions): CachedReads | undefined {
    // None without the cache: a transaction then remembers what it has read by itself.
    return this.config.readCache ? this.readerOf(preread) : undefined;
  }

  private readerOf(fresh?: PrereadVersions): CachedReads {
    if (!this.config.readCache) return UNCACHED;
    let versions: Promise<Map<string, string>> | undefined = fresh ? Promise.resolve(parseVersions(fresh.text)) : undefined;
    const query = () =>
      this.db.manager
        .query(`SELECT table_name, SUM(version) AS version FROM ${WRITE_VERSION_TABLE} GROUP BY table_name`)
        .then((rows: Array<{ table_name: string; version: number | string }>) => new Map(rows.map((r) => [r.table_name, String(r.version)])));
    const read = () => (versions ??= query());
    const versionsOf = async (tables: string[]) => {
      const all = await read();
      return tables.map((t) => `${t}:${all.get(t) ?? 0}`).join(',');
    };
    // Every table's writes at once: versions only grow, so their sum changes with any write anywhere.
    let everything: Promise<string> | undefined;
    const everyVersion = () =>
      (everything ??= read().then((all) => {
        const sum = [...all.values()].reduce((total, v) => total + Number(v), 0);
        if (sum > this.newestVersion) this.newestVersion = sum;
        return String(sum);
      }));
    // Whether this request uses each list's representations, decided once for its lookups and what it remembers.
    const using = new Map<string, boolean>();
    const uses = (list: string) => {
      let use = using.get(list);
      if (use === undefined) using.set(list, (use = this.usefulness.worthUsing(representationsOf(list), USEFUL_REPRESENTATION_HIT_RATE)));
      return use;
    };
    const byStatement = async <T>(store: LRUCache<string, ByStatement>, name: ReadCacheName, [sql, params]: Statement, load: () => Promise<T>): Promise<T> => {
      const tables = this.tablesIn(sql);
      if (!tables) return load();
      // The versions are read before the statement runs: what is stored under them can only be newer than they are.
      const versions = await versionsOf(tables);
      const key = `${sql}\u0000${JSON.stringify(params)}`;
      const known = store.get(key);
      if (known?.versions === versions) {
        this.lookups.count(name, 1, 0);
        return known.result as T;
      }
      this.lookups.count(name, 0, 1);
      const result = await load();
      store.set(key, { versions, result });
      return result;
    };
    return {
      remembersRepresentations: true,
      // The sum too: what this request has seen tells the others which versions have passed.
      prefetch: async () => void (await everyVersion()),
      supply: (pending) => {
        // A promise not taken is still settled here: its failure is not this reader's to report.
        if (versions) return void pending.catch(() => undefined);
        versions = pending.then(
          (text) => (text === null ? query() : parseVersions(text)),
          () => query(),
        );
        // Kept for reads that may never come (the request failed meanwhile): their failure is theirs to report.
        versions.catch(() => undefined);
      },
      representations: async (list, kind, ids) => {
        if (!uses(list)) return ids.map(() => undefined);
        const version = await everyVersion();
        const found = ids.map((id) => {
          const entry = this.representations.get(`${kind}|${id}`);
          return entry?.version === version ? entry.bytes : undefined;
        });
        const hits = found.filter((bytes) => bytes !== undefined).length;
        this.lookups.count('representations', hits, ids.length - hits);
        this.usefulness.note(representationsOf(list), hits, ids.length);
        return found;
      },
      rememberRepresentations: async (list, kind, entries) => {
        if (!uses(list)) return;
        const version = await everyVersion();
        // Written under versions some request has already seen pass: no request will find them.
        if (Number(version) < this.newestVersion) return;
        // One object's JSON beyond a sixteenth of the room would push out many others.
        for (const [id, bytes] of entries) if (bytes.length <= REPRESENTATION_BYTES / 16) this.representations.set(`${kind}|${id}`, { version, bytes: ownCopy(bytes) });
      },
      count: (statement, load) => byStatement(this.counts, 'counts', statement, load),
      lookup: (statement, load) => byStatement(this.lookupResults, 'lookups', statement, load),
      rowsById: async (table, ids, load) => {
        if (!this.versioned.has(table) || !this.usefulness.worthUsing(`rows:${table}`)) return load(ids);
        const version = await versionsOf([table]);
        const found: Row[] = [];
        const missing: number[] = [];
        for (const id of ids) {
          const entry = this.rows.get(`${table}:${id}`);
          if (entry?.version === version) found.push({ ...entry.row });
          else missing.push(id);
        }
        this.lookups.count('rows', ids.length - missing.length, missing.length);
        this.usefulness.note(`rows:${table}`, ids.length - missing.length, ids.length);
        if (missing.length) {
          for (const row of await load(missing)) {
            this.rows.set(`${table}:${row.id}`, { version, row: { ...row } });
            found.push(row);
          }
        }
        return found;
      },
      perObject: async <T>(kind: string, tables: string[], ids: number[], load: (ids: number[]) => Promise<Map<number, T>>): Promise<Map<number, T>> => {
        if (!tables.every((t) => this.versioned.has(t)) || !this.usefulness.worthUsing(kind)) return load(ids);
        const versions = await versionsOf(tables);
        const found = new Map<number, T>();
        const missing: number[] = [];
        for (const id of ids) {
          const entry = this.perObject.get(`${kind}:${id}`);
          if (entry?.versions === versions) found.set(id, entry.value as T);
          else missing.push(id);
        }
        this.lookups.count('per_object', ids.length - missing.length, missing.length);
        this.usefulness.note(kind, ids.length - missing.length, ids.length);
        if (missing.length) {
          const loaded = await load(missing);
          for (const id of missing) {
            const value = loaded.get(id) as T;
            this.perObject.set(`${kind}:${id}`, { versions, value });
            found.set(id, value);
          }
        }
        return found;
      },
      value: async <T>(key: string, tables: string[], load: () => Promise<T>): Promise<T> => {
        if (!tables.every((t) => this.versioned.has(t))) return load();
        const versions = await versionsOf(tables);
        const known = this.values.get(key);
        if (known?.versions === versions) {
          this.lookups.count('values', 1, 0);
          return known.value as T;
        }
        this.lookups.count('values', 0, 1);
        // Requests that find the same value missing at once read it once.
        const loadingKey = `${key}\u0000${versions}`;
        let loading = this.loadingValues.get(loadingKey) as Promise<T> | undefined;
        if (!loading) {
          loading = load().finally(() => this.loadingValues.delete(loadingKey));
          this.loadingValues.set(loadingKey, loading);
        }
        const value = await loading;
        this.values.set(key, { versions, value });
        return value;
      },
    };
  }

  /**
   * An expression for a request's first statement (its token's) that reads every table's version with it,
   * as `table:version,…`, for `reader` to take: one round trip less per request. Null with the cache off.
   */
  versionsExpression(): { sql: string; transactionsEnded: number } | null {
    if (!this.config.readCache) return null;
    const pairs = `v.table_name || ':' || v.version`;
    const joined = this.db.driver === 'postgres' ? `string_agg(${pairs}, ',')` : `group_concat(${pairs}, ',')`;
    const sql = `(SELECT COALESCE(${joined}, '') FROM (SELECT table_name, SUM(version) AS version FROM ${WRITE_VERSION_TABLE} GROUP BY table_name) v)`;
    return { sql, transactionsEnded: this.db.transactionsEnded };
  }

  /** The versioned tables a statement reads; null when it reads one that is not versioned, or depends on more than rows. */
  private tablesIn(sql: string): string[] | null {
    if (VOLATILE.test(sql)) return null;
    const tables = new Set<string>();
    for (const [word] of sql.matchAll(/\w+/g)) {
      if (this.unversioned.has(word)) return null;
      if (this.versioned.has(word)) tables.add(word);
    }
    return tables.size ? [...tables].sort() : null;
  }
}

/** Versions read ahead by `versionsExpression`, with the count of this process's transactions when it was asked for. */
export interface PrereadVersions {
  text: string;
  transactionsEnded: number;
}

/** The `Usefulness` kind of a list's representations. */
function representationsOf(list: string): string {
  return `representations:${list}`;
}

/** Versions as `versionsExpression` reads them. */
function parseVersions(text: string): Map<string, string> {
  const versions = new Map<string, string>();
  for (const pair of text ? text.split(',') : []) {
    const colon = pair.lastIndexOf(':');
    versions.set(pair.slice(0, colon), pair.slice(colon + 1));
  }
  return versions;
}

/** A connection of the driver's own, as `QueryRunner.connect` gives it. */
interface DriverConnection {
  query(sql: string): Promise<{ rows: Array<Record<string, unknown>> }>;
}

async function versionsTableBytes(connection: DriverConnection): Promise<number> {
  const { rows } = await connection.query(`SELECT pg_relation_size('${WRITE_VERSION_TABLE}') AS bytes`);
  return Number(rows[0].bytes);
}

/** One request's reads through the cache; every version it compares was read once, by one statement, before any of its reads. */
export interface CachedReads {
  /** Reads the versions now, so that later reads need not wait on them. */
  prefetch(): Promise<void>;
  /**
   * Versions that another statement reads with its own result (as `versionsExpression` writes them), unless they
   * are being read already; null, or a failure, and they are read by a statement of their own.
   */
  supply(pending: Promise<string | null>): void;
  /** A list's count: remembered, or counted by `load` and remembered. */
  count(statement: Statement, load: () => Promise<number>): Promise<number>;
  /** A lookup's result (a filter's values to ids): remembered, or read by `load` and remembered. Callers must not change it. */
  lookup<T>(statement: Statement, load: () => Promise<T>): Promise<T>;
  /** Rows of a table by id, in no particular order: those remembered, and the others read by `load`. */
  rowsById(table: string, ids: number[], load: (ids: number[]) => Promise<Row[]>): Promise<Row[]>;
  /** A value derived from some tables: remembered, or computed by `load` and remembered. Callers must not change it. */
  value<T>(key: string, tables: string[], load: () => Promise<T>): Promise<T>;
  /**
   * What `kind` says of each object, read from `tables` (an object's tag ids): those remembered, and the others read
   * by `load`, which answers for every id it is given. Callers must not change the values.
   */
  perObject<T>(kind: string, tables: string[], ids: number[], load: (ids: number[]) => Promise<Map<number, T>>): Promise<Map<number, T>>;
  /**
   * Objects' representations as JSON, by kind (what else they depend on: model, mode, dialect, base URL…) and id,
   * remembered while nothing at all has been written since (a representation reads many tables, related ones and
   * definitions); undefined for those not remembered. A list (a model's label) whose recent lookups mostly missed is
   * neither looked up nor remembered, but for an occasional probe.
   */
  representations(list: string, kind: string, ids: number[]): Promise<Array<Buffer | undefined>>;
  /** Whether `representations` may remember anything: a page may then read its ids first. */
  readonly remembersRepresentations: boolean;
  rememberRepresentations(list: string, kind: string, entries: Array<[id: number, json: Buffer]>): Promise<void>;
}

/**
 * Bytes in an allocation of their own. A small buffer is a slice of one of Node's shared 8 KiB pools, which lives
 * while any slice of it does: remembered slices, evicted at different times, held more than the bytes counted.
 */
function ownCopy(bytes: Buffer): Buffer {
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

/** Every read made afresh (`READ_CACHE=false`). */
const UNCACHED: CachedReads = {
  remembersRepresentations: false,
  prefetch: async () => undefined,
  supply: () => undefined,
  count: (_statement, load) => load(),
  lookup: (_statement, load) => load(),
  rowsById: (_table, ids, load) => load(ids),
  value: (_key, _tables, load) => load(),
  perObject: (_kind, _tables, ids, load) => load(ids),
  representations: async (_list, _kind, ids) => ids.map(() => undefined),
  rememberRepresentations: async () => undefined,
};

/**
 * Statement-level triggers on every table that lacks them (plugins' tables too), in one statement.
 * Each connection's writes bump a slot of their own, so that concurrent writers to a table seldom
 * wait on the same row: a table's version is the sum of its slots, and so is its row count.
 */
async function addPostgresTriggers(em: EntityManager): Promise<void> {
  const skip = [...UNVERSIONED].map((t) => `'${t}'`).join(', ');
  const lacking = (trigger: string) => `
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p') AND n.nspname = current_schema() AND c.relname NOT IN (${skip})
      AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = '${trigger}')`;
  await em.query(`DO $$
DECLARE r record;
BEGIN
  PERFORM pg_advisory_xact_lock(${TRIGGER_LOCK});
  FOR r IN ${lacking('write_version')}
  LOOP
    EXECUTE format('CREATE TRIGGER write_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION core_bump_write_version()', r.relname);
  END LOOP;
  -- Inserts and deletes count their rows. A table is counted once as its triggers are added (a new table, or one of a
  -- release that kept no counts), its writers held off until then.
  FOR r IN ${lacking(ROWS_COUNTED_TRIGGER)}
  LOOP
    EXECUTE format('LOCK TABLE %I IN SHARE ROW EXCLUSIVE MODE', r.relname);
    EXECUTE format('CREATE TRIGGER row_count_inserted AFTER INSERT ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION core_count_rows()', r.relname);
    EXECUTE format('CREATE TRIGGER row_count_deleted AFTER DELETE ON %I REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION core_count_rows()', r.relname);
    EXECUTE format('CREATE TRIGGER ${ROWS_COUNTED_TRIGGER} AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION core_count_truncated()', r.relname);
    DELETE FROM ${ROW_COUNT_TABLE} WHERE table_name = r.relname;
    EXECUTE format('INSERT INTO ${ROW_COUNT_TABLE} (table_name, slot, row_count) SELECT %L, 0, COUNT(*) FROM %I', r.relname, r.relname);
  END LOOP;
END $$`);
}

/** SQLite's triggers run per row: three per table (insert, update, delete), on the tables that lack them. */
async function addSqliteTriggers(em: EntityManager): Promise<void> {
  for (const table of (await tablesAndTriggers(em, 'sqlite')).filter((t) => !t.versioned && t.table)) {
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      await em.query(
        `CREATE TRIGGER IF NOT EXISTS "write_version_${table.name}_${event.toLowerCase()}" AFTER ${event} ON "${table.name}" BEGIN ` +
          `INSERT INTO ${WRITE_VERSION_TABLE} (table_name, slot, version) VALUES ('${table.name}', 0, 1) ` +
          `ON CONFLICT (table_name, slot) DO UPDATE SET version = version + 1; END`,
      );
    }
  }
}

/** Every table and view (but the unversioned), and whether it carries the trigger. */
async function tablesAndTriggers(em: EntityManager, driver: Database['driver']): Promise<Array<{ name: string; table: boolean; versioned: boolean; counted: boolean }>> {
  const rows: Array<{ name: string; is_table: boolean | number; versioned: boolean | number; counted?: boolean }> =
    driver === 'postgres'
      ? await em.query(
          `SELECT c.relname AS name, c.relkind IN ('r', 'p') AS is_table,
             EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = 'write_version') AS versioned,
             EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = '${ROWS_COUNTED_TRIGGER}') AS counted
           FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f') AND n.nspname = current_schema()`,
        )
      : await em.query(
          `SELECT m.name, m.type = 'table' AS is_table,
             (SELECT COUNT(*) FROM sqlite_master t WHERE t.type = 'trigger' AND t.tbl_name = m.name AND t.name LIKE 'write_version_%') = 3 AS versioned
           FROM sqlite_master m WHERE m.type IN ('table', 'view') AND m.name NOT LIKE 'sqlite_%'`,
        );
  return rows.filter((r) => !UNVERSIONED.has(r.name)).map((r) => ({ name: r.name, table: !!r.is_table, versioned: !!r.versioned, counted: !!r.counted }));
}
