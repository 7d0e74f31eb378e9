import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../core/config/config';
import { RequestContext } from '../core/crud/crud.service';
import { pageLinks } from '../core/crud/pagination';
import { ApiError, ConflictError, NotFoundError } from '../core/http/errors';
import { Jobs } from '../core/jobs/queue';
import { QueueInfo, TaskInfo, TaskOutcome, WorkerInfo } from '../core/jobs/tasks';
import { formatTimestamp } from '../core/model/fields';
import { QueryParams } from '../core/query/filters';
import { deadline } from '../core/util/timeout';

export const QUEUES_PATH = '/api/core/background-queues/';
export const WORKERS_PATH = '/api/core/background-workers/';
export const TASKS_PATH = '/api/core/background-tasks/';

export type TaskAction = 'delete' | 'requeue' | 'enqueue' | 'stop';

type Json = Record<string, unknown>;

interface ListPage {
  limit: number;
  offset: number;
}

/** A whole number of the query string as DRF reads one (spaces and a sign allowed), or undefined. */
function whole(raw: string | string[] | undefined): number | undefined {
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  return value !== undefined && /^\s*\+?\d+\s*$/.test(value) ? Number(value) : undefined;
}

/** DRF's LimitOffsetPagination over a list: a positive `limit` (PAGINATE_COUNT otherwise, however large), an `offset` (0 otherwise). */
function listPage(params: QueryParams, paginateCount: number): ListPage {
  const limit = whole(params.limit);
  return { limit: limit ? limit : paginateCount, offset: whole(params.offset) ?? 0 };
}

/** How long a request waits on the queue: with Redis away, its commands wait for Redis' return. */
const QUEUE_WAIT_MS = 3000;

/** The queue's answer, or 503 when it gives none in time. */
function answered<T>(work: Promise<T>): Promise<T> {
  return deadline(work, QUEUE_WAIT_MS, () => {
    throw new ApiError(503, { detail: 'The job queue did not answer in time.' }, { 'Retry-After': '5' });
  });
}

const timestamp = (d: Date | null) => (d ? formatTimestamp(d) : null);

/** RQ's text of a job's values: strings as they are, nothing as null, anything else as JSON. */
function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** django-rq's `oldest_job_timestamp`: `YYYY-MM-DD, HH:MM:SS` (UTC), `-` for an empty queue. */
function oldestJobTimestamp(d: Date | null): string {
  return d ? d.toISOString().slice(0, 19).replace('T', ', ') : '-';
}

/** Not found, in NetBox's words for each action (two say it with a full stop). */
function missing(action: TaskAction, id: string): ApiError {
  return new ApiError(404, { detail: action === 'delete' || action === 'stop' ? `Job ${id} not found` : `Job ${id} not found.` });
}

/**
 * NetBox 4.2's background queues, workers and tasks (RQ's, there) over this service's job queue: Redis' BullMQ
 * queues, or the in-process queue's own, with the keys of NetBox's serializers.
 */
@Injectable()
export class BackgroundTasks {
  constructor(
    private readonly jobs: Jobs,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async queues(ctx: RequestContext): Promise<Json> {
    return this.paged(ctx, (await answered(this.jobs.queue.queueInfo())).map((q) => this.queue(q, ctx)));
  }

  async queueByName(name: string, ctx: RequestContext): Promise<Json> {
    const found = (await answered(this.jobs.queue.queueInfo())).find((q) => q.name === name);
    if (!found) throw new NotFoundError();
    return this.queue(found, ctx);
  }

  async workers(ctx: RequestContext): Promise<Json> {
    return this.paged(ctx, (await answered(this.jobs.queue.workers())).map((w) => this.worker(w, ctx)));
  }

  async workerByName(name: string, ctx: RequestContext): Promise<Json> {
    const found = (await answered(this.jobs.queue.workers())).find((w) => w.name === name);
    if (!found) throw new NotFoundError();
    return this.worker(found, ctx);
  }

  /** Tasks of every queue, a page read from the queue at a time. */
  async tasks(ctx: RequestContext): Promise<Json> {
    const page = listPage(ctx.params, this.config.paginateCount);
    const { count, tasks } = await answered(this.jobs.queue.tasks(page.offset, page.limit));
    return { count, ...pageLinks(ctx.url, page, count), results: tasks.map((t) => this.task(t, ctx)) };
  }

  async taskById(id: string, ctx: RequestContext): Promise<Json> {
    const found = await answered(this.jobs.queue.task(id));
    if (!found) throw new NotFoundError();
    return this.task(found, ctx);
  }

  /** An action on a task; whether it did something (`stop` answers 204 when there was nothing to stop). */
  async act(action: TaskAction, id: string): Promise<boolean> {
    const queue = this.jobs.queue;
    const act = { delete: () => queue.deleteTask(id), requeue: () => queue.requeueTask(id), enqueue: () => queue.enqueueTask(id), stop: () => queue.stopTask(id) }[action];
    const outcome: TaskOutcome = await answered(act());
    switch (outcome) {
      case 'missing':
        throw missing(action, id);
      case 'running':
        throw new ConflictError(action === 'delete' ? `Job ${id} is running: stop it before deleting it.` : `Job ${id} is running.`);
      case 'not-failed':
        throw new ConflictError(`Job ${id} has not failed: only a failed or stopped job can be requeued.`);
      case 'not-running':
        return false;
      default:
        return true;
    }
  }

  /** A page of a list held whole, as NetBox's LimitOffsetListPagination cuts it. */
  private paged(ctx: RequestContext, all: Json[]): Json {
    const page = listPage(ctx.params, this.config.paginateCount);
    return { count: all.length, ...pageLinks(ctx.url, page, all.length), results: all.slice(page.offset, page.offset + page.limit) };
  }

  private queue(q: QueueInfo, ctx: RequestContext): Json {
    return {
      name: q.name,
      url: `${ctx.baseUrl}${QUEUES_PATH}${encodeURIComponent(q.name)}/`,
      jobs: q.queued,
      oldest_job_timestamp: oldestJobTimestamp(q.oldestQueuedAt),
      index: q.index,
      scheduler_pid: q.schedulerPid === null ? null : String(q.schedulerPid),
      workers: q.workers,
      finished_jobs: q.finished,
      started_jobs: q.started,
      deferred_jobs: q.deferred,
      failed_jobs: q.failed,
      scheduled_jobs: q.scheduled,
    };
  }

  private worker(w: WorkerInfo, ctx: RequestContext): Json {
    return {
      name: w.name,
      url: `${ctx.baseUrl}${WORKERS_PATH}${encodeURIComponent(w.name)}/`,
      state: w.state,
      birth_date: timestamp(w.birthDate),
      queue_names: w.queueNames,
      pid: w.pid === null ? null : String(w.pid),
      successful_job_count: w.successful,
      failed_job_count: w.failed,
      total_working_time: w.workingSeconds,
    };
  }

  /** A task with BackgroundTaskSerializer's keys: its data's entries are the call's keyword arguments, as text. */
  private task(t: TaskInfo, ctx: RequestContext): Json {
    const keywords = t.data !== null && typeof t.data === 'object' && !Array.isArray(t.data);
    const meta: Json = { attempts: t.attempts };
    if (t.error !== null) meta.error = t.error;
    return {
      id: t.id,
      url: `${ctx.baseUrl}${TASKS_PATH}${encodeURIComponent(t.id)}/`,
      description: t.kind,
      origin: t.queue,
      func_name: t.kind,
      args: keywords || t.data === null || t.data === undefined ? [] : [text(t.data)],
      kwargs: keywords ? Object.fromEntries(Object.entries(t.data as Json).map(([k, v]) => [k, text(v)])) : {},
      result: text(t.result),
      timeout: t.timeoutSeconds,
      result_ttl: t.resultTtlSeconds,
      created_at: timestamp(t.createdAt),
      enqueued_at: timestamp(t.enqueuedAt),
      started_at: timestamp(t.startedAt),
      ended_at: timestamp(t.endedAt),
      worker_name: t.workerName,
      position: t.position,
      status: t.status,
      meta,
      last_heartbeat: null,
      is_finished: t.status === 'finished',
      is_queued: t.status === 'queued',
      is_failed: t.status === 'failed',
      is_started: t.status === 'started',
      is_deferred: t.status === 'deferred',
      is_canceled: t.status === 'canceled',
      is_scheduled: t.status === 'scheduled',
      is_stopped: t.status === 'stopped',
    };
  }
}
