import { DynamicModule, INestApplication } from '@nestjs/common';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import request from 'supertest';
import { scratchDatabase } from './scratch-database';
import { createApp } from '../../src/app.factory';
import { loadConfig } from '../../src/core/config/config';
import { standaloneDataSource } from '../../src/core/db/standalone';

export const SUPERUSER_TOKEN = '0123456789abcdef0123456789abcdef01234567';

/**
 * A running service on its own fresh database: SQLite in a temporary directory,
 * or, when TEST_DATABASE_URL is set, a PostgreSQL database created for this app and dropped on close.
 */
export class TestApp {
  private constructor(
    readonly app: INestApplication,
    readonly token: string,
    /** The settings it runs with: the same database for another process (a worker). */
    readonly env: Record<string, string>,
    /** Stops the service as a process exit would, keeping its database for another process; `close` drops it. */
    readonly stop: () => Promise<void>,
    private readonly cleanup: () => Promise<void>,
  ) {}

  /**
   * With `migratedCopy`, the app starts on a copy of a database migrated once for the test file (by `PLUGINS`), not
   * by migrating its own: for files that start many apps, as SQLite's migrations rebuild tables for seconds each.
   * Its start-up then applies no migration.
   */
  static async start(env: Record<string, string> = {}, modules: DynamicModule[] = [], { migratedCopy = false } = {}): Promise<TestApp> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inventory-test-'));
    const database = migratedCopy ? await migratedCopyOf(env.PLUGINS ?? '', dataDir) : await scratchDatabase();
    const cleanup = async () => {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
    let app: INestApplication;
    const settings: Record<string, string> = {
      DATA_DIR: dataDir,
      SUPERUSER_NAME: 'admin',
      SUPERUSER_PASSWORD: 'admin-password',
      SUPERUSER_API_TOKEN: SUPERUSER_TOKEN,
      LOG_LEVEL: 'error',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...env,
    };
    try {
      const config = loadConfig(settings);
      app = await createApp(config, { logger: false, modules });
    } catch (e) {
      // A start refused (a plugin that cannot be installed) leaves no database behind.
      await cleanup();
      throw e;
    }
    // One port for the app's life: absolute URLs in responses stay the same from request to request.
    await app.listen(0, '127.0.0.1');
    let stopped: Promise<void> | undefined;
    const stop = () => (stopped ??= app.close());
    return new TestApp(app, SUPERUSER_TOKEN, settings, stop, async () => {
      await stop();
      await cleanup();
    });
  }

  get server() {
    return this.app.getHttpServer();
  }
  /** A request with no credentials. */
  anon() {
    return request(this.server);
  }
  get(url: string, token: string | null = this.token) {
    return auth(request(this.server).get(url), token);
  }
  post(url: string, body?: unknown, token: string | null = this.token) {
    return send(auth(request(this.server).post(url), token), body);
  }
  put(url: string, body?: unknown, token: string | null = this.token) {
    return send(auth(request(this.server).put(url), token), body);
  }
  patch(url: string, body?: unknown, token: string | null = this.token) {
    return send(auth(request(this.server).patch(url), token), body);
  }
  delete(url: string, body?: unknown, token: string | null = this.token) {
    return send(auth(request(this.server).delete(url), token), body);
  }
  options(url: string, token: string | null = this.token) {
    return auth(request(this.server).options(url), token);
  }
  async close(): Promise<void> {
    await this.cleanup();
  }
}

function auth(test: request.Test, token: string | null): request.Test {
  return token ? test.set('Authorization', `Token ${token}`) : test;
}

function send(test: request.Test, body: unknown): request.Test {
  return body === undefined ? test : test.set('Content-Type', 'application/json').send(JSON.stringify(body));
}

/** The embedded database's file in DATA_DIR. */
const SQLITE_FILE = 'inventory.sqlite';

/** Migrated databases by `PLUGINS`, made once a test file and dropped after its last test. */
const templates = new Map<string, Promise<{ dataDir?: string; database?: string; drop(): Promise<void> }>>();
// Registered once a test file: each has its own copy of this module.
if (typeof afterAll === 'function') {
  afterAll(async () => {
    for (const template of templates.values()) await (await template.catch(() => undefined))?.drop();
    templates.clear();
  });
}

/**
 * A database of its own migrated with `PLUGINS`' migrations: PostgreSQL on TEST_DATABASE_URL's server, else SQLite in
 * `dataDir`. A copy of one made once for the test file.
 */
export async function migratedCopyOf(plugins: string, dataDir: string): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  const template = await migratedTemplate(plugins);
  const database = await scratchDatabase(template.database);
  if (template.dataDir) fs.copyFileSync(path.join(template.dataDir, SQLITE_FILE), path.join(dataDir, SQLITE_FILE));
  return database;
}

function migratedTemplate(plugins: string): Promise<{ dataDir?: string; database?: string }> {
  let template = templates.get(plugins);
  if (!template) {
    template = migrate(plugins);
    templates.set(plugins, template);
  }
  return template;
}

async function migrate(plugins: string): Promise<{ dataDir?: string; database?: string; drop(): Promise<void> }> {
  const database = await scratchDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inventory-template-'));
  const drop = async () => {
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const dataSource = standaloneDataSource(loadConfig({ DATA_DIR: dataDir, PLUGINS: plugins, ...(database.url ? { DATABASE_URL: database.url } : {}) }));
    await dataSource.initialize();
    try {
      await dataSource.runMigrations({ transaction: 'all' });
    } finally {
      // Closed, SQLite folds its write-ahead log into the file, and PostgreSQL copies only a database nobody is connected to.
      await dataSource.destroy();
    }
  } catch (e) {
    await drop();
    throw e;
  }
  return database.url ? { database: database.name, drop } : { dataDir, drop };
}
