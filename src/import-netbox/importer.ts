import { DataSource, EntityManager } from 'typeorm';
import { DateField, DateTimeField, Driver, Field, FieldError, FileField, ForeignKeyField, InputField, JsonField, ManyToManyField } from '../core/model/fields';
import { ModelDef, Row, WriteContext, registry } from '../core/model/model';
import { loadRow, q } from '../core/query/model-query';
import { treePlace } from '../core/write/writer';
import { Difference, compareComputed, computeImported } from './computed';
import { ImportRun } from './import-run.model';
import { MediaCopier, MediaStats, noMedia } from './media';
import { ColumnPlan, ImportPlan, ModelPlan, planImport, storedObjectType } from './plan';
import { releasesOf, schemaAtLeast } from './schema-version';
import { SideIds, SideRow, SideWrites } from './side-writes';
import { inTurn } from '../core/util/in-turn';
import { NetboxSource, SourceRow } from './source';

export interface ImportOptions {
  dryRun?: boolean;
  merge?: boolean;
  batchSize?: number;
  progress?: ImportProgress;
  /** Copies the files imported rows name from `from` (a copy of NetBox's MEDIA_ROOT) into `root` (ours). */
  media?: { from: string; root: string };
}

/** Where a run tells how far it is: a progress bar, or a line per model. */
export interface ImportProgress {
  start(label: string, total: number): void;
  advance(count: number): void;
  finish(stats: ModelStats): void;
}

export interface Refusal {
  id: unknown;
  reason: string;
}

export interface ModelStats {
  model: string;
  table: string;
  read: number;
  written: number;
  skipped: number;
  refused: number;
  refusals: Refusal[];
  /**
   * Source columns with values that no field of ours takes, or that our rules took without effect (an input nothing
   * came of): how many rows had one.
   */
  columnsNotBrought: Record<string, number>;
  /** Rows the model's rules wrote into other models' tables (a 3.5 interface's MAC address objects), by model. */
  alsoWritten: Record<string, number>;
  /** Time spent reading, converting and writing the model's rows. */
  seconds: number;
  /** The files its rows brought or already there name (a model with file fields, when media are copied). */
  media?: MediaStats;
}

export interface ImportReport {
  source: string;
  schema: string;
  dryRun: boolean;
  /** The directory media files were copied from, when they were. */
  media?: string;
  models: ModelStats[];
  /** Source tables this service takes nothing from, with their rows. */
  notBrought: Array<{ table: string; rows: number; reason: string }>;
  /** Values NetBox computed that differ from ours, computed from the imported data (not compared on a dry run). */
  differences: Difference[];
  totals: { read: number; written: number; skipped: number; refused: number };
  /** Seconds per step: the models' rows, their relations and trees, computing, comparing. */
  seconds: Record<string, number>;
}

/** The import cannot start: the target holds objects of its own, or the source is not one it reads. */
export class ImportRefusedError extends Error {
  name = 'ImportRefusedError';
}

/** Object type lists by field column, then by owner id. */
type TypeLists = Map<string, Map<number, string[]>>;

const DEFAULT_BATCH = 1000;
/**
 * Batches of a model written at once, each in its own transaction: while one waits for the database, the next is
 * converted and checked. A model's rows refer to its own table only through what is set once all are in.
 */
const CONCURRENT_BATCHES = 2;
/** Parameters one statement binds at most: within what both drivers take. */
const MAX_PARAMETERS = 10_000;

/**
 * Brings a NetBox's data into this service's database, model by model in dependency order, with the source's ids:
 * each batch of rows read, converted by our fields, checked by our models' rules and inserted in one transaction.
 * What is already there with the same id and `last_updated` is skipped, so that a run stopped midway finishes when run again.
 */
export class Importer {
  private readonly driver: Driver;
  private readonly batchSize: number;
  /** One at a time on SQLite (one connection) and on a dry run (one transaction). */
  private readonly concurrency: number;
  /** Ids of source rows not brought, by our table: what refers to them is refused (or, deferred, left empty). */
  private readonly refusedIds = new Map<string, Set<number>>();
  /** Deferred foreign keys' values, by model and column: row id → target id. */
  private readonly deferredValues = new Map<ModelPlan, Map<ForeignKeyField, Map<number, number>>>();
  private contentTypes = new Map<number, string>();
  /** Ids of what the models' `afterWrite` writes into other tables, as a request's write would. */
  private readonly sideIds = new SideIds();
  /** Tables written by those: their sequences move too. */
  private readonly sideTables = new Set<ModelDef>();
  private readonly tableTypes = new Map<string, Promise<Map<string, string>>>();
  private readonly media?: MediaCopier;

  constructor(
    private readonly dataSource: DataSource,
    private readonly source: NetboxSource,
    private readonly options: ImportOptions = {},
  ) {
    this.driver = dataSource.options.type === 'postgres' ? 'postgres' : 'sqlite';
    this.batchSize = options.batchSize ?? DEFAULT_BATCH;
    this.concurrency = this.driver === 'postgres' && !options.dryRun ? CONCURRENT_BATCHES : 1;
    if (options.media) this.media = new MediaCopier(options.media.from, options.media.root, !!options.dryRun);
  }

  async run(): Promise<ImportReport> {
    const schema = await this.source.schema();
    const tables = await this.source.tables();
    this.contentTypes = await this.source.contentTypes();
    const plan = planImport(tables, (model) => model === ImportRun, schemaAtLeast(schema, '4.0'));
    const report: ImportReport = {
      source: this.source.description,
      schema: `NetBox ${releasesOf(schema)}`,
      dryRun: !!this.options.dryRun,
      ...(this.options.media ? { media: this.options.media.from } : {}),
      models: [],
      notBrought: [],
      differences: [],
      totals: { read: 0, written: 0, skipped: 0, refused: 0 },
      seconds: {},
    };
    let lap = performance.now();
    const timed = (step: string) => {
      const now = performance.now();
      report.seconds[step] = +((now - lap) / 1000).toFixed(1);
      lap = now;
    };
    await this.refuseForeignObjects();
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    let runId: number | undefined;
    try {
      // A dry run does all its work in one transaction, rolled back: later models' rules see the rows before them.
      if (this.options.dryRun) await runner.startTransaction();
      else runId = await this.recordRun(runner.manager, report.schema);
      const inBatch = <T>(work: (em: EntityManager) => Promise<T>): Promise<T> =>
        this.options.dryRun ? work(runner.manager) : this.dataSource.transaction((em) => work(em));
      for (const model of plan.models) report.models.push(await this.importModel(model, inBatch));
      timed('rows');
      for (const model of plan.models) await this.importThrough(model, inBatch);
      for (const model of plan.models) await this.setDeferred(model, inBatch);
      for (const model of plan.models) if (model.model.tree) await this.placeTree(model.model, inBatch);
      if (!this.options.dryRun && this.driver === 'postgres') await this.moveSequences(plan, runner.manager);
      timed('relations and trees');
      if (!this.options.dryRun) {
        await computeImported(runner.manager, this.driver, inBatch, this.batchSize);
        timed('computing');
        report.differences = await compareComputed(runner.manager, this.driver, this.source, tables, this.contentTypes, this.batchSize, plan.models);
        timed('comparing');
      }
      for (const { table, reason } of plan.notBrought) {
        const rows = await this.source.count(table);
        if (rows) report.notBrought.push({ table, rows, reason });
      }
      for (const stats of report.models) {
        report.totals.read += stats.read;
        report.totals.written += stats.written;
        report.totals.skipped += stats.skipped;
        report.totals.refused += stats.refused;
      }
      if (runId !== undefined) {
        await runner.manager
          .createQueryBuilder()
          .update(ImportRun.table)
          .set({ finished: ImportRun.fields.finished.toParam(new Date(), this.driver), report: JSON.stringify(report) })
          .where('id = :id', { id: runId })
          .execute();
      }
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
    }
    return report;
  }

  /**
   * A target with objects no import wrote is refused unless merging: the ids would collide with the source's. One
   * an earlier import wrote is taken, to finish or to refresh that import.
   */
  private async refuseForeignObjects(): Promise<void> {
    if (this.options.merge) return;
    const em = this.dataSource.manager;
    const [runs] = await em.query(`SELECT COUNT(*) AS n FROM ${q(ImportRun.table)}`);
    if (Number(runs.n) > 0) return;
    const held: string[] = [];
    for (const model of registry.all()) {
      if (model.objectTypeOnly || model.internal) continue;
      const [row] = await em.query(`SELECT COUNT(*) AS n FROM ${q(model.table)}`);
      if (Number(row.n) > 0) held.push(`${model.label} (${row.n})`);
    }
    if (held.length) {
      throw new ImportRefusedError(
        `The target database already holds objects no import wrote: ${held.slice(0, 5).join(', ')}${held.length > 5 ? ', …' : ''}. ` +
          'Import into an empty database, or give --merge to add the source beside them (an id already taken is reported, not overwritten).',
      );
    }
  }

  private async recordRun(em: EntityManager, schema: string): Promise<number> {
    const values = {
      source: this.source.description.slice(0, 500),
      schema,
      started: ImportRun.fields.started.toParam(new Date(), this.driver),
      merge: ImportRun.fields.merge.toParam(!!this.options.merge, this.driver),
      report: '{}',
    };
    const result = await em.createQueryBuilder().insert().into(ImportRun.table).values(values).execute();
    return Number(result.identifiers[0]?.id ?? result.raw?.[0]?.id ?? result.raw);
  }

  private async importModel(plan: ModelPlan, inBatch: <T>(work: (em: EntityManager) => Promise<T>) => Promise<T>): Promise<ModelStats> {
    const { model } = plan;
    const started = performance.now();
    const stats: ModelStats = { model: model.label, table: plan.table, read: 0, written: 0, skipped: 0, refused: 0, refusals: [], columnsNotBrought: {}, alsoWritten: {}, seconds: 0 };
    this.options.progress?.start(model.label, await this.source.count(plan.table));
    const typeLists = await this.readTypeLists(plan);
    const deferred = new Map(plan.deferred.map((fk) => [fk, new Map<number, number>()]));
    this.deferredValues.set(plan, deferred);
    const files = plan.columns.filter((c) => c.field instanceof FileField);
    if (this.media && files.length) stats.media = noMedia();
    // Batches are checked side by side but written in the source's order: what their rules create elsewhere takes ids
    // in that order, as in a run of one batch at a time.
    const nextWrite = writesInOrder();
    await inTurn(this.source.rows(plan.table, this.batchSize), this.concurrency, async (batch) => {
      stats.read += batch.length;
      for (const column of plan.unmapped) {
        const held = batch.filter((r) => !isEmpty(r[column])).length;
        if (held) stats.columnsNotBrought[column] = (stats.columnsNotBrought[column] ?? 0) + held;
      }
      for (const row of batch) {
        for (const fk of plan.deferred) {
          const value = row[fk.column];
          if (value !== null && value !== undefined) deferred.get(fk)!.set(Number(row.id), Number(value));
        }
      }
      const inOrder = nextWrite();
      await inBatch((em) => this.importBatch(em, plan, batch, typeLists, stats, inOrder));
      // Once the batch is in: the files of its rows written or already there, which a run stopped before copied only in part.
      if (stats.media) {
        const refused = this.refusedIds.get(model.table);
        for (const row of batch) {
          if (refused?.has(Number(row.id))) continue;
          for (const { source } of files) if (typeof row[source] === 'string' && row[source]) await this.media!.copy(row[source] as string, stats.media);
        }
      }
      this.options.progress?.advance(batch.length);
    });
    stats.seconds = +((performance.now() - started) / 1000).toFixed(2);
    this.options.progress?.finish(stats);
    return stats;
  }

  private async importBatch(em: EntityManager, plan: ModelPlan, batch: SourceRow[], typeLists: TypeLists, stats: ModelStats, inOrder: InOrder): Promise<void> {
    const { model } = plan;
    const existing = await this.existing(em, model, batch.map((r) => Number(r.id)));
    const inserts: Row[] = [];
    const updates: Row[] = [];
    const loaded = new Map<string, Promise<Row | null>>();
    for (const source of batch) {
      const id = Number(source.id);
      const there = existing.get(id);
      // Where the source keeps no time of change (a 3.5 token), a row there with the id is the row.
      const dated = model.features.lastUpdated && plan.columns.some((c) => c.source === 'last_updated');
      if (there !== undefined && (!dated || there === timeOf(source.last_updated))) {
        stats.skipped++;
        continue;
      }
      if (there !== undefined && this.options.merge) {
        this.refuse(plan, stats, id, `id ${id} is taken in the target by another ${model.verboseName}: not overwritten`);
        continue;
      }
      try {
        const row = await this.convert(em, plan, source, typeLists, loaded);
        (there === undefined ? inserts : updates).push(row);
      } catch (e) {
        if (!(e instanceof FieldError)) throw e;
        this.refuse(plan, stats, id, describe(e.messages));
      }
    }
    await inOrder(() => this.write(em, plan, inserts, updates, stats));
  }

  /** `last_updated` of the target's rows among these ids (null for a model without one), by id. */
  private async existing(em: EntityManager, model: ModelDef, ids: number[]): Promise<Map<number, number | null>> {
    const found = new Map<number, number | null>();
    for (let i = 0; i < ids.length; i += MAX_PARAMETERS) {
      const chunk = ids.slice(i, i + MAX_PARAMETERS);
      const updated = model.features.lastUpdated ? ', last_updated' : '';
      const rows: Row[] = await em.query(`SELECT id${updated} FROM ${q(model.table)} WHERE id IN (${chunk.map((_, n) => this.mark(n)).join(', ')})`, chunk);
      const field = model.storedFields.last_updated;
      for (const row of rows) found.set(Number(row.id), field ? timeOf(field.fromDb(row.last_updated)) : null);
    }
    return found;
  }

  /**
   * A source row as our row: each value parsed by its field as a request's would be, then the model's rules, given what
   * the source held, compute what it did not (derived columns, 4.x's form of a 3.5 value). What the source held is kept.
   */
  private async convert(em: EntityManager, plan: ModelPlan, source: SourceRow, typeLists: TypeLists, loaded: Map<string, Promise<Row | null>>): Promise<Row> {
    const { model } = plan;
    const errors: Record<string, unknown> = {};
    const given: Row = {};
    const read = (column: ColumnPlan, into: Row, key: string) => {
      // A row that lacks a column its table has (a dumpdata record of an older release's fields) takes the default.
      if (!(column.source in source)) return;
      const raw = column.fallback && isEmpty(source[column.source]) ? source[column.fallback] : source[column.source];
      try {
        into[key] = this.value(column, raw);
      } catch (e) {
        if (!(e instanceof FieldError)) throw e;
        errors[column.field.name] = e.messages;
      }
    };
    for (const column of plan.columns) read(column, given, column.field.column);
    for (const list of plan.typeLists) {
      try {
        given[list.field.column] = list.field.parse(typeLists.get(list.field.column)?.get(Number(source.id)) ?? []);
      } catch (e) {
        if (!(e instanceof FieldError)) throw e;
        errors[list.field.name] = e.messages;
      }
    }
    const inputs: Row = {};
    for (const column of plan.inputs) read(column, inputs, column.field.name);
    if (Object.keys(errors).length) throw new FieldError(errors);
    for (const fk of model.foreignKeys) {
      const target = given[fk.column];
      if (target !== null && target !== undefined && this.refusedIds.get(fk.target.table)?.has(target) && !plan.deferred.includes(fk)) {
        errors[fk.name] = [`${fk.target.verboseName} ${target} was not brought`];
      }
    }
    if (Object.keys(errors).length) throw new FieldError(errors);
    const row: Row = { id: Number(source.id) };
    for (const field of model.columns) {
      if (field.name !== 'id') row[field.column] = field.column in given ? given[field.column] : field.defaultValue();
    }
    // Written once their targets are in.
    for (const fk of plan.deferred) row[fk.column] = null;
    if (model.tree) {
      row._depth = 0;
      row.tree_path = row.tree_sort = '';
    }
    const held = plan.inputs.filter((column) => !isEmpty(inputs[column.field.name]));
    const unchanged = held.length ? storedValues(model, row) : '';
    let ctx: WriteContext | undefined;
    if (model.validate) {
      ctx = { user: null, can: async () => false, em, driver: this.driver, input: { ...given, ...inputs }, loaded };
      // A model whose writes take values kept in other tables (a cable's terminations) gets them from those tables'
      // own rows, imported as their model's: its rules see the row as an object that has them, not as a creation without.
      await model.validate(row, takesValuesKeptElsewhere(model) ? { ...row } : null, ctx);
    }
    for (const [column, value] of Object.entries(given)) row[column] = value;
    for (const fk of plan.deferred) row[fk.column] = null;
    // Sets the rules made from 3.5's values (a contact's group, now its groups), where the source has no table for them.
    for (const field of model.manyToMany) {
      if (field.ownsTable && !plan.through.some((t) => t.field === field) && Array.isArray(ctx?.input?.[field.column])) {
        row[setKey(field)] = ctx!.input![field.column];
      }
    }
    // Values no column keeps, for the model's `afterWrite` to write elsewhere once the row is placed; or, where its rules
    // made nothing of them, reported as not brought.
    if (Object.keys(inputs).length && (held.length || model.afterWrite)) row[HELD_INPUTS] = { inputs, held, unchanged: storedValues(model, row) === unchanged && !model.manyToMany.some((f) => setKey(f) in row) };
    return row;
  }

  /** A source value as our field takes it. */
  private value(column: ColumnPlan, raw: unknown): unknown {
    const { field } = column;
    if (column.contentType) {
      if (raw === null || raw === undefined) return field.parse(null);
      const type = this.contentTypes.get(Number(raw));
      if (!type) throw new FieldError([`Content type ${raw} is not in the source's django_content_type.`]);
      return field.parse(storedObjectType(type));
    }
    let value = raw instanceof Date ? (field instanceof DateField ? raw.toISOString().slice(0, 10) : raw.toISOString()) : raw;
    // Django keeps an unset choice or text as '', where this service may keep null; and the reverse.
    if (value === '' && field.nullable && !field.opts.blank) value = null;
    if (value === null && !field.nullable) return field.parse(field.defaultValue());
    // A file's path is kept as NetBox stored it (a write through the API takes an upload, never a path).
    if ((field.readOnly || field instanceof FileField) && !(field instanceof ForeignKeyField)) {
      if (field instanceof DateTimeField) return value === null ? null : new Date(value as string);
      return field.fromDb(value);
    }
    return field.parse(value);
  }

  private refuse(plan: ModelPlan, stats: ModelStats, id: number, reason: string): void {
    stats.refused++;
    stats.refusals.push({ id, reason });
    if (!this.refusedIds.has(plan.model.table)) this.refusedIds.set(plan.model.table, new Set());
    this.refusedIds.get(plan.model.table)!.add(id);
  }

  /**
   * Inserts the new rows a few hundred a statement, and rewrites those the source changed since. When the database
   * refuses a statement, its rows are written one at a time, each refused one reported with the database's reason.
   */
  private async write(em: EntityManager, plan: ModelPlan, inserts: Row[], updates: Row[], stats: ModelStats): Promise<void> {
    const { model } = plan;
    const columns = model.columns.map((f) => f.column);
    const side = new SideWrites(this.driver, this.sideIds, (tx, target, rows) => this.insert(tx, target, target.columns.map((f) => f.column), rows));
    // A new row's empty values make nothing; a stored row's may clear what they made (its MAC address object).
    for (const row of inserts) if ((row[HELD_INPUTS] as HeldInputs | undefined)?.held.length) await this.writeAlongside(em, plan, side, row, null, stats);
    const alongside = side.take();
    await this.insertAlongside(em, alongside);
    const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
    for (let i = 0; i < inserts.length; i += perStatement) {
      const rows = inserts.slice(i, i + perStatement);
      if (await this.attempt(em, () => this.insert(em, model, columns, rows))) {
        stats.written += rows.length;
        continue;
      }
      for (const row of rows) {
        const failure = await this.attempt(em, () => this.insert(em, model, columns, [row]), true);
        if (failure === true) stats.written++;
        else this.refuse(plan, stats, row.id, String(failure));
      }
    }
    // What the rules wrote for rows the database then refused goes with them.
    const refused = this.refusedIds.get(model.table);
    await this.removeAlongside(em, alongside.filter((side) => refused?.has(side.owner)));
    this.countAlongside(stats, alongside.filter((side) => !refused?.has(side.owner)));
    for (const row of updates) {
      const previous = row[HELD_INPUTS] && model.afterWrite ? await loadRow({ em, driver: this.driver }, model, row.id) : null;
      // What the rules wrote beside the row last time (its primary MAC address) is the row's until they change it.
      if (previous) for (const field of keptByRules(plan)) if (isDefault(field, row[field.column])) row[field.column] = previous[field.column];
      const failure = await this.attempt(em, () => this.update(em, model, row), true);
      if (failure !== true) {
        this.refuse(plan, stats, row.id, String(failure));
        continue;
      }
      stats.written++;
      await this.writeAlongside(em, plan, side, row, previous, stats);
    }
    this.countAlongside(stats, side.take());
  }

  private countAlongside(stats: ModelStats, rows: SideRow[]): void {
    for (const { model } of rows) {
      this.sideTables.add(model);
      stats.alsoWritten[model.label] = (stats.alsoWritten[model.label] ?? 0) + 1;
    }
  }

  /**
   * The model's `afterWrite` given the values of a row that no column of its keeps (a 3.5 interface's `mac_address`),
   * as the writer calls it: what it writes elsewhere is kept for the batch's insert (a new row, not stored yet) or done
   * at once (a row stored, `previous` as it was). Values it, nor the model's checks before, made nothing of are
   * counted as not brought.
   */
  private async writeAlongside(em: EntityManager, plan: ModelPlan, side: SideWrites, row: Row, previous: Row | null, stats: ModelStats): Promise<void> {
    const held = row[HELD_INPUTS] as HeldInputs | undefined;
    if (!held) return;
    const { model } = plan;
    const before = storedValues(model, row);
    const writes = side.writes;
    const writer = side.for(em, row, previous !== null);
    await model.afterWrite?.(em, row, previous, { driver: this.driver, input: held.inputs, writer, pending: previous === null });
    if (held.unchanged && storedValues(model, row) === before && side.writes === writes) {
      for (const column of held.held) stats.columnsNotBrought[column.source] = (stats.columnsNotBrought[column.source] ?? 0) + 1;
    }
  }

  /** Rows the models' rules wrote elsewhere, by model, a few hundred a statement. */
  private async insertAlongside(em: EntityManager, rows: SideRow[]): Promise<void> {
    for (const [model, group] of groupByModel(rows.filter((side) => !side.inserted))) {
      const columns = model.columns.map((f) => f.column);
      const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
      for (let i = 0; i < group.length; i += perStatement) await this.insert(em, model, columns, group.slice(i, i + perStatement));
    }
  }

  private async removeAlongside(em: EntityManager, rows: SideRow[]): Promise<void> {
    for (const [model, group] of groupByModel(rows)) {
      for (let i = 0; i < group.length; i += MAX_PARAMETERS) {
        const ids = group.slice(i, i + MAX_PARAMETERS).map((r) => r.id as number);
        await em.query(`DELETE FROM ${q(model.table)} WHERE id IN (${ids.map((_, n) => this.mark(n)).join(', ')})`, ids);
      }
    }
  }

  /** Runs a statement under a savepoint: true when it went through, else false (or, asked, the database's message). */
  private async attempt(em: EntityManager, work: () => Promise<void>, why = false): Promise<true | false | string> {
    await em.query('SAVEPOINT import_rows');
    try {
      await work();
      await em.query('RELEASE SAVEPOINT import_rows');
      return true;
    } catch (e) {
      await em.query('ROLLBACK TO SAVEPOINT import_rows');
      return why ? `the database refused it: ${(e as Error).message}` : false;
    }
  }

  private async insert(em: EntityManager, model: ModelDef, columns: string[], rows: Row[]): Promise<void> {
    const fields = columns.map((c) => model.columns.find((f) => f.column === c) as Field<any>);
    const types = this.driver === 'postgres' ? await this.columnTypes(em, model.table) : null;
    if (types && columns.every((c) => types.has(c) && !types.get(c)!.endsWith('[]'))) {
      // One array a column: PostgreSQL parses a statement of a few parameters, not of thousands.
      const arrays = fields.map((field, i) => rows.map((row) => this.param(field, row[columns[i]])));
      const unnest = columns.map((c, i) => `${this.mark(i)}::${types.get(c)}[]`).join(', ');
      await em.query(`INSERT INTO ${q(model.table)} (${columns.map(q).join(', ')}) SELECT * FROM unnest(${unnest})`, arrays);
    } else {
      const params: unknown[] = [];
      const tuples = rows.map((row) => `(${fields.map((field, i) => this.mark(params.push(this.param(field, row[columns[i]])) - 1)).join(', ')})`);
      await em.query(`INSERT INTO ${q(model.table)} (${columns.map(q).join(', ')}) VALUES ${tuples.join(', ')}`, params);
    }
    for (const field of model.manyToMany) {
      const pairs = rows.flatMap((row) => [...new Set((row[setKey(field)] as number[] | undefined) ?? [])].map((target) => [row.id as number, target]));
      if (pairs.length) await this.insertPairs(em, field, pairs);
    }
  }

  /** A PostgreSQL table's columns' types (`character varying(100)`, `integer[]`), read once a run. */
  private columnTypes(em: EntityManager, table: string): Promise<Map<string, string>> {
    let types = this.tableTypes.get(table);
    if (!types) {
      types = em
        .query(`SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped`, [q(table)])
        .then((rows: Row[]) => new Map(rows.map((r) => [r.name as string, r.type as string])));
      this.tableTypes.set(table, types);
    }
    return types;
  }

  /** Pairs of a many-to-many relation, each once: one already there is left as it is. */
  private async insertPairs(em: EntityManager, field: ManyToManyField, pairs: number[][]): Promise<void> {
    for (let i = 0; i < pairs.length; i += MAX_PARAMETERS / 2) {
      const chunk = pairs.slice(i, i + MAX_PARAMETERS / 2);
      const values = chunk.map((_, n) => `(${this.mark(2 * n)}, ${this.mark(2 * n + 1)})`).join(', ');
      await em.query(`INSERT INTO ${q(field.throughTable)} (${q(field.sourceColumn)}, ${q(field.targetColumn)}) VALUES ${values} ON CONFLICT DO NOTHING`, chunk.flat());
    }
  }

  private async update(em: EntityManager, model: ModelDef, row: Row): Promise<void> {
    const params: unknown[] = [];
    const set = model.columns.filter((f) => f.column !== 'id').map((f) => `${q(f.column)} = ${this.mark(params.push(this.param(f, row[f.column])) - 1)}`);
    await em.query(`UPDATE ${q(model.table)} SET ${set.join(', ')} WHERE id = ${this.mark(params.push(row.id) - 1)}`, params);
  }

  private param(field: Field<any>, value: unknown): unknown {
    if (value === null || value === undefined) return null;
    if (field instanceof JsonField) return JSON.stringify(value);
    return field.toParam(value, this.driver);
  }

  /** A parameter PostgreSQL reads as an integer where nothing else tells it the type (a CASE's result). */
  private integer(mark: string): string {
    return this.driver === 'postgres' ? `CAST(${mark} AS integer)` : mark;
  }

  private mark(index: number): string {
    return this.driver === 'postgres' ? `$${index + 1}` : '?';
  }

  /** The source's object type lists of a model, by owner id, in the source's order. */
  private async readTypeLists(plan: ModelPlan): Promise<TypeLists> {
    const lists: TypeLists = new Map();
    for (const list of plan.typeLists) {
      const byOwner = new Map<number, string[]>();
      for await (const rows of this.source.rows(list.table, this.batchSize)) {
        for (const row of rows) {
          const type = this.contentTypes.get(Number(row[list.type]));
          const owner = Number(row[list.owner]);
          if (!byOwner.has(owner)) byOwner.set(owner, []);
          byOwner.get(owner)!.push(type ? storedObjectType(type) : `unknown content type ${row[list.type]}`);
        }
      }
      lists.set(list.field.column, byOwner);
    }
    return lists;
  }

  /** A model's many-to-many sets: the pairs both of whose objects were brought, each once. */
  private async importThrough(plan: ModelPlan, inBatch: <T>(work: (em: EntityManager) => Promise<T>) => Promise<T>): Promise<void> {
    for (const { field, table } of plan.through) {
      const [owner, target] = [field.sourceColumn, field.targetColumn];
      const refusedOwners = this.refusedIds.get(field.model.table);
      const refusedTargets = this.refusedIds.get(field.target.table);
      for await (const batch of this.source.rows(table, this.batchSize)) {
        const pairs = batch
          .map((r) => [Number(r[owner]), Number(r[target])])
          .filter(([o, t]) => !refusedOwners?.has(o) && !refusedTargets?.has(t));
        if (pairs.length) await inBatch((em) => this.insertPairs(em, field, pairs));
      }
    }
  }

  /** Sets the foreign keys written empty, now that their targets are in: those to objects not brought stay empty. */
  private async setDeferred(plan: ModelPlan, inBatch: <T>(work: (em: EntityManager) => Promise<T>) => Promise<T>): Promise<void> {
    const refusedRows = this.refusedIds.get(plan.model.table);
    for (const [fk, values] of this.deferredValues.get(plan) ?? []) {
      const refusedTargets = this.refusedIds.get(fk.target.table);
      const entries = [...values].filter(([id, target]) => !refusedRows?.has(id) && !refusedTargets?.has(target));
      for (let i = 0; i < entries.length; i += this.batchSize) {
        const chunk = entries.slice(i, i + this.batchSize);
        const params: unknown[] = [];
        const cases = chunk.map(([id, target]) => `WHEN ${this.mark(params.push(id) - 1)} THEN ${this.integer(this.mark(params.push(target) - 1))}`).join(' ');
        const ids = chunk.map(([id]) => this.mark(params.push(id) - 1)).join(', ');
        await inBatch((em) => em.query(`UPDATE ${q(plan.model.table)} SET ${q(fk.column)} = CASE id ${cases} END WHERE id IN (${ids})`, params));
      }
    }
  }

  /** Every node's path, sort key and depth from its parent, as the writer places one, for the whole tree at once. */
  private async placeTree(model: ModelDef, inBatch: <T>(work: (em: EntityManager) => Promise<T>) => Promise<T>): Promise<void> {
    await inBatch(async (em) => {
      const rows: Row[] = await em.query(`SELECT id, parent_id, name, tree_path, tree_sort, "_depth" FROM ${q(model.table)}`);
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      const placed = new Map<number, Row>();
      const place = (row: Row, seen: Set<number>): Row => {
        const id = Number(row.id);
        const known = placed.get(id);
        if (known) return known;
        const parentRow = row.parent_id === null ? undefined : byId.get(Number(row.parent_id));
        // A parent missing or a loop (which NetBox's tree cannot hold) makes the node a root.
        const parent = parentRow && !seen.has(id) ? place(parentRow, new Set(seen).add(id)) : null;
        const spot = { id, ...treePlace({ id, name: row.name }, parent) };
        placed.set(id, spot);
        return spot;
      };
      for (const row of rows) {
        const spot = place(row, new Set());
        if (spot.tree_path === row.tree_path && spot.tree_sort === row.tree_sort && spot._depth === Number(row._depth)) continue;
        await em.query(`UPDATE ${q(model.table)} SET tree_path = ${this.mark(0)}, tree_sort = ${this.mark(1)}, "_depth" = ${this.mark(2)} WHERE id = ${this.mark(3)}`, [
          spot.tree_path,
          spot.tree_sort,
          spot._depth,
          spot.id,
        ]);
      }
    });
  }

  /** PostgreSQL's id sequences past the highest id: what the service creates next does not collide with an imported id. */
  private async moveSequences(plan: ImportPlan, em: EntityManager): Promise<void> {
    for (const model of new Set([...plan.models.map((p) => p.model), ...this.sideTables])) {
      await em.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), (SELECT COALESCE(MAX(id), 0) + 1 FROM ${q(model.table)}), false)`, [q(model.table)]);
    }
  }
}

/** Runs a batch's writes once the batches before it have written theirs. */
type InOrder = (write: () => Promise<void>) => Promise<void>;

/** Places in a queue of writes: each call takes the next place. */
function writesInOrder(): () => InOrder {
  let last: Promise<void> = Promise.resolve();
  return () => {
    const before = last;
    let done!: () => void;
    last = new Promise<void>((resolve) => (done = resolve));
    return async (write) => {
      await before;
      try {
        await write();
      } finally {
        done();
      }
    };
  };
}

/** Where a converted row carries the values no column of its keeps, for its model's `afterWrite`: no column's name. */
const HELD_INPUTS = '__held_inputs';

interface HeldInputs {
  inputs: Row;
  /** The source columns that had a value (`inputs` has every one the source row had, empty or not). */
  held: ColumnPlan[];
  /** Whether the model's checks left the row as they found it. */
  unchanged: boolean;
}

/** Columns the source holds nothing for and nothing defers: what only a model's rules set. */
function keptByRules(plan: ModelPlan): Field<any>[] {
  return plan.model.columns.filter((f) => f.name !== 'id' && !plan.columns.some((c) => c.field === f) && !plan.deferred.includes(f as ForeignKeyField));
}

function isDefault(field: Field<any>, value: unknown): boolean {
  return JSON.stringify(value ?? null) === JSON.stringify(field.defaultValue() ?? null);
}

/** A row's stored values, to tell whether a model's rules changed any. */
function storedValues(model: ModelDef, row: Row): string {
  return JSON.stringify(model.columns.map((f) => row[f.column] ?? null));
}

function groupByModel(rows: SideRow[]): Map<ModelDef, Row[]> {
  const groups = new Map<ModelDef, Row[]>();
  for (const { model, row } of rows) {
    if (!groups.has(model)) groups.set(model, []);
    groups.get(model)!.push(row);
  }
  return groups;
}

/** Where a converted row carries a many-to-many set its model's rules made: no column's name. */
const setKey = (field: ManyToManyField) => `__set_${field.name}`;

function takesValuesKeptElsewhere(model: ModelDef): boolean {
  return Object.values(model.fields).some((f) => f instanceof InputField && !f.readOnly);
}

function timeOf(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date.getTime();
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object' && !(value instanceof Date)) return Object.keys(value as object).length === 0;
  return false;
}

/** A field error's messages as one line: `name: message`. */
function describe(messages: string[] | Record<string, unknown>): string {
  if (Array.isArray(messages)) return messages.join(' ');
  return Object.entries(messages)
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(' ') : typeof value === 'object' && value ? describe(value as Record<string, unknown>) : String(value)}`)
    .join('; ');
}

