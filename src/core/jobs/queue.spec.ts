import { JobSettings } from '../config/config';
import { InProcessQueue, JobHandlers } from './queue';

const SETTINGS: JobSettings = {
  queueMappings: { webhook: 'high' },
  workerQueues: ['high', 'default', 'low'],
  workersInProcess: false,
  retryMax: 0,
  retryIntervalSeconds: 3600,
  timeoutSeconds: 30,
  workerHealthPort: 0,
  outboxCheckSeconds: 30,
};

async function until(holds: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await holds()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('timed out');
}

describe('the in-process queue as background tasks', () => {
  let handlers: JobHandlers;
  let queue: InProcessQueue;
  beforeEach(() => {
    handlers = new JobHandlers();
    queue = new InProcessQueue(handlers, SETTINGS);
  });
  afterEach(() => queue.close());

  it('keeps the last 1,000 ended tasks, and counts every one its worker ran', async () => {
    handlers.register('noop', async (data: { n: number }) => data.n);
    for (let n = 0; n < 1010; n++) await queue.enqueue('noop', { n }, { jobId: `job-${n}` });
    await until(async () => (await queue.workers())[0].successful === 1010);
    const { count, tasks } = await queue.tasks(0, 5000);
    expect(count).toBe(1000);
    expect(await queue.task('job-9')).toBeNull();
    expect(await queue.task('job-10')).toMatchObject({ status: 'finished', result: 10, queue: 'default', kind: 'noop', attempts: 1 });
    expect(tasks.every((t) => t.status === 'finished')).toBe(true);
    const [, defaultQueue] = await queue.queueInfo();
    expect(defaultQueue).toMatchObject({ name: 'default', index: 1, finished: 1000, queued: 0, workers: 1, schedulerPid: process.pid });
  });

  it('puts each kind in the queue its mapping names, in line behind the running ones, and stops a running one', async () => {
    const releases: Array<() => void> = [];
    handlers.register('webhook', (_data, { signal }) => new Promise((resolve) => {
      releases.push(() => resolve('sent'));
      signal?.addEventListener('abort', () => resolve('abandoned'));
    }));
    for (let n = 0; n < 6; n++) await queue.enqueue('webhook', { n }, { jobId: `hook-${n}` });
    await until(async () => releases.length === 4);
    const { tasks } = await queue.tasks(0, 10);
    expect(tasks.map((t) => [t.id, t.status, t.queue, t.position])).toEqual([
      ['hook-0', 'started', 'high', null],
      ['hook-1', 'started', 'high', null],
      ['hook-2', 'started', 'high', null],
      ['hook-3', 'started', 'high', null],
      ['hook-4', 'queued', 'high', 0],
      ['hook-5', 'queued', 'high', 1],
    ]);
    expect(await queue.deleteTask('hook-0')).toBe('running');
    expect(await queue.stopTask('hook-0')).toBe('done');
    await until(async () => (await queue.task('hook-0'))?.status === 'stopped');
    expect(await queue.stopTask('hook-0')).toBe('not-running');
    // Its slot went to the next in line.
    await until(async () => releases.length === 5);
    expect((await queue.task('hook-5'))?.position).toBe(0);
    expect(await queue.deleteTask('hook-5')).toBe('done');
    releases.forEach((release) => release());
    await until(async () => (await queue.tasks(0, 10)).tasks.every((t) => t.endedAt));
    const ended = (await queue.tasks(0, 10)).tasks;
    expect(ended.map((t) => [t.id, t.status])[0]).toEqual(['hook-0', 'stopped']);
    expect(ended.slice(1).map((t) => t.id).sort()).toEqual(['hook-1', 'hook-2', 'hook-3', 'hook-4']);
    expect(ended.slice(1).every((t) => t.status === 'finished' && t.result === 'sent')).toBe(true);
  });

  it('requeues a failed task with its attempts afresh, and enqueues a scheduled one now', async () => {
    let fail = true;
    handlers.register('flaky', async () => {
      if (fail) throw new Error('refused');
      return 'ok';
    });
    await queue.enqueue('flaky', {}, { jobId: 'flaky' });
    await until(async () => (await queue.task('flaky'))?.status === 'failed');
    expect(await queue.task('flaky')).toMatchObject({ error: 'refused', attempts: 1 });
    expect(await queue.enqueueTask('nothing')).toBe('missing');
    fail = false;
    expect(await queue.requeueTask('flaky')).toBe('done');
    await until(async () => (await queue.task('flaky'))?.status === 'finished');
    expect(await queue.task('flaky')).toMatchObject({ error: null, attempts: 1, result: 'ok' });
    expect(await queue.requeueTask('flaky')).toBe('not-failed');

    await queue.enqueue('flaky', {}, { jobId: 'later', delayMs: 3_600_000 });
    expect(await queue.task('later')).toMatchObject({ status: 'scheduled', enqueuedAt: null });
    expect(await queue.enqueueTask('later')).toBe('done');
    await until(async () => (await queue.task('later'))?.status === 'finished');
  });
});
