// Loaded only where REDIS_URL is set (`Jobs`): BullMQ and its Redis client weigh megabytes of every process's heap.
import { Logger } from '@nestjs/common';
import { Job as BullJob, JobType, Queue, UnrecoverableError, Worker } from 'bullmq';
import IORedis from 'ioredis';
import { randomUUID } from 'crypto';
import * as os from 'os';
import { JobSettings } from '../config/config';
import { Drain, UNBOUNDED } from '../lifecycle/shutdown';
import { REDIS_PREFIX, redisConnection } from '../redis';
import { QueueInfo, STOPPED_REASON, TaskInfo, TaskOutcome, TaskPage, TaskStatus, WorkerInfo, queueNames } from './tasks';
import { EnqueueOptions, JobHandlers, JobQueue, queueFor, supervised } from './queue';

/** Where a task's stop is asked of every worker. */
const STOP_CHANNEL = `${REDIS_PREFIX}:stop`;
/** Seconds a finished job is kept, and a failed one. */
const KEEP_FINISHED = 24 * 3600;
const KEEP_FAILED = 7 * 24 * 3600;
/** A worker's birth and counts (jobs finished and failed, time spent), kept while it lives and a day after. */
const statsKey = (worker: string) => `${REDIS_PREFIX}:worker-stats:${worker}`;
const STATS_TTL = 24 * 3600;

/** BullMQ's job lists in the order tasks are listed (LISTING_RANK), with what each is in RQ's words and its direction. */
const SEGMENTS: Array<{ type: JobType; status: TaskStatus; asc: boolean }> = [
  { type: 'active', status: 'started', asc: true },
  { type: 'waiting', status: 'queued', asc: true },
  { type: 'prioritized', status: 'queued', asc: true },
  { type: 'waiting-children', status: 'deferred', asc: true },
  { type: 'delayed', status: 'scheduled', asc: true },
  { type: 'failed', status: 'failed', asc: false },
  { type: 'completed', status: 'finished', asc: false },
];
const COUNTED = SEGMENTS.map((s) => s.type);
const STATE_STATUS: Record<string, TaskStatus> = Object.fromEntries(SEGMENTS.map((s) => [s.type, s.status]));

/** The worker a BullMQ client is, from the name BullMQ gives its connection (`<queue key>:w:<worker name>`). */
function workerNameOf(client: Record<string, string>): string {
  const raw = String(client.rawname ?? client.name);
  const at = raw.indexOf(':w:');
  return at < 0 ? raw : raw.slice(at + 3);
}

/** A worker's pid, from the name QueueWorker gives it (`<host>:<pid>:<suffix>`). */
function pidOf(worker: string): number | null {
  const pid = /:(\d+):[^:]+$/.exec(worker)?.[1];
  return pid ? Number(pid) : null;
}

/** A connection for BullMQ: a queue's commands wait for Redis instead of failing. */
function queueConnection(url: string, logger: Logger, blocking: boolean): IORedis {
  // BullMQ's workers need maxRetriesPerRequest null.
  return redisConnection(url, logger, 'jobs wait until it returns', { maxRetriesPerRequest: null, enableOfflineQueue: true, ...(blocking ? {} : { enableReadyCheck: true }) });
}

/** Settles once the connection is not ready: Redis went away (or never came). Nothing that needs it is worth waiting for then. */
function lost(connection: IORedis): Promise<void> {
  if (connection.status !== 'ready') return Promise.resolve();
  return new Promise((resolve) => connection.once('close', () => resolve()));
}

/** BullMQ queues on Redis: jobs outlive every process, and any worker process may take them. */
export class RedisQueue extends JobQueue {
  private readonly logger = new Logger('Jobs');
  private readonly connection: IORedis;
  private readonly queues = new Map<string, Queue>();
  /** Jobs being handed to Redis: a shutdown waits for them. */
  private readonly adding = new Set<Promise<void>>();

  constructor(
    url: string,
    private readonly settings: JobSettings,
  ) {
    super();
    this.connection = queueConnection(url, this.logger, false);
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: REDIS_PREFIX });
      queue.on('error', () => undefined);
      this.queues.set(name, queue);
    }
    return queue;
  }

  async enqueue(kind: string, data: unknown, options: EnqueueOptions = {}): Promise<void> {
    const adding = this.add(kind, data, options);
    this.adding.add(adding);
    try {
      await adding;
    } finally {
      this.adding.delete(adding);
    }
  }

  private async add(kind: string, data: unknown, options: EnqueueOptions): Promise<void> {
    const retries = options.retries ?? 0;
    await this.queue(queueFor(this.settings, kind)).add(kind, data, {
      // BullMQ's own ids count per queue: a task is found by id across queues only with ids unique to it.
      jobId: options.jobId ?? randomUUID(),
      delay: options.delayMs,
      attempts: retries + 1,
      backoff: { type: 'exponential', delay: this.settings.retryIntervalSeconds * 1000 },
      removeOnComplete: { age: KEEP_FINISHED, count: 10_000 },
      removeOnFail: { age: KEEP_FAILED },
    });
  }

  /** Worker processes connected to any queue workers consume, each counted once. */
  async workersRunning(): Promise<number> {
    const names = new Set<string>();
    for (const name of this.settings.workerQueues) {
      for (const client of await this.queue(name).getWorkers()) names.add(String(client.rawname ?? client.name).split(':w:')[1] ?? String(client.rawname));
    }
    return names.size;
  }

  private get names(): string[] {
    return queueNames(this.settings);
  }

  private async workerNames(queue: Queue): Promise<Set<string>> {
    return new Set((await queue.getWorkers()).map(workerNameOf));
  }

  async queueInfo(): Promise<QueueInfo[]> {
    return Promise.all(
      this.names.map(async (name, index): Promise<QueueInfo> => {
        const queue = this.queue(name);
        const [counts, workers, [next]] = await Promise.all([queue.getJobCounts(...COUNTED), this.workerNames(queue), queue.getJobs(['waiting'], 0, 0, true)]);
        return {
          name, index, queued: counts.waiting + counts.prioritized, started: counts.active, deferred: counts['waiting-children'], scheduled: counts.delayed,
          finished: counts.completed, failed: counts.failed, workers: workers.size, oldestQueuedAt: next ? this.info(next, 'queued', 0).enqueuedAt : null,
          // Workers move due jobs in line themselves: no scheduler process.
          schedulerPid: null,
        };
      }),
    );
  }

  /** The workers connected to any queue, with the counts each keeps in Redis (statsKey) and whether it runs a job now. */
  async workers(): Promise<WorkerInfo[]> {
    const found = new Map<string, { queueNames: string[]; age: number }>();
    for (const name of this.names) {
      for (const client of await this.queue(name).getWorkers()) {
        const worker = workerNameOf(client);
        const entry = found.get(worker) ?? { queueNames: [], age: 0 };
        if (!entry.queueNames.includes(name)) entry.queueNames.push(name);
        entry.age = Math.max(entry.age, Number(client.age) || 0);
        found.set(worker, entry);
      }
    }
    const [active, stats] = await Promise.all([
      Promise.all(this.names.map((name) => this.queue(name).getJobs(['active']))),
      Promise.all([...found.keys()].map((worker) => this.connection.hgetall(statsKey(worker)))),
    ]);
    const busy = new Set(active.flat().map((job) => job.processedBy));
    return [...found].map(([name, { queueNames, age }], i): WorkerInfo => {
      const kept = stats[i].birth ? stats[i] : null;
      const count = (key: string) => (kept ? Number(kept[key] ?? 0) : null);
      return {
        name, state: busy.has(name) ? 'busy' : 'idle', birthDate: new Date(kept ? Number(kept.birth) : Date.now() - age * 1000), queueNames, pid: pidOf(name),
        successful: count('successful'), failed: count('failed'), workingSeconds: kept ? Math.floor(Number(kept.working_ms ?? 0) / 1000) : null,
      };
    });
  }

  async tasks(offset: number, limit: number): Promise<TaskPage> {
    const names = this.names;
    const counts = await Promise.all(names.map((name) => this.queue(name).getJobCounts(...COUNTED)));
    const count = counts.reduce((sum, c) => sum + COUNTED.reduce((n, type) => n + (c[type] ?? 0), 0), 0);
    // The slice [offset, offset + limit) over the lists in order, each read for the part of it the slice covers.
    const reads: Array<Promise<TaskInfo[]>> = [];
    let skip = offset;
    let left = limit;
    for (const { type, status, asc } of SEGMENTS) {
      names.forEach((name, i) => {
        const size = counts[i][type] ?? 0;
        if (left <= 0 || skip >= size) {
          skip = Math.max(0, skip - size);
          return;
        }
        const start = skip;
        const end = Math.min(size, skip + left) - 1;
        // Prioritized jobs come in line after the waiting ones.
        const before = type === 'prioritized' ? counts[i].waiting ?? 0 : 0;
        const inLine = status === 'queued';
        reads.push(this.queue(name).getJobs([type], start, end, asc).then((jobs) => jobs.map((job, k) => this.info(job, status, inLine ? before + start + k : null))));
        left -= end - start + 1;
        skip = 0;
      });
    }
    return { count, tasks: (await Promise.all(reads)).flat() };
  }

  /** A task by id, in whichever queue holds it, with its state. */
  private async find(id: string): Promise<{ job: BullJob; queue: Queue; state: string } | null> {
    for (const name of this.names) {
      const queue = this.queue(name);
      const job = await queue.getJob(id);
      if (job) return { job, queue, state: await job.getState() };
    }
    return null;
  }

  async task(id: string): Promise<TaskInfo | null> {
    const found = await this.find(id);
    if (!found) return null;
    const status = STATE_STATUS[found.state] ?? 'queued';
    return this.info(found.job, status, status === 'queued' ? await this.positionOf(found.queue, id) : null);
  }

  /** A waiting job's place in line: workers take from the far end of the list. */
  private async positionOf(queue: Queue, id: string): Promise<number | null> {
    const key = queue.toKey('wait');
    const [index, length] = await Promise.all([this.connection.lpos(key, id), this.connection.llen(key)]);
    return index === null ? null : length - 1 - index;
  }

  private info(job: BullJob, status: TaskStatus, position: number | null): TaskInfo {
    const ended = status === 'finished' || status === 'failed';
    const enqueued = Math.min(job.timestamp + (job.delay || 0), job.processedOn || Infinity);
    return {
      id: String(job.id),
      queue: job.queueName,
      kind: job.name,
      data: job.data,
      status: status === 'failed' && job.failedReason === STOPPED_REASON ? 'stopped' : status,
      createdAt: new Date(job.timestamp),
      enqueuedAt: status === 'scheduled' ? null : new Date(enqueued),
      startedAt: job.processedOn ? new Date(job.processedOn) : null,
      endedAt: ended && job.finishedOn ? new Date(job.finishedOn) : null,
      result: status === 'finished' ? (job.returnvalue ?? null) : null,
      error: job.failedReason || null,
      attempts: job.attemptsMade,
      workerName: job.processedBy ?? null,
      position,
      timeoutSeconds: this.settings.timeoutSeconds,
      resultTtlSeconds: KEEP_FINISHED,
    };
  }

  async deleteTask(id: string): Promise<TaskOutcome> {
    const found = await this.find(id);
    if (!found) return 'missing';
    if (found.state === 'active') return 'running';
    try {
      await found.job.remove();
    } catch {
      // Taken by a worker meanwhile: it holds the job's lock.
      return 'running';
    }
    return 'done';
  }

  async requeueTask(id: string): Promise<TaskOutcome> {
    const found = await this.find(id);
    if (!found) return 'missing';
    if (found.state !== 'failed') return 'not-failed';
    await found.job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
    return 'done';
  }

  async enqueueTask(id: string): Promise<TaskOutcome> {
    const found = await this.find(id);
    if (!found) return 'missing';
    switch (found.state) {
      case 'active':
        return 'running';
      case 'delayed':
        await found.job.promote();
        return 'done';
      case 'failed':
      case 'completed':
        await found.job.retry(found.state, { resetAttemptsMade: true, resetAttemptsStarted: true });
        return 'done';
      default:
        return 'done';
    }
  }

  /** A running task's stop goes to every worker: the one running it aborts it. */
  async stopTask(id: string): Promise<TaskOutcome> {
    const found = await this.find(id);
    if (!found) return 'missing';
    if (found.state !== 'active') return 'not-running';
    return (await this.connection.publish(STOP_CHANNEL, id)) > 0 ? 'done' : 'not-running';
  }

  /**
   * Jobs accepted but not yet in Redis are handed over first, while Redis answers and the drain lasts: an
   * unreachable Redis would take them only when it returns.
   */
  async close(drain: Drain = UNBOUNDED): Promise<void> {
    const flushed = Promise.allSettled([...this.adding]).then(() => Promise.allSettled([...this.queues.values()].map((q) => q.close())));
    await drain.within(`${this.adding.size} jobs being handed to Redis`, Promise.race([flushed, lost(this.connection)]));
    if (this.adding.size) this.logger.error(`${this.adding.size} jobs not handed to Redis, which does not answer: those of the outbox are queued again by the next process, others are dropped`);
    this.connection.disconnect();
  }
}

/**
 * A worker of the BullMQ queues: one BullMQ worker per queue it consumes, all under one name, so
 * that `rq-workers-running` counts the process once.
 */
export class QueueWorker {
  readonly name = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly logger = new Logger('Worker');
  private readonly workers: Worker[] = [];
  private readonly connections: IORedis[] = [];
  /** Jobs this worker runs now, by what they are. */
  private readonly running = new Map<Promise<unknown>, string>();
  /** Hears the stops asked of every worker (STOP_CHANNEL). */
  private listener: IORedis | null = null;
  private keepStats?: NodeJS.Timeout;

  constructor(
    private readonly url: string,
    private readonly settings: JobSettings,
    private readonly handlers: JobHandlers,
  ) {}

  start(): void {
    for (const queue of this.settings.workerQueues) {
      const connection = queueConnection(this.url, this.logger, true);
      this.connections.push(connection);
      // Three parameters: BullMQ then hands the processor the signal that stops the job.
      const worker = new Worker(
        queue,
        (job, _token, signal) =>
          this.track(
            `job ${job.id} (${job.name})`,
            supervised(
              this.handlers.run(job.name, job.data, { id: String(job.id), attempt: job.attemptsMade + 1, signal }),
              this.settings.timeoutSeconds,
              `job ${job.id} (${job.name})`,
              signal,
              () => new UnrecoverableError(STOPPED_REASON),
            ),
          ),
        { connection, prefix: REDIS_PREFIX, name: this.name, concurrency: 4, autorun: true },
      );
      worker.on('completed', (job) => {
        this.count(job, 'successful');
        this.handlers.settled(String(job.id), job.name);
      });
      worker.on('failed', (job, e) => {
        this.logger.warn(`job ${job?.id} (${job?.name}) failed on attempt ${job?.attemptsMade}: ${e.message}`);
        if (!job) return;
        this.count(job, 'failed');
        // Failed for good: no attempt left, or stopped (an unrecoverable error, moved to failed at once).
        if (job.finishedOn || job.attemptsMade >= (job.opts.attempts ?? 1)) this.handlers.settled(String(job.id), job.name);
      });
      worker.on('error', () => undefined);
      this.workers.push(worker);
    }
    const control = this.connections[0];
    if (control) {
      const key = statsKey(this.name);
      control.multi().hset(key, { birth: Date.now(), successful: 0, failed: 0, working_ms: 0 }).expire(key, STATS_TTL).exec().catch(() => undefined);
      // An idle worker's counts outlive the day too; a gone worker's go a day after it.
      this.keepStats = setInterval(() => control.expire(key, STATS_TTL).catch(() => undefined), (STATS_TTL / 4) * 1000).unref();
      this.listener = control.duplicate();
      this.listener.on('error', () => undefined);
      this.listener.on('message', (_channel: string, id: string) => this.workers.forEach((w) => w.cancelJob(id, STOPPED_REASON)));
      this.listener.subscribe(STOP_CHANNEL).catch(() => undefined);
    }
    this.logger.log(`worker ${this.name} consuming ${this.settings.workerQueues.join(', ')}`);
  }

  private track<T>(what: string, work: Promise<T>): Promise<T> {
    const tracked = work.finally(() => this.running.delete(tracked));
    this.running.set(tracked, what);
    return tracked;
  }

  /** A job's end in the worker's counts: one round trip, beside the several BullMQ makes for the job. */
  private count(job: BullJob, outcome: 'successful' | 'failed'): void {
    const key = statsKey(this.name);
    const spent = job.finishedOn && job.processedOn ? job.finishedOn - job.processedOn : 0;
    this.connections[0]
      ?.multi()
      .hincrby(key, outcome, 1)
      .hincrby(key, 'working_ms', spent)
      .expire(key, STATS_TTL)
      .exec()
      .catch(() => undefined);
  }

  /** Whether every queue's worker is connected: the worker's readiness. */
  get connected(): boolean {
    return this.connections.every((c) => c.status === 'ready');
  }

  /**
   * Takes no new job and lets the running ones finish while the drain lasts; then, while Redis answers, writes
   * their ends and quits. An unreachable Redis is not waited for: BullMQ would wait for it forever.
   */
  async close(drain: Drain = UNBOUNDED): Promise<void> {
    clearInterval(this.keepStats);
    this.listener?.disconnect();
    const closing = Promise.allSettled(this.workers.map((w) => w.close()));
    const finished = !this.running.size || (await drain.within(`running jobs: ${[...this.running.values()].join(', ')}`, Promise.allSettled([...this.running.keys()])));
    if (finished) await drain.within('the workers\' connections to Redis', Promise.race([closing, ...this.connections.map(lost)]));
    for (const worker of this.workers) worker.disconnect().catch(() => undefined);
    for (const connection of this.connections) connection.disconnect();
  }
}
