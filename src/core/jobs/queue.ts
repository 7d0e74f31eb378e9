import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'crypto';
import * as os from 'os';
import { APP_CONFIG, AppConfig, JobSettings } from '../config/config';
import { Drain, Shutdown, UNBOUNDED } from '../lifecycle/shutdown';
import { Semaphore } from '../util/semaphore';
import { deadline } from '../util/timeout';
import { LISTING_RANK, QueueInfo, STOPPED_REASON, TaskInfo, TaskOutcome, TaskPage, TaskStatus, WorkerInfo, queueNames } from './tasks';
import type { QueueWorker } from './redis-queue';

/** How a job is enqueued: its id (a Job row's `job_id`), a delay, and retries after a failure. */
export interface EnqueueOptions {
  jobId?: string;
  delayMs?: number;
  /** Attempts after the first when the handler throws, with a doubling pause from RQ_RETRY_INTERVAL. */
  retries?: number;
}

export interface JobAttempt {
  id: string;
  /** 1 for the first try. */
  attempt: number;
  /** Aborted when the job is stopped on request: a handler may give up early. */
  signal?: AbortSignal;
}

export type JobHandler = (data: any, attempt: JobAttempt) => Promise<unknown>;

/** What runs each kind of job (`webhook`, `script`, …): registered by the module that owns the kind, in every process. */
@Injectable()
export class JobHandlers {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly settledListeners: Array<(id: string, kind: string) => void> = [];

  /** Hears each job that has run for the last time (finished, or failed with no attempt left, or stopped) in this process. */
  onSettled(listener: (id: string, kind: string) => void): void {
    this.settledListeners.push(listener);
  }

  settled(id: string, kind: string): void {
    for (const listener of this.settledListeners) listener(id, kind);
  }

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  async run(kind: string, data: unknown, attempt: JobAttempt): Promise<unknown> {
    const handler = this.handlers.get(kind);
    if (!handler) throw new Error(`no handler for jobs of kind "${kind}"`);
    return handler(data, attempt);
  }
}

/**
 * Where background work goes. With Redis, BullMQ queues that workers of any process consume and
 * that outlive every process; without it, this process runs the work itself, and work not yet done
 * is lost if the process stops.
 */
export abstract class JobQueue {
  /** Hands a job over. It never waits on the work, and with Redis unreachable it waits in memory for its return. */
  abstract enqueue(kind: string, data: unknown, options?: EnqueueOptions): Promise<void>;
  /** The workers consuming this queue now: NetBox's `rq-workers-running`. */
  abstract workersRunning(): Promise<number>;
  /** Every queue the settings name, with its jobs counted by state. */
  abstract queueInfo(): Promise<QueueInfo[]>;
  abstract workers(): Promise<WorkerInfo[]>;
  /** A slice of every task of every queue, in the order LISTING_RANK says, and how many there are. */
  abstract tasks(offset: number, limit: number): Promise<TaskPage>;
  abstract task(id: string): Promise<TaskInfo | null>;
  /** Removes a task that does not run. */
  abstract deleteTask(id: string): Promise<TaskOutcome>;
  /** Puts a failed (or stopped) task in line again, its attempts counted afresh. */
  abstract requeueTask(id: string): Promise<TaskOutcome>;
  /** Puts a task in line now: a scheduled one before its time, an ended one to run again. */
  abstract enqueueTask(id: string): Promise<TaskOutcome>;
  /** Stops a running task: it ends as stopped, without retries. */
  abstract stopTask(id: string): Promise<TaskOutcome>;
  /** Takes no more work and lets what runs finish, for as long as `drain` allows. */
  abstract close(drain?: Drain): Promise<void>;
}

/** The queue a kind of job goes to. */
export function queueFor(settings: JobSettings, kind: string): string {
  return settings.queueMappings[kind] ?? 'default';
}

/** The pause before retry `n` (1-based): RQ_RETRY_INTERVAL, doubling. */
export function retryDelayMs(settings: JobSettings, retry: number): number {
  return settings.retryIntervalSeconds * 1000 * 2 ** (retry - 1);
}

/** Fails a job that outruns RQ_DEFAULT_TIMEOUT, and one stopped on request (with `stopped()`'s error). */
export function supervised<T>(work: Promise<T>, seconds: number, what: string, signal?: AbortSignal, stopped: () => Error = () => new Error(STOPPED_REASON)): Promise<T> {
  const timedOut = (): never => {
    throw new Error(`${what} timed out after ${seconds} s`);
  };
  const onAbort = (): never => {
    throw stopped();
  };
  return deadline(work, seconds * 1000, timedOut, signal && { signal, onAbort });
}

const errorMessage = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** How many ended tasks the in-process queue remembers. */
const HISTORY = 1000;

/** A task of the in-process queue, as it stands. */
interface LocalTask extends TaskInfo {
  retries: number;
  /** The order tasks came in line: the order they get a slot. */
  line: number;
  dueAt: number | null;
  timer?: NodeJS.Timeout;
  stop?: AbortController;
}

/** Orders tasks within a rank: in line by their order, scheduled by when due, running by start, ended latest first. */
function localOrder(a: LocalTask, b: LocalTask): number {
  switch (a.status) {
    case 'queued':
      return a.line - b.line;
    case 'scheduled':
      return (a.dueAt ?? 0) - (b.dueAt ?? 0);
    case 'started':
      return (a.startedAt?.getTime() ?? 0) - (b.startedAt?.getTime() ?? 0);
    default:
      return (b.endedAt?.getTime() ?? 0) - (a.endedAt?.getTime() ?? 0);
  }
}

/**
 * Jobs run by this process, a few at a time, after the current request has been answered. It keeps the tasks
 * it holds and the last ended ones (HISTORY), so that its queues, worker and tasks read as Redis' do.
 */
export class InProcessQueue extends JobQueue {
  private readonly logger = new Logger('Jobs');
  private readonly slots = new Semaphore(4);
  private readonly running = new Set<Promise<void>>();
  /** Tasks in line, scheduled or running, by id. */
  private readonly live = new Map<string, LocalTask>();
  /** Ended tasks, the oldest first. */
  private readonly ended = new Map<string, LocalTask>();
  private readonly names: string[];
  private readonly workerName = `${os.hostname()}:${process.pid}`;
  private readonly born = new Date();
  private lines = 0;
  private successful = 0;
  private failed = 0;
  private workingMs = 0;
  private closed = false;

  constructor(
    private readonly handlers: JobHandlers,
    private readonly settings: JobSettings,
  ) {
    super();
    this.names = queueNames(settings);
  }

  async enqueue(kind: string, data: unknown, options: EnqueueOptions = {}): Promise<void> {
    const id = options.jobId ?? randomUUID();
    // As BullMQ does, a job whose id is already waiting or running is not added again.
    if (this.closed || this.live.has(id)) return;
    this.ended.delete(id);
    const task: LocalTask = {
      id, queue: queueFor(this.settings, kind), kind, data, status: 'queued', createdAt: new Date(), enqueuedAt: null, startedAt: null, endedAt: null,
      result: null, error: null, attempts: 0, workerName: null, position: null, timeoutSeconds: this.settings.timeoutSeconds, resultTtlSeconds: null,
      retries: options.retries ?? 0, line: 0, dueAt: null,
    };
    this.live.set(id, task);
    this.later(task, options.delayMs ?? 0);
  }

  /** In line after `ms` (scheduled until then); even with none, after the current request has been answered. */
  private later(task: LocalTask, ms: number): void {
    if (this.closed) return;
    if (ms > 0) Object.assign(task, { status: 'scheduled', dueAt: Date.now() + ms, enqueuedAt: null });
    else this.inLine(task);
    task.timer = setTimeout(() => {
      task.timer = undefined;
      if (task.status === 'scheduled') this.inLine(task);
      const done = this.attempt(task).finally(() => this.running.delete(done));
      this.running.add(done);
    }, ms);
  }

  private inLine(task: LocalTask): void {
    Object.assign(task, { status: 'queued', dueAt: null, enqueuedAt: new Date(), line: ++this.lines });
  }

  private async attempt(task: LocalTask): Promise<void> {
    const release = await this.slots.acquire();
    // Deleted while it waited for a slot.
    if (this.live.get(task.id) !== task || task.status !== 'queued') return release();
    const stop = new AbortController();
    Object.assign(task, { status: 'started', startedAt: new Date(), attempts: task.attempts + 1, workerName: this.workerName, stop });
    const what = `job ${task.id} (${task.kind})`;
    try {
      task.result = await supervised(this.handlers.run(task.kind, task.data, { id: task.id, attempt: task.attempts, signal: stop.signal }), this.settings.timeoutSeconds, what, stop.signal);
      this.end(task, 'finished', null);
    } catch (e) {
      const message = errorMessage(e);
      if (stop.signal.aborted) {
        this.end(task, 'stopped', message);
      } else if (task.attempts > task.retries) {
        this.logger.warn(`${what} failed: ${message}`);
        this.end(task, 'failed', message);
      } else {
        this.logger.warn(`${what} failed, retrying: ${message}`);
        task.error = message;
        this.later(task, retryDelayMs(this.settings, task.attempts));
      }
    } finally {
      this.workingMs += Date.now() - task.startedAt!.getTime();
      task.stop = undefined;
      release();
    }
  }

  private end(task: LocalTask, status: TaskStatus, error: string | null): void {
    Object.assign(task, { status, error, endedAt: new Date() });
    if (status === 'finished') this.successful++;
    else this.failed++;
    this.live.delete(task.id);
    this.ended.set(task.id, task);
    if (this.ended.size > HISTORY) this.ended.delete(this.ended.keys().next().value!);
    this.handlers.settled(task.id, task.kind);
  }

  /** This process is its own worker. */
  async workersRunning(): Promise<number> {
    return 1;
  }

  async queueInfo(): Promise<QueueInfo[]> {
    const infos = this.names.map((name, index): QueueInfo => ({
      name, index, queued: 0, started: 0, deferred: 0, scheduled: 0, finished: 0, failed: 0, workers: 1, oldestQueuedAt: null, schedulerPid: process.pid,
    }));
    const byName = new Map(infos.map((info) => [info.name, info]));
    for (const task of [...this.live.values(), ...this.ended.values()]) {
      const info = byName.get(task.queue);
      if (!info) continue;
      if (task.status === 'stopped' || task.status === 'canceled') info.failed++;
      else info[task.status]++;
      if (task.status === 'queued' && (!info.oldestQueuedAt || task.enqueuedAt! < info.oldestQueuedAt)) info.oldestQueuedAt = task.enqueuedAt;
    }
    return infos;
  }

  async workers(): Promise<WorkerInfo[]> {
    const busy = [...this.live.values()].some((t) => t.status === 'started');
    return [{
      name: this.workerName, state: busy ? 'busy' : 'idle', birthDate: this.born, queueNames: this.names, pid: process.pid,
      successful: this.successful, failed: this.failed, workingSeconds: Math.floor(this.workingMs / 1000),
    }];
  }

  async tasks(offset: number, limit: number): Promise<TaskPage> {
    const all = [...this.live.values(), ...this.ended.values()];
    const queueIndex = new Map(this.names.map((name, i) => [name, i]));
    all.sort((a, b) => LISTING_RANK[a.status] - LISTING_RANK[b.status] || (queueIndex.get(a.queue) ?? 0) - (queueIndex.get(b.queue) ?? 0) || localOrder(a, b));
    return { count: all.length, tasks: all.slice(offset, offset + limit).map((t) => this.info(t)) };
  }

  async task(id: string): Promise<TaskInfo | null> {
    const task = this.live.get(id) ?? this.ended.get(id);
    return task ? this.info(task) : null;
  }

  /** A task as the API reads it: its place in line counted now. */
  private info(task: LocalTask): TaskInfo {
    const { retries: _retries, line: _line, dueAt: _dueAt, timer: _timer, stop: _stop, ...info } = task;
    if (task.status !== 'queued') return { ...info, position: null };
    let position = 0;
    for (const other of this.live.values()) if (other.status === 'queued' && other.queue === task.queue && other.line < task.line) position++;
    return { ...info, position };
  }

  async deleteTask(id: string): Promise<TaskOutcome> {
    const task = this.live.get(id);
    if (task?.status === 'started') return 'running';
    if (task) {
      clearTimeout(task.timer);
      this.live.delete(id);
      return 'done';
    }
    return this.ended.delete(id) ? 'done' : 'missing';
  }

  async requeueTask(id: string): Promise<TaskOutcome> {
    const task = this.ended.get(id);
    if (!task) return this.live.has(id) ? 'not-failed' : 'missing';
    if (task.status === 'finished') return 'not-failed';
    this.again(task);
    return 'done';
  }

  async enqueueTask(id: string): Promise<TaskOutcome> {
    const task = this.live.get(id);
    if (task?.status === 'started') return 'running';
    if (task?.status === 'scheduled') {
      clearTimeout(task.timer);
      this.later(task, 0);
      return 'done';
    }
    if (task) return 'done';
    const ended = this.ended.get(id);
    if (!ended) return 'missing';
    this.again(ended);
    return 'done';
  }

  /** An ended task in line again, as if new but for its id and data. */
  private again(task: LocalTask): void {
    this.ended.delete(task.id);
    Object.assign(task, { attempts: 0, error: null, result: null, startedAt: null, endedAt: null, workerName: null });
    this.live.set(task.id, task);
    this.later(task, 0);
  }

  async stopTask(id: string): Promise<TaskOutcome> {
    const task = this.live.get(id) ?? this.ended.get(id);
    if (!task) return 'missing';
    if (task.status !== 'started' || !task.stop) return 'not-running';
    task.stop.abort();
    return 'done';
  }

  /** Work already running finishes; work waiting is dropped, as the README says of this mode. */
  async close(drain: Drain = UNBOUNDED): Promise<void> {
    this.closed = true;
    for (const task of this.live.values()) clearTimeout(task.timer);
    const running = [...this.live.values()].filter((t) => t.status === 'started').map((t) => `job ${t.id} (${t.kind})`);
    if (this.running.size) await drain.within(`running jobs: ${running.join(', ') || 'none started'}`, Promise.allSettled([...this.running]));
  }
}

/** The Redis queues' module, loaded when first used: a process without REDIS_URL never pays for BullMQ. */
function redisQueues(): typeof import('./redis-queue') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./redis-queue') as typeof import('./redis-queue');
}

/** The process's queue, and its own worker when Redis is used and WORKERS_IN_PROCESS is set. */
@Injectable()
export class Jobs implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly queue: JobQueue;
  private worker: QueueWorker | null = null;

  constructor(
    readonly handlers: JobHandlers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly shutdown: Shutdown,
  ) {
    this.queue = config.redisUrl ? new (redisQueues().RedisQueue)(config.redisUrl, config.jobs) : new InProcessQueue(handlers, config.jobs);
  }

  /** Starts consuming the Redis queues in this process (a worker process, or WORKERS_IN_PROCESS). */
  startWorker(): QueueWorker {
    if (!this.config.redisUrl) throw new Error('a queue worker needs REDIS_URL');
    if (!this.worker) {
      this.worker = new (redisQueues().QueueWorker)(this.config.redisUrl, this.config.jobs, this.handlers);
      this.worker.start();
    }
    return this.worker;
  }

  onApplicationBootstrap(): void {
    if (this.config.redisUrl && this.config.jobs.workersInProcess) this.startWorker();
  }

  /** The queue a kind of job goes to (QUEUE_MAPPINGS), as a job records it. */
  queueOf(kind: string): string {
    return queueFor(this.config.jobs, kind);
  }

  /**
   * Enqueues without making the caller wait or fail: a request has already committed its work,
   * and Redis being away must not undo or slow it.
   */
  submit(kind: string, data: unknown, options?: EnqueueOptions): void {
    this.queue.enqueue(kind, data, options).catch((e) => new Logger('Jobs').error(`could not enqueue a ${kind} job: ${e instanceof Error ? e.message : e}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close(this.shutdown);
    await this.queue.close(this.shutdown);
  }
}
