import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { RedisServer } from './helpers/redis-server';
import { scratchDatabase } from './helpers/scratch-database';
import { PROCESS_TOKEN, ServiceProcess, buildIfNeeded, exited, startServiceProcess } from './helpers/service-process';

const PROVISION = '/api/users/tokens/provision/';

/**
 * LOGIN_RATE_LIMIT with REDIS_URL: two processes of the built service behind one "load balancer" share one
 * database and one Redis, and so one count of failed sign-ins. With Redis gone, each counts on its own.
 */
describe('failed sign-ins counted across replicas in Redis', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inventory-login-redis-'));
  let database: { url: string | undefined; drop(): Promise<void> };
  let redis: RedisServer;
  const replicas: { service: ServiceProcess; logFile: string }[] = [];

  jest.setTimeout(120_000);

  beforeAll(async () => {
    buildIfNeeded();
    database = await scratchDatabase();
    redis = await RedisServer.start();
    const env = {
      DATA_DIR: dataDir,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      REDIS_URL: redis.url,
      LOGIN_RATE_LIMIT: '3/60',
      TRUSTED_PROXIES: 'loopback',
      LOG_LEVEL: 'warn',
    };
    // One after the other: the first applies the migrations.
    for (const name of ['a', 'b']) {
      const logFile = path.join(dataDir, `${name}.log`);
      replicas.push({ service: await startServiceProcess({ ...env, LOG_FILE: logFile }), logFile });
    }
    for (const username of ['carol', 'dave', 'erin']) {
      const res = await fetch(`${replicas[0].service.url}/api/users/users/`, {
        method: 'POST',
        headers: { Authorization: `Token ${PROCESS_TOKEN}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ username, password: `${username}-Secret!9` }),
      });
      expect(res.status).toBe(201);
    }
  });
  afterAll(async () => {
    for (const { service } of replicas) {
      service.proc.kill('SIGTERM');
      await exited(service.proc);
    }
    await redis?.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const provision = async (replica: number, username: string, password: string, from: string) => {
    const res = await fetch(`${replicas[replica].service.url}${PROVISION}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Forwarded-For': from },
      body: JSON.stringify({ username, password }),
    });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
  };
  const warnings = (replica: number) =>
    fs
      .readFileSync(replicas[replica].logFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes('"context":"LoginThrottle"') && line.includes('Redis is unreachable'));

  it('refuses a username on either replica once its failures on both have used the limit, with 429 and Retry-After', async () => {
    for (const [replica, from] of [[0, '198.51.100.10'], [1, '198.51.100.11'], [0, '198.51.100.12']] as const) {
      const res = await provision(replica, 'dave', 'wrong', from);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: 'Invalid username/password' });
    }
    for (const replica of [1, 0]) {
      const throttled = await provision(replica, 'dave', 'dave-Secret!9', '198.51.100.13');
      expect(throttled.status).toBe(429);
      expect(throttled.body).toEqual({ detail: expect.stringMatching(/^Request was throttled\. Expected available in \d+ seconds\.$/) });
      expect(Number(throttled.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(throttled.retryAfter)).toBeLessThanOrEqual(60);
    }
    // Another name is not held up, on either.
    expect((await provision(1, 'carol', 'carol-Secret!9', '198.51.100.14')).status).toBe(201);
    expect((await provision(0, 'carol', 'carol-Secret!9', '198.51.100.14')).status).toBe(201);
  });

  it('limits one address trying many names across replicas', async () => {
    for (const [replica, name] of [[0, 'x1'], [1, 'x2'], [0, 'x3']] as const) expect((await provision(replica, name, 'guess', '192.0.2.50')).status).toBe(403);
    expect((await provision(1, 'carol', 'carol-Secret!9', '192.0.2.50')).status).toBe(429);
    expect((await provision(1, 'carol', 'carol-Secret!9', '192.0.2.51')).status).toBe(201);
  });

  it('with Redis down, still answers, each replica counting on its own, and warns once', async () => {
    expect(warnings(0)).toHaveLength(0);
    await redis.pause();
    // A sign-in answers at once rather than waiting on Redis (the test's timeout would catch a hang).
    const within = async (replica: number, username: string, password: string, from: string) => {
      const started = Date.now();
      const res = await provision(replica, username, password, from);
      expect(Date.now() - started).toBeLessThan(5000);
      return res.status;
    };
    for (const from of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) expect(await within(0, 'erin', 'wrong', from)).toBe(403);
    expect(await within(0, 'erin', 'erin-Secret!9', '203.0.113.4')).toBe(429);
    // The other replica has not seen those failures, and holds to the limit on its own.
    expect(await within(1, 'erin', 'erin-Secret!9', '203.0.113.4')).toBe(201);
    for (const from of ['203.0.113.5', '203.0.113.6', '203.0.113.7']) expect(await within(1, 'erin', 'wrong', from)).toBe(403);
    expect(await within(1, 'erin', 'erin-Secret!9', '203.0.113.8')).toBe(429);
    // Once an outage, not once a request.
    expect(warnings(0)).toHaveLength(1);
    expect(warnings(1)).toHaveLength(1);
  });

  it('stops on SIGTERM with Redis still down', async () => {
    const { proc } = replicas[1].service;
    proc.kill('SIGTERM');
    // A clean drain: nothing waits on the Redis that is gone.
    expect(await exited(proc)).toEqual({ code: 0, signal: null });
  });
});
