import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { Gauge, Registry } from 'prom-client';
import { EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { Database } from '../db/database';
import type { CachedReads } from '../db/read-cache';
import { EnqueueOptions, Jobs } from '../jobs/queue';
import { ENDED_STATUSES } from '../jobs/tasks';
import { Shutdown } from '../lifecycle/shutdown';
import { deadline } from '../util/timeout';
import { ChangeEvent, ChangeEvents, CommittedChanges, JobSubmission } from './change-events';
import { OutboxEntry } from './outbox.model';

/** A transaction's changes as the outbox keeps them: what a relay needs to tell them again in another process. */
export interface StoredChanges {
  changes: Array<{ model: string; action: ChangeEvent['action']; id: number; prechange: unknown; postchange: unknown }>;
  deleted: Array<[string, unknown]>;
  userId: number | null;
  requestId: string | null;
  request?: { method: string; path: string };
}

/** The committed changes a stored entry tells, with reads and rendering after the commit (given by the CRUD layer). */
export type Rebuild = (stored: StoredChanges) => Promise<CommittedChanges>;

/** A job with its id in the queue, which every repeat of it keeps. */
export type QueuedJob = JobSubmission & { jobId: string };

const CHANGES = 'changes';
/** The comment a sweep's look for lapsed entries starts with. */
export const SWEEP_COMMENT = 'outbox sweep';
/** Stale entries a sweep takes at once. */
const SWEEP_BATCH = 200;
/** How long a sweep waits on the queue for a job's state before it leaves the entry to the next sweep. */
const STATE_TIMEOUT_MS = 5000;

const errorMessage = (e: unknown) => (e instanceof Error ? e.message : String(e));

const TIMED_OUT = Symbol('timed out');

/**
 * Events are delivered at least once. A write records its changes in its own transaction when a durable listener (event
 * rules, notifications) wants them; after the commit, the writing process's relay tells the listeners, and the jobs they
 * submit replace the entry in one transaction; each job's entry goes once the job has run. An entry whose claim lapsed
 * (its process stopped, or Redis lost its job) is taken over by the next sweep of any process.
 */
@Injectable()
export class Outbox implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Outbox');
  private rebuild: Rebuild | null = null;
  private sweeper?: NodeJS.Timeout;
  private firstSweep?: NodeJS.Timeout;
  private sweeping: Promise<void> | null = null;
  private stopped = false;
  /** Relays under way: a shutdown lets them write their jobs first. */
  private readonly working = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly jobs: Jobs,
    private readonly events: ChangeEvents,
    private readonly shutdown: Shutdown,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    // Any job may be one of the outbox's: its ids are plain UUIDs, as RQ's are (the background tasks show them).
    jobs.handlers.onSettled((id) => {
      this.settled(id).catch((e) => this.logger.warn(`could not clear the outbox entry of job ${id}: ${errorMessage(e)}`));
    });
  }

  /** How committed changes are told again from their stored form, outside the request that made them. */
  rebuildWith(rebuild: Rebuild): void {
    this.rebuild = rebuild;
  }

  private get claimMs(): number {
    return this.config.jobs.outboxCheckSeconds * 1000;
  }

  private param(date: Date): unknown {
    return OutboxEntry.fields.claimed_until.toParam(date, this.db.driver);
  }

  /** In the write's transaction: its changes, kept until they are told, if a durable listener wants them; the entry's id. */
  async record(em: EntityManager, changes: Omit<CommittedChanges, 'reads' | 'render'>, cache?: CachedReads): Promise<number | null> {
    if (!changes.changes.length || !(await this.events.interested(changes.changes, em, cache))) return null;
    const stored: StoredChanges = {
      changes: changes.changes.map((c) => ({ model: c.model.label, action: c.action, id: c.id, prechange: c.prechange ?? null, postchange: c.postchange ?? null })),
      deleted: [...changes.deleted],
      userId: typeof changes.user?.id === 'number' ? changes.user.id : null,
      requestId: changes.requestId,
      request: changes.request,
    };
    const now = new Date();
    // Claimed by this process, whose relay tells them right after the commit; another takes over once the claim lapses.
    const result = await em
      .createQueryBuilder()
      .insert()
      .into(OutboxEntry.table)
      .values({ kind: CHANGES, job_id: null, payload: stored, options: {}, recorded: this.param(now), claimed_until: this.param(new Date(now.getTime() + this.claimMs)), attempts: 1 })
      .execute();
    return Number(result.identifiers[0]?.id ?? result.raw?.[0]?.id ?? result.raw);
  }

  /**
   * In a transaction: jobs kept until they have run, so that a queue that is down or loses one does not lose it.
   * After the commit, `queue` hands them over; a sweep hands one again where the queue does not have it.
   */
  async recordJobs(em: EntityManager, jobs: QueuedJob[]): Promise<void> {
    if (!jobs.length) return;
    const now = new Date();
    await em
      .createQueryBuilder()
      .insert()
      .into(OutboxEntry.table)
      .values(
        jobs.map((job) => ({
          kind: job.kind, job_id: job.jobId, payload: job.data ?? null, options: job.options ?? {},
          recorded: this.param(now), claimed_until: this.param(new Date(now.getTime() + this.claimMs)), attempts: 1,
        })),
      )
      .execute();
  }

  /** After the commit of `recordJobs`'s transaction: the job to the queue. */
  queue(job: QueuedJob): void {
    this.hand(job.kind, job.data, { ...job.options, jobId: job.jobId });
  }

  /** After the commit, in the process that wrote: the recorded changes told, with what the request already holds. */
  relay(id: number, committed: CommittedChanges): void {
    const work = this.tell(id, committed)
      .catch((e) => this.logger.error(`events of outbox entry ${id} not yet told (a later sweep tries again): ${errorMessage(e)}`))
      .finally(() => this.working.delete(work));
    this.working.add(work);
  }

  /** The durable listeners told; the jobs they submit take the entry's place in one transaction, then go to the queue. */
  private async tell(id: number, committed: CommittedChanges): Promise<void> {
    const jobs: JobSubmission[] = [];
    await this.events.deliver({ ...committed, submit: (job) => jobs.push(job) });
    // Unique beyond this database (a queue may outlive it, or serve another): kept with the entry, the same at every repeat.
    const rows = jobs.map((job) => ({ ...job, jobId: randomUUID() }));
    const replaced = await this.db.transaction(async (em) => {
      const gone = await em.createQueryBuilder().delete().from(OutboxEntry.table).where('id = :id AND kind = :kind', { id, kind: CHANGES }).execute();
      // Told already by another process: its jobs are in.
      if (!gone.affected) return false;
      await this.recordJobs(em, rows);
      return true;
    });
    if (replaced) for (const job of rows) this.queue(job);
  }

  private hand(kind: string, data: unknown, options: EnqueueOptions): void {
    // The entry stays until the job has run: a queue that loses it gets it again at the next check.
    this.jobs.queue.enqueue(kind, data, options).catch((e) => this.logger.warn(`job ${options.jobId} not yet queued (a later sweep tries again): ${errorMessage(e)}`));
  }

  /** A job of the outbox has run (or failed for good): its entry goes. */
  private async settled(jobId: string): Promise<void> {
    await this.db.transaction((em) => em.createQueryBuilder().delete().from(OutboxEntry.table).where('job_id = :jobId', { jobId }).execute());
  }

  onApplicationBootstrap(): void {
    // Soon after a start, what a stopped process left; then at every check interval.
    this.firstSweep = setTimeout(() => this.sweep(), Math.min(1000, this.claimMs)).unref();
    this.sweeper = setInterval(() => this.sweep(), this.claimMs).unref();
  }

  /** One sweep at a time: the entries whose claim lapsed, claimed one by one so that two processes never take the same. */
  sweep(): Promise<void> {
    if (this.stopped || this.sweeping) return this.sweeping ?? Promise.resolve();
    this.sweeping = this.sweepOnce()
      .catch((e) => this.logger.warn(`outbox sweep failed: ${errorMessage(e)}`))
      .finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  private async sweepOnce(): Promise<void> {
    const now = new Date();
    const stale: Array<{ id: number; kind: string; job_id: string | null; payload: unknown; options: unknown; recorded: unknown }> = await this.db.manager
      .createQueryBuilder()
      // Named in the SQL: a timer's statement, not a request's (the statement-counting tests leave it out).
      .comment(SWEEP_COMMENT)
      .select(['id', 'kind', 'job_id', 'payload', 'options', 'recorded'])
      .from(OutboxEntry.table, 'o')
      .where('o.claimed_until IS NULL OR o.claimed_until < :now', { now: this.param(now) })
      .orderBy('o.id')
      .limit(SWEEP_BATCH)
      .getRawMany();
    for (const entry of stale) {
      if (this.stopped) return;
      if (!(await this.claim(entry.id, now))) continue;
      if (entry.kind === CHANGES) {
        if (!this.rebuild) continue;
        const committed = await this.rebuild(parsed(entry.payload) as StoredChanges);
        await this.tell(entry.id, committed).catch((e) => this.logger.error(`events of outbox entry ${entry.id} not yet told: ${errorMessage(e)}`));
      } else if (!(await this.check(entry.kind, String(entry.job_id), parsed(entry.payload), stillDelayed(parsed(entry.options) as EnqueueOptions, entry.recorded, now)))) {
        // The queue does not answer: the rest wait for the next sweep rather than a timeout each.
        return;
      }
    }
  }

  /** Takes an entry whose claim lapsed; false when another process took it first. */
  private async claim(id: number, now: Date): Promise<boolean> {
    const result = await this.db.transaction((em) =>
      em
        .createQueryBuilder()
        .update(OutboxEntry.table)
        .set({ claimed_until: this.param(new Date(Date.now() + this.claimMs)), attempts: () => 'attempts + 1' })
        .where('id = :id AND (claimed_until IS NULL OR claimed_until < :now)', { id, now: this.param(now) })
        .execute(),
    );
    return !!result.affected;
  }

  /**
   * A job's entry, not yet known to have run: gone once the job ended, queued again where the queue has lost it.
   * False when the queue does not answer.
   */
  private async check(kind: string, jobId: string, data: unknown, options: EnqueueOptions): Promise<boolean> {
    const gaveUp = (): typeof TIMED_OUT => TIMED_OUT;
    const task = await deadline(this.jobs.queue.task(jobId), STATE_TIMEOUT_MS, gaveUp).catch(gaveUp);
    if (task === TIMED_OUT) return false;
    if (task && ENDED_STATUSES.includes(task.status)) await this.settled(jobId);
    else if (!task) {
      this.logger.warn(`job ${jobId} (${kind}) is not in the queue: queued again`);
      this.hand(kind, data, { ...options, jobId });
    }
    return true;
  }

  /** Entries waiting, and the age of the oldest, on `/metrics`. */
  registerMetrics(metrics: Registry): void {
    let read: Promise<{ depth: number; oldest: number }> | null = null;
    // Both gauges of one scrape from one statement.
    const measure = () =>
      (read ??= this.measure().finally(() => setImmediate(() => (read = null))));
    new Gauge({
      name: 'outbox_events',
      help: 'Events and jobs recorded in the outbox and not yet delivered',
      registers: [metrics],
      async collect() {
        this.set((await measure()).depth);
      },
    });
    new Gauge({
      name: 'outbox_oldest_event_age_seconds',
      help: 'Age of the oldest event or job in the outbox (0 when it is empty)',
      registers: [metrics],
      async collect() {
        this.set((await measure()).oldest);
      },
    });
  }

  private async measure(): Promise<{ depth: number; oldest: number }> {
    const [row] = await this.db.manager.createQueryBuilder().select('COUNT(*)', 'depth').addSelect('MIN(o.recorded)', 'oldest').from(OutboxEntry.table, 'o').getRawMany();
    const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
    return { depth: Number(row?.depth ?? 0), oldest: oldest === null || Number.isNaN(oldest) ? 0 : Math.max(0, (Date.now() - oldest) / 1000) };
  }

  /** No new sweep; relays under way write their jobs while the drain lasts. What is left waits for the next process. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.firstSweep);
    clearInterval(this.sweeper);
    const busy = [...this.working, ...(this.sweeping ? [this.sweeping] : [])];
    if (busy.length) await this.shutdown.within(`${busy.length} outbox relays`, Promise.allSettled(busy));
  }
}

/** A job's options as it is handed again: a delay counts from when the job was recorded, not from now. */
function stillDelayed(options: EnqueueOptions, recorded: unknown, now: Date): EnqueueOptions {
  if (!options.delayMs) return options;
  const at = OutboxEntry.fields.recorded.fromDb(recorded);
  return at ? { ...options, delayMs: Math.max(0, options.delayMs - (now.getTime() - at.getTime())) } : options;
}

/** A JSON column as the driver reads it: PostgreSQL parses it, SQLite hands over its text. */
function parsed(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}
