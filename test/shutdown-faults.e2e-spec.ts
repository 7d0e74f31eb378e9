import { ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { withPrivatePostgres } from './helpers/private-postgres';
import { Receiver } from './helpers/receiver';
import { RedisServer } from './helpers/redis-server';
import { scratchDatabase } from './helpers/scratch-database';
import { PROCESS_TOKEN, buildIfNeeded, exited, startServiceProcess, startWorkerProcess } from './helpers/service-process';

jest.setTimeout(240_000);

const SHUTDOWN_TIMEOUT = 3;
// Room for a busy machine beyond SHUTDOWN_TIMEOUT; a shutdown that hangs on a dead peer never ends at all.
const SLACK_MS = 5000;

/** SIGTERM, then how the process ended and how long it took; null when it was still running well past SHUTDOWN_TIMEOUT. */
async function terminate(proc: ChildProcess, timeoutSeconds = SHUTDOWN_TIMEOUT): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number } | null> {
  const started = Date.now();
  proc.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const end = await Promise.race([exited(proc), new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutSeconds * 1000 + 2 * SLACK_MS)))]);
  clearTimeout(timer);
  if (!end) {
    proc.kill('SIGKILL');
    return null;
  }
  return { code: end.code, signal: end.signal, ms: Date.now() - started };
}

describe('shutdown whatever is down', () => {
  const dirs: string[] = [];
  const procs: ChildProcess[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inventory-shutdown-faults-'));
    dirs.push(dir);
    return dir;
  };
  let redis: RedisServer | null = null;
  let database: { url: string | undefined; drop(): Promise<void> };

  beforeAll(async () => {
    buildIfNeeded();
    database = await scratchDatabase();
  });
  afterEach(async () => {
    for (const proc of procs.splice(0)) if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    await redis?.stop();
    redis = null;
  });
  afterAll(async () => {
    await database.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const redisEnv = async () => {
    redis = await RedisServer.start();
    return { REDIS_URL: redis.url, WORKERS_IN_PROCESS: 'true', SHUTDOWN_TIMEOUT: String(SHUTDOWN_TIMEOUT), ...(database.url ? { DATABASE_URL: database.url } : {}) };
  };

  it('the API with everything up exits 0 at once on SIGTERM', async () => {
    // A long timeout: a clean drain does not wait for it.
    const service = await startServiceProcess({ DATA_DIR: dataDir(), ...(await redisEnv()), SHUTDOWN_TIMEOUT: '20' });
    procs.push(service.proc);
    const end = await terminate(service.proc, 20);
    expect(end).not.toBeNull();
    expect({ code: end!.code, signal: end!.signal }).toEqual({ code: 0, signal: null });
    expect(end!.ms).toBeLessThan(20_000);
    expect(service.errors()).toBe('');
    await expect(fetch(`${service.url}/healthz`)).rejects.toThrow();
  });

  it('the API running a worker exits 0 within SHUTDOWN_TIMEOUT on SIGTERM after Redis stopped', async () => {
    const service = await startServiceProcess({ DATA_DIR: dataDir(), ...(await redisEnv()) });
    procs.push(service.proc);
    await redis!.pause();
    const end = await terminate(service.proc);
    expect(end).not.toBeNull();
    expect(end!.ms).toBeLessThan(SHUTDOWN_TIMEOUT * 1000 + SLACK_MS);
    // Nothing was running: nothing waited for the timer, which exits 1.
    expect({ code: end!.code, signal: end!.signal }).toEqual({ code: 0, signal: null });
    await expect(fetch(`${service.url}/healthz`)).rejects.toThrow();
  });

  it('a standalone worker exits 0 within SHUTDOWN_TIMEOUT on SIGTERM after Redis stopped', async () => {
    const worker = await startWorkerProcess({ DATA_DIR: dataDir(), ...(await redisEnv()) });
    procs.push(worker.proc);
    await redis!.pause();
    const end = await terminate(worker.proc);
    expect(end).not.toBeNull();
    expect(end!.ms).toBeLessThan(SHUTDOWN_TIMEOUT * 1000 + SLACK_MS);
    expect({ code: end!.code, signal: end!.signal }).toEqual({ code: 0, signal: null });
    await expect(fetch(`${worker.healthUrl}/healthz`)).rejects.toThrow();
  });

  it('a standalone worker with everything up exits 0 at once on SIGTERM', async () => {
    const worker = await startWorkerProcess({ DATA_DIR: dataDir(), ...(await redisEnv()), SHUTDOWN_TIMEOUT: '20' });
    procs.push(worker.proc);
    const end = await terminate(worker.proc, 20);
    expect(end).not.toBeNull();
    expect({ code: end!.code, signal: end!.signal }).toEqual({ code: 0, signal: null });
    expect(end!.ms).toBeLessThan(20_000);
  });

  it('cuts short a job still running at SHUTDOWN_TIMEOUT, says which, and exits 1', async () => {
    // A webhook's far end that never answers: its delivery runs for 10 s, past SHUTDOWN_TIMEOUT.
    const receiver = await Receiver.start();
    receiver.answer = () => new Promise<number>(() => undefined);
    const dir = dataDir();
    const logFile = path.join(dir, 'service.log');
    try {
      const service = await startServiceProcess({ DATA_DIR: dir, ...(await redisEnv()), LOG_LEVEL: 'warn', LOG_FILE: logFile });
      procs.push(service.proc);
      const post = (url: string, body: unknown) =>
        fetch(`${service.url}${url}`, { method: 'POST', headers: { Authorization: `Token ${PROCESS_TOKEN}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      expect((await post('/api/extras/webhooks/', { name: 'silent', content_types: ['dcim.site'], type_create: true, payload_url: `${receiver.url}/silent` })).status).toBe(201);
      expect((await post('/api/dcim/sites/', { name: 'Held', slug: 'held' })).status).toBe(201);
      await receiver.until(1);

      const end = await terminate(service.proc);
      expect(end).not.toBeNull();
      expect(end!.ms).toBeLessThan(SHUTDOWN_TIMEOUT * 1000 + SLACK_MS);
      expect({ code: end!.code, signal: end!.signal }).toEqual({ code: 1, signal: null });
      const lines = fs.readFileSync(logFile, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
      expect(lines.map((l) => l.msg)).toContainEqual(expect.stringMatching(/^running jobs: job \S+ \(webhook\): cut short after SHUTDOWN_TIMEOUT/));
    } finally {
      await receiver.close();
    }
  });

  it('the API exits within SHUTDOWN_TIMEOUT on SIGTERM after its PostgreSQL stopped', () =>
    withPrivatePostgres(async (pg) => {
      const service = await startServiceProcess({ DATA_DIR: dataDir(), DATABASE_URL: pg.url, SHUTDOWN_TIMEOUT: String(SHUTDOWN_TIMEOUT) });
      procs.push(service.proc);
      pg.stop('immediate');
      const end = await terminate(service.proc);
      if (end?.code !== 0) console.error(`the service's stderr:\n${service.errors()}`);
      expect(end).not.toBeNull();
      expect(end!.ms).toBeLessThan(SHUTDOWN_TIMEOUT * 1000 + SLACK_MS);
      expect({ code: end!.code, signal: end!.signal }).toEqual({ code: 0, signal: null });
      await expect(fetch(`${service.url}/healthz`)).rejects.toThrow();
    }));

  it('a standalone worker exits 0 within SHUTDOWN_TIMEOUT on SIGTERM after its PostgreSQL stopped, its outbox sweeps failing', () =>
    withPrivatePostgres(async (pg) => {
      const worker = await startWorkerProcess({ DATA_DIR: dataDir(), ...(await redisEnv()), DATABASE_URL: pg.url, OUTBOX_CHECK_INTERVAL: '1' });
      procs.push(worker.proc);
      pg.stop('immediate');
      // A sweep or two against the stopped database.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const end = await terminate(worker.proc);
      expect(end).not.toBeNull();
      expect(end!.ms).toBeLessThan(SHUTDOWN_TIMEOUT * 1000 + SLACK_MS);
      expect({ code: end!.code, signal: end!.signal }).toEqual({ code: 0, signal: null });
      await expect(fetch(`${worker.healthUrl}/healthz`)).rejects.toThrow();
    }));
});
