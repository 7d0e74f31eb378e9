import { All, Controller, Get, HttpCode, Options, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { SuperuserRoute } from '../core/auth/auth.guard';
import { requestContext } from '../core/crud/model.controller';
import { ApiError } from '../core/http/errors';
import { Allow, READ_METHODS } from '../core/http/allow';
import { documentRoute, json } from '../core/openapi/openapi';
import { BackgroundTasks, QUEUES_PATH, TASKS_PATH, TaskAction, WORKERS_PATH } from './background-tasks.service';

const ACTION_METHODS = 'POST, OPTIONS';
/** A queue's or worker's name, a task's id: anything but a slash. */
const KEY = ':key([^/]+)';

function notAllowed(req: Request): never {
  throw new ApiError(405, { detail: `Method "${req.method}" not allowed.` });
}

/** OPTIONS as DRF answers it for a view set without a model: its name and formats. */
function options(name: string) {
  return { name, description: '', renders: ['application/json', 'text/html'], parses: ['application/json'] };
}

const string = { type: 'string' };
const integer = { type: 'integer' };
const nullable = (schema: object) => ({ ...schema, nullable: true });
const dateTime = nullable({ type: 'string', format: 'date-time' });
const object = (properties: Record<string, unknown>) => ({ type: 'object', properties });
const paginated = (item: Record<string, unknown>) =>
  object({ count: integer, next: nullable({ type: 'string', format: 'uri' }), previous: nullable({ type: 'string', format: 'uri' }), results: { type: 'array', items: item } });

const QUEUE = object({
  name: string, url: { type: 'string', format: 'uri' }, jobs: integer, oldest_job_timestamp: string, index: integer, scheduler_pid: nullable(string), workers: integer,
  finished_jobs: integer, started_jobs: integer, deferred_jobs: integer, failed_jobs: integer, scheduled_jobs: integer,
});
const WORKER = object({
  name: string, url: { type: 'string', format: 'uri' }, state: { type: 'string', enum: ['idle', 'busy'] }, birth_date: dateTime, queue_names: { type: 'array', items: string },
  pid: nullable(string), successful_job_count: nullable(integer), failed_job_count: nullable(integer), total_working_time: nullable(integer),
});
const STATUSES = ['queued', 'started', 'deferred', 'scheduled', 'finished', 'failed', 'stopped', 'canceled'];
const TASK = object({
  id: string, url: { type: 'string', format: 'uri' }, description: string, origin: string, func_name: string,
  args: { type: 'array', items: string }, kwargs: { type: 'object', additionalProperties: nullable(string) }, result: nullable(string),
  timeout: integer, result_ttl: nullable(integer), created_at: dateTime, enqueued_at: dateTime, started_at: dateTime, ended_at: dateTime,
  worker_name: nullable(string), position: nullable(integer), status: { type: 'string', enum: STATUSES },
  meta: { type: 'object', additionalProperties: {}, description: '`attempts` made, and the `error` of the last failed one' }, last_heartbeat: nullable(string),
  ...Object.fromEntries(STATUSES.map((s) => [`is_${s}`, { type: 'boolean' }])),
});

const pageParameters = [
  { name: 'limit', in: 'query', required: false, description: 'Number of results to return per page.', schema: integer },
  { name: 'offset', in: 'query', required: false, description: 'The initial index from which to return the results.', schema: integer },
];
const keyParameter = (name: string) => [{ name, in: 'path', required: true, schema: string }];
const operation = (operationId: string, description: string, extra: Record<string, unknown>) => ({ operationId, description, tags: ['core'], ...extra });
const list = (resource: string, noun: string, item: Record<string, unknown>) => ({
  get: operation(`core_background_${resource}_list`, `The ${noun}, for superusers.`, { parameters: pageParameters, responses: { 200: { description: '', ...json(paginated(item)) } } }),
});
const detail = (resource: string, key: string, noun: string, item: Record<string, unknown>) => ({
  get: operation(`core_background_${resource}_retrieve_by_${key}`, `One of the ${noun} by ${key}, for superusers.`, { parameters: keyParameter(key), responses: { 200: { description: '', ...json(item) } } }),
});

const STANDALONE = { standalone: true };
documentRoute(QUEUES_PATH, list('queues', 'job queues, with their jobs counted by state', QUEUE), STANDALONE);
documentRoute(`${QUEUES_PATH}{name}/`, detail('queues', 'name', 'job queues', QUEUE), STANDALONE);
documentRoute(WORKERS_PATH, list('workers', 'workers consuming the job queues', WORKER), STANDALONE);
documentRoute(`${WORKERS_PATH}{name}/`, detail('workers', 'name', 'workers', WORKER), STANDALONE);
documentRoute(TASKS_PATH, list('tasks', 'jobs of every queue: running, in line, scheduled, then ended ones', TASK), STANDALONE);
documentRoute(`${TASKS_PATH}{id}/`, detail('tasks', 'id', 'jobs', TASK), STANDALONE);
const ACTIONS: Record<TaskAction, { description: string; responses: Record<number, { description: string }> }> = {
  delete: { description: 'Remove a job that does not run.', responses: { 200: { description: '' }, 409: { description: 'The job runs.' } } },
  enqueue: { description: 'Put a job in line now: a scheduled one before its time, an ended one to run again.', responses: { 200: { description: '' }, 409: { description: 'The job runs.' } } },
  requeue: { description: 'Put a failed or stopped job in line again.', responses: { 200: { description: '' }, 409: { description: 'The job has not failed.' } } },
  stop: { description: 'Stop a running job: it ends as stopped, without retries.', responses: { 200: { description: 'Stopped.' }, 204: { description: 'The job did not run.' } } },
};
for (const [action, { description, responses }] of Object.entries(ACTIONS)) {
  documentRoute(`${TASKS_PATH}{id}/${action}/`, { post: operation(`core_background_tasks_${action}_create`, description, { parameters: keyParameter('id'), responses }) }, STANDALONE);
}

type RequestContext = ReturnType<typeof requestContext>;

/**
 * The read-only routes of one of RQ's view sets: a page of the resource, one by its key (`:key`), OPTIONS, and 405 for
 * every other method; for superusers only.
 */
function readOnlyResource(
  path: string,
  title: string,
  read: { list(background: BackgroundTasks, ctx: RequestContext): unknown; one(background: BackgroundTasks, key: string, ctx: RequestContext): unknown },
) {
  @Controller(path.slice(1, -1))
  @SuperuserRoute()
  class ReadOnlyResource {
    constructor(readonly background: BackgroundTasks) {}

    @Get()
    @Allow(READ_METHODS)
    list(@Req() req: Request) {
      return read.list(this.background, requestContext(req));
    }

    @Options()
    @Allow(READ_METHODS)
    listOptions() {
      return options(title);
    }

    @All()
    @Allow(READ_METHODS)
    listNotAllowed(@Req() req: Request) {
      notAllowed(req);
    }

    @Get(KEY)
    @Allow(READ_METHODS)
    retrieve(@Req() req: Request, @Param('key') key: string) {
      return read.one(this.background, key, requestContext(req));
    }

    @Options(KEY)
    @Allow(READ_METHODS)
    detailOptions() {
      return options(title);
    }

    @All(KEY)
    @Allow(READ_METHODS)
    detailNotAllowed(@Req() req: Request) {
      notAllowed(req);
    }
  }
  return ReadOnlyResource;
}

/** `/api/core/background-queues/`: the queues the settings name, by name. */
export class BackgroundQueuesController extends readOnlyResource(QUEUES_PATH, 'Background Queues', {
  list: (background, ctx) => background.queues(ctx),
  one: (background, name, ctx) => background.queueByName(name, ctx),
}) {}

/** `/api/core/background-workers/`: the workers consuming the queues, by name. */
export class BackgroundWorkersController extends readOnlyResource(WORKERS_PATH, 'Background Workers', {
  list: (background, ctx) => background.workers(ctx),
  one: (background, name, ctx) => background.workerByName(name, ctx),
}) {}

/** `/api/core/background-tasks/`: the jobs of every queue, by id, and what may be done to one. */
export class BackgroundTasksController extends readOnlyResource(TASKS_PATH, 'Background Tasks', {
  list: (background, ctx) => background.tasks(ctx),
  one: (background, id, ctx) => background.taskById(id, ctx),
}) {
  /** `stop` answers 204 when the task did not run; the others 200 with no body, as NetBox's. */
  @Post(`${KEY}/:action(delete|requeue|enqueue|stop)`)
  @HttpCode(200)
  @Allow(ACTION_METHODS)
  async act(@Res() res: Response, @Param('key') id: string, @Param('action') action: TaskAction) {
    const done = await this.background.act(action, id);
    res.status(done || action !== 'stop' ? 200 : 204).end();
  }

  @Options(`${KEY}/:action(delete|requeue|enqueue|stop)`)
  @Allow(ACTION_METHODS)
  actionOptions() {
    return options('Background Tasks');
  }

  @All(`${KEY}/:action(delete|requeue|enqueue|stop)`)
  @Allow(ACTION_METHODS)
  actionNotAllowed(@Req() req: Request) {
    notAllowed(req);
  }
}
