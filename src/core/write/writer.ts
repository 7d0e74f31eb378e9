import { EntityManager } from 'typeorm';
import { ConflictError, NotFoundError, ValidationError } from '../http/errors';
import { Driver, Field, FieldError, ForeignKeyField, GenericRelationField, InputField, ManyToManyField, formatTimestamp, pythonType } from '../model/fields';
import { ModelDef, Row, WriteContext, labelsOf, registry } from '../model/model';
import { ModelQuery, Statement, jsonListSql, parseJsonList, q, selectSql, valueSql } from '../query/model-query';
import { pythonRepr, pythonStr } from '../util/python-repr';
import { keysFor } from '../serialize/serializer';
import { customFieldData, speaksChoiceSets } from '../custom-fields';
import { ChangeEvent } from '../events/change-events';
import { holdsWrites } from '../db/database';
import { deleteStatement, insertRows, insertStatement, updateStatement } from '../db/insert';

type Errors = Record<string, unknown>;

const TREE_SEGMENT = 10;
/** The column in which an object's row read for a change carries its tag names. */
const TAG_NAMES_COLUMN = '__tag_names_before';
/** FROM and WHERE of an object's tags (`g`), `type` and `object` being SQL for its content type and id; null without tags installed. */
function tagNamesFrom(type: string, object: string): string | null {
  const items = registry.get('extras.taggeditem');
  const tag = registry.get('extras.tag');
  if (!items || !tag) return null;
  return `FROM ${q(items.table)} x INNER JOIN ${q(tag.table)} g ON g.id = x.tag_id WHERE x.content_type = ${type} AND x.object_id = ${object}`;
}
/** Where parsed tags wait in a body's changes until the object is written. */
const TAGS = '__tags';
/** Their names, sorted, as change records keep them. */
const TAG_NAMES = '__tag_names';
/** Tags an update adds to and takes from the object's set (`add_tags`, `remove_tags`): their rows. */
const TAG_EDITS = '__tag_edits';
/** The change record's message a body gives (`changelog_message`). */
const MESSAGE = '__message';
/** NetBox 4.4's write-only field: the message of the change record a write leaves. */
export const CHANGELOG_MESSAGE = 'changelog_message';
/** The longest change record message: its column's length. */
const MESSAGE_MAX = 200;

interface TagEdits {
  add: Row[];
  remove: Row[];
}

/** The tag names a body sets, if it names tags at all. */
function tagNamesOf(changes: Row): string[] | undefined {
  return TAG_NAMES in changes ? (changes[TAG_NAMES] as string[]) : undefined;
}
/** `items` cut into consecutive groups of the given sizes. */
function inGroups<T>(items: T[], sizes: number[]): T[][] {
  let start = 0;
  return sizes.map((size) => items.slice(start, (start += size)));
}
/** The largest id an integer id column holds. */
const MAX_ROW_ID = 2_147_483_647;
/** Parameters a statement binds at most: within what both drivers take (SQLite 32,766, PostgreSQL 65,535). */
const MAX_PARAMETERS = 10_000;

/** A new object's row, checked and ready to insert, and what its body changed. */
interface Created {
  row: Row;
  changes: Row;
}

// Sorts below every printable character, so a parent precedes its children and they precede its next sibling.
const TREE_SORT_SEPARATOR = '\u0001';

/**
 * Validates request bodies and applies them to the database, inside the caller's transaction.
 * Everything a model gets for free on write lives here: required fields, types, related-object
 * lookups, uniqueness, tree paths, and NetBox's delete rules (protect, cascade, set null).
 */
export class Writer {
  constructor(
    readonly em: EntityManager,
    readonly driver: Driver,
    readonly context?: WriteContext,
  ) {}

  async create(model: ModelDef, input: unknown): Promise<number> {
    const [id] = await this.insertCreated(model, [await this.prepareCreate(model, input)]);
    return id;
  }

  /**
   * Creates objects of one model, all or none, reporting every body's errors at its place. Where
   * nothing follows a creation but its related sets and change record (no tree, no `afterWrite`),
   * the rows are inserted together: before any statement that reads the model's table, so that each
   * body's checks see those before it, and at the end. Nothing else those checks read changes
   * meanwhile, so they share what they read.
   */
  async createAll(model: ModelDef, bodies: unknown[]): Promise<number[]> {
    if (model.tree || model.afterWrite || !this.em.queryRunner) return eachOrNone(bodies, (body) => this.create(model, body));
    const ids: number[] = [];
    const waiting: Array<Created & { index: number }> = [];
    const insertWaiting = async () => {
      const batch = waiting.splice(0);
      if (batch.length) (await this.insertCreated(model, batch)).forEach((id, i) => (ids[batch[i].index] = id));
    };
    const release = this.beforeReading(model.table, insertWaiting);
    this.batch = { model, loaded: new ReadsOfOtherTables(model.table), reads: new Map() };
    try {
      await eachOrNone(
        bodies.map((body, index) => ({ body, index })),
        async ({ body, index }) => void waiting.push({ ...(await this.prepareCreate(model, body)), index }),
      );
      await insertWaiting();
    } finally {
      this.batch = null;
      release();
    }
    return ids;
  }

  /** The body of a new object parsed and checked: the row to insert. */
  private async prepareCreate(model: ModelDef, input: unknown): Promise<Created> {
    const changes = await this.parse(model, input, null);
    const row: Row = {};
    for (const field of Object.values(model.fields)) {
      if (field.stored) row[field.column] = field.column in changes ? changes[field.column] : field.defaultValue();
    }
    if (model.features.customFields) row.custom_field_data = changes.custom_field_data ?? {};
    await this.check(model, row, null, changes);
    const now = new Date();
    if (model.features.created) row.created = now.toISOString().slice(0, 10);
    if (model.features.lastUpdated) row.last_updated = now;
    if (model.tree) {
      row._depth = 0;
      row.tree_path = row.tree_sort = '';
    }
    return { row, changes };
  }

  /** Inserts checked rows, a few hundred a statement, then does in order what follows each creation. */
  private async insertCreated(model: ModelDef, created: Created[]): Promise<number[]> {
    const ids: number[] = [];
    const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(created[0].row).length));
    for (let i = 0; i < created.length; i += perStatement) {
      const rows = created.slice(i, i + perStatement).map((c) => c.row);
      const inserted = await insertRows(this.em, model.table, rows, 'id');
      ids.push(...rows.map((_, n) => inserted[n] ?? NaN));
    }
    if (ids.some((id) => !Number.isInteger(id))) throw new Error(`The database did not return the ids of rows inserted into ${model.table}`);
    if (model.tree) for (const id of ids) await this.placeInTree(model, id, null);
    await this.setNewRelatedSets(model, ids, created.map((c) => c.changes));
    // Only a tree's placement changes the row once inserted: otherwise it is what was written.
    const rows = model.tree ? await Promise.all(ids.map((id) => this.load(model, id))) : created.map((c, i) => ({ ...c.row, id: ids[i] }));
    const labels = await this.labels(model, rows);
    for (const [i, row] of rows.entries()) {
      const changes = created[i].changes;
      await model.afterWrite?.(this.em, row, null, { driver: this.driver, input: changes, writer: this });
      // Without a hook that may change them, the new object's sets are what the body gave.
      const links = model.afterWrite ? undefined : changes;
      await this.recordChange(model, 'create', row, labels[i], null, await this.snapshot(model, row, tagNamesOf(changes) ?? [], links), changes[MESSAGE]);
    }
    return ids;
  }

  /**
   * Until released, a statement of this transaction that names `table` first runs `flush`, once at a
   * time: rows waiting to be inserted are there before anything reads the table.
   */
  private beforeReading(table: string, flush: () => Promise<void>): () => void {
    const runner = this.em.queryRunner!;
    const query = runner.query;
    const naming = new RegExp(`\\b${table}\\b`);
    let flushing = false;
    runner.query = async (sql: string, ...rest: unknown[]) => {
      if (!flushing && naming.test(sql)) {
        flushing = true;
        try {
          await flush();
        } finally {
          flushing = false;
        }
      }
      return (query as (...args: unknown[]) => Promise<any>).call(runner, sql, ...rest);
    };
    return () => {
      runner.query = query;
    };
  }

  async update(model: ModelDef, id: number, input: unknown, partial: boolean): Promise<void> {
    const { row: previous, tags: tagsBefore } = await this.loadForChange(model, id);
    const before = await this.snapshot(model, previous, tagsBefore);
    const changes = await this.parse(model, input, previous, partial);
    const row = { ...previous, ...changes };
    await this.check(model, row, previous, changes);
    // The model's own rules may have normalised values (a password hashed, a key generated).
    const set: Row = {};
    for (const field of model.columns) if (field.column in row && row[field.column] !== previous[field.column]) set[field.column] = row[field.column];
    if (model.features.lastUpdated) set.last_updated = new Date();
    if (Object.keys(set).length) await this.writeRow(updateStatement(this.em, model.table, set, 'id', id));
    await this.setRelatedSets(model, id, changes);
    // Tags edited in place are read back in the database's order of names.
    const tagsAfter = (await this.editTags(model, id, changes, tagsBefore)) ? undefined : tagNamesOf(changes) ?? tagsBefore;
    const placed = model.tree && (row.parent_id !== previous.parent_id || row.name !== previous.name);
    if (placed) await this.placeInTree(model, id, previous);
    const updated = placed ? await this.load(model, id) : { ...previous, ...set };
    await model.afterWrite?.(this.em, updated, previous, { driver: this.driver, input: changes, writer: this });
    await this.recordChange(model, 'update', updated, await this.label(model, updated), before, await this.snapshot(model, updated, tagsAfter), changes[MESSAGE]);
  }

  /** Deletes an object after NetBox's rules for what points at it; `message` is its change record's (not its dependents'). */
  async remove(model: ModelDef, id: number, message?: string): Promise<void> {
    const { row, tags } = await this.loadForChange(model, id);
    await this.context?.beforeDelete?.(model, row);
    const before = await this.snapshot(model, row, tags);
    // Named while what its label reads still exists.
    const repr = await this.label(model, row);
    const blockers: string[] = [];
    const references = registry.referencesTo(model);
    const holding = registry.cascadingGenericRelations();
    const [sources, targets] = [model.manyToMany.filter((f) => f.ownsTable), registry.manyToManyTo(model)];
    // What points at the object, by relation, in one statement: only relations that hold some are read or written.
    const present = await this.anyRows([
      ...references.map((fk) => `FROM ${q(fk.model.table)} d WHERE d.${q(fk.column)} = :id`),
      ...holding.map(({ model: holder, field }) => {
        const [type, object] = [holder.storedFields[field.typeField].column, holder.storedFields[field.idField].column];
        return `FROM ${q(holder.table)} d WHERE d.${q(type)} = :type AND d.${q(object)} = :id`;
      }),
      ...sources.map((m2m) => `FROM ${q(m2m.throughTable)} d WHERE d.${q(m2m.sourceColumn)} = :id`),
      ...targets.map((m2m) => `FROM ${q(m2m.throughTable)} d WHERE d.${q(m2m.targetColumn)} = :id`),
    ], { id, type: model.label });
    const [referenced, held, linked, linking] = inGroups(present, [references.length, holding.length, sources.length, targets.length]);
    for (const [i, fk] of references.entries()) {
      if (!referenced[i]) continue;
      const dependents = await new ModelQuery(this.em, fk.model, this.driver).where(`t.${q(fk.column)} = :dep`, { dep: id }).rows({ order: ['id'] });
      if (!dependents.length) continue;
      if (fk.onDelete === 'PROTECT') {
        const labels = await labelsOf(fk.model, dependents, { em: this.em, driver: this.driver });
        blockers.push(...dependents.map((d, i) => `${labels[i]} (${d.id})`));
      } else if (fk.onDelete === 'SET NULL') {
        await this.em.createQueryBuilder().update(fk.model.table).set({ [fk.column]: null }).where(`${q(fk.column)} = :dep`, { dep: id }).execute();
      } else {
        for (const dependent of dependents) {
          if (!(fk.model === model && dependent.id === row.id)) await this.remove(fk.model, dependent.id);
        }
      }
    }
    for (const [i, { model: holder, field }] of holding.entries()) {
      if (!held[i]) continue;
      const holders = await new ModelQuery(this.em, holder, this.driver)
        .where(`t.${q(holder.storedFields[field.typeField].column)} = :type`, { type: model.label })
        .where(`t.${q(holder.storedFields[field.idField].column)} = :target`, { target: id })
        .rows({ order: ['id'] });
      for (const dependent of holders) await this.remove(holder, dependent.id);
    }
    if (blockers.length) {
      throw new ConflictError(`Unable to delete object. ${blockers.length} dependent objects were found: ${blockers.join(', ')}`);
    }
    const items = registry.get('extras.taggeditem');
    // Its tags were read with its row: none, and there are no links to delete.
    if (items && model.features.tags && (tags === undefined || tags.length)) {
      await this.em.createQueryBuilder().delete().from(items.table).where('content_type = :type AND object_id = :id', { type: model.label, id }).execute();
    }
    for (const [i, m2m] of sources.entries()) {
      if (linked[i]) await this.em.createQueryBuilder().delete().from(m2m.throughTable).where(`${q(m2m.sourceColumn)} = :id`, { id }).execute();
    }
    for (const [i, m2m] of targets.entries()) {
      if (linking[i]) await this.em.createQueryBuilder().delete().from(m2m.throughTable).where(`${q(m2m.targetColumn)} = :id`, { id }).execute();
    }
    await this.writeRow(deleteStatement(this.em, model.table, 'id', id));
    await model.afterWrite?.(this.em, null, row, { driver: this.driver, input: {}, writer: this });
    await this.recordChange(model, 'delete', row, repr, before, null, message);
  }

  /** For each `FROM … WHERE …` (with named parameters), whether it has any row: one statement for them all. */
  private async anyRows(tests: string[], params: Record<string, unknown>): Promise<boolean[]> {
    if (!tests.length) return [];
    const [found] = await selectSql<Row>(this.em, `SELECT ${tests.map((from, i) => `EXISTS (SELECT 1 ${from}) AS e${i}`).join(', ')}`, params);
    return tests.map((_, i) => found[`e${i}`] === true || Number(found[`e${i}`]) === 1);
  }

  /**
   * The object's state as change records keep it: every field by its API name, related
   * objects by id, many-to-many sets as lists of ids, timestamps as NetBox writes them.
   */
  private async snapshot(model: ModelDef, row: Row, tags?: string[], links?: Row): Promise<Record<string, unknown> | null> {
    if (!model.features.changeLog || !registry.has('extras.objectchange')) return null;
    const data: Record<string, unknown> = {};
    for (const field of Object.values(model.fields)) {
      if (field instanceof GenericRelationField || field instanceof InputField) continue;
      if (field instanceof ManyToManyField && !field.ownsTable) continue;
      if (field instanceof ManyToManyField && !field.installed) {
        data[field.name] = [];
        continue;
      }
      if (field instanceof ManyToManyField && links) {
        data[field.name] = [...new Set((links[field.column] as number[] | undefined) ?? [])].sort((a, b) => a - b);
        continue;
      }
      if (field instanceof ManyToManyField) {
        const links = await selectSql<{ dst: number }>(
          this.em,
          `SELECT x.${q(field.targetColumn)} AS dst FROM ${q(field.throughTable)} x WHERE x.${q(field.sourceColumn)} = :id ORDER BY x.${q(field.targetColumn)}`,
          { id: row.id },
        );
        data[field.name] = links.map((l) => Number(l.dst));
        continue;
      }
      const value = row[field.column] ?? null;
      data[field.name] = value instanceof Date ? formatTimestamp(value) : value;
    }
    if (model.features.customFields) data.custom_fields = row.custom_field_data ?? {};
    if (model.features.tags) data.tags = tags ?? (await this.tagNames(model, row.id));
    if (model.features.created) data.created = row.created;
    if (model.features.lastUpdated) data.last_updated = row.last_updated instanceof Date ? formatTimestamp(row.last_updated) : row.last_updated;
    return data;
  }

  /** The object's NetBox `__str__`, as change records keep it. */
  private async label(model: ModelDef, row: Row): Promise<string> {
    return (await this.labels(model, [row]))[0];
  }

  private async labels(model: ModelDef, rows: Row[]): Promise<string[]> {
    if (!model.features.changeLog || !registry.get('extras.objectchange')) return rows.map(() => '');
    return labelsOf(model, rows, { em: this.em, driver: this.driver });
  }

  /**
   * From now on, change records wait in memory until `flushChangeRecords`, which writes them in one
   * statement; the caller flushes before its transaction ends. On PostgreSQL the last update or delete of an
   * object's row waits too, and goes in that statement (a data-modifying `WITH`), which is itself held for the
   * transaction's last round trip (`holdsWrites`): any other statement, the COMMIT too, sends what is held first.
   */
  deferChangeRecords(): void {
    this.pending ??= [];
    const runner = this.em.queryRunner;
    if (this.driver !== 'postgres' || !runner || this.sendNow) return;
    const query = runner.query as (...args: unknown[]) => Promise<any>;
    this.sendNow = (sql, params) => query.call(runner, sql, params);
    holdsWrites(runner, () => this.takeHeld());
    runner.query = async (...args: unknown[]) => {
      // What a rolled back transaction held is dropped: in an aborted transaction it could not be sent.
      if (this.held && /^\s*ROLLBACK/i.test(String(args[0]))) this.held = null;
      await this.sendHeld();
      return query.apply(runner, args);
    };
  }

  async flushChangeRecords(): Promise<void> {
    const changes = registry.get('extras.objectchange');
    const records = this.pending ?? [];
    this.pending = [];
    // A few hundred records a statement keeps the parameters within what both drivers take.
    const inserts: Statement[] = [];
    for (let i = 0; changes && i < records.length; i += 200) inserts.push(insertStatement(this.em, changes.table, records.slice(i, i + 200)));
    if (!this.sendNow) {
      for (const insert of inserts) await this.em.query(...insert);
      return;
    }
    const last = inserts.pop();
    for (const insert of inserts) {
      await this.sendHeld();
      await this.sendNow(...insert);
    }
    if (last) this.hold(last);
  }

  /** What is held, no longer held: its taker sends it. */
  private takeHeld(): Statement | null {
    const held = this.held;
    this.held = null;
    return held && [held.sql, held.params];
  }

  /** Holds a statement, after the write held before it, if any: both in one statement, the write's parameters first. */
  private hold([sql, params]: Statement): void {
    const held = this.held;
    if (!held) {
      this.held = { sql, params };
      return;
    }
    const numbered = sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + held.params.length}`);
    this.held = { sql: `WITH held AS (${held.sql}) ${numbered}`, params: [...held.params, ...params] };
  }

  /** An update or delete of one object's row, or the statement that writes it with the change records, held until the transaction ends or another statement is sent. */
  private held: { sql: string; params: unknown[] } | null = null;
  /** Sends a statement on the transaction's connection without looking at what is held; set where writes may be held. */
  private sendNow: ((sql: string, params: unknown[]) => Promise<unknown>) | null = null;

  /** Sends what is held, if anything. */
  private async sendHeld(): Promise<void> {
    const held = this.held;
    this.held = null;
    if (held) await this.sendNow!(held.sql, held.params);
  }

  /** Writes an object's row: now, or held for the change records' statement where it may be. */
  private async writeRow([sql, params]: Statement): Promise<void> {
    if (!this.sendNow || !this.pending) {
      await this.em.query(sql, params);
      return;
    }
    await this.sendHeld();
    this.held = { sql, params };
  }

  private pending: Row[] | null = null;

  /**
   * While `createAll` inserts together: what its checks have read of other tables, which nothing
   * writes meanwhile.
   */
  private batch: { model: ModelDef; loaded: Map<string, Promise<Row | null>>; reads: Map<string, Promise<unknown>> } | null = null;

  /** What `read` answers of `target`, read once while a batch inserts into another table. */
  private remembered<T>(target: ModelDef, key: string, read: () => Promise<T>): Promise<T> {
    if (!this.batch || target === this.batch.model) return read();
    const name = `${target.table}:${key}`;
    let reading = this.batch.reads.get(name) as Promise<T> | undefined;
    if (!reading) this.batch.reads.set(name, (reading = read()));
    return reading;
  }

  /** Every change-logged create, update and delete so far, in order: the transaction's events once it commits. */
  readonly changes: ChangeEvent[] = [];

  private async recordChange(model: ModelDef, action: 'create' | 'update' | 'delete', row: Row, repr: string, before: unknown, after: unknown, message = ''): Promise<void> {
    if (!model.features.changeLog) return;
    this.changes.push({ model, action, id: row.id, prechange: before, postchange: after });
    const changes = registry.get('extras.objectchange');
    if (!changes) return;
    const user = this.context?.user ?? null;
    const related = relatedObjectOf(model, row);
    const record: Row = {
      time: new Date(),
      user_id: user?.id ?? null,
      user_name: user?.username ?? '',
      request_id: this.context?.requestId ?? '',
      action,
      changed_object_type: model.label,
      changed_object_id: row.id,
      related_object_type: related?.type ?? null,
      related_object_id: related?.id ?? null,
      object_repr: repr.slice(0, 200),
      message,
      prechange_data: before,
      postchange_data: after,
    };
    if (this.pending) this.pending.push(record);
    else await insertRows(this.em, changes.table, [record]);
  }

  /**
   * An object's row as a change starts from it, in one statement: with what its model's side effects read beside it,
   * and, where its model takes tags, their names as `tagNames` reads them.
   */
  private async loadForChange(model: ModelDef, id: number): Promise<{ row: Row; tags: string[] | undefined }> {
    // An id beyond what an id column holds names no object (PostgreSQL would refuse to compare it).
    if (id > MAX_ROW_ID) throw new NotFoundError();
    const query = new ModelQuery(this.em, model, this.driver).whereIdIn([id]);
    const also = { ...model.readWithPrevious?.(query) };
    const tagged = model.features.tags && registry.has('extras.taggeditem') && registry.has('extras.tag');
    const names = tagged ? tagNamesFrom(query.param(model.label), 't.id') : null;
    if (names) also[TAG_NAMES_COLUMN] = jsonListSql(this.driver, 'g.name', 'g.name', names);
    const [row] = await query.rows({ order: ['id'], also });
    if (!row) throw new NotFoundError();
    if (!names) return { row, tags: undefined };
    const tags = parseJsonList<string>(row[TAG_NAMES_COLUMN]);
    delete row[TAG_NAMES_COLUMN];
    return { row, tags };
  }

  /** The names of an object's tags, sorted, as change records keep them. */
  private async tagNames(model: ModelDef, id: number): Promise<string[]> {
    const names = tagNamesFrom(':type', ':id');
    if (!names) return [];
    const rows = await selectSql<{ name: string }>(this.em, `SELECT g.name AS name ${names} ORDER BY g.name`, { type: model.label, id });
    return rows.map((r) => r.name);
  }

  /** Replaces an object's tags when the body named them. */
  private async setTags(model: ModelDef, id: number, changes: Row): Promise<void> {
    const items = registry.get('extras.taggeditem');
    if (!(TAGS in changes) || !items) return;
    await this.em.createQueryBuilder().delete().from(items.table).where('content_type = :type AND object_id = :id', { type: model.label, id }).execute();
    const ids = changes[TAGS] as number[];
    if (ids.length) await insertRows(this.em, items.table, ids.map((tag) => ({ tag_id: tag, content_type: model.label, object_id: id })));
  }

  /** Replaces the sets of many-to-many relations named in `changes`. */
  private async setRelatedSets(model: ModelDef, id: number, changes: Row): Promise<void> {
    await this.setTags(model, id, changes);
    for (const field of model.manyToMany) {
      if (!(field.column in changes)) continue;
      await this.em.createQueryBuilder().delete().from(field.throughTable).where(`${q(field.sourceColumn)} = :id`, { id }).execute();
      const targets: number[] = [...new Set(changes[field.column] as number[])];
      if (targets.length) await insertRows(this.em, field.throughTable, targets.map((t) => ({ [field.sourceColumn]: id, [field.targetColumn]: t })));
    }
  }

  /** The tags and many-to-many sets of new objects, in one statement for each. */
  private async setNewRelatedSets(model: ModelDef, ids: number[], changes: Row[]): Promise<void> {
    const items = registry.get('extras.taggeditem');
    const tagged = ids.flatMap((id, i) => ((changes[i][TAGS] as number[] | undefined) ?? []).map((tag) => ({ tag_id: tag, content_type: model.label, object_id: id })));
    if (items) await this.insertAll(items.table, tagged);
    for (const field of model.manyToMany) {
      const links = ids.flatMap((id, i) => [...new Set((changes[i][field.column] as number[] | undefined) ?? [])].map((t) => ({ [field.sourceColumn]: id, [field.targetColumn]: t })));
      await this.insertAll(field.throughTable, links);
    }
  }

  private async insertAll(table: string, rows: Row[]): Promise<void> {
    const perStatement = rows.length ? Math.floor(MAX_PARAMETERS / Object.keys(rows[0]).length) : 1;
    for (let i = 0; i < rows.length; i += perStatement) {
      await insertRows(this.em, table, rows.slice(i, i + perStatement));
    }
  }

  async load(model: ModelDef, id: number): Promise<Row> {
    const [row] = await new ModelQuery(this.em, model, this.driver).whereIdIn([id]).rows({ order: ['id'] });
    if (!row) throw new NotFoundError();
    return row;
  }

  /** A body to column values; every field's problems are collected before failing. */
  private async parse(model: ModelDef, input: unknown, previous: Row | null, partial = false): Promise<Row> {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      const got = Array.isArray(input) ? 'list' : input === null ? 'NoneType' : typeof input === 'string' ? 'str' : typeof input;
      throw new ValidationError({ non_field_errors: [`Invalid data. Expected a dictionary, but got ${got}.`] });
    }
    const body = input as Record<string, unknown>;
    const errors: Errors = {};
    const changes: Row = {};
    for (const field of model.writableFields) {
      if (!(field.name in body)) {
        if (!partial && field.required) errors[field.name] = ['This field is required.'];
        continue;
      }
      try {
        changes[field.column] = await this.parseField(field, body[field.name]);
        // A choice the request's generation does not have: only one the object holds already may be written back.
        const value = changes[field.column];
        if (this.context?.dialect?.lacksChoice(model, field.name, value) && previous?.[field.column] !== value) throw new FieldError([`"${value}" is not a valid choice.`]);
      } catch (e) {
        if (e instanceof FieldError) errors[field.name] = e.messages;
        else throw e;
      }
    }
    if (model.features.customFields && (previous === null || 'custom_fields' in body)) {
      try {
        const legacy = !speaksChoiceSets(this.context?.dialect);
        changes.custom_field_data = await customFieldData(this.em, model, body.custom_fields, previous?.custom_field_data ?? null, this.context?.cache, legacy);
      } catch (e) {
        if (e instanceof FieldError) errors.custom_fields = e.messages;
        else throw e;
      }
    }
    if (model.features.changeLog && this.takes(CHANGELOG_MESSAGE) && CHANGELOG_MESSAGE in body) {
      try {
        changes[MESSAGE] = changelogMessage(body[CHANGELOG_MESSAGE]);
      } catch (e) {
        if (e instanceof FieldError) errors[CHANGELOG_MESSAGE] = e.messages;
        else throw e;
      }
    }
    const tagLists: Record<string, { ids: number[]; rows: Row[] }> = {};
    for (const key of this.takesTags(model) ? (this.context?.dialect?.tagEdits ? ['tags', 'add_tags', 'remove_tags'] : ['tags']) : []) {
      if (!(key in body)) continue;
      try {
        tagLists[key] = await this.namedTags(model, body[key], key !== 'remove_tags');
      } catch (e) {
        if (e instanceof FieldError) errors[key] = e.messages;
        else throw e;
      }
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);
    Object.assign(changes, tagChanges(tagLists, previous));
    return changes;
  }

  /**
   * Whether this write takes a model's tags: where its dialect shows them. A serializer that does not list `tags` ignores
   * them, as DRF ignores any field it lacks (4.6's VLAN translation policies and data sources).
   */
  private takesTags(model: ModelDef): boolean {
    const dialect = this.context?.dialect;
    return model.features.tags && (!dialect || keysFor(model, 'full', dialect).includes('tags'));
  }

  /** Whether this write's dialect takes a write-only field. */
  private takes(name: string): boolean {
    return !!this.context?.dialect?.writeOnly.includes(name);
  }

  /** The tags a list in a body names, checked to exist and (unless being taken off) to apply to the model: as sent, and their rows in order of name. */
  private async namedTags(model: ModelDef, items: unknown, applied: boolean): Promise<{ ids: number[]; rows: Row[] }> {
    const tag = registry.get('extras.tag');
    if (!Array.isArray(items)) throw new FieldError([`Expected a list of items but got type "${pythonType(items)}".`]);
    if (!tag) throw new FieldError(items.map((t) => describeMissing(t)));
    const named = await this.parseTags(tag, items);
    const misplaced = applied ? named.rows.filter((t) => Array.isArray(t.object_types) && t.object_types.length && !t.object_types.includes(model.label)) : [];
    if (misplaced.length) throw new FieldError(misplaced.map((t) => `Tag "${t.name}" cannot be applied to ${model.verboseNamePlural}.`));
    return named;
  }

  /** Adds and takes off the tags an update edits (`add_tags`, `remove_tags`), given the names it had: whether its set changed. */
  private async editTags(model: ModelDef, id: number, changes: Row, before: string[] | undefined): Promise<boolean> {
    const edits = changes[TAG_EDITS] as TagEdits | undefined;
    const items = registry.get('extras.taggeditem');
    if (!edits || !items) return false;
    const had = new Set(before ?? []);
    const added = edits.add.filter((t) => !had.has(t.name));
    const removed = edits.remove.filter((t) => had.has(t.name));
    if (removed.length) {
      await this.em
        .createQueryBuilder()
        .delete()
        .from(items.table)
        .where('content_type = :type AND object_id = :id AND tag_id IN (:...tags)', { type: model.label, id, tags: removed.map((t) => t.id) })
        .execute();
    }
    if (added.length) await this.insertAll(items.table, added.map((t) => ({ tag_id: t.id, content_type: model.label, object_id: id })));
    return added.length + removed.length > 0;
  }

  private async parseField(field: Field<any>, value: unknown): Promise<unknown> {
    if (field instanceof ManyToManyField) {
      const items = field.parse(value) ?? [];
      if (!field.installed) {
        // Nothing of a model not yet installed can exist to be named.
        if (items.length) throw new FieldError(items.map((item) => describeMissing(item)));
        return [];
      }
      const ids: number[] = [];
      for (const item of items as unknown[]) ids.push(await this.parseRelated(field.target, item));
      return ids;
    }
    if (!(field instanceof ForeignKeyField)) return field.parse(value);
    if (value === null) return field.parse(value);
    return this.parseRelated(field.target, value);
  }

  /**
   * The tags a body names, and their rows in order of name. Tags given by id are found to exist by the read of their
   * rows, not one statement each; otherwise, or if one is missing, they are parsed one by one as any related object,
   * so that the first bad one is the one reported.
   */
  private async parseTags(tag: ModelDef, items: unknown[]): Promise<{ ids: number[]; rows: Row[] }> {
    const rowsOf = (ids: number[]) => (ids.length ? this.remembered(tag, `rows:${ids}`, () => new ModelQuery(this.em, tag, this.driver).whereIdIn(ids).rows({ order: ['name'] })) : Promise.resolve([]));
    const byId = items.map((item) => (typeof item === 'number' ? item : typeof item === 'string' && /^\d+$/.test(item) ? Number(item) : NaN));
    if (byId.length && byId.every(Number.isInteger)) {
      const rows = await rowsOf(byId);
      const found = new Set(rows.map((r) => r.id as number));
      if (byId.every((id) => found.has(id))) return { ids: byId, rows };
    }
    const ids: number[] = [];
    for (const item of items) ids.push(await this.parseRelated(tag, item));
    return { ids, rows: await rowsOf(ids) };
  }

  /** A related object given by id, numeric string or attribute dictionary, checked to exist. */
  async parseRelated(target: ModelDef, value: unknown): Promise<number> {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      return this.resolveOne(target, value as Record<string, unknown>);
    }
    const id = relatedId(value);
    // An id beyond what an id column holds names no object (PostgreSQL would refuse to compare it).
    const found = id <= MAX_ROW_ID && (await this.remembered(target, `count:${id}`, () => new ModelQuery(this.em, target, this.driver).whereIdIn([id]).count()));
    if (!found) throw new FieldError([`Related object not found using the provided numeric ID: ${id}`]);
    return id;
  }

  /** The one object matching a dictionary of attributes (nested dictionaries follow relations). */
  private async resolveOne(model: ModelDef, attrs: Record<string, unknown>): Promise<number> {
    const ids = await this.remembered(model, `match:${JSON.stringify(attrs)}`, () => this.resolveAll(model, attrs));
    if (ids.length === 0) throw new FieldError([`Related object not found using the provided attributes: ${pythonRepr(flatten(attrs))}`]);
    if (ids.length > 1) throw new FieldError([`Multiple objects match the provided attributes: ${pythonRepr(flatten(attrs))}`]);
    return ids[0];
  }

  private async resolveAll(model: ModelDef, attrs: Record<string, unknown>): Promise<number[]> {
    const query = new ModelQuery(this.em, model, this.driver);
    for (const [key, value] of Object.entries(attrs)) {
      const field = model.storedFields[key] ?? (key.endsWith('_id') ? model.storedFields[key.slice(0, -3)] : undefined);
      if (!field) throw new FieldError([`Cannot resolve keyword '${key}' into field.`]);
      const col = valueSql(field);
      if (value === null) {
        query.where(`${col} IS NULL`);
      } else if (field instanceof ForeignKeyField && typeof value === 'object' && !Array.isArray(value)) {
        const ids = await this.resolveAll(field.target, value as Record<string, unknown>);
        query.where(ids.length ? `${col} IN ${query.params(ids)}` : '1 = 0');
      } else if (typeof value === 'object') {
        throw new FieldError([`Related objects must be referenced by numeric ID or by dictionary of attributes. Received an unrecognized value: ${pythonStr(value)}`]);
      } else {
        let parsed: unknown;
        try {
          parsed = field.parseFilter(String(value));
        } catch {
          return [];
        }
        query.where(`${col} = ${query.param(field.toParam(parsed, this.driver))}`);
      }
    }
    const rows = await query.select({ id: 't.id' }, 2);
    return rows.map((r) => Number(r.id));
  }

  /**
   * Uniqueness and the model's own rules, before the statement runs, in NetBox's order: unique fields
   * first (DRF's validators, all reported together), then as Django's `full_clean` the model's rules and
   * every constraint the values they normalised break, leaving out constraints over a field in error.
   */
  private async check(model: ModelDef, row: Row, previous: Row | null, input: Row = {}): Promise<void> {
    const unique: Errors = {};
    for (const field of Object.values(model.fields)) {
      if (!field.opts.unique) continue;
      const value = row[field.column];
      if (value === null || value === undefined || (previous && previous[field.column] === value)) continue;
      const query = new ModelQuery(this.em, model, this.driver).where(`t.${q(field.column)} = :v`, { v: field.toParam(value, this.driver) });
      if (previous) query.where('t.id <> :self', { self: previous.id });
      if (await query.count()) unique[field.name] = [`${model.verboseName} with this ${field.verboseName} already exists.`];
    }
    if (Object.keys(unique).length) throw new ValidationError(unique);
    for (const field of Object.values(model.fields)) {
      if (!(field instanceof GenericRelationField)) continue;
      const type = row[model.storedFields[field.typeField].column];
      const id = row[model.storedFields[field.idField].column];
      if (typeof type !== 'string' || id === null || id === undefined) continue;
      const target = registry.get(type);
      // An id beyond what an id column holds names no object (PostgreSQL would refuse to compare it).
      if (!target || Number(id) > MAX_ROW_ID || !(await new ModelQuery(this.em, target, this.driver).whereIdIn([id]).count())) {
        if (field.missingKey) throw new ValidationError({ [field.missingKey]: [`Related object not found using the provided numeric ID: ${id}`] });
        throw new ValidationError({ non_field_errors: [`Invalid ${field.name}: ${type} ID ${id}`] });
      }
    }
    if (model.tree && previous && row.parent_id !== null && row.parent_id !== previous.parent_id) {
      const parent = await this.load(model, row.parent_id);
      if (parent.tree_path.startsWith(previous.tree_path)) {
        throw new ValidationError({ parent: [`Cannot assign self or child ${model.verboseName} as parent.`] });
      }
    }
    const errors: Errors = {};
    // A rule may key nested errors by field (not a list): those stand as given. A rule that checks a
    // constraint itself (case-insensitive names) does not get its message twice.
    const add = (key: string, messages: unknown) => {
      const held = errors[key];
      errors[key] = Array.isArray(held) && Array.isArray(messages) ? [...new Set([...held, ...messages])] : messages;
    };
    if (model.validate) {
      try {
        const loaded = this.batch?.loaded ?? new Map<string, Promise<Row | null>>();
        // The object as stored is the one the update read.
        if (previous) loaded.set(`${model.table}:${previous.id}`, Promise.resolve(previous));
        const ctx: WriteContext = { user: null, can: async () => false, ...this.context, em: this.em, driver: this.driver, input, loaded };
        await model.validate(row, previous, ctx);
      } catch (e) {
        if (!(e instanceof FieldError)) throw e;
        if (Array.isArray(e.messages)) add('__all__', e.messages);
        else for (const [key, messages] of Object.entries(e.messages)) add(key, messages);
      }
    }
    for (const violated of await this.violatedConstraints(model, row, previous, new Set(Object.keys(errors)))) add('__all__', [violated]);
    if (Object.keys(errors).length) throw new ValidationError(errors);
  }

  /**
   * Django's message for each constraint the row would break, leaving out those over fields in `skip`: one statement
   * finds the rows that any of them matches, and which.
   */
  private async violatedConstraints(model: ModelDef, row: Row, previous: Row | null, skip: Set<string>): Promise<string[]> {
    const query = new ModelQuery(this.em, model, this.driver);
    const checked: Array<{ constraint: (typeof model.constraints)[number]; fields: Field[]; match: string }> = [];
    for (const c of model.constraints) {
      if (c.fields.some((f) => skip.has(f))) continue;
      const fields = c.fields.map((f) => model.storedFields[f]);
      const conditions = Object.keys(c.when ?? {}).map((f) => model.storedFields[f]);
      if (conditions.some((f) => row[f.column] !== null && row[f.column] !== undefined)) continue;
      // NULLs are distinct in a unique constraint.
      if (fields.some((f) => row[f.column] === null || row[f.column] === undefined)) continue;
      if (previous && [...fields, ...conditions].every((f) => previous[f.column] === row[f.column])) continue;
      const terms = [...fields.map((f) => `t.${q(f.column)} = ${query.param(f.toParam(row[f.column], this.driver))}`), ...conditions.map((f) => `t.${q(f.column)} IS NULL`)];
      checked.push({ constraint: c, fields, match: terms.join(' AND ') });
    }
    if (!checked.length) return [];
    if (previous) query.where(`t.id <> ${query.param(previous.id)}`);
    query.where(checked.map((c) => `(${c.match})`).join(' OR '));
    const found = await query.rows({ order: ['id'], also: Object.fromEntries(checked.map((c, i) => [`__matches_${i}`, `CASE WHEN ${c.match} THEN 1 ELSE 0 END`])) });
    const messages: string[] = [];
    checked.forEach(({ constraint: c, fields }, i) => {
      if (!found.some((r) => Number(r[`__matches_${i}`]) === 1)) return;
      if (c.message) messages.push(c.message);
      // Django words a conditional constraint by its name, a plain one by its fields.
      else if (c.when) messages.push(`Constraint “${c.name}” is violated.`);
      else {
        const labels = fields.map((f) => capitalize(f.verboseName));
        // Django's get_text_list: "A, B and C".
        const listed = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}` : labels[0];
        messages.push(`${capitalize(model.verboseName)} with this ${listed} already exists.`);
      }
    });
    return messages;
  }

  /** Sets a node's path, depth and sort key under its parent, and carries its subtree along. */
  private async placeInTree(model: ModelDef, id: number, previous: Row | null): Promise<void> {
    const node = await this.load(model, id);
    const parent = node.parent_id === null ? null : await this.load(model, node.parent_id);
    const { tree_path: path, tree_sort: sort, _depth: depth } = treePlace(node, parent);
    const old = previous ?? node;
    const p = (n: number) => (this.driver === 'postgres' ? `$${n}` : '?');
    await this.em.query(
      `UPDATE ${q(model.table)} SET tree_path = ${p(1)} || substr(tree_path, ${p(2)}), tree_sort = ${p(3)} || substr(tree_sort, ${p(4)}), ` +
        `"_depth" = "_depth" + ${p(5)} WHERE ${previous ? `tree_path LIKE ${p(6)}` : `id = ${p(6)}`}`,
      [path, old.tree_path.length + 1, sort, old.tree_sort.length + 1, depth - old._depth, previous ? `${old.tree_path}%` : id],
    );
  }
}

/** A tree node's columns under its parent (null: a root): its path of ancestor ids, its sort key of their names, its depth. */
export function treePlace(node: Row, parent: Row | null): { tree_path: string; tree_sort: string; _depth: number } {
  return {
    tree_path: `${parent ? parent.tree_path : ''}${String(node.id).padStart(TREE_SEGMENT, '0')}/`,
    tree_sort: `${parent ? parent.tree_sort : ''}${node.name}${TREE_SORT_SEPARATOR}`,
    _depth: parent ? parent._depth + 1 : 0,
  };
}

/** The object a change record names as related: a foreign key's target, or a generic relation's (an address's interface). */
function relatedObjectOf(model: ModelDef, row: Row): { type: string; id: number } | null {
  const field = model.relatedObject ? model.fields[model.relatedObject] : undefined;
  if (field instanceof ForeignKeyField) return row[field.column] === null ? null : { type: field.target.label, id: row[field.column] };
  if (field instanceof GenericRelationField) {
    const type = row[model.storedFields[field.typeField].column];
    const id = row[model.storedFields[field.idField].column];
    return typeof type === 'string' && id !== null && id !== undefined ? { type, id } : null;
  }
  return null;
}

/**
 * Where a body's tags go: `tags` replaces the set (and wins, as NetBox's serializer has it); else NetBox 4.6's
 * `add_tags` make a new object's set and edit an existing one's with `remove_tags`. Refused as NetBox's validate()
 * refuses them: beside a non-empty `tags`, `remove_tags` on a creation, a tag both added and removed.
 */
function tagChanges(lists: Record<string, { ids: number[]; rows: Row[] }>, previous: Row | null): Row {
  const { tags, add_tags: add, remove_tags: remove } = lists;
  const given = (list?: { ids: number[] }) => !!list?.ids.length;
  if (given(tags) && (given(add) || given(remove))) throw new ValidationError({ tags: ['Cannot specify "tags" together with "add_tags" or "remove_tags".'] });
  if (!previous && given(remove)) throw new ValidationError({ remove_tags: ['Cannot use "remove_tags" when creating a new object.'] });
  if (add && remove && given(add) && given(remove)) {
    const removed = new Set(remove.ids);
    const names = new Map(add.rows.map((t) => [t.id as number, t.name as string]));
    const both = add.ids.filter((id) => removed.has(id));
    if (both.length) throw new ValidationError({ remove_tags: [`Tags may not be present in both "add_tags" and "remove_tags": ${both.map((id) => names.get(id)).join(', ')}`] });
  }
  const set = tags ?? (previous ? undefined : add);
  // In the database's order of names, as `tagNames` reads them.
  if (set) return { [TAGS]: [...new Set(set.ids)], [TAG_NAMES]: set.rows.map((t) => t.name as string) };
  if (!previous || !(add || remove)) return {};
  const edits: TagEdits = { add: add?.rows ?? [], remove: remove?.rows ?? [] };
  return { [TAG_EDITS]: edits };
}

/**
 * `changelog_message` as NetBox 4.6 stores it: any value as Python's str(), a false one blank; longer than the
 * column, refused (PostgreSQL would fail the write). `strict` first checks it as DRF's CharField does, where
 * NetBox validates it: a delete's body, the items of a bulk write.
 */
export function changelogMessage(value: unknown, strict = false): string {
  if (strict) {
    if (value === null) throw new FieldError(['This field may not be null.']);
    if (typeof value !== 'string' && typeof value !== 'number') throw new FieldError(['Not a valid string.']);
    if (String(value).trim() === '') throw new FieldError(['This field may not be blank.']);
  }
  const message = pythonTruthy(value) ? pythonStr(value) : '';
  if ([...message].length > MESSAGE_MAX) throw new FieldError([`Ensure this field has no more than ${MESSAGE_MAX} characters.`]);
  return message;
}

/** Python's truth of a JSON value: null, false, 0, '', [] and {} are false. */
function pythonTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value !== null && typeof value === 'object') return Object.keys(value).length > 0;
  return !!value;
}

function relatedId(value: unknown): number {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  throw new FieldError([`Related objects must be referenced by numeric ID or by dictionary of attributes. Received an unrecognized value: ${pythonStr(value)}`]);
}

function describeMissing(ref: unknown): string {
  if (typeof ref === 'number' || (typeof ref === 'string' && /^\d+$/.test(ref))) return `Related object not found using the provided numeric ID: ${ref}`;
  if (typeof ref === 'object' && ref !== null && !Array.isArray(ref)) return `Related object not found using the provided attributes: ${pythonRepr(flatten(ref as Record<string, unknown>))}`;
  return `Related objects must be referenced by numeric ID or by dictionary of attributes. Received an unrecognized value: ${pythonStr(ref)}`;
}

/** `{"site": {"name": "x"}}` as NetBox names the lookup: `{'site__name': 'x'}`. */
function flatten(attrs: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) Object.assign(out, flatten(v as Record<string, unknown>, `${prefix}${k}__`));
    else out[`${prefix}${k}`] = v;
  }
  return out;
}


function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A write's memo of rows read by id that keeps none of one table's: those a batch is inserting. */
class ReadsOfOtherTables extends Map<string, Promise<Row | null>> {
  constructor(private readonly own: string) {
    super();
  }

  override set(key: string, value: Promise<Row | null>): this {
    return key.startsWith(`${this.own}:`) ? this : super.set(key, value);
  }
}

/** Runs every item; if any fails validation, reports them all as a list, each at its place, and fails the whole. */
export async function eachOrNone<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  const errors: Array<Record<string, unknown>> = [];
  let failed = false;
  for (const item of items) {
    try {
      results.push(await work(item));
      errors.push({});
    } catch (e) {
      if (!(e instanceof ValidationError) || Array.isArray(e.body)) throw e;
      failed = true;
      errors.push(e.body as Record<string, unknown>);
    }
  }
  if (failed) throw new ValidationError(errors);
  return results;
}
