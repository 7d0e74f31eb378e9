import { Injectable } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { Clock } from '../core/clock';
import { Database } from '../core/db/database';
import { Outbox } from '../core/events/outbox';
import { Jobs } from '../core/jobs/queue';
import { formatTimestamp } from '../core/model/fields';
import { Row, registry } from '../core/model/model';
import { ModelQuery } from '../core/query/model-query';
import { pythonRepr } from '../core/util/python-repr';
import { EventType } from '../extras/events/event-rule.model';
import { EventRules } from '../extras/events/event-rules.service';
import { Job } from './job.model';

/** When a job runs: now, or at a time; and again every `interval` minutes after that. */
export interface JobSchedule {
  scheduleAt?: Date | null;
  interval?: number | null;
}

/** The event a job's end is, by the status it ended with. */
const JOB_ENDS: Record<string, EventType> = { completed: 'job_completed', failed: 'job_failed', errored: 'job_errored' };

/** A job's row, once written: the fields NetBox's Job changes as it runs. */
type JobChanges = Partial<Record<'status' | 'started' | 'completed' | 'data' | 'error' | 'log_entries', unknown>>;

/** One line of a job's log, as NetBox 4.2's JobLogEntry serializes it: a Python logging level's name, in lower case. */
export interface JobLogEntry {
  level: 'debug' | 'info' | 'warning' | 'error';
  message: string;
  timestamp: string;
}

/** What a job's runner logs as it runs (NetBox's JobRunner logger), kept as the job's `log_entries` when it ends. */
export class JobLog {
  readonly entries: JobLogEntry[] = [];
  constructor(private readonly clock: Clock) {}
  debug = (message: string) => this.add('debug', message);
  info = (message: string) => this.add('info', message);
  warning = (message: string) => this.add('warning', message);
  error = (message: string) => this.add('error', message);
  private add(level: JobLogEntry['level'], message: string): void {
    // DRF renders a logged datetime with its microseconds, UTC as `Z`.
    this.entries.push({ level, message, timestamp: formatTimestamp(this.clock.now()) });
  }
}

/** How a job ended beyond its status and data: its log, and for one that errored, the failure (NetBox's `repr(e)`). */
export interface JobOutcome {
  log?: JobLog;
  error?: unknown;
}

/** Python's repr of an exception, as NetBox keeps a job's error: `ValueError('message')`. */
export function errorRepr(error: unknown): string {
  const e = error instanceof Error ? error : new Error(String(error));
  return `${e.name}(${pythonRepr(e.message)})`;
}

/**
 * NetBox's Job life: a `core.job` row for an object (a script's module, a data source), the job on the queue
 * under its `kind` (QUEUE_MAPPINGS names it), its start and end with their event rules, and its recurrence.
 */
@Injectable()
export class JobRuns {
  constructor(
    private readonly db: Database,
    private readonly jobs: Jobs,
    private readonly events: EventRules,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  /** NetBox's Job.enqueue: a pending (or scheduled) job row, then the job on the queue, delayed until its time. */
  async enqueue(kind: string, objectType: string, objectId: number, name: string, user: Row | null, schedule: JobSchedule, payload: (id: number) => unknown): Promise<Row> {
    const now = this.clock.now();
    const row: Row = {
      object_type: objectType,
      object_id: objectId,
      name,
      status: schedule.scheduleAt ? 'scheduled' : 'pending',
      created: now,
      scheduled: schedule.scheduleAt ?? null,
      interval: schedule.interval ?? null,
      started: null,
      completed: null,
      user_id: user?.id ?? null,
      data: null,
      job_id: randomUUID(),
      queue_name: this.jobs.queueOf(kind),
      error: '',
      notifications: 'always',
      log_entries: [],
    };
    const delayMs = schedule.scheduleAt ? Math.max(0, schedule.scheduleAt.getTime() - now.getTime()) : 0;
    // The job is kept in the outbox with its row: a queue that is down, or loses it, gets it again.
    const { id, job } = await this.db.transaction(async (em) => {
      const result = await em.createQueryBuilder().insert().into(Job.table).values(row).execute();
      const id = Number(result.identifiers[0]?.id ?? result.raw?.[0]?.id ?? result.raw);
      const job = { kind, data: payload(id), options: { delayMs }, jobId: row.job_id as string };
      await this.outbox.recordJobs(em, [job]);
      return { id, job };
    });
    this.outbox.queue(job);
    return (await this.load(id))!;
  }

  async load(id: number): Promise<Row | null> {
    const [row] = await new ModelQuery(this.db.manager, Job, this.db.driver).whereIdIn([id]).rows();
    return row ?? null;
  }

  private async loadUser(id: number | null): Promise<Row | null> {
    if (id === null) return null;
    const [user] = await new ModelQuery(this.db.manager, registry.get('users.user')!, this.db.driver).whereIdIn([id]).rows();
    return user ?? null;
  }

  /** Writes a job's changes and reads it back. */
  private async update(job: Row, changes: JobChanges): Promise<Row> {
    await this.db.transaction((em) => em.createQueryBuilder().update(Job.table).set(changes).where('id = :id', { id: job.id }).execute());
    return (await this.load(job.id))!;
  }

  /**
   * NetBox's job.start(): running from now, and the job-start event rules. A job already started (a
   * queue that delivers twice) is not run again; one delivered before its time is handed to `again`.
   */
  async start(id: number, again: (delayMs: number) => void): Promise<{ job: Row; user: Row | null } | null> {
    const job = await this.load(id);
    if (!job || !['pending', 'scheduled'].includes(job.status)) return null;
    // Delivered early (an in-process timer cannot wait more than about 24 days): wait for the rest.
    const early = job.scheduled ? (job.scheduled as Date).getTime() - this.clock.now().getTime() : 0;
    if (early > 1000) {
      again(early);
      return null;
    }
    // Taken by one worker only, whatever the number of deliveries.
    const claimed = await this.db.transaction((em) =>
      em
        .createQueryBuilder()
        .update(Job.table)
        .set({ status: 'running', started: this.clock.now() })
        .where('id = :id AND status IN (:...waiting)', { id: job.id, waiting: ['pending', 'scheduled'] })
        .execute(),
    );
    if (!claimed.affected) return null;
    const [user, started] = await Promise.all([this.loadUser(job.user_id), this.load(job.id)]);
    await this.events.jobEvent(started!, 'job_started', user);
    return { job: started!, user };
  }

  /** A log for a job's run, its entries timed by this service's clock. */
  log(): JobLog {
    return new JobLog(this.clock);
  }

  /**
   * NetBox's job.terminate(): its end, its data, log and error, and the job-end event rules; then, when it recurs, the next
   * run `interval` minutes after this one's time.
   */
  async terminate(kind: string, job: Row, user: Row | null, status: string, data: unknown, payload: (id: number) => unknown, outcome: JobOutcome = {}): Promise<void> {
    const changes: JobChanges = { status, completed: this.clock.now(), data };
    if (outcome.log) changes.log_entries = outcome.log.entries;
    if (outcome.error !== undefined) changes.error = errorRepr(outcome.error);
    const ended = await this.update(job, changes);
    await this.events.jobEvent(ended, JOB_ENDS[status] ?? 'job_completed', user);
    if (!job.interval) return;
    const next = new Date(((job.scheduled ?? job.started) as Date).getTime() + job.interval * 60_000);
    await this.enqueue(kind, job.object_type, job.object_id, job.name, user, { scheduleAt: next, interval: job.interval }, payload);
  }
}
