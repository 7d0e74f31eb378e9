import { Receiver } from './helpers/receiver';
import { RedisServer } from './helpers/redis-server';
import { WorkerProcess, buildIfNeeded, startWorkerProcess } from './helpers/service-process';
import { TestApp } from './helpers/test-app';

/**
 * The queue on a real Redis, with worker processes of the built service (`node dist/src/worker.js`):
 * jobs outlive the processes that queue and run them, and Redis' outages.
 */
describe('Jobs on Redis with worker processes', () => {
  let redis: RedisServer;
  let receiver: Receiver;
  const workers: WorkerProcess[] = [];
  const apps: TestApp[] = [];

  jest.setTimeout(120_000);

  beforeAll(async () => {
    buildIfNeeded();
    redis = await RedisServer.start();
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    for (const app of apps) await app.close().catch(() => undefined);
    await receiver?.close();
    await redis?.stop();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.answer = () => 200;
  });
  // Each test's workers and apps (one may run a worker itself) go with it: a worker reads its own test's
  // database, and scripts' jobs need the right one.
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    for (const app of apps.splice(0)) await app.close().catch(() => undefined);
  });

  const startApp = async (env: Record<string, string> = {}) => {
    const app = await TestApp.start({ REDIS_URL: redis.url, RQ_RETRY_MAX: '2', RQ_RETRY_INTERVAL: '0.05', ...env });
    apps.push(app);
    return app;
  };
  const startWorker = async (app: TestApp) => {
    const worker = await startWorkerProcess(app.env);
    workers.push(worker);
    return worker;
  };
  const workersRunning = async (app: TestApp) => (await app.get('/api/status/').expect(200)).body['rq-workers-running'];
  const hookSites = (app: TestApp, path = '/hook') =>
    app.post('/api/extras/webhooks/', { name: `sites ${path}`, content_types: ['dcim.site'], type_create: true, payload_url: `${receiver.url}${path}` }).expect(201);

  it('delivers what was queued before any worker ran, and counts the workers in /api/status/', async () => {
    const app = await startApp();
    await hookSites(app);
    expect(await workersRunning(app)).toBe(0);
    await app.post('/api/dcim/sites/', { name: 'Queued', slug: 'queued' }).expect(201);
    // No worker yet: the job waits in Redis.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(0);

    const first = await startWorker(app);
    const [delivered] = await receiver.until(1);
    expect(JSON.parse(delivered.body)).toMatchObject({ event: 'created', model: 'site', data: { name: 'Queued' } });
    expect(await workersRunning(app)).toBe(1);
    const second = await startWorker(app);
    expect(await workersRunning(app)).toBe(2);

    // A bulk request of 100: each object delivered once, whichever worker took it; a failed one: none.
    const names = Array.from({ length: 100 }, (_, n) => `Spread ${String(n).padStart(3, '0')}`);
    await app.post('/api/dcim/sites/', names.map((name, n) => ({ name, slug: `spread-${n}` }))).expect(201);
    await app.post('/api/dcim/sites/', [{ name: 'Rolled back', slug: 'rolled-back' }, { name: 'No slug' }]).expect(400);
    await receiver.until(101);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.json().map((b) => b.data.name).sort()).toEqual(['Queued', ...names]);

    await second.stop();
    expect(second.proc.exitCode).toBe(0);
    expect(await workersRunning(app)).toBe(1);
    await first.stop();
    expect(await workersRunning(app)).toBe(0);
  });

  it('keeps jobs across a restart of the API process and of the worker', async () => {
    const app = await startApp();
    await hookSites(app, '/restart');
    const worker = await startWorker(app);
    await worker.stop();
    await app.post('/api/dcim/sites/', { name: 'While no worker', slug: 'while-no-worker' }).expect(201);
    // The API process that queued it goes away too.
    await app.stop();
    const again = await startWorkerProcess(app.env);
    workers.push(again);
    const [delivered] = await receiver.until(1);
    expect(delivered.url).toBe('/restart');
    expect(JSON.parse(delivered.body).data.name).toBe('While no worker');
    await again.stop();
  });

  it('keeps serving while Redis is down, and delivers what it accepted when Redis returns', async () => {
    const app = await startApp();
    await hookSites(app, '/outage');
    await app.post('/api/dcim/sites/', { name: 'Before outage', slug: 'before-outage' }).expect(201);
    await redis.pause();
    try {
      const during = await app.post('/api/dcim/sites/', { name: 'During outage', slug: 'during-outage' }).expect(201);
      expect(during.body.name).toBe('During outage');
      await app.get('/api/dcim/sites/?slug=during-outage').expect(200);
      expect(await workersRunning(app)).toBe(0);
      const ready = await app.anon().get('/readyz').expect(200);
      expect(ready.body.status).toBe('degraded');
    } finally {
      await redis.resume();
    }
    await startWorker(app);
    await receiver.until(2);
    expect(receiver.json().map((b) => b.data.name).sort()).toEqual(['Before outage', 'During outage']);
  });

  it('retries a failed delivery on a worker', async () => {
    const app = await startApp({ WORKERS_IN_PROCESS: 'true' });
    await hookSites(app, '/retry');
    receiver.answer = (_request, index) => (index === 0 ? 503 : 200);
    await app.post('/api/dcim/sites/', { name: 'Retried', slug: 'retried' }).expect(201);
    const received = await receiver.until(2);
    expect(received[0].body).toBe(received[1].body);
    // The API process's own worker counts.
    expect(await workersRunning(app)).toBeGreaterThanOrEqual(1);
  });

  it('sends webhooks to the queue QUEUE_MAPPINGS names, consumed only by workers of that queue', async () => {
    const app = await startApp({ QUEUE_MAPPINGS: 'webhook=hooks' });
    await hookSites(app, '/mapped');
    const defaultOnly = await startWorkerProcess({ ...app.env, WORKER_QUEUES: 'default' });
    workers.push(defaultOnly);
    await app.post('/api/dcim/sites/', { name: 'Mapped', slug: 'mapped' }).expect(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(0);
    workers.push(await startWorkerProcess({ ...app.env, WORKER_QUEUES: 'hooks' }));
    const [delivered] = await receiver.until(1);
    expect(delivered.url).toBe('/mapped');
  });

  it('runs a script on a worker process, committed or rolled back', async () => {
    const app = await startApp({ PLUGINS: 'dns' });
    await startWorker(app);
    const ended = async (job: { url: string }) => {
      for (let i = 0; i < 400; i++) {
        const res = await app.get(new URL(job.url).pathname).expect(200);
        if (['completed', 'errored', 'failed'].includes(res.body.status.value)) return res.body;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`job ${job.url} did not end`);
    };
    const run = async (commit: boolean, name: string) =>
      (await app.post('/api/extras/scripts/dns.CreateSiteWithRacks/', { data: { site_name: name, rack_count: 2 }, commit }).expect(200)).body.result;

    const committed = await ended(await run(true, 'Worked'));
    expect(committed.status.value).toBe('completed');
    expect(committed.data.output).toBe('Worked-R01\nWorked-R02');
    const site = (await app.get('/api/dcim/sites/?name=Worked').expect(200)).body.results[0];
    expect(site).toBeDefined();
    expect((await app.get(`/api/dcim/racks/?site_id=${site.id}`).expect(200)).body.count).toBe(2);
    const changes = (await app.get('/api/extras/object-changes/?changed_object_type=dcim.site').expect(200)).body.results;
    expect(changes.map((c: { user_name: string }) => c.user_name)).toEqual(['admin']);

    const dry = await ended(await run(false, 'Dry'));
    expect(dry.status.value).toBe('completed');
    expect(dry.data.log.at(-1)).toEqual({ status: 'info', message: 'Database changes have been reverted automatically.' });
    expect((await app.get('/api/dcim/sites/?name=Dry').expect(200)).body.count).toBe(0);
  });
});
