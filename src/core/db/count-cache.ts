import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { Statement } from '../query/model-query';
import { Database } from './database';

/** Where every write leaves its mark: a version per table, bumped by a trigger in the writing transaction. */
export const WRITE_VERSION_TABLE = 'core_writeversion';
/** Counts remembered at once; the oldest used is forgotten first. */
const CAPACITY = 1000;
/** Tables whose writes nothing counts. */
const UNVERSIONED = new Set([WRITE_VERSION_TABLE, 'migrations', 'typeorm_metadata']);
/** SQL whose result depends on more than the rows it reads. */
const VOLATILE = /\b(now|random|current_date|current_time|current_timestamp|localtime|localtimestamp|datetime|julianday)\b/i;
/** A lock number of its own, so that starting processes add missing triggers one at a time. */
const TRIGGER_LOCK = 0x77726974;

/** One list's count: what it reads and, once known, the tables' versions it was counted at. */
export interface Counting {
  /** The versions of the tables the count reads, read before any count is run; null when it is not cached. */
  versions(): Promise<string | null>;
  /** The count remembered at exactly these versions. */
  remembered(versions: string | null): number | undefined;
  remember(versions: string | null, count: number): void;
}

const UNCACHED: Counting = { versions: async () => null, remembered: () => undefined, remember: () => undefined };

/**
 * Exact counts of list statements, remembered until a table they read is written. Each write bumps
 * its table's version in its own transaction (a trigger, so every process and every statement
 * counts), and a count is reused only while every table it reads has the version it was counted at:
 * reading a few versions costs far less than `COUNT(*)` over a large table.
 */
@Injectable()
export class CountCache implements OnModuleInit {
  private readonly counts = new Map<string, { versions: string; count: number }>();
  /** Names of the tables that carry the trigger, and of those that do not. */
  private versioned = new Set<string>();
  private unversioned = new Set<string>();

  constructor(private readonly db: Database) {}

  async onModuleInit(): Promise<void> {
    const em = this.db.manager;
    await (this.db.driver === 'postgres' ? addPostgresTriggers(em) : addSqliteTriggers(em));
    const tables = await tablesAndTriggers(em, this.db.driver);
    this.versioned = new Set(tables.filter((t) => t.versioned).map((t) => t.name));
    this.unversioned = new Set(tables.filter((t) => !t.versioned).map((t) => t.name));
  }

  prepare([sql, params]: Statement): Counting {
    if (VOLATILE.test(sql)) return UNCACHED;
    const tables = new Set<string>();
    for (const [word] of sql.matchAll(/\w+/g)) {
      if (this.unversioned.has(word)) return UNCACHED;
      if (this.versioned.has(word)) tables.add(word);
    }
    if (!tables.size) return UNCACHED;
    const names = [...tables].sort();
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    return {
      versions: () => this.versionsOf(names),
      remembered: (versions) => {
        const entry = this.counts.get(key);
        if (!entry || versions === null || entry.versions !== versions) return undefined;
        // Most recently used last: the first key is the one to forget.
        this.counts.delete(key);
        this.counts.set(key, entry);
        return entry.count;
      },
      remember: (versions, count) => {
        if (versions === null) return;
        this.counts.delete(key);
        this.counts.set(key, { versions, count });
        if (this.counts.size > CAPACITY) this.counts.delete(this.counts.keys().next().value!);
      },
    };
  }

  private async versionsOf(names: string[]): Promise<string> {
    const placeholders = names.map((_, i) => (this.db.driver === 'postgres' ? `$${i + 1}` : '?')).join(', ');
    const rows: Array<{ table_name: string; version: number | string }> = await this.db.manager.query(
      `SELECT table_name, SUM(version) AS version FROM ${WRITE_VERSION_TABLE} WHERE table_name IN (${placeholders}) GROUP BY table_name`,
      names,
    );
    const byName = new Map(rows.map((r) => [r.table_name, String(r.version)]));
    return names.map((n) => `${n}:${byName.get(n) ?? 0}`).join(',');
  }
}

/**
 * A statement-level trigger on every table that lacks one (plugins' tables too), in one statement.
 * Each process's writes bump a slot of their own, so that concurrent writers to a table seldom wait
 * on the same row: a table's version is the sum of its slots.
 */
async function addPostgresTriggers(em: EntityManager): Promise<void> {
  const skip = [...UNVERSIONED].map((t) => `'${t}'`).join(', ');
  await em.query(`DO $$
DECLARE r record;
BEGIN
  PERFORM pg_advisory_xact_lock(${TRIGGER_LOCK});
  FOR r IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p') AND n.nspname = current_schema() AND c.relname NOT IN (${skip})
      AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = 'write_version')
  LOOP
    EXECUTE format('CREATE TRIGGER write_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION core_bump_write_version()', r.relname);
  END LOOP;
END $$`);
}

/** SQLite's triggers run per row: three per table (insert, update, delete), on the tables that lack them. */
async function addSqliteTriggers(em: EntityManager): Promise<void> {
  for (const table of (await tablesAndTriggers(em, 'sqlite')).filter((t) => !t.versioned && !UNVERSIONED.has(t.name))) {
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      await em.query(
        `CREATE TRIGGER IF NOT EXISTS "write_version_${table.name}_${event.toLowerCase()}" AFTER ${event} ON "${table.name}" BEGIN ` +
          `INSERT INTO ${WRITE_VERSION_TABLE} (table_name, slot, version) VALUES ('${table.name}', 0, 1) ` +
          `ON CONFLICT (table_name, slot) DO UPDATE SET version = version + 1; END`,
      );
    }
  }
}

async function tablesAndTriggers(em: EntityManager, driver: Database['driver']): Promise<Array<{ name: string; versioned: boolean }>> {
  const rows: Array<{ name: string; versioned: boolean | number }> =
    driver === 'postgres'
      ? await em.query(
          `SELECT c.relname AS name, EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = 'write_version') AS versioned
           FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f') AND n.nspname = current_schema()`,
        )
      : await em.query(
          `SELECT m.name, (SELECT COUNT(*) FROM sqlite_master t WHERE t.type = 'trigger' AND t.tbl_name = m.name AND t.name LIKE 'write_version_%') = 3 AS versioned
           FROM sqlite_master m WHERE m.type IN ('table', 'view') AND m.name NOT LIKE 'sqlite_%'`,
        );
  return rows.filter((r) => !UNVERSIONED.has(r.name)).map((r) => ({ name: r.name, versioned: !!r.versioned }));
}
