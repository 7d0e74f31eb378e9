import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DataSource } from 'typeorm';
import { dataSourceOptions, driverOf, migrationsDir } from '../../src/core/db/data-source';
import { scratchDatabase } from './scratch-database';
import { Json } from './seed';
import { TestApp } from './test-app';

/** A row of `table` with `values`, every other required column filled with a value of its type: a schema's row without its models. */
export async function insertRow(ds: DataSource, table: string, values: Json): Promise<number> {
  const postgres = ds.options.type === 'postgres';
  const columns: Array<{ name: string; type: string; required: boolean }> = postgres
    ? await ds.query(`SELECT column_name AS name, data_type AS type, is_nullable = 'NO' AND column_default IS NULL AS required FROM information_schema.columns WHERE table_name = $1`, [table])
    : (await ds.query(`PRAGMA table_info("${table}")`)).map((c: Json) => ({ name: c.name, type: c.type, required: !!c.notnull && c.dflt_value === null && !c.pk }));
  const row: Json = { ...values };
  for (const c of columns) {
    if (!c.required || c.name in row) continue;
    const type = c.type.toLowerCase();
    const json = /json/.test(type) || c.name === 'custom_field_data';
    row[c.name] = /bool/.test(type) ? (postgres ? false : 0) : /int|num|dec/.test(type) ? 0 : json ? '{}' : /date|time/.test(type) ? '2024-01-01' : '';
  }
  const names = Object.keys(row);
  const marks = names.map((_, i) => (postgres ? `$${i + 1}` : '?'));
  const [inserted] = await ds.query(`INSERT INTO "${table}" (${names.map((k) => `"${k}"`).join(', ')}) VALUES (${marks.join(', ')}) RETURNING "id"`, Object.values(row));
  return Number(inserted.id);
}

/**
 * A database written by the release before a migration (`-<Name>.ts`): `seed` writes rows into its schema, then every
 * migration runs and `check` reads the result through a started service (with `env`, its plugins). The database is dropped after.
 */
export async function upgradedFrom<T>(
  migration: string,
  seed: (before: DataSource) => Promise<T>,
  check: (t: TestApp, seeded: T) => Promise<void>,
  env: Record<string, string> = {},
): Promise<void> {
  const database = await scratchDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upgrade-'));
  const config = { databaseUrl: database.url ?? null, dataDir };
  const driver = driverOf(config);
  const all = fs.readdirSync(migrationsDir(driver)).filter((f) => /\.ts$/.test(f)).sort();
  const at = all.findIndex((f) => f.endsWith(`-${migration}.ts`));
  if (at < 0) throw new Error(`no migration ${migration}`);
  const open = (files: string[]) => new DataSource({ ...dataSourceOptions(config, []), migrations: files.map((f) => path.join(migrationsDir(driver), f)) } as never).initialize();
  let t: TestApp | undefined;
  try {
    const before = await open(all.slice(0, at));
    await before.runMigrations({ transaction: 'all' });
    const seeded = await seed(before);
    await before.destroy();
    const after = await open(all);
    await after.runMigrations({ transaction: 'all' });
    await after.destroy();
    t = await TestApp.start({ ...env, ...(database.url ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir }) });
    await check(t, seeded);
  } finally {
    await t?.close();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
