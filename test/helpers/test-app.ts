import { DynamicModule, INestApplication } from '@nestjs/common';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import request from 'supertest';
import { scratchDatabase } from './scratch-database';
import { createApp } from '../../src/app.factory';
import { loadConfig } from '../../src/core/config/config';

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

  static async start(env: Record<string, string> = {}, modules: DynamicModule[] = []): Promise<TestApp> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inventory-test-'));
    const database = await scratchDatabase();
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
