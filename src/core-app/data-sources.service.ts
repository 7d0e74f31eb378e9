import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { createHash } from 'crypto';
import { promises as fs } from 'fs';
import * as path from 'path';
import type { EntityManager } from 'typeorm';
import { Clock } from '../core/clock';
import { APP_CONFIG, AppConfig } from '../core/config/config';
import { CrudService, RequestContext } from '../core/crud/crud.service';
import { Database } from '../core/db/database';
import { Jobs } from '../core/jobs/queue';
import { Row } from '../core/model/model';
import { ModelQuery } from '../core/query/model-query';
import { RawJson } from '../core/serialize/raw-json';
import { SyncError, fetchSource, walkFiles } from './data-backends';
import { DataFile, DataSource } from './data-sources.model';
import { JobLog, JobRuns } from './job-runs';

/** What a `datasource` job carries: its job row. */
interface SyncJob {
  job: number;
}

/** Rows a multi-row INSERT takes at once. */
const INSERT_BATCH = 100;

/** A file found by a sync. */
interface FoundFile {
  path: string;
  size: number;
  hash: string;
  data: Buffer;
}

/**
 * NetBox's data source syncs: `POST …/sync/` marks the source queued and enqueues a `core.job`, whose
 * run copies the source's files into data files (created, changed, removed) in one transaction.
 */
@Injectable()
export class DataSourceSyncs implements OnModuleInit {
  private readonly logger = new Logger('DataSources');

  constructor(
    private readonly crud: CrudService,
    private readonly db: Database,
    private readonly jobs: Jobs,
    private readonly runs: JobRuns,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    // NetBox queues a sync under its model's name: QUEUE_MAPPINGS may send `datasource` elsewhere.
    this.jobs.handlers.register('datasource', (job: SyncJob) => this.runSync(job));
  }

  /** NetBox's enqueue_sync_job: the source, now queued. */
  async requestSync(id: number, ctx: RequestContext): Promise<RawJson> {
    const { row } = await this.crud.visibleRow(DataSource, id, ctx);
    await this.setStatus(row.id, 'queued');
    await this.runs.enqueue('datasource', DataSource.label, row.id, '', ctx.user, {}, (job): SyncJob => ({ job }));
    return this.crud.retrieve(DataSource, row.id, { ...ctx, params: {} });
  }

  async runSync(payload: SyncJob): Promise<void> {
    const begun = await this.runs.start(payload.job, (delayMs) => this.jobs.submit('datasource', payload, { delayMs }));
    if (!begun) return;
    const { job, user } = begun;
    let status = 'completed';
    let data: unknown = null;
    let error: unknown;
    const log = this.runs.log();
    try {
      await this.sync(job.object_id, log);
      log.info('Syncing completed successfully');
    } catch (e) {
      status = 'errored';
      error = e;
      const message = e instanceof Error ? e.message : String(e);
      data = { error: message };
      log.error(`Error syncing data source: ${message}`);
      await this.setStatus(job.object_id, 'failed');
      if (e instanceof SyncError) this.logger.warn(`sync of data source ${job.object_id} failed: ${message}`);
      else this.logger.error(`sync of data source ${job.object_id} failed: ${(e as Error).stack ?? message}`);
    }
    await this.runs.terminate('datasource', job, user, status, data, (id): SyncJob => ({ job: id }), { log, error });
  }

  /** NetBox's DataSource.sync(): the files as the source has them now, then the source completed; logged as its job logs it. */
  private async sync(id: number, log: JobLog): Promise<void> {
    const source = await this.crud.internalRow(DataSource, id);
    if (!source) throw new SyncError(`The data source ${id} no longer exists.`);
    log.debug(`Found DataSource ID ${id}`);
    log.info(`Syncing data source ${source.name}`);
    if (source.status === 'syncing') throw new SyncError('Cannot initiate sync; syncing already in progress.');
    await this.setStatus(id, 'syncing');
    const fetched = await fetchSource(source, { timeoutMs: this.config.jobs.timeoutSeconds * 1000 });
    try {
      const found = await this.readFiles(fetched.root, await walkFiles(fetched.root, String(source.ignore_rules ?? '')));
      await this.db.transaction((em) => this.replaceFiles(em, id, found));
    } finally {
      await fetched.cleanup();
    }
    const now = this.clock.now();
    await this.db.transaction((em) => em.createQueryBuilder().update(DataSource.table).set({ status: 'completed', last_synced: now }).where('id = :id', { id }).execute());
  }

  private async readFiles(root: string, paths: string[]): Promise<FoundFile[]> {
    const found: FoundFile[] = [];
    for (const relative of paths) {
      const data = await fs.readFile(path.join(root, relative));
      found.push({ path: relative, size: data.length, hash: createHash('sha256').update(data).digest('hex'), data });
    }
    return found;
  }

  /** Files whose hash changed are rewritten, vanished ones removed, new ones added; unchanged ones keep their `last_updated`. */
  private async replaceFiles(em: EntityManager, sourceId: number, found: FoundFile[]): Promise<void> {
    const known = new Map<string, Row>();
    for (const row of await new ModelQuery(em, DataFile, this.db.driver).where('t.source_id = :sourceId', { sourceId }).select({ id: 't.id', path: 't.path', hash: 't.hash' })) {
      known.set(row.path, row);
    }
    const now = this.clock.now();
    const fresh: Row[] = [];
    for (const file of found) {
      const existing = known.get(file.path);
      known.delete(file.path);
      const changes = { last_updated: now, size: file.size, hash: file.hash, data: file.data };
      if (!existing) fresh.push({ source_id: sourceId, path: file.path, created: now.toISOString().slice(0, 10), ...changes });
      else if (existing.hash !== file.hash) await em.createQueryBuilder().update(DataFile.table).set(changes).where('id = :id', { id: existing.id }).execute();
    }
    const gone = [...known.values()].map((row) => Number(row.id));
    if (gone.length) await em.createQueryBuilder().delete().from(DataFile.table).where('id IN (:...gone)', { gone }).execute();
    for (let i = 0; i < fresh.length; i += INSERT_BATCH) {
      await em.createQueryBuilder().insert().into(DataFile.table).values(fresh.slice(i, i + INSERT_BATCH)).execute();
    }
  }

  /** A source's status, set as NetBox sets it: no change record. */
  private async setStatus(id: number, status: string): Promise<void> {
    await this.db.transaction((em) => em.createQueryBuilder().update(DataSource.table).set({ status }).where('id = :id', { id }).execute());
  }
}

