import { Receiver } from './helpers/receiver';
import { Json, expectStatus } from './helpers/seed';
import { TestApp } from './helpers/test-app';
import { NOT_FOUND, NOT_PROVIDED, NO_PERMISSION, baseUrl, makeUserWithToken } from './helpers/users';

jest.setTimeout(60_000);

const QUEUES = '/v4/api/core/background-queues/';
const WORKERS = '/v4/api/core/background-workers/';
const TASKS = '/v4/api/core/background-tasks/';

/** Waits until `read` answers something other than undefined. */
async function until<T>(read: () => Promise<T | undefined>, what: string, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * NetBox 4.2's background queues, workers and tasks, served by the API process's own queue (no Redis): webhook
 * deliveries and script runs seen as tasks from queued to ended, failed ones put in line again, for superusers only.
 */
describe('background queues, workers and tasks without Redis', () => {
  let t: TestApp;
  let receiver: Receiver;
  let base: string;

  beforeAll(async () => {
    // One retry an hour after a failure: a failed delivery waits, scheduled, until enqueued by hand.
    t = await TestApp.start({ PLUGINS: 'dns', RQ_RETRY_MAX: '1', RQ_RETRY_INTERVAL: '3600', QUEUE_MAPPINGS: 'script=low' });
    base = baseUrl(t);
    receiver = await Receiver.start();
    expectStatus(await t.post('/api/extras/webhooks/', { name: 'Sites', content_types: ['dcim.site'], type_create: true, payload_url: `${receiver.url}/sites` }), 201);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });
  beforeEach(() => {
    receiver.answer = () => 200;
  });

  const tasks = async (query = ''): Promise<Json[]> => {
    const res = await t.get(`${TASKS}?limit=1000${query}`);
    expectStatus(res, 200);
    return res.body.results;
  };
  /** The delivery of the creation of the site named so. */
  const deliveryOf = async (site: string, status: string) =>
    until(async () => (await tasks()).find((task) => task.func_name === 'webhook' && JSON.parse(task.kwargs.event).data.name === site && task.status === status), `${site}: ${status}`);
  const createSite = async (name: string) => expectStatus(await t.post('/api/dcim/sites/', { name, slug: name.toLowerCase().replace(/\W+/g, '-') }), 201);
  const queue = async (name: string) => (await t.get(`${QUEUES}${name}/`).expect(200)).body;

  it('shows a delivered webhook as a finished task, with NetBox’s keys, and counts it in its queue and worker', async () => {
    const before = await queue('default');
    await createSite('Delivered');
    await receiver.until(1);
    const task = await deliveryOf('Delivered', 'finished');
    expect(Object.keys(task)).toEqual([
      'id', 'url', 'description', 'origin', 'func_name', 'args', 'kwargs', 'result', 'timeout', 'result_ttl', 'created_at', 'enqueued_at', 'started_at',
      'ended_at', 'worker_name', 'position', 'status', 'meta', 'last_heartbeat', 'is_finished', 'is_queued', 'is_failed', 'is_started', 'is_deferred',
      'is_canceled', 'is_scheduled', 'is_stopped',
    ]);
    expect(task).toMatchObject({
      url: `${base}${TASKS}${task.id}/`, origin: 'default', func_name: 'webhook', args: [], result: '{"status":200}', timeout: 300, result_ttl: null,
      position: null, status: 'finished', meta: { attempts: 1 }, is_finished: true, is_queued: false, is_failed: false, is_started: false,
    });
    expect(JSON.parse(task.kwargs.webhook)).toMatchObject({ payload_url: `${receiver.url}/sites` });
    for (const key of ['created_at', 'enqueued_at', 'started_at', 'ended_at']) expect(task[key]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(task.created_at <= task.started_at && task.started_at <= task.ended_at).toBe(true);
    expect((await t.get(`${TASKS}${task.id}/`).expect(200)).body).toEqual(task);

    const after = await queue('default');
    expect(after).toMatchObject({ name: 'default', url: `${base}${QUEUES}default/`, jobs: 0, oldest_job_timestamp: '-', workers: 1, started_jobs: 0, failed_jobs: 0 });
    expect(after.finished_jobs).toBe(before.finished_jobs + 1);
    expect(Object.keys(after)).toEqual([
      'name', 'url', 'jobs', 'oldest_job_timestamp', 'index', 'scheduler_pid', 'workers', 'finished_jobs', 'started_jobs', 'deferred_jobs', 'failed_jobs', 'scheduled_jobs',
    ]);

    const [worker] = (await t.get(WORKERS).expect(200)).body.results;
    expect(worker).toMatchObject({ name: task.worker_name, url: `${base}${WORKERS}${encodeURIComponent(worker.name)}/`, state: 'idle', queue_names: ['high', 'default', 'low'] });
    expect(worker.successful_job_count).toBeGreaterThanOrEqual(1);
    expect(worker.pid).toMatch(/^\d+$/);
    expect((await t.get(`${WORKERS}${encodeURIComponent(worker.name)}/`).expect(200)).body).toEqual(worker);
  });

  it('lists the queues the settings name, in order, each with its jobs by state', async () => {
    const res = await t.get(QUEUES).expect(200);
    expect(res.body).toMatchObject({ count: 3, next: null, previous: null });
    expect(res.body.results.map((q: Json) => [q.name, q.index])).toEqual([['high', 0], ['default', 1], ['low', 2]]);
    expect(res.body.results.every((q: Json) => q.scheduler_pid === res.body.results[0].scheduler_pid)).toBe(true);
  });

  it('runs a script in the queue QUEUE_MAPPINGS names; one scheduled waits there until deleted', async () => {
    const scripts = (await t.get('/v4/api/extras/scripts/?name=CreateSiteWithRacks').expect(200)).body.results;
    const run = async (body: Json) => (await t.post(`/v4/api/extras/scripts/${scripts[0].id}/`, body).expect(200)).body.result;
    const job = await run({ data: { site_name: 'Scripted', rack_count: 1 }, commit: true });
    const task = await until(async () => (await tasks()).find((x) => x.id === job.job_id && x.status === 'finished'), 'the script task');
    expect(task).toMatchObject({ origin: 'low', func_name: 'script', kwargs: { job: String(job.id), commit: 'true' } });
    expect(JSON.parse(task.kwargs.data)).toMatchObject({ site_name: 'Scripted', rack_count: 1 });
    expect((await queue('low')).finished_jobs).toBeGreaterThanOrEqual(1);

    const later = await run({ data: { site_name: 'Later', rack_count: 1 }, commit: true, schedule_at: new Date(Date.now() + 3_600_000).toISOString() });
    const scheduled = (await t.get(`${TASKS}${later.job_id}/`).expect(200)).body;
    expect(scheduled).toMatchObject({ origin: 'low', status: 'scheduled', is_scheduled: true, enqueued_at: null, started_at: null, position: null });
    expect((await queue('low')).scheduled_jobs).toBe(1);
    await t.post(`${TASKS}${later.job_id}/delete/`).expect(200);
    await t.get(`${TASKS}${later.job_id}/`).expect(404);
    expect((await queue('low')).scheduled_jobs).toBe(0);
  });

  it('shows a failed delivery scheduled for its retry, enqueued now, failed, then requeued and delivered', async () => {
    receiver.answer = () => 500;
    await createSite('Refused');
    const waiting = await deliveryOf('Refused', 'scheduled');
    expect(waiting).toMatchObject({ is_scheduled: true, enqueued_at: null, meta: { attempts: 1, error: expect.stringContaining('Status 500 returned') } });
    expect((await queue('default')).scheduled_jobs).toBeGreaterThanOrEqual(1);

    // Its retry, now rather than in an hour: refused again, and no retry is left.
    expect((await t.post(`${TASKS}${waiting.id}/enqueue/`).expect(200)).text).toBe('');
    const failed = await deliveryOf('Refused', 'failed');
    expect(failed).toMatchObject({ id: waiting.id, is_failed: true, meta: { attempts: 2 } });
    expect(failed.ended_at).not.toBeNull();
    expect((await queue('default')).failed_jobs).toBeGreaterThanOrEqual(1);

    receiver.answer = () => 200;
    await t.post(`${TASKS}${failed.id}/requeue/`).expect(200);
    const delivered = await deliveryOf('Refused', 'finished');
    expect(delivered).toMatchObject({ id: failed.id, meta: { attempts: 1 }, result: '{"status":200}' });
    // Only a failed task is requeued.
    expect((await t.post(`${TASKS}${failed.id}/requeue/`).expect(409)).body.detail).toMatch(/has not failed/);
  });

  it('stops a running task (204 when it no longer runs), and deletes an ended one', async () => {
    let release!: () => void;
    const held = new Promise<number>((resolve) => (release = () => resolve(200)));
    receiver.answer = () => held;
    await createSite('Held');
    const running = await deliveryOf('Held', 'started');
    expect(running).toMatchObject({ is_started: true, ended_at: null });
    expect((await t.get(`${WORKERS}${encodeURIComponent(running.worker_name)}/`).expect(200)).body.state).toBe('busy');
    expect((await queue('default')).started_jobs).toBe(1);
    // A running task cannot be deleted.
    expect((await t.post(`${TASKS}${running.id}/delete/`).expect(409)).body.detail).toMatch(/is running/);

    await t.post(`${TASKS}${running.id}/stop/`).expect(200);
    const stopped = await deliveryOf('Held', 'stopped');
    expect(stopped).toMatchObject({ is_stopped: true, is_failed: false, meta: { error: 'Stopped by request' } });
    await t.post(`${TASKS}${running.id}/stop/`).expect(204);
    release();

    await t.post(`${TASKS}${stopped.id}/delete/`).expect(200);
    expect((await t.get(`${TASKS}${stopped.id}/`).expect(404)).body).toEqual(NOT_FOUND);
    expect((await tasks()).some((x) => x.id === stopped.id)).toBe(false);
  });

  it('answers NetBox’s 404 for an unknown task, and 405 for a method a route does not take', async () => {
    expect((await t.get(`${TASKS}no-such-task/`).expect(404)).body).toEqual(NOT_FOUND);
    expect((await t.post(`${TASKS}no-such-task/delete/`).expect(404)).body).toEqual({ detail: 'Job no-such-task not found' });
    expect((await t.post(`${TASKS}no-such-task/stop/`).expect(404)).body).toEqual({ detail: 'Job no-such-task not found' });
    expect((await t.post(`${TASKS}no-such-task/requeue/`).expect(404)).body).toEqual({ detail: 'Job no-such-task not found.' });
    expect((await t.post(`${TASKS}no-such-task/enqueue/`).expect(404)).body).toEqual({ detail: 'Job no-such-task not found.' });
    expect((await t.get(`${QUEUES}nowhere/`).expect(404)).body).toEqual(NOT_FOUND);
    expect((await t.get(`${WORKERS}nobody/`).expect(404)).body).toEqual(NOT_FOUND);

    const get = await t.get(`${TASKS}no-such-task/delete/`).expect(405);
    expect(get.body).toEqual({ detail: 'Method "GET" not allowed.' });
    expect(get.headers.allow).toBe('POST, OPTIONS');
    expect((await t.post(QUEUES).expect(405)).headers.allow).toBe('GET, HEAD, OPTIONS');
    expect((await t.delete(`${TASKS}no-such-task/`).expect(405)).headers.allow).toBe('GET, HEAD, OPTIONS');
  });

  it('pages as NetBox’s LimitOffsetListPagination: a limit (50 when none or not positive), an offset', async () => {
    for (const name of ['Paged A', 'Paged B', 'Paged C']) await createSite(name);
    await deliveryOf('Paged C', 'finished');
    const all = (await t.get(TASKS).expect(200)).body;
    expect(all.count).toBeGreaterThanOrEqual(5);
    const first = (await t.get(`${TASKS}?limit=2`).expect(200)).body;
    expect(first).toMatchObject({ count: all.count, next: `${base}${TASKS}?limit=2&offset=2`, previous: null });
    expect(first.results.map((x: Json) => x.id)).toEqual(all.results.slice(0, 2).map((x: Json) => x.id));
    const second = (await t.get(`${TASKS}?limit=2&offset=2`).expect(200)).body;
    expect(second.previous).toBe(`${base}${TASKS}?limit=2`);
    expect(second.results.map((x: Json) => x.id)).toEqual(all.results.slice(2, 4).map((x: Json) => x.id));
    expect((await t.get(`${TASKS}?limit=0`).expect(200)).body.results).toHaveLength(Math.min(all.count, 50));
    expect((await t.get(`${TASKS}?offset=9999`).expect(200)).body.results).toEqual([]);
    expect((await t.get(`${QUEUES}?limit=1&offset=1`).expect(200)).body.results.map((q: Json) => q.name)).toEqual(['default']);
    // Running, in line, scheduled, then ended ones, failed before finished; queue by queue, the latest first.
    const rank: Record<string, number> = { started: 0, queued: 1, deferred: 2, scheduled: 3, failed: 4, stopped: 4, canceled: 4, finished: 5 };
    const order = all.results.map((x: Json) => [rank[x.status], ['high', 'default', 'low'].indexOf(x.origin)]);
    expect(order).toEqual([...order].sort(([r1, q1], [r2, q2]) => r1 - r2 || q1 - q2));
    const finished = all.results.filter((x: Json) => x.status === 'finished' && x.origin === 'default').map((x: Json) => x.ended_at);
    expect(finished.length).toBeGreaterThanOrEqual(4);
    expect(finished).toEqual([...finished].sort().reverse());
  });

  it('is for superusers only: 403 with NetBox’s words for anyone else, OPTIONS too', async () => {
    const { key } = await makeUserWithToken(t, 'operator');
    for (const path of [QUEUES, WORKERS, TASKS, `${QUEUES}default/`]) {
      expect((await t.get(path, key).expect(403)).body).toEqual(NO_PERMISSION);
      expect((await t.get(path, null).expect(403)).body).toEqual(NOT_PROVIDED);
      expect((await t.options(path, key).expect(403)).body).toEqual(NO_PERMISSION);
    }
    expect((await t.post(`${TASKS}no-such-task/delete/`, undefined, key).expect(403)).body).toEqual(NO_PERMISSION);
    const options = await t.options(TASKS).expect(200);
    expect(options.body).toEqual({ name: 'Background Tasks', description: '', renders: ['application/json', 'text/html'], parses: ['application/json'] });
    expect(options.headers.allow).toBe('GET, HEAD, OPTIONS');
  });

  it('is 4.2’s: listed in /v4/api/core/ and its schema, not found on /api/ (3.5)', async () => {
    const root = (await t.get('/v4/api/core/').expect(200)).body;
    expect(root).toMatchObject({ 'background-queues': `${base}${QUEUES}`, 'background-tasks': `${base}${TASKS}`, 'background-workers': `${base}${WORKERS}` });
    expect(Object.keys((await t.get('/api/core/').expect(200)).body)).not.toContain('background-tasks');
    for (const path of ['/api/core/background-queues/', '/api/core/background-workers/', '/api/core/background-tasks/', '/api/core/background-queues/default/']) {
      expect((await t.get(path).expect(404)).body).toEqual(NOT_FOUND);
    }
    expect((await t.post('/api/core/background-tasks/x/delete/').expect(404)).body).toEqual(NOT_FOUND);

    const v4 = (await t.get('/v4/api/schema/?format=json').expect(200)).body;
    expect(v4.paths['/v4/api/core/background-tasks/'].get.operationId).toBe('core_background_tasks_list');
    expect(v4.paths['/v4/api/core/background-tasks/{id}/'].get.operationId).toBe('core_background_tasks_retrieve_by_id');
    expect(Object.keys(v4.paths['/v4/api/core/background-tasks/{id}/requeue/'])).toEqual(['post']);
    expect(v4.paths['/v4/api/core/background-queues/{name}/'].get.operationId).toBe('core_background_queues_retrieve_by_name');
    expect(v4.paths['/v4/api/core/background-workers/'].get.parameters.map((p: Json) => p.name)).toEqual(['limit', 'offset']);
    const v3 = (await t.get('/api/schema/?format=json').expect(200)).body;
    expect(Object.keys(v3.paths).filter((p) => p.includes('background'))).toEqual([]);
  });
});
