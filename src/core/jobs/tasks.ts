import { JobSettings } from '../config/config';

/** A task's state, in RQ's words (NetBox's background tasks speak them). */
export type TaskStatus = 'queued' | 'started' | 'deferred' | 'scheduled' | 'finished' | 'failed' | 'stopped' | 'canceled';

/** A task in one of these will not run again unless asked to. */
export const ENDED_STATUSES: readonly TaskStatus[] = ['finished', 'failed', 'stopped', 'canceled'];

/** One job on a queue, whatever runs the queue: what it is, where it stands, how it went. */
export interface TaskInfo {
  id: string;
  queue: string;
  /** What runs it (`webhook`, `script`, …). */
  kind: string;
  data: unknown;
  status: TaskStatus;
  createdAt: Date;
  /** When it was put in line to run: none while it is scheduled. */
  enqueuedAt: Date | null;
  startedAt: Date | null;
  endedAt: Date | null;
  /** What its handler returned, once finished. */
  result: unknown;
  /** Why its last attempt failed. */
  error: string | null;
  attempts: number;
  workerName: string | null;
  /** Its place in its queue's line (0: next), while queued. */
  position: number | null;
  timeoutSeconds: number;
  /** How long a finished task is kept; none where the number kept bounds them instead. */
  resultTtlSeconds: number | null;
}

/** A queue's jobs by state, and who consumes it. */
export interface QueueInfo {
  name: string;
  /** Its place among the queues the settings name. */
  index: number;
  queued: number;
  started: number;
  deferred: number;
  scheduled: number;
  finished: number;
  failed: number;
  workers: number;
  /** When the next job in line was enqueued. */
  oldestQueuedAt: Date | null;
  /** The process that moves scheduled jobs in line when due, where one does. */
  schedulerPid: number | null;
}

export interface WorkerInfo {
  name: string;
  state: 'idle' | 'busy';
  birthDate: Date | null;
  queueNames: string[];
  pid: number | null;
  /** Jobs it finished and failed, and the seconds it spent on them, where known. */
  successful: number | null;
  failed: number | null;
  workingSeconds: number | null;
}

export interface TaskPage {
  count: number;
  tasks: TaskInfo[];
}

/**
 * What an action on a task came to: done; no such task; the task runs (it cannot be deleted or put in line
 * again); it does not run (nothing to stop); it has not failed (nothing to requeue).
 */
export type TaskOutcome = 'done' | 'missing' | 'running' | 'not-running' | 'not-failed';

/**
 * Where a task comes in a listing, in both modes: running ones, those in line (in its order), waiting ones,
 * scheduled ones (soonest first), then ended ones, failed before finished (latest first); queue by queue in each.
 */
export const LISTING_RANK: Record<TaskStatus, number> = { started: 0, queued: 1, deferred: 2, scheduled: 3, failed: 4, stopped: 4, canceled: 4, finished: 5 };

/** The failure a stopped task ends with. */
export const STOPPED_REASON = 'Stopped by request';

/** Every queue the settings name: the ones workers consume, in their order, then those kinds are mapped to, then `default`. */
export function queueNames(settings: JobSettings): string[] {
  return [...new Set([...settings.workerQueues, ...Object.values(settings.queueMappings), 'default'])];
}
