import { Inject, Injectable } from '@nestjs/common';
import { Readable } from 'stream';
import { EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { Database } from '../db/database';
import { Dialect } from '../dialect/dialect';
import { nativeDialect } from '../dialect/registry';
import { CachedReads, PrereadVersions, ReadCache } from '../db/read-cache';
import { NotFoundError, PermissionDeniedError, PreconditionFailedError, ValidationError } from '../http/errors';
import { etagOf } from '../http/etag';
import { FieldError, pythonType } from '../model/fields';
import { ModelDef, Row, WriteContext, registry } from '../model/model';
import { PermissionService } from '../auth/permissions';
import { ChangeEvents, CommittedChanges, deletedKey } from '../events/change-events';
import { Outbox, StoredChanges } from '../events/outbox';
import { Scope, scopeSql } from '../query/constraints';
import { QueryParams, applyFilters } from '../query/filters';
import { ModelQuery, RowsOptions, Statement } from '../query/model-query';
import { RawJson, jsonBytesOf } from '../serialize/raw-json';
import { KeyChoice, Mode, RenderContext, Representation, countsFor, objectListColumns, rememberObjectLists, represent, representByIds, rowsByIds } from '../serialize/serializer';
import { Semaphore } from '../util/semaphore';
import { CHANGELOG_MESSAGE, Writer, changelogMessage, eachOrNone } from '../write/writer';
import { Page, cursorLinks, pageLinks, pageOf, takesCursor } from './pagination';
import { listJson, listStreaming } from './stream';

/** What a use case needs to know about the request it serves. */
export interface RequestContext {
  /** Scheme, host and the dialect's base path, if the request named one: `url` fields are absolute. */
  baseUrl: string;
  /** The API generation the request speaks; the stored names (the native dialect) when absent. */
  dialect?: Dialect;
  /** The request's absolute URL: pagination links are built from it. */
  url: string;
  /** The request's HTTP method, as NetBox 4.6's webhooks tell the request that caused an event. */
  method?: string;
  params: QueryParams;
  /** The requesting user; null for anonymous reads of exempt models. */
  user: Row | null;
  /** The objects the user's permissions cover for this request's action. */
  scope: Scope;
  /** The X-Request-ID of the request, stamped on its change records. */
  requestId?: string;
  /** Settles once the response is sent or abandoned. */
  sent?: Promise<void>;
  /** The tables' write versions, when the request's authentication read them: its cached reads use them. */
  readVersions?: PrereadVersions;
  /** If-Match (NetBox 4.6): ETags one of which each object changed or deleted must still have; none, no precondition. */
  ifMatch?: string[];
  /** Hears the ETag of the one object the request answers with, where its route sends one (NetBox 4.6). */
  etag?: (value: string) => void;
}

export interface ListResult {
  /** Null for a page by cursor, which is not counted. */
  count: number | null;
  next: string | null;
  previous: string | null;
  results: RawJson[];
}

const TRUE = /^(1|true|t|yes|y|on)$/i;
/** The largest id an integer column holds. */
const MAX_ID = 2_147_483_647;

/**
 * Pages read and rendered at once. Each holds its rows and their representation until it is sent:
 * this bounds the service's memory whatever the number of clients, and a single-threaded process
 * gains nothing from interleaving more. Every other request's turns of the event loop wait behind
 * the pages' work: beside 8 clients reading spread pages on PostgreSQL (100,000 devices), a write
 * answered in about half the time with 2 slots as with 4 (p50 25 ms, p95 85 ms, from 44 and 115),
 * and the readers were as fast; with 1 they were a fifth slower. With 2, one slow list
 * leaves the other slot to the rest.
 */
const LIST_SLOTS = 2;
const ROWS_PER_SLOT = 250;
/**
 * How long a page keeps its slot while its response is being sent: what it holds (its representation,
 * its bytes) counts until then, but a client that reads slowly must not hold up the others for long.
 */
const SEND_WAIT_MS = 2000;

/** The column in which the rows a write answers with carry every table's write version. */
const VERSIONS_COLUMN = '__versions';

/** How a write reads the objects it answers with; `statement` is null where nothing else is read with the rows. */
interface AnswerRead {
  model: ModelDef;
  query: ModelQuery;
  options: RowsOptions;
  statement: Statement | null;
}

/** The use cases every model has: list, retrieve, create, update, delete, each in bulk too. */
@Injectable()
export class CrudService {
  private readonly listSlots = new Semaphore(LIST_SLOTS);
  constructor(
    private readonly db: Database,
    private readonly cache: ReadCache,
    private readonly permissions: PermissionService,
    private readonly events: ChangeEvents,
    private readonly outbox: Outbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    outbox.rebuildWith((stored) => this.rebuildCommitted(stored));
  }

  /** Changes an outbox entry kept, told again by another process: reads and rendering as after their commit. */
  private async rebuildCommitted(stored: StoredChanges): Promise<CommittedChanges> {
    const users = registry.get('users.user');
    const user = stored.userId !== null && users ? await this.internalRow(users, stored.userId) : null;
    const changes = stored.changes.flatMap((c) => {
      const model = registry.get(c.model);
      return model ? [{ model, action: c.action, id: c.id, prechange: c.prechange, postchange: c.postchange }] : [];
    });
    const reads = this.cache.reader();
    const ctx: RequestContext = { baseUrl: '', url: '', params: {}, user, scope: 'all' };
    const render = (model: ModelDef, ids: number[], dialect?: Dialect) => representByIds(this.eventRender(ctx, this.db.manager, reads, dialect), model, ids, 'full');
    return { changes, deleted: new Map(stored.deleted), user, requestId: stored.requestId, request: stored.request, reads, render };
  }

  /** A query over the objects this request may see: the model's restriction and the user's permissions. */
  private visible(em: EntityManager, model: ModelDef, ctx: RequestContext): ModelQuery {
    const query = new ModelQuery(em, model, this.db.driver);
    query.user = ctx.user;
    const restriction = ctx.user && model.restrict ? model.restrict(ctx.user) : null;
    if (restriction) query.where(scopeSql(query, Array.isArray(restriction) ? restriction : [restriction]));
    if (ctx.scope !== 'all') query.where(scopeSql(query, ctx.scope));
    return query;
  }

  private async isVisible(em: EntityManager, model: ModelDef, id: number, ctx: RequestContext): Promise<boolean> {
    return (await this.visible(em, model, ctx).whereIdIn([id]).count()) > 0;
  }

  /** Before a change or delete: an object outside the user's scope does not exist for them. */
  private async requireVisible(em: EntityManager, model: ModelDef, id: number, ctx: RequestContext): Promise<void> {
    // Everything is visible: an object that does not exist is the writer's 404.
    if (ctx.scope === 'all' && !(ctx.user && model.restrict?.(ctx.user))) return;
    if (!(await this.isVisible(em, model, id, ctx))) throw new NotFoundError();
  }

  /**
   * If-Match: each object must still be as the client read it, its ETag among those given, or nothing is written (412).
   * As NetBox, the check holds the rows' lock, so that no write comes between it and the request's own.
   */
  private async requireCurrent(em: EntityManager, model: ModelDef, ids: number[], ctx: RequestContext, locked = false): Promise<void> {
    const given = ctx.ifMatch;
    const columns = ['last_updated', 'created'].filter((name) => model.storedFields[name]?.stored);
    if (!given?.length || !columns.length) return;
    if (!locked) await this.db.lockRows(em, model.table, ids);
    // An id beyond the column's range names no row (PostgreSQL would refuse the comparison).
    const named = ids.filter((id) => id <= MAX_ID);
    const rows = await new ModelQuery(em, model, this.db.driver).whereIdIn(named).rows({ columns: ['id', ...columns], order: ['id'] });
    for (const row of rows) {
      const current = etagOf(row);
      if (current && !given.includes(current)) throw new PreconditionFailedError(current);
    }
  }

  /** After a write: an object left outside the user's permissions undoes the whole request. */
  private async requireStillPermitted(em: EntityManager, model: ModelDef, ids: number[], ctx: RequestContext): Promise<void> {
    if (ctx.scope === 'all') return;
    const query = new ModelQuery(em, model, this.db.driver).whereIdIn(ids);
    if ((await query.where(scopeSql(query, ctx.scope)).count()) < new Set(ids).size) throw new PermissionDeniedError();
  }

  /**
   * Runs `work` in one transaction with a writer whose change records are written together at its end;
   * once it has committed, what it changed is announced (outbound events). What it answers comes with
   * a reader for what follows the commit.
   */
  async write<T>(
    ctx: RequestContext,
    work: (writer: Writer, em: EntityManager) => Promise<T>,
    answer?: (result: T) => { model: ModelDef; ids: number[] },
  ): Promise<{ result: T; reads: CachedReads; answerRows?: Promise<Row[]> }> {
    let done: Omit<CommittedChanges, 'reads' | 'render'> | null = null;
    let recorded: number | null = null;
    // What the answer reads, planned as the work ends (on PostgreSQL, read in its COMMIT's message).
    const planned: { answer: AnswerRead | null } = { answer: null };
    const { value: result, rows: answered } = await this.db.transactionEndingWith(
      async (em) => {
        // A transaction run again starts from nothing.
        const deleted = new Map<string, unknown>();
        const writer = this.writer(em, ctx, deleted);
        const value = await work(writer, em);
        await writer.flushChangeRecords();
        const request = ctx.method ? { method: ctx.method, path: new URL(ctx.url).pathname } : undefined;
        done = { changes: writer.changes, deleted, user: ctx.user, requestId: ctx.requestId ?? null, request };
        // With the changes, in their transaction: the events they cause, delivered even if this process stops now.
        recorded = await this.outbox.record(em, done, writer.context?.cache);
        return value;
      },
      // The answer's rows, with every table's version, in the COMMIT's round trip: they are as the commit leaves them.
      (value) => (planned.answer = answer ? this.answerRead(answer(value), ctx.dialect) : null)?.statement ?? null,
    );
    // What the response and the events read after the commit shares one look at the versions.
    const reads = this.cache.reader();
    // Before the events' reads ask for them: the answer's rows bring the versions with them.
    const answerRows = planned.answer ? this.answerRows(planned.answer, reads, answered) : undefined;
    if (done) {
      const render = (model: ModelDef, ids: number[], dialect?: Dialect) => representByIds(this.eventRender(ctx, this.db.manager, reads, dialect), model, ids, 'full');
      const committed = { ...(done as Omit<CommittedChanges, 'reads' | 'render'>), reads, render };
      this.events.committed(committed);
      if (recorded !== null) this.outbox.relay(recorded, committed);
    }
    return { result, reads, answerRows };
  }

  /** What a write answers with: the rows of its objects, with every table's version and what they list by id (tags, referrers). */
  private answerRead({ model, ids }: { model: ModelDef; ids: number[] }, dialect?: Dialect): AnswerRead {
    const versions = this.cache.versionsExpression();
    const options: RowsOptions = { counts: countsFor(model, 'full', dialect), order: ['id'] };
    const query = new ModelQuery(this.db.manager, model, this.db.driver).whereIdIn(ids);
    // Without the cache, nothing else: the rows alone, read after the commit.
    if (!versions) return { model, query, options, statement: null };
    const withVersions = { ...options, also: { [VERSIONS_COLUMN]: versions.sql, ...objectListColumns(model, query) } };
    return { model, query, options: withVersions, statement: query.rowsStatement(withVersions) };
  }

  /**
   * The rows of the objects a write answers with, as read with its COMMIT (`raw`), or read now; with the versions they
   * carry given to the reads that follow.
   */
  private answerRows({ model, query, options, statement }: AnswerRead, reads: CachedReads, raw: unknown[] | null): Promise<Row[]> {
    const read = raw ? Promise.resolve((raw as Row[]).map(query.reader(options))) : query.rows(options);
    if (!statement) return read;
    const loading = read.then((rows) => {
      const text = rows.length ? String(rows[0][VERSIONS_COLUMN] ?? '') : null;
      for (const row of rows) delete row[VERSIONS_COLUMN];
      return { rows, text };
    });
    reads.supply(loading.then(({ text }) => text));
    return loading.then(async ({ rows }) => {
      await rememberObjectLists(reads, model, rows);
      return rows;
    });
  }

  private writer(em: EntityManager, ctx: RequestContext, deleted: Map<string, unknown>): Writer {
    const user = ctx.user;
    const write: WriteContext = {
      user,
      requestId: ctx.requestId,
      config: this.config,
      dialect: ctx.dialect,
      cache: this.cache.readerAsOf(ctx.readVersions),
      can: (type, action) => (user ? this.permissions.can(user, type, action) : Promise.resolve(false)),
      beforeDelete: async (model, row) => {
        // As NetBox's outbound events show objects: without a request, so with relative URLs; in each dialect wanted.
        for (const dialect of await this.events.wantsDeleted(model, em, write.cache)) {
          const [data] = await representByIds(this.eventRender(ctx, em, undefined, dialect), model, [row.id], 'full');
          deleted.set(deletedKey(model, row.id, dialect), data);
        }
      },
    };
    const writer = new Writer(em, this.db.driver, write);
    writer.deferChangeRecords();
    return writer;
  }

  /**
   * The objects a write left, rendered once it has committed: outside the transaction, the cache
   * may serve what they nest.
   */
  private async written(model: ModelDef, ids: number[], ctx: RequestContext, reads: CachedReads, opts: { rows?: Promise<Row[]>; fresh?: boolean; single?: boolean; chosen?: KeyChoice } = {}): Promise<Representation[]> {
    if (!opts.rows) await reads.prefetch();
    const rows = opts.rows ?? rowsByIds(this.db.manager, this.db.driver, model, ids, 'full', ctx.dialect);
    // One object answered alone carries its ETag.
    if (opts.single) this.tellEtag(ctx, (await rows)[0]);
    return representByIds({ ...this.render(ctx, this.db.manager, reads, opts.chosen), fresh: opts.fresh }, model, ids, 'full', rows);
  }

  /** Tells the request an answered object's ETag, where it listens and the object has one. */
  private tellEtag(ctx: RequestContext, row: Row | undefined): void {
    const tag = ctx.etag && row ? etagOf(row) : null;
    if (tag) ctx.etag!(tag);
  }

  async list(model: ModelDef, ctx: RequestContext): Promise<ListResult> {
    const reads = this.cache.reader(ctx.readVersions);
    const { query, mode, chosen, page, select } = await this.listQuery(model, ctx, reads);
    const release = await this.listSlots.acquire(slotsFor(page.limit));
    try {
      const render = this.render(ctx, this.db.manager, reads, chosen);
      // Where representations are remembered, the page's ids first: only objects not remembered are read whole.
      // The versions are read beside the page, before anything is read through them.
      let wholly = true;
      let ids: number[];
      let represented: Promise<RawJson[]>;
      if (reads.remembersRepresentations && this.cache.pagesMostlyRemembered(model.label)) {
        [, ids] = await Promise.all([reads.prefetch(), query.ids(select)]);
        const read = (missing: number[]) => ((wholly = false), new ModelQuery(this.db.manager, model, this.db.driver).whereIdIn(missing).rows({ counts: select.counts, order: ['id'] }));
        represented = this.representPage(render, model, ids, mode, reads, read);
      } else {
        const [, rows] = await Promise.all([reads.prefetch(), query.rows(select)]);
        ids = rows.map((r) => r.id as number);
        represented = this.representPage(render, model, ids, mode, reads, async () => ((wholly = false), rows));
      }
      // The count is read beside the objects' related rows, in their round trip.
      const counted = page.start !== undefined ? null : (provenCount(page, ids.length) ?? reads.count(query.countStatement(), () => query.count()));
      const [results, count] = await Promise.all([represented, counted]);
      if (reads.remembersRepresentations && ids.length) this.cache.notePage(model.label, wholly);
      const result: ListResult = count === null ? { count: null, ...cursorLinks(ctx.url, page, ids), results } : { count, ...pageLinks(ctx.url, page, count), results };
      void settledWithin(ctx.sent, SEND_WAIT_MS).then(release);
      return result;
    } catch (e) {
      release();
      throw e;
    }
  }

  /** Whether this request's list has no page limit (`limit=0` when MAX_PAGE_SIZE is 0), so that it may stream. */
  unpaged(model: ModelDef, ctx: RequestContext): boolean {
    return pageOf(ctx.params, this.config, takesCursor(model)).limit === undefined;
  }

  /**
   * The list as `list` answers it, as JSON text read from one snapshot and rendered a chunk at a
   * time as the client takes it: memory bounded by a chunk, not by the table.
   */
  async listStream(model: ModelDef, ctx: RequestContext): Promise<Readable> {
    // Filters fail (400) before a connection is taken.
    const { query, mode, chosen, page, select } = await this.listQuery(model, ctx);
    const read = await this.db.snapshot();
    try {
      const count = page.start === undefined ? await read.count(query.countStatement()) : null;
      // A read-only snapshot of its own: it holds no locks while it waits for turns.
      const render = { ...this.render(ctx, read.em, undefined, chosen), takesTurns: true };
      const rows = read.chunks(query.rowsStatement(select), listStreaming.chunkSize);
      async function* chunks() {
        for await (const raw of rows) yield await represent(render, model, raw.map((r) => query.fromDb(r, select.counts)), mode);
      }
      return listJson(count, chunks(), () => read.close());
    } catch (e) {
      await read.close();
      throw e;
    }
  }

  /** What a list reads: the visible objects, filtered, in the requested order, with the counts its mode shows. */
  private async listQuery(model: ModelDef, ctx: RequestContext, reads?: CachedReads): Promise<{ query: ModelQuery; mode: Mode; chosen?: KeyChoice; page: Page; select: RowsOptions }> {
    const { mode, chosen } = viewOf(model, ctx);
    const query = this.visible(this.db.manager, model, ctx);
    if (reads) query.remembered = reads.lookup;
    await applyDialectFilters(query, model, ctx);
    const page = pageOf(ctx.params, this.config, takesCursor(model, ctx.dialect));
    const counts = countsFor(model, mode, ctx.dialect, chosen);
    if (page.start === undefined) return { query, mode, chosen, page, select: { counts, order: orderingOf(model, ctx) ?? query.defaultOrder(), ...page } };
    // An id beyond the column's range names no row (PostgreSQL would refuse the comparison).
    query.where(page.start > MAX_ID ? '1 = 0' : `t.id >= ${query.param(page.start)}`);
    return { query, mode, chosen, page, select: { counts, order: ['id'], limit: page.limit } };
  }

  /** Every object of the list this request filters, unpaged, in its order, fully represented: what an export renders. */
  async everyListed(model: ModelDef, ctx: RequestContext): Promise<Representation[]> {
    const query = this.visible(this.db.manager, model, ctx);
    await applyDialectFilters(query, model, ctx);
    const reads = this.cache.reader(ctx.readVersions);
    const [, rows] = await Promise.all([reads.prefetch(), query.rows({ counts: countsFor(model, 'full', ctx.dialect), order: orderingOf(model, ctx) ?? query.defaultOrder() })]);
    return represent(this.render(ctx, this.db.manager, reads), model, rows, 'full');
  }

  async retrieve(model: ModelDef, id: number, ctx: RequestContext): Promise<RawJson> {
    const { mode, chosen } = viewOf(model, ctx);
    const reads = this.cache.reader(ctx.readVersions);
    const [, rows] = await Promise.all([reads.prefetch(), this.visible(this.db.manager, model, ctx).whereIdIn([id]).rows({ counts: countsFor(model, mode, ctx.dialect, chosen) })]);
    if (!rows.length) throw new NotFoundError();
    this.tellEtag(ctx, rows[0]);
    return (await this.representPage(this.render(ctx, this.db.manager, reads, chosen), model, [id], mode, reads, async () => rows))[0];
  }

  /** The object behind one of a model's own routes (a component's trace), if this request may see it, and how to render what the route shows. */
  async visibleRow(model: ModelDef, id: number, ctx: RequestContext): Promise<{ row: Row; render: RenderContext }> {
    // The view scope of this model: the route's own scope may be another model's, or none (a route without ModelRoute).
    const scope = await this.viewScope(model, ctx);
    if (scope === null) throw new NotFoundError();
    const [row] = await this.visible(this.db.manager, model, { ...ctx, scope }).whereIdIn([id]).rows();
    if (!row) throw new NotFoundError();
    return { row, render: this.render(ctx, this.db.manager) };
  }

  /**
   * The object another model's route hangs from (a prefix, for its free addresses), if this request
   * may view it; read in `em` when given, so that it is current inside a transaction.
   */
  async parentRow(model: ModelDef, id: number, ctx: RequestContext, em: EntityManager = this.db.manager): Promise<Row> {
    const scope = await this.viewScope(model, ctx);
    if (scope === null) throw new NotFoundError();
    const [row] = await this.visible(em, model, { ...ctx, scope }).whereIdIn([id]).rows();
    if (!row) throw new NotFoundError();
    return row;
  }

  /** An object by id whatever the request may view: what a rule reaches through another object (a device's config template). */
  async internalRow(model: ModelDef, id: number): Promise<Row | null> {
    const [row] = await new ModelQuery(this.db.manager, model, this.db.driver).whereIdIn([id]).rows();
    return row ?? null;
  }

  /** Objects of any model that this request's user may view, narrowed by its filters, in its default order (a plugin route's listing). */
  async visibleRows(model: ModelDef, ctx: RequestContext, filters: QueryParams): Promise<Row[]> {
    const scope = await this.viewScope(model, ctx);
    if (scope === null) return [];
    const query = this.visible(this.db.manager, model, { ...ctx, scope });
    await applyFilters(query, filters);
    return query.rows({ order: query.defaultOrder() });
  }

  /** Which objects of a model a user may view, as a list decides it (exempt models, then permissions); null: none. */
  viewScopeFor(model: ModelDef, user: Row | null): Promise<Scope | null> {
    return this.viewScope(model, { user } as RequestContext);
  }

  /** A query over the objects of `model` within `scope`, narrowed as every list is (the model's own restriction): GraphQL reads through it. */
  queryWithin(model: ModelDef, user: Row | null, scope: Scope): ModelQuery {
    return this.visible(this.db.manager, model, { user, scope } as RequestContext);
  }

  private async viewScope(model: ModelDef, ctx: RequestContext): Promise<Scope | null> {
    const exempt = this.config.exemptViewPermissions === '*' || this.config.exemptViewPermissions.includes(model.label);
    return exempt ? 'all' : ctx.user ? this.permissions.scopeFor(ctx.user, model.label, 'view') : null;
  }

  /**
   * Creates objects whose bodies depend on what is stored (the next free addresses): under a lock
   * held by every process until the transaction ends, `compute` reads and decides, then the objects
   * are written as a POST of the same bodies would write them, all or none.
   */
  async createComputed(model: ModelDef, ctx: RequestContext, lockKey: number, compute: (em: EntityManager) => Promise<unknown[]>, single: boolean) {
    const { result: ids, reads, answerRows } = await this.write(
      ctx,
      async (writer, em) => {
        await this.db.lock(em, lockKey);
        return this.createIn(writer, em, model, await compute(em), ctx, single);
      },
      (created) => ({ model, ids: created }),
    );
    const reps = await this.written(model, ids, ctx, reads, { rows: answerRows, fresh: true });
    return single ? reps[0] : reps;
  }

  /** How a route of its own renders objects for this request. */
  renderContext(ctx: RequestContext): RenderContext {
    return this.render(ctx, this.db.manager);
  }

  /** One object, or a list of them created all or none. */
  async create(model: ModelDef, sent: unknown, ctx: RequestContext): Promise<Representation | Representation[]> {
    const body = bodyIn(model, sent, ctx);
    const single = !Array.isArray(body);
    const { result: ids, reads, answerRows } = await errorsSpoken(model, ctx, () =>
      this.write(
        ctx,
        (writer, em) => this.createIn(writer, em, model, single ? [body] : (body as unknown[]), ctx, single),
        (created) => ({ model, ids: created }),
      ),
    );
    const reps = await this.written(model, ids, ctx, reads, { rows: answerRows, fresh: true, single, chosen: keyChoice(model, ctx) });
    return single ? reps[0] : reps;
  }

  /** Writes the bodies in `em`'s transaction, all or none; a list's errors are reported at each body's place. */
  private async createIn(writer: Writer, em: EntityManager, model: ModelDef, bodies: unknown[], ctx: RequestContext, single: boolean): Promise<number[]> {
    const ids = single ? [await writer.create(model, bodies[0])] : await writer.createAll(model, bodies);
    await this.requireStillPermitted(em, model, ids, ctx);
    return ids;
  }

  async update(model: ModelDef, id: number, sent: unknown, partial: boolean, ctx: RequestContext): Promise<Representation> {
    const body = bodyIn(model, sent, ctx);
    const { reads, answerRows } = await errorsSpoken(model, ctx, () =>
      this.write(
        ctx,
        async (writer, em) => {
          await this.requireVisible(em, model, id, ctx);
          await this.requireCurrent(em, model, [id], ctx);
          await writer.update(model, id, body, partial);
          await this.requireStillPermitted(em, model, [id], ctx);
        },
        () => ({ model, ids: [id] }),
      ),
    );
    return (await this.written(model, [id], ctx, reads, { rows: answerRows, single: true, chosen: keyChoice(model, ctx) }))[0];
  }

  /** A list of `{id, ...changes}`; objects may change different fields; all or none. */
  async bulkUpdate(model: ModelDef, body: unknown, partial: boolean, ctx: RequestContext): Promise<Representation[]> {
    const items = bulkItems(body, ctx).map((item) => ({ ...(bodyIn(model, item, ctx) as Record<string, unknown>), id: item.id }));
    const { result: ids, reads, answerRows } = await errorsSpoken(model, ctx, () =>
      this.write(
        ctx,
        async (writer, em) => {
          await this.db.lockRows(em, model.table, items.map((i) => i.id as number));
          await this.requireExisting(em, model, items, ctx);
          await this.requireCurrent(em, model, items.map((i) => i.id as number), ctx, true);
          return eachOrNone(items, async (item) => {
            const { id, ...changes } = item;
            await writer.update(model, id as number, changes, partial);
            await this.requireStillPermitted(em, model, [id as number], ctx);
            return id as number;
          });
        },
        (updated) => ({ model, ids: updated }),
      ),
    );
    return this.written(model, ids, ctx, reads, { rows: answerRows, chosen: keyChoice(model, ctx) });
  }

  /** Deletes one object; the body may give its change record's message, where the dialect takes one. */
  async destroy(model: ModelDef, id: number, ctx: RequestContext, body: unknown = {}): Promise<void> {
    await this.write(ctx, async (writer, em) => {
      await this.requireVisible(em, model, id, ctx);
      await this.requireCurrent(em, model, [id], ctx);
      await writer.remove(model, id, deleteMessage(body, ctx));
    });
  }

  async bulkDestroy(model: ModelDef, body: unknown, ctx: RequestContext): Promise<void> {
    const items = bulkItems(body, ctx);
    await this.write(ctx, async (writer, em) => {
      await this.db.lockRows(em, model.table, items.map((i) => i.id as number));
      await this.requireExisting(em, model, items, ctx);
      await this.requireCurrent(em, model, items.map((i) => i.id as number), ctx, true);
      for (const item of items) await writer.remove(model, item.id as number, takesMessage(ctx) ? changelogMessage(item[CHANGELOG_MESSAGE]) : undefined);
    });
  }

  /** Unknown ids in a bulk body fail the whole request (NetBox would skip them silently). */
  private async requireExisting(em: EntityManager, model: ModelDef, items: Array<Record<string, unknown>>, ctx: RequestContext): Promise<void> {
    const ids = items.map((i) => i.id as number);
    const rows = await this.visible(em, model, ctx).whereIdIn(ids).select({ id: 't.id' });
    const found = new Set(rows.map((r) => Number(r.id)));
    if (ids.every((id) => found.has(id))) return;
    throw new ValidationError(ids.map((id) => (found.has(id) ? {} : { id: [`Object with ID ${id} does not exist.`] })));
  }

  /**
   * A page's objects as a list or a detail answers them, written as JSON: each one remembered while nothing
   * at all has been written since (READ_CACHE), the others represented together and remembered.
   */
  private async representPage(render: RenderContext, model: ModelDef, ids: number[], mode: Mode, reads: CachedReads, read: (missing: number[]) => Promise<Row[]>): Promise<RawJson[]> {
    if (!ids.length) return [];
    // What else a representation depends on: where it is served from and what the client left out or chose.
    const chosen = render.chosen ? `${render.chosen.only ? 'only' : 'omit'}:${[...(render.chosen.only ?? render.chosen.omit ?? [])].sort().join(',')}` : '';
    const kind = `${model.label}|${mode}|${render.dialect?.version ?? ''}|${render.baseUrl}|${[...(render.exclude ?? [])].sort().join(',')}|${chosen}`;
    const known = await reads.representations(model.label, kind, ids);
    const missing = ids.filter((_, i) => known[i] === undefined);
    const written = new Map<number, Buffer>();
    if (missing.length) {
      const wanted = new Set(missing);
      const rows = (await read(missing)).filter((row) => wanted.has(row.id));
      const reps = await represent(render, model, rows, mode);
      rows.forEach((row, i) => written.set(row.id, jsonBytesOf(reps[i])));
      await reads.rememberRepresentations(model.label, kind, [...written]);
    }
    // An object gone between the page's ids and its rows is left out, as if the page had been read later.
    return ids.flatMap((id, i) => {
      const json = known[i] ?? written.get(id);
      return json === undefined ? [] : [new RawJson(json)];
    });
  }

  /** How this request renders objects; `cache` only for reads outside a transaction, `chosen` only for its answer. */
  /**
   * How outbound events show objects: as NetBox does, without a request, so with relative URLs; in the stored
   * generation's words whichever API made the change, as the webhooks that receive them are 3.5's.
   */
  /** How an outbound event shows objects: relative URLs under the dialect's base (`/v4`), in its words (the stored names' by default). */
  private eventRender(ctx: RequestContext, em: EntityManager, cache?: CachedReads, dialect: Dialect = nativeDialect()): RenderContext {
    return { ...this.render(ctx, em, cache), baseUrl: dialect.isNative ? '' : dialect.base, exclude: new Set<string>(), dialect };
  }

  private render(ctx: RequestContext, em: EntityManager, cache?: CachedReads, chosen?: KeyChoice): RenderContext {
    const exclude = ctx.params.exclude;
    const excluded = new Set((Array.isArray(exclude) ? exclude : exclude ? [exclude] : []).flatMap((e) => e.split(',')));
    // The shared manager reads outside any transaction; a write's own reads hold its locks.
    const takesTurns = em === this.db.manager;
    return { em, driver: this.db.driver, baseUrl: ctx.baseUrl, exclude: excluded, config: this.config, cache, dialect: ctx.dialect, chosen, takesTurns };
  }
}

/** A query parameter's value, the last where it is given more than once (as Django's QueryDict reads it). */
function lastParam(params: QueryParams, name: string): string | undefined {
  const value = params[name];
  return Array.isArray(value) ? value[value.length - 1] : value;
}

export function modeOf(params: QueryParams): Mode {
  const value = lastParam(params, 'brief');
  return value !== undefined && TRUE.test(value) ? 'brief' : 'full';
}

/**
 * The keys of a model's representation the client chose, where its dialect lets it (NetBox 4's `?fields=`, else
 * `?omit=`): each name as the dialect speaks it, split at commas as NetBox splits it, those the model lacks ignored.
 */
function keyChoice(model: ModelDef, ctx: RequestContext): KeyChoice | undefined {
  const dialect = ctx.dialect;
  if (!dialect?.fieldSelection) return undefined;
  const stored = (names: string) => new Set(names.split(',').flatMap((name) => dialect.storedName(model, name) ?? []));
  const fields = lastParam(ctx.params, 'fields');
  if (fields) return { model, only: stored(fields) };
  const omit = lastParam(ctx.params, 'omit');
  return omit ? { model, omit: stored(omit) } : undefined;
}

/** How a list or a detail shows its objects: chosen keys are chosen from the full form, whatever `brief` says (as NetBox 4). */
function viewOf(model: ModelDef, ctx: RequestContext): { mode: Mode; chosen?: KeyChoice } {
  const chosen = keyChoice(model, ctx);
  return chosen ? { mode: 'full', chosen } : { mode: modeOf(ctx.params) };
}

/** A body in the request's dialect under the stored names (a list item by item). */
function bodyIn(model: ModelDef, body: unknown, ctx: RequestContext): unknown {
  const dialect = ctx.dialect;
  if (!dialect) return body;
  return Array.isArray(body) ? body.map((item) => dialect.bodyIn(model, item)) : dialect.bodyIn(model, body);
}

/** Runs a write whose field errors are keyed by stored names, and answers them in the request's dialect. */
async function errorsSpoken<T>(model: ModelDef, ctx: RequestContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof ValidationError && ctx.dialect && !ctx.dialect.isPlain(model)) throw new ValidationError(ctx.dialect.errorsOut(model, e.body) as Record<string, unknown>);
    throw e;
  }
}

/** The request's filters under the stored names (those of its dialect renamed, those it lacks left out), applied; errors keyed as the request named them. */
async function applyDialectFilters(query: ModelQuery, model: ModelDef, ctx: RequestContext): Promise<void> {
  if (!ctx.dialect) return applyFilters(query, ctx.params);
  const given = new Map<string, string>();
  return applyFilters(query, ctx.dialect.filtersIn(model, ctx.params, given), ctx.dialect, given);
}

/** `?ordering=name,-id`: known fields and counts only, the rest ignored; then id for stable pages. */
function orderingOf(model: ModelDef, ctx: RequestContext): string[] | undefined {
  const raw = ctx.params.ordering;
  const last = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  const value = last && ctx.dialect ? ctx.dialect.orderingIn(model, last) : last;
  if (!value) return undefined;
  const terms = value
    .split(',')
    .map((t) => t.trim())
    .flatMap((t) => {
      const desc = t.startsWith('-');
      const name = t.replace(/^-/, '');
      const field = model.storedFields[name];
      const column = field ? field.column : name in model.activeCounts ? name : undefined;
      return column && !['custom_field_data', 'tree_path', 'tree_sort'].includes(name) ? [(desc ? '-' : '') + column] : [];
    });
  if (!terms.length) return undefined;
  return terms.some((t) => t.replace(/^-/, '') === 'id') ? terms : [...terms, 'id'];
}

/** The slots a page takes: one per ROWS_PER_SLOT rows it may hold, so that few long pages are in memory at once. */
function slotsFor(limit: number | undefined): number {
  return Math.ceil((limit ?? Infinity) / ROWS_PER_SLOT);
}

/** Settles when `promise` does, or after `ms` at the latest; at once without one. */
function settledWithin(promise: Promise<void> | undefined, ms: number): Promise<void> {
  if (!promise) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    void promise.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The count a page shows without counting: a page short of its limit ends the list. */
function provenCount(page: Page, rows: number): number | undefined {
  if (page.limit === undefined || rows >= page.limit) return undefined;
  return rows > 0 || page.offset === 0 ? page.offset + rows : undefined;
}

/** Whether the request's dialect takes a change record's message (`changelog_message`). */
function takesMessage(ctx: RequestContext): boolean {
  return !!ctx.dialect?.writeOnly.includes(CHANGELOG_MESSAGE);
}

/** A message checked as DRF's CharField checks it where NetBox validates one (a delete, a bulk item): its errors, keyed. */
function messageErrors(item: Record<string, unknown>): Record<string, string[]> {
  if (!(CHANGELOG_MESSAGE in item)) return {};
  try {
    changelogMessage(item[CHANGELOG_MESSAGE], true);
    return {};
  } catch (e) {
    if (e instanceof FieldError) return { [CHANGELOG_MESSAGE]: e.messages as string[] };
    throw e;
  }
}

/** The message a delete's body gives its change record, as NetBox 4.4's ChangeLogMessageSerializer reads it. */
function deleteMessage(body: unknown, ctx: RequestContext): string | undefined {
  if (!takesMessage(ctx)) return undefined;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ValidationError({ non_field_errors: [`Invalid data. Expected a dictionary, but got ${pythonType(body)}.`] });
  }
  const errors = messageErrors(body as Record<string, unknown>);
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return changelogMessage((body as Record<string, unknown>)[CHANGELOG_MESSAGE]);
}

/** A bulk body's items, each naming its object by id and (where the dialect takes one) giving a valid message, as NetBox's BulkOperationSerializer checks them. */
function bulkItems(body: unknown, ctx: RequestContext): Array<Record<string, unknown>> {
  if (!Array.isArray(body)) {
    const got = body === null ? 'NoneType' : typeof body === 'object' ? 'dict' : typeof body === 'string' ? 'str' : typeof body;
    throw new ValidationError({ non_field_errors: [`Expected a list of items but got type "${got}".`] });
  }
  const errors = body.map((item) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return { non_field_errors: ['Invalid data. Expected a dictionary.'] };
    const errors = takesMessage(ctx) ? messageErrors(item as Record<string, unknown>) : {};
    const id = (item as Record<string, unknown>).id;
    if (id === undefined || id === null) return { ...errors, id: ['This field is required.'] };
    if (!(typeof id === 'number' && Number.isInteger(id)) && !(typeof id === 'string' && /^\d+$/.test(id))) return { ...errors, id: ['A valid integer is required.'] };
    return errors;
  });
  if (errors.some((e) => Object.keys(e).length)) throw new ValidationError(errors);
  return body.map((item) => ({ ...item, id: Number(item.id) }));
}
