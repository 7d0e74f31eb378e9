import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import IORedis from 'ioredis';
import { randomUUID } from 'crypto';
import * as os from 'os';
import { APP_CONFIG, AppConfig, JobSettings } from '../config/config';
import { Semaphore } from '../util/semaphore';

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
}

export type JobHandler = (data: any, attempt: JobAttempt) => Promise<unknown>;

/** What runs each kind of job (`webhook`, `script`, …): registered by the module that owns the kind, in every process. */
@Injectable()
export class JobHandlers {
  private readonly handlers = new Map<string, JobHandler>();

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
  abstract close(): Promise<void>;
}

/** The queue a kind of job goes to. */
export function queueFor(settings: JobSettings, kind: string): string {
  return settings.queueMappings[kind] ?? 'default';
}

/** The pause before retry `n` (1-based): RQ_RETRY_INTERVAL, doubling. */
export function retryDelayMs(settings: JobSettings, retry: number): number {
  return settings.retryIntervalSeconds * 1000 * 2 ** (retry - 1);
}

/** Fails a job that outruns RQ_DEFAULT_TIMEOUT. */
function withTimeout<T>(work: Promise<T>, seconds: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${seconds} s`)), seconds * 1000);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Jobs run by this process, a few at a time, after the current request has been answered. */
export class InProcessQueue extends JobQueue {
  private readonly logger = new Logger('Jobs');
  private readonly slots = new Semaphore(4);
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly handlers: JobHandlers,
    private readonly settings: JobSettings,
  ) {
    super();
  }

  async enqueue(kind: string, data: unknown, options: EnqueueOptions = {}): Promise<void> {
    const id = options.jobId ?? randomUUID();
    this.later(options.delayMs ?? 0, () => this.attempt(kind, data, id, 1, options.retries ?? 0));
  }

  private later(ms: number, run: () => Promise<void>): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const done = run().finally(() => this.running.delete(done));
      this.running.add(done);
    }, ms);
    this.timers.add(timer);
  }

  private async attempt(kind: string, data: unknown, id: string, attempt: number, retries: number): Promise<void> {
    const release = await this.slots.acquire();
    try {
      await withTimeout(this.handlers.run(kind, data, { id, attempt }), this.settings.timeoutSeconds, `job ${id} (${kind})`);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (attempt > retries) {
        this.logger.warn(`job ${id} (${kind}) failed: ${message}`);
        return;
      }
      this.logger.warn(`job ${id} (${kind}) failed, retrying: ${message}`);
      this.later(retryDelayMs(this.settings, attempt), () => this.attempt(kind, data, id, attempt + 1, retries));
    } finally {
      release();
    }
  }

  /** This process is its own worker. */
  async workersRunning(): Promise<number> {
    return 1;
  }

  /** Work already running finishes; work waiting is dropped, as the README says of this mode. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }
}

const CLOSE_WAIT_MS = 5000;

/** The prefix of every key the service keeps in Redis, so that it may share a server. */
const PREFIX = 'inventory';

/** A Redis connection that keeps retrying and says once when Redis goes away and once when it returns. */
export function redisConnection(url: string, logger: Logger, blocking: boolean): IORedis {
  const connection = new IORedis(url, {
    // BullMQ's workers need it; a queue's commands wait for Redis instead of failing.
    maxRetriesPerRequest: null,
    enableOfflineQueue: true,
    retryStrategy: (times) => Math.min(times * 200, 5000),
    ...(blocking ? {} : { enableReadyCheck: true }),
  });
  let down = false;
  connection.on('error', (e: Error) => {
    if (down) return;
    down = true;
    logger.error(`Redis is unreachable (${e.message}); jobs wait until it returns`);
  });
  connection.on('ready', () => {
    if (!down) return;
    down = false;
    logger.log('Redis is reachable again');
  });
  return connection;
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
    this.connection = redisConnection(url, this.logger, false);
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: PREFIX });
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
      jobId: options.jobId,
      delay: options.delayMs,
      attempts: retries + 1,
      backoff: { type: 'exponential', delay: this.settings.retryIntervalSeconds * 1000 },
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600 },
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

  /**
   * Jobs accepted but not yet in Redis are handed over first: a few seconds at most, so that with Redis
   * away closing does not hang a shutdown.
   */
  async close(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)));
    const flushed = Promise.allSettled([...this.adding]).then(() => Promise.allSettled([...this.queues.values()].map((q) => q.close())));
    await Promise.race([flushed, gaveUp]);
    clearTimeout(timer);
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

  constructor(
    private readonly url: string,
    private readonly settings: JobSettings,
    private readonly handlers: JobHandlers,
  ) {}

  start(): void {
    for (const queue of this.settings.workerQueues) {
      const connection = redisConnection(this.url, this.logger, true);
      this.connections.push(connection);
      const worker = new Worker(
        queue,
        (job) => withTimeout(this.handlers.run(job.name, job.data, { id: String(job.id), attempt: job.attemptsMade + 1 }), this.settings.timeoutSeconds, `job ${job.id} (${job.name})`),
        { connection, prefix: PREFIX, name: this.name, concurrency: 4, autorun: true },
      );
      worker.on('failed', (job, e) => this.logger.warn(`job ${job?.id} (${job?.name}) failed on attempt ${job?.attemptsMade}: ${e.message}`));
      worker.on('error', () => undefined);
      this.workers.push(worker);
    }
    this.logger.log(`worker ${this.name} consuming ${this.settings.workerQueues.join(', ')}`);
  }

  /** Whether every queue's worker is connected: the worker's readiness. */
  get connected(): boolean {
    return this.connections.every((c) => c.status === 'ready');
  }

  /** Lets running jobs finish, then disconnects. */
  async close(): Promise<void> {
    await Promise.allSettled(this.workers.map((w) => w.close()));
    for (const connection of this.connections) connection.disconnect();
  }
}

/** The process's queue, and its own worker when Redis is used and WORKERS_IN_PROCESS is set. */
@Injectable()
export class Jobs implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly queue: JobQueue;
  private worker: QueueWorker | null = null;

  constructor(
    readonly handlers: JobHandlers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.queue = config.redisUrl ? new RedisQueue(config.redisUrl, config.jobs) : new InProcessQueue(handlers, config.jobs);
  }

  /** Starts consuming the Redis queues in this process (a worker process, or WORKERS_IN_PROCESS). */
  startWorker(): QueueWorker {
    if (!this.config.redisUrl) throw new Error('a queue worker needs REDIS_URL');
    if (!this.worker) {
      this.worker = new QueueWorker(this.config.redisUrl, this.config.jobs, this.handlers);
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
    await this.worker?.close();
    await this.queue.close();
  }
}
