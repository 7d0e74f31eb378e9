import { randomBytes } from 'crypto';
import { Client } from 'pg';

/** One statement on `server` in a connection of its own: CREATE and DROP DATABASE run outside any transaction. */
export async function adminQuery(server: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A PostgreSQL database of a test's own on TEST_DATABASE_URL's server, dropped by `drop()`;
 * `url` is undefined when the tests run on the embedded database. With `template`, a copy of that database.
 */
export async function scratchDatabase(template?: string): Promise<{ url: string | undefined; name?: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { url: undefined, drop: async () => {} };
  const name = `inventory_test_${randomBytes(6).toString('hex')}`;
  const admin = (sql: string) => adminQuery(adminUrl, sql);
  await admin(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
