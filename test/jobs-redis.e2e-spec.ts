import { Receiver } from './helpers/receiver';
import { RedisServer } from './helpers/redis-server';
import { WorkerProcess, buildIfNeeded, startWorkerProcess } from './helpers/service-process';
import { TestApp } from './helpers/test-app';

const TASKS = '/v4/api/core/background-tasks/';
const QUEUES = '/v4/api/core/background-queues/';
const WORKERS = '/v4/api/core/background-workers/';

/** Waits until `read` answers something other than undefined. */
async function until<T>(read: () => Promise<T | undefined>, what: string, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

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
    // Ten apps, each on a database of its own: copies of one migrated database.
    const app = await TestApp.start({ REDIS_URL: redis.url, RQ_RETRY_MAX: '2', RQ_RETRY_INTERVAL: '0.05', ...env }, [], { migratedCopy: true });
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
      // The queue's own endpoints give up waiting on Redis.
      const tasks = await app.get('/v4/api/core/background-tasks/').expect(503);
      expect(tasks.body).toEqual({ detail: 'The job queue did not answer in time.' });
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

  describe('as NetBox 4.2’s background queues, workers and tasks', () => {
    /** The delivery of the creation of the site named so, once in that state. */
    const deliveryOf = (app: TestApp, site: string, status: string) =>
      until(async () => {
        const tasks = (await app.get(`${TASKS}?limit=1000`).expect(200)).body.results as Array<Record<string, any>>;
        return tasks.find((task) => task.func_name === 'webhook' && JSON.parse(task.kwargs.event).data.name === site && task.status === status);
      }, `${site}: ${status}`);
    const createSite = (app: TestApp, name: string) => app.post('/api/dcim/sites/', { name, slug: name.toLowerCase().replace(/\W+/g, '-') }).expect(201);
    const queue = async (app: TestApp, name: string) => (await app.get(`${QUEUES}${name}/`).expect(200)).body;

    it('shows a task queued in Redis, then finished by the worker listed with its pid and counts', async () => {
      const app = await startApp();
      await hookSites(app, '/tasks');
      expect((await app.get(WORKERS).expect(200)).body).toEqual({ count: 0, next: null, previous: null, results: [] });
      await createSite(app, 'In line');
      const queued = await deliveryOf(app, 'In line', 'queued');
      expect(queued).toMatchObject({ origin: 'default', position: 0, is_queued: true, started_at: null, worker_name: null, result_ttl: 86400, meta: { attempts: 0 } });
      expect(queued.id).toMatch(/^[0-9a-f-]{36}$/);
      expect((await app.get(`${TASKS}${queued.id}/`).expect(200)).body).toEqual(queued);
      const waiting = await queue(app, 'default');
      expect(waiting).toMatchObject({ jobs: 1, workers: 0, scheduler_pid: null });
      expect(waiting.oldest_job_timestamp).toMatch(/^\d{4}-\d\d-\d\d, \d\d:\d\d:\d\d$/);

      const worker = await startWorker(app);
      await receiver.until(1);
      const finished = await deliveryOf(app, 'In line', 'finished');
      expect(finished).toMatchObject({ id: queued.id, is_finished: true, position: null, result: '{"status":200}', meta: { attempts: 1 } });
      expect(finished.worker_name).toMatch(new RegExp(`:${worker.proc.pid}:`));
      const listed = (await app.get(WORKERS).expect(200)).body.results;
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ name: finished.worker_name, state: 'idle', queue_names: ['high', 'default', 'low'], pid: String(worker.proc.pid), failed_job_count: 0 });
      await until(async () => ((await app.get(WORKERS).expect(200)).body.results[0].successful_job_count === 1 ? true : undefined), 'the count of jobs');
      expect(Date.parse(listed[0].birth_date)).toBeLessThanOrEqual(Date.parse(finished.started_at));
      expect((await app.get(`${WORKERS}${encodeURIComponent(finished.worker_name)}/`).expect(200)).body.name).toBe(finished.worker_name);
      expect(await queue(app, 'default')).toMatchObject({ jobs: 0, oldest_job_timestamp: '-', workers: 1 });
      expect((await queue(app, 'default')).finished_jobs).toBeGreaterThanOrEqual(1);
    });

    it('enqueues a delayed retry now, requeues a failed task, and deletes one', async () => {
      const app = await startApp({ WORKERS_IN_PROCESS: 'true', RQ_RETRY_MAX: '1', RQ_RETRY_INTERVAL: '3600' });
      await hookSites(app, '/retried');
      receiver.answer = () => 500;
      await createSite(app, 'Refused');
      const delayed = await deliveryOf(app, 'Refused', 'scheduled');
      expect(delayed).toMatchObject({ is_scheduled: true, enqueued_at: null, meta: { attempts: 1, error: expect.stringContaining('Status 500 returned') } });
      expect((await queue(app, 'default')).scheduled_jobs).toBeGreaterThanOrEqual(1);

      await app.post(`${TASKS}${delayed.id}/enqueue/`).expect(200);
      const failed = await deliveryOf(app, 'Refused', 'failed');
      expect(failed).toMatchObject({ id: delayed.id, is_failed: true, meta: { attempts: 2 } });
      expect((await queue(app, 'default')).failed_jobs).toBeGreaterThanOrEqual(1);
      // Enqueued, an ended task runs again with its attempts afresh: refused, it waits for its retry again.
      await app.post(`${TASKS}${failed.id}/enqueue/`).expect(200);
      expect(await deliveryOf(app, 'Refused', 'scheduled')).toMatchObject({ id: failed.id, meta: { attempts: 1 } });
      await app.post(`${TASKS}${failed.id}/enqueue/`).expect(200);
      await deliveryOf(app, 'Refused', 'failed');

      receiver.answer = () => 200;
      await app.post(`${TASKS}${failed.id}/requeue/`).expect(200);
      const delivered = await deliveryOf(app, 'Refused', 'finished');
      expect(delivered).toMatchObject({ id: failed.id, meta: { attempts: 1 } });
      expect((await app.post(`${TASKS}${failed.id}/requeue/`).expect(409)).body.detail).toMatch(/has not failed/);

      await app.post(`${TASKS}${delivered.id}/delete/`).expect(200);
      expect((await app.get(`${TASKS}${delivered.id}/`).expect(404)).body).toEqual({ detail: 'Not found.' });
      expect((await app.post(`${TASKS}${delivered.id}/delete/`).expect(404)).body).toEqual({ detail: `Job ${delivered.id} not found` });
    });

    it('deletes a queued task before any worker takes it', async () => {
      const app = await startApp();
      await hookSites(app, '/deleted');
      await createSite(app, 'Never sent');
      const queued = await deliveryOf(app, 'Never sent', 'queued');
      await app.post(`${TASKS}${queued.id}/delete/`).expect(200);
      await app.get(`${TASKS}${queued.id}/`).expect(404);
      await startWorker(app);
      await createSite(app, 'Sent');
      await deliveryOf(app, 'Sent', 'finished');
      expect(receiver.json().map((b) => b.data.name)).toEqual(['Sent']);
    });

    it('stops a running task on the worker that runs it', async () => {
      const app = await startApp({ WORKERS_IN_PROCESS: 'true' });
      await hookSites(app, '/held');
      let release!: () => void;
      const held = new Promise<number>((resolve) => (release = () => resolve(200)));
      receiver.answer = () => held;
      await createSite(app, 'Held');
      const running = await deliveryOf(app, 'Held', 'started');
      expect((await app.get(`${WORKERS}${encodeURIComponent(running.worker_name)}/`).expect(200)).body.state).toBe('busy');
      expect((await app.post(`${TASKS}${running.id}/delete/`).expect(409)).body.detail).toMatch(/is running/);
      await app.post(`${TASKS}${running.id}/stop/`).expect(200);
      const stopped = await deliveryOf(app, 'Held', 'stopped');
      expect(stopped).toMatchObject({ is_stopped: true, meta: { error: 'Stopped by request' } });
      await app.post(`${TASKS}${running.id}/stop/`).expect(204);
      release();
      // Stopped, it is not retried.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await app.get(`${TASKS}${running.id}/`).expect(200)).body.status).toBe('stopped');
    });
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
