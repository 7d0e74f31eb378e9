import { ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Receiver, Received } from './helpers/receiver';
import { RedisServer } from './helpers/redis-server';
import { scratchDatabase } from './helpers/scratch-database';
import { PROCESS_TOKEN, ServiceProcess, WorkerProcess, buildIfNeeded, exited, startServiceProcess, startWorkerProcess } from './helpers/service-process';

jest.setTimeout(240_000);

/** Events are delivered at least once, whatever stops between a commit and the webhook: the outbox. */
describe('outbox', () => {
  const dirs: string[] = [];
  const procs: ChildProcess[] = [];
  const workers: WorkerProcess[] = [];
  let redis: RedisServer | null = null;
  let receiver: Receiver;
  let database: { url: string | undefined; drop(): Promise<void> };

  beforeAll(async () => {
    buildIfNeeded();
  });
  beforeEach(async () => {
    database = await scratchDatabase();
    receiver = await Receiver.start();
  });
  afterEach(async () => {
    for (const worker of workers.splice(0)) await worker.stop().catch(() => undefined);
    for (const proc of procs.splice(0)) if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    await redis?.stop();
    redis = null;
    await receiver.close();
    await database.drop();
  });
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inventory-outbox-'));
    dirs.push(dir);
    return dir;
  };

  const start = async (env: Record<string, string>): Promise<ServiceProcess> => {
    const service = await startServiceProcess({ OUTBOX_CHECK_INTERVAL: '1', RQ_RETRY_INTERVAL: '1', METRICS_ENABLED: 'true', ...(database.url ? { DATABASE_URL: database.url } : {}), ...env } as never);
    procs.push(service.proc);
    return service;
  };

  const call = async (service: ServiceProcess, method: string, url: string, body?: unknown) => {
    const res = await fetch(`${service.url}${url}`, {
      method,
      headers: { Authorization: `Token ${PROCESS_TOKEN}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text() };
  };

  const createTenant = async (service: ServiceProcess, name: string) => {
    const res = await call(service, 'POST', '/api/tenancy/tenants/', { name, slug: name });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };

  const watchTenants = async (service: ServiceProcess) => {
    const res = await call(service, 'POST', '/api/extras/webhooks/', { name: 'tenants', content_types: ['tenancy.tenant'], type_create: true, payload_url: `${receiver.url}/hook` });
    expect(res.status).toBe(201);
  };

  /** Each delivery's tenant and idempotency key. */
  const deliveries = (received: Received[] = receiver.received) =>
    received.map((r) => ({ tenant: JSON.parse(r.body).data.id as number, name: JSON.parse(r.body).data.name as string, key: r.headers['idempotency-key'] as string }));

  /** Waits until every tenant named has been delivered at least once. */
  const deliveredAll = async (ids: number[], ms = 60_000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const seen = new Set(deliveries().map((d) => d.tenant));
      const missing = ids.filter((id) => !seen.has(id));
      if (!missing.length) return;
      if (Date.now() > deadline) throw new Error(`tenants ${missing.join(', ')} were never delivered (received ${receiver.received.length})`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  /** Every delivery of one event carries one key, and no two events share a key. */
  const expectOneKeyPerEvent = () => {
    const byKey = new Map<string, Set<number>>();
    const byTenant = new Map<number, Set<string>>();
    for (const { tenant, key } of deliveries()) {
      expect(key).toMatch(/^[0-9a-f-]{36}$/);
      byKey.set(key, new Set([...(byKey.get(key) ?? []), tenant]));
      byTenant.set(tenant, new Set([...(byTenant.get(tenant) ?? []), key]));
    }
    for (const tenants of byKey.values()) expect(tenants.size).toBe(1);
    for (const keys of byTenant.values()) expect(keys.size).toBe(1);
  };

  const outboxDepth = async (service: ServiceProcess) => {
    const text = await (await fetch(`${service.url}/metrics`)).text();
    const depth = /^outbox_events (\d+)/m.exec(text);
    expect(text).toMatch(/^outbox_oldest_event_age_seconds \d/m);
    return Number(depth![1]);
  };

  const emptied = async (service: ServiceProcess, ms = 30_000) => {
    const deadline = Date.now() + ms;
    while ((await outboxDepth(service)) > 0) {
      if (Date.now() > deadline) throw new Error(`the outbox still holds ${await outboxDepth(service)} entries`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  const tenantIds = async (service: ServiceProcess) => ((await call(service, 'GET', '/api/tenancy/tenants/?limit=0')).body.results as Array<{ id: number }>).map((t) => t.id);

  it('delivers every committed event across a SIGKILL of the API while Redis is down and a restart of Redis without persistence', async () => {
    redis = await RedisServer.start({ persistent: false });
    const dir = dataDir();
    const env = { DATA_DIR: dir, REDIS_URL: redis.url, WORKERS_IN_PROCESS: 'true' };
    let service = await start(env);
    await watchTenants(service);
    const first = [];
    for (let i = 1; i <= 3; i++) first.push(await createTenant(service, `before-${i}`));
    await deliveredAll(first);

    // Redis goes away and loses everything; writes go on, their jobs wait in the outbox.
    await redis.pause();
    for (let i = 1; i <= 5; i++) await createTenant(service, `outage-${i}`);
    // More writes in flight, and the process killed as they commit: between a commit and its relay for some of them.
    const burst = Array.from({ length: 20 }, (_, i) =>
      call(service, 'POST', '/api/tenancy/tenants/', { name: `burst-${i}`, slug: `burst-${i}` }).catch(() => null),
    );
    await Promise.race([Promise.all(burst.slice(0, 3)), new Promise((r) => setTimeout(r, 2000))]);
    service.proc.kill('SIGKILL');
    await exited(service.proc);
    await Promise.allSettled(burst);

    await redis.resume();
    service = await start(env);
    for (let i = 1; i <= 3; i++) await createTenant(service, `after-${i}`);

    // Every tenant that committed is delivered, and only those.
    const committed = await tenantIds(service);
    expect(committed.length).toBeGreaterThanOrEqual(11);
    await deliveredAll(committed);
    await emptied(service);
    const delivered = new Set(deliveries().map((d) => d.tenant));
    expect([...delivered].sort((a, b) => a - b)).toEqual([...committed].sort((a, b) => a - b));
    expectOneKeyPerEvent();
  });

  it('queues again a job Redis lost before a worker ran it', async () => {
    redis = await RedisServer.start({ persistent: false });
    const dir = dataDir();
    // No worker yet: the jobs wait in Redis.
    const service = await start({ DATA_DIR: dir, REDIS_URL: redis.url, WORKERS_IN_PROCESS: 'false' });
    await watchTenants(service);
    const ids = [await createTenant(service, 'one'), await createTenant(service, 'two')];
    // Each job's entry stays until the job has run.
    await new Promise((r) => setTimeout(r, 500));
    expect(await outboxDepth(service)).toBe(2);

    await redis.pause();
    await redis.resume();
    const worker = await startWorkerProcess({ DATA_DIR: dir, REDIS_URL: redis.url, OUTBOX_CHECK_INTERVAL: '1', ...(database.url ? { DATABASE_URL: database.url } : {}) });
    workers.push(worker);
    await deliveredAll(ids);
    await emptied(service);
    expect(deliveries().map((d) => d.tenant).sort()).toEqual([...ids].sort());
    expectOneKeyPerEvent();
  });

  it('queues again a data source sync Redis lost before a worker ran it', async () => {
    redis = await RedisServer.start({ persistent: false });
    const dir = dataDir();
    const files = fs.mkdtempSync(path.join(os.tmpdir(), 'inventory-outbox-files-'));
    dirs.push(files);
    fs.writeFileSync(path.join(files, 'a.txt'), 'alpha');
    // No worker yet: the job waits in Redis, which then loses it.
    const service = await start({ DATA_DIR: dir, REDIS_URL: redis.url, WORKERS_IN_PROCESS: 'false' });
    const source = await call(service, 'POST', '/api/core/data-sources/', { name: 'Files', type: 'local', source_url: files });
    expect(source.status).toBe(201);
    const asked = await call(service, 'POST', `/api/core/data-sources/${source.body.id}/sync/`);
    expect(asked.status).toBe(200);
    expect(asked.body.status.value).toBe('queued');
    expect(await outboxDepth(service)).toBe(1);
    await redis.pause();
    await redis.resume();

    const worker = await startWorkerProcess({ DATA_DIR: dir, REDIS_URL: redis.url, OUTBOX_CHECK_INTERVAL: '1', ...(database.url ? { DATABASE_URL: database.url } : {}) });
    workers.push(worker);
    const deadline = Date.now() + 60_000;
    let status = '';
    while (Date.now() < deadline && status !== 'completed') {
      status = (await call(service, 'GET', `/api/core/data-sources/${source.body.id}/`)).body.status.value;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe('completed');
    expect((await call(service, 'GET', `/api/core/data-files/?source_id=${source.body.id}`)).body.count).toBe(1);
    const jobs = (await call(service, 'GET', `/api/core/jobs/?object_id=${source.body.id}`)).body.results as Array<{ status: { value: string } }>;
    expect(jobs.map((j) => j.status.value)).toEqual(['completed']);
    await emptied(service);
  });

  it('sends nothing for a change rolled back, and a retry carries the same idempotency key', async () => {
    const service = await start({ DATA_DIR: dataDir() });
    await watchTenants(service);
    // The first delivery fails: it is tried again after RQ_RETRY_INTERVAL.
    receiver.answer = (_request, index) => (index === 0 ? 500 : 200);
    const bad = await call(service, 'POST', '/api/tenancy/tenants/', [
      { name: 'kept-back', slug: 'kept-back' },
      { name: 'no slug' },
    ]);
    expect(bad.status).toBe(400);
    const id = await createTenant(service, 'kept');
    await receiver.until(2, 30_000);
    await emptied(service);
    // Time for anything else to arrive.
    await new Promise((r) => setTimeout(r, 1500));
    const sent = deliveries();
    expect(sent.map((d) => d.name)).toEqual(['kept', 'kept']);
    expect(sent.every((d) => d.tenant === id)).toBe(true);
    expect(new Set(sent.map((d) => d.key)).size).toBe(1);
    expect(await tenantIds(service)).toEqual([id]);
  });
});
