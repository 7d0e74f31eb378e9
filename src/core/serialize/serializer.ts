import { EntityManager } from 'typeorm';
import type { AppConfig } from '../config/config';
import { Driver, ForeignKeyField, GenericRelationField, ManyToManyField } from '../model/fields';
import { ModelDef, Row, registry } from '../model/model';
import { ModelQuery, jsonListSql, parseJsonList, q, selectSql } from '../query/model-query';
import type { CachedReads } from '../db/read-cache';
import type { Dialect } from '../dialect/dialect';
import { renderCustomFields } from '../custom-fields';
import { renderConfigContexts } from '../config-context';
import { cpuTurn } from '../util/cpu-turns';

export type Representation = Record<string, unknown>;
export type Mode = 'full' | 'brief';

export interface RenderContext {
  em: EntityManager;
  driver: Driver;
  /** Scheme and host of the request: `url` fields are absolute. */
  baseUrl: string;
  /** Keys the client asked to leave out (`exclude=config_context`). */
  exclude?: ReadonlySet<string>;
  /** Objects created by this request. */
  fresh?: boolean;
  /**
   * Rendering objects nested in another's representation. NetBox's nested serializers list counts,
   * but only a model's own (annotated) queryset has them: DRF skips them everywhere else.
   */
  nested?: boolean;
  config?: Pick<AppConfig, 'allowTokenRetrieval' | 'preferIpv4'>;
  /** Reads reused across requests while their tables are unwritten; never inside a write's transaction. */
  cache?: CachedReads;
  /** The API generation to speak; the stored names when absent. */
  dialect?: Dialect;
  /** The keys of the answered model's own representations the client chose: objects nested in them keep theirs. */
  chosen?: KeyChoice;
  /**
   * Whether many objects, their related rows read, wait for a turn of the event loop before they are built
   * (core/util/cpu-turns), nested ones too: so that a page's work is sliced and a write's round trip waits for a
   * slice, not a page. Only outside a write's transaction, where a wait holds no row locks.
   */
  takesTurns?: boolean;
}

/** A client's choice of a model's keys, by stored name (NetBox 4's `?fields=`, `?omit=`). */
export interface KeyChoice {
  model: ModelDef;
  /** Only these (`?fields=`). */
  only?: ReadonlySet<string>;
  /** All but these (`?omit=`). */
  omit?: ReadonlySet<string>;
}

/** `keys` of a model's representation as a client's choice leaves them (none made for it: all). */
function chosenOf(keys: readonly string[], model: ModelDef, chosen: KeyChoice | undefined): readonly string[] {
  if (!chosen || chosen.model !== model) return keys;
  return keys.filter((k) => (!chosen.only || chosen.only.has(k)) && !chosen.omit?.has(k));
}

/** The stored keys a mode shows, in a dialect's order where it lists the model, without counts of models that are not installed. */
export function keysFor(model: ModelDef, mode: Mode, dialect?: Dialect): readonly string[] {
  return model.installedOnly(`keys|${mode}|${dialect?.version ?? ''}`, () => workOutKeys(model, mode, dialect));
}

function workOutKeys(model: ModelDef, mode: Mode, dialect?: Dialect): string[] {
  const full = [...model.full, ...[...registry.reverseRelationsTo(model).keys()].filter((k) => !model.full.includes(k))];
  let keys = mode === 'full' ? full : model.brief;
  if (dialect && !dialect.isNative) {
    const listed = dialect.listedKeys(model, mode, () => new Set([...full, ...model.brief, ...Object.keys(model.fields), ...Object.keys(model.counts), ...featureKeys(model)]));
    if (listed) keys = listed;
    else if (mode === 'brief' && dialect.briefDescription && model.fields.description && !keys.includes('description')) keys = [...keys, 'description'];
  }
  const active = model.activeCounts;
  return keys.filter((k) => (!(k in model.counts) || k in active) && (!dialect || dialect.shows(model, k)) && !model.fields[k]?.opts.writeOnly);
}

/** The keys a model's features give it, whether or not its own full form lists them (3.5's data sources showed no custom fields). */
function featureKeys(model: ModelDef): string[] {
  return [...(model.features.tags ? ['tags'] : []), ...(model.features.customFields ? ['custom_fields'] : [])];
}

/** The counts a representation shows, and so its rows read: those a client's choice leaves. */
export function countsFor(model: ModelDef, mode: Mode, dialect?: Dialect, chosen?: KeyChoice): string[] {
  return chosenOf(keysFor(model, mode, dialect), model, chosen).filter((k) => k in model.activeCounts);
}

/** A representation built under stored keys, in the dialect's names and values. */
function spoken(dialect: Dialect, model: ModelDef, rep: Representation): Representation {
  const out: Representation = {};
  for (const [key, value] of Object.entries(rep)) {
    const convert = dialect.conversion(model, key);
    out[dialect.nameOf(model, key)] = convert && value !== null ? convert.out(value) : value;
  }
  return out;
}

export function objectUrl(ctx: Pick<RenderContext, 'baseUrl' | 'dialect'>, model: ModelDef, id: number): string {
  return objectUrlFor(ctx, model)(id);
}

/** Builds `objectUrl` for many ids of one model, reading its path once. */
function objectUrlFor(ctx: Pick<RenderContext, 'baseUrl' | 'dialect'>, model: ModelDef): (id: number) => string {
  const prefix = `${ctx.baseUrl}${ctx.dialect?.pathOf(model) ?? model.path}`;
  return (id) => `${prefix}${id}/`;
}

type Builder = (reads: Array<(row: Row) => unknown>, row: Row) => Representation;

/** Builders by their keys, in order; bounded, as `?fields=` lets clients choose keys. */
const builders = new Map<string, Builder>();
const BUILDERS_KEPT = 1000;

/**
 * What makes one representation: an object literal of `keys` in order, each the value of its read. An object given
 * its keys one by one keeps most of them outside itself: a page of 50 devices took about 150 µs longer to make, and
 * longer to write as JSON.
 */
export function builderOf(keys: string[]): Builder {
  const signature = keys.join('\0');
  let build = builders.get(signature);
  if (build) return build;
  // Keys are written as JSON strings, which are JavaScript string literals: nothing a key holds is read as code.
  // `__proto__` as a literal's key would set its prototype; as a computed key it is a property like any other.
  const literal = keys.map((key, i) => `${key === '__proto__' ? '["__proto__"]' : JSON.stringify(key)}: reads[${i}](row)`).join(', ');
  build = new Function('reads', 'row', `return { ${literal} };`) as Builder;
  if (builders.size >= BUILDERS_KEPT) builders.clear();
  builders.set(signature, build);
  return build;
}

/** From this many objects on, building their representations is a long stretch of the thread's work. */
const MANY_OBJECTS = 10;

/**
 * Rows to their API representation. Related objects are loaded for the whole
 * batch, one query per relation, so a page costs the same number of queries at any size.
 */
export async function represent(ctx: RenderContext, model: ModelDef, rows: Row[], mode: Mode): Promise<Representation[]> {
  // What is not shown is not loaded either.
  const keys = chosenOf(keysFor(model, mode, ctx.dialect), model, ctx.nested ? undefined : ctx.chosen).filter((k) => !ctx.exclude?.has(k) && !(ctx.nested && k in model.counts));
  const related = new Map<string, Map<number | string, Representation>>();
  const many = new Map<string, Map<number, Representation[]>>();
  const reverse = mode === 'full' ? registry.reverseRelationsTo(model) : new Map<string, ForeignKeyField>();
  // Everything a page reads beyond its rows is read at once: on PostgreSQL, in one round trip (core/db/read-batch).
  const loadRelated = async (key: string): Promise<void> => {
    const field = model.fields[key];
    if (reverse.has(key)) {
      many.set(key, await loadReverse(ctx, reverse.get(key)!, rows.map((r) => r.id)));
    } else if (field instanceof ForeignKeyField && !field.opts.flat && field.installed) {
      const ids = [...new Set(rows.map((r) => r[field.column]).filter((v): v is number => v !== null && v !== undefined))];
      related.set(key, await loadNested(ctx, field.target, ids, false));
    } else if (field instanceof ManyToManyField && field.installed) {
      many.set(key, await loadMany(ctx, field, rows.map((r) => r.id)));
    } else if (field instanceof GenericRelationField) {
      related.set(key, await loadGeneric(ctx, field, rows));
    }
  };
  const [tags, configContexts, customFields] = await Promise.all([
    keys.includes('tags') && model.features.tags ? loadTags(ctx, model, rows.map((r) => r.id)) : null,
    model.configContext && keys.includes('config_context') ? renderConfigContexts(ctx, model, rows) : null,
    keys.includes('custom_fields') ? renderCustomFields(ctx.em, model, rows, ctx) : null,
    Promise.all(keys.map(loadRelated)),
  ]);
  // Many objects are built, and then written as JSON, in a turn of their own.
  if (ctx.takesTurns && rows.length >= MANY_OBJECTS) await cpuTurn();
  // What each key reads, decided once for the page rather than once per row.
  const reads = keys.map((key) => readerFor(ctx, model, key, { related, many, tags, configContexts, customFields, reverse }));
  const build = builderOf(keys);
  const reps = rows.map((row) => build(reads, row));
  if (model.labels && rows.length && reps.some((rep) => 'display' in rep)) {
    const labels = await model.labels(rows, { em: ctx.em, driver: ctx.driver, reps, render: ctx });
    reps.forEach((rep, i) => {
      if ('display' in rep) rep.display = labels[i];
    });
  }
  if (model.present) reps.forEach((rep, i) => model.present!(rep, rows[i], { ...ctx, mode }));
  if (model.augment && rows.length) await model.augment({ ...ctx, exclude: undefined, fresh: false }, rows, reps, mode);
  const dialect = ctx.dialect;
  return dialect?.rewrites(model) ? reps.map((rep) => spoken(dialect, model, rep)) : reps;
}

interface Loaded {
  related: Map<string, Map<number | string, Representation>>;
  many: Map<string, Map<number, Representation[]>>;
  tags: Map<number, Representation[]> | null;
  configContexts: Map<number, Record<string, unknown>> | null;
  customFields: Map<number, Record<string, unknown>> | null;
  reverse: Map<string, ForeignKeyField>;
}

/** How one key of a representation is read from a row and what was loaded for the page. */
function readerFor(ctx: RenderContext, model: ModelDef, key: string, loaded: Loaded): (row: Row) => unknown {
  const { related, many, tags, configContexts, customFields, reverse } = loaded;
  switch (key) {
    case 'id':
      return (row) => row.id;
    case 'url': {
      const url = objectUrlFor(ctx, model);
      return (row) => url(row.id);
    }
    case 'display_url': {
      // The object's page: its API path without `/api`.
      const prefix = `${ctx.baseUrl}${(ctx.dialect?.pathOf(model) ?? model.path).replace(/^\/api\//, '/')}`;
      return (row) => `${prefix}${row.id}/`;
    }
    case 'display':
      return (row) => model.display(row);
    case 'tags': {
      if (!model.features.tags) {
        const own = many.get(key);
        return (row) => own?.get(row.id) ?? [];
      }
      return (row) => tags?.get(row.id) ?? [];
    }
    case 'config_context':
      if (configContexts) return (row) => configContexts.get(row.id) ?? {};
      return (row) => row.config_context ?? null;
    case 'custom_fields':
      return (row) => customFields?.get(row.id) ?? {};
  }
  const field = model.storedFields[key];
  if (reverse.has(key) || field instanceof ManyToManyField) {
    const sets = many.get(key);
    return (row) => sets?.get(row.id) ?? [];
  }
  if (field instanceof GenericRelationField) {
    const objects = related.get(key);
    return (row) => objects?.get(genericKey(row[field.typeField], row[field.idField])) ?? null;
  }
  if (field instanceof ForeignKeyField) {
    const column = field.column;
    if (field.opts.flat) return (row) => row[column];
    const objects = related.get(key);
    return (row) => {
      const id = row[column];
      return id === null || id === undefined ? null : objects?.get(id) ?? null;
    };
  }
  if (field) {
    const column = field.column;
    return (row) => field.toApi(row[column]);
  }
  return (row) => row[key] ?? null;
}

/** The kind under which each object's tag ids are remembered. */
const tagIdsKind = (model: ModelDef) => `tags:${model.label}`;

/** The kind under which each object's referrers by `fk` (their ids) are remembered. */
const referrerIdsKind = (fk: ForeignKeyField) => `referrers:${fk.model.label}.${fk.name}`;

/**
 * Ids an object's representation lists that rows of its own table do not hold: its tag ids, and those of the objects
 * that a reverse relation lists (`reverse` on a foreign key). Each can be read as a column of the object's row.
 */
interface ObjectList {
  kind: string;
  /** What the ids are read from: they are remembered while this table is unwritten. */
  table: string;
  /** A JSON list of the ids for the row aliased `t`. */
  expression(query: ModelQuery): string;
}

function objectListsOf(model: ModelDef): ObjectList[] {
  const lists: ObjectList[] = [];
  const items = registry.get('extras.taggeditem');
  if (model.features.tags && items && registry.get('extras.tag')) {
    lists.push({
      kind: tagIdsKind(model),
      table: items.table,
      expression: (query) => jsonListSql(query.driver, 'x.tag_id', 'x.tag_id', `FROM ${q(items.table)} x WHERE x.content_type = ${query.param(model.label)} AND x.object_id = t.id`),
    });
  }
  for (const fk of registry.reverseRelationsTo(model).values()) {
    lists.push({
      kind: referrerIdsKind(fk),
      table: fk.model.table,
      expression: (query) => jsonListSql(query.driver, 'r.id', 'r.id', `FROM ${q(fk.model.table)} r WHERE r.${q(fk.column)} = t.id`),
    });
  }
  return lists;
}

/** The column that carries an object list in a row. */
const listColumn = (i: number) => `__list_${i}`;

/**
 * Columns that read, with the rows of `model`, what their full representation lists by id (tag ids, referrers' ids):
 * rendered after `rememberObjectLists`, the rows read no tag links and no referrers' ids.
 */
export function objectListColumns(model: ModelDef, query: ModelQuery): Record<string, string> {
  return Object.fromEntries(objectListsOf(model).map((list, i) => [listColumn(i), list.expression(query)]));
}

/**
 * Remembers what rows read with `objectListColumns` carry (and takes those columns off), under the versions `cache`
 * reads: they must have been read by the same statement.
 */
export async function rememberObjectLists(cache: CachedReads, model: ModelDef, rows: Row[]): Promise<void> {
  await Promise.all(
    objectListsOf(model).map((list, i) => {
      const column = listColumn(i);
      const ids = new Map<number, number[]>();
      for (const row of rows) {
        ids.set(row.id as number, parseJsonList<unknown>(row[column]).map(Number));
        delete row[column];
      }
      return cache.perObject(list.kind, [list.table], [...ids.keys()], async () => ids);
    }),
  );
}

/** Each object's tags, nested and ordered by name: two queries for the whole page at most, none while remembered. */
async function loadTags(ctx: RenderContext, model: ModelDef, ids: number[]): Promise<Map<number, Representation[]>> {
  const items = registry.get('extras.taggeditem');
  const tag = registry.get('extras.tag');
  const result = new Map<number, Representation[]>();
  if (!items || !tag || ids.length === 0) return result;
  const read = async (wanted: number[]) => {
    const links = await selectSql<{ object_id: number; tag_id: number }>(
      ctx.em,
      `SELECT x.object_id AS object_id, x.tag_id AS tag_id FROM ${q(items.table)} x WHERE x.content_type = :type AND x.object_id IN (:...ids)`,
      { type: model.label, ids: wanted },
    );
    // Every object asked for has an entry: one without tags is remembered as such.
    const tagIds = new Map<number, number[]>(wanted.map((id) => [id, []]));
    for (const link of links) tagIds.get(Number(link.object_id))?.push(Number(link.tag_id));
    return tagIds;
  };
  const tagIds = ctx.cache ? await ctx.cache.perObject(tagIdsKind(model), [items.table], ids, read) : await read(ids);
  const nested = await loadNested(ctx, tag, [...new Set([...tagIds.values()].flat())]);
  const position = new Map([...nested.keys()].map((id, i) => [id, i]));
  for (const [objectId, tagsOf] of tagIds) {
    const reps: Representation[] = [];
    for (const id of tagsOf) {
      const rep = nested.get(id);
      if (rep) reps.push(rep);
    }
    if (reps.length) result.set(objectId, reps);
  }
  for (const list of result.values()) list.sort((a, b) => position.get(a.id as number)! - position.get(b.id as number)!);
  return result;
}

/** Keys generic references by type and id, in one map across types. */
function genericKey(type: unknown, id: unknown): string {
  return typeof type === 'string' && id !== null && id !== undefined ? `${type}:${id}` : '';
}

/** Objects referenced by type and id: one query per type present on the page. */
async function loadGeneric(ctx: RenderContext, field: GenericRelationField, rows: Row[]): Promise<Map<string, Representation>> {
  const byType = new Map<string, number[]>();
  for (const row of rows) {
    const type = row[field.typeField];
    const id = row[field.idField];
    if (typeof type !== 'string' || id === null || id === undefined) continue;
    const ids = byType.get(type);
    if (ids) ids.push(id);
    else byType.set(type, [id]);
  }
  const out = new Map<string, Representation>();
  for (const [type, ids] of byType) {
    const model = registry.get(type);
    if (!model || model.internal) continue;
    for (const [id, rep] of await loadNested(ctx, model, [...new Set(ids)], false)) out.set(genericKey(type, id), rep);
  }
  return out;
}

/** Each object's related set, in the target's natural order: two queries for the whole page. */
async function loadMany(ctx: RenderContext, field: ManyToManyField, ids: number[]): Promise<Map<number, Representation[]>> {
  const result = new Map<number, Representation[]>();
  if (ids.length === 0) return result;
  const links = await selectSql<{ src: number; dst: number }>(
    ctx.em,
    `SELECT x.${q(field.sourceColumn)} AS src, x.${q(field.targetColumn)} AS dst FROM ${q(field.throughTable)} x WHERE x.${q(field.sourceColumn)} IN (:...ids)`,
    { ids },
  );
  const nested = await loadNested(ctx, field.target, [...new Set(links.map((l) => Number(l.dst)))]);
  const position = new Map([...nested.keys()].map((id, i) => [id, i]));
  for (const link of links) {
    const list = result.get(Number(link.src)) ?? [];
    const rep = nested.get(Number(link.dst));
    if (rep) list.push(rep);
    result.set(Number(link.src), list);
  }
  for (const list of result.values()) list.sort((a, b) => position.get(a.id as number)! - position.get(b.id as number)!);
  return result;
}

/**
 * The objects whose foreign key points at each of `ids`, nested, in their model's order: their ids (remembered per
 * object while their table is unwritten), then their rows, only where there are any.
 */
async function loadReverse(ctx: RenderContext, fk: ForeignKeyField, ids: number[]): Promise<Map<number, Representation[]>> {
  const result = new Map<number, Representation[]>();
  if (ids.length === 0) return result;
  const read = async (wanted: number[]) => {
    const found = await selectSql<{ id: number; owner: number }>(
      ctx.em,
      `SELECT r.id AS id, r.${q(fk.column)} AS owner FROM ${q(fk.model.table)} r WHERE r.${q(fk.column)} IN (:...ids)`,
      { ids: wanted },
    );
    const byOwner = new Map<number, number[]>(wanted.map((id) => [id, []]));
    for (const row of found) byOwner.get(Number(row.owner))?.push(Number(row.id));
    return byOwner;
  };
  const referrers = ctx.cache ? await ctx.cache.perObject<number[]>(referrerIdsKind(fk), [fk.model.table], ids, read) : await read(ids);
  const nested = await loadNested(ctx, fk.model, [...new Set([...referrers.values()].flat())]);
  const position = new Map([...nested.keys()].map((id, i) => [id, i]));
  for (const [owner, referring] of referrers) {
    const list = referring.map((id) => nested.get(id)).filter((rep): rep is Representation => rep !== undefined);
    result.set(owner, list.sort((a, b) => position.get(a.id as number)! - position.get(b.id as number)!));
  }
  return result;
}

/**
 * Objects of one model in their nested form, by id: one query, or none for those the cache holds.
 * In the model's natural order when `ordered`, which the cache cannot tell.
 */
export async function loadNested(ctx: RenderContext, model: ModelDef, ids: number[], ordered = true): Promise<Map<number, Representation>> {
  if (ids.length === 0) return new Map();
  const load = (wanted: number[]) => {
    const query = new ModelQuery(ctx.em, model, ctx.driver).whereIdIn(wanted);
    // Unordered, a model's ordering costs its statement the joins it follows (a rack's site and location) for nothing.
    return query.rows({ order: ordered ? query.defaultOrder() : [] });
  };
  const rows = ctx.cache && !ordered ? await ctx.cache.rowsById(model.table, ids, load) : await load(ids);
  const reps = await represent({ ...ctx, exclude: undefined, fresh: false, nested: true }, model, rows, 'brief');
  return new Map(reps.map((r) => [r.id as number, r]));
}

/** The rows of objects by id, with the counts a mode shows: what `representByIds` renders. */
export function rowsByIds(em: EntityManager, driver: Driver, model: ModelDef, ids: number[], mode: Mode, dialect?: Dialect): Promise<Row[]> {
  return new ModelQuery(em, model, driver).whereIdIn(ids).rows({ counts: countsFor(model, mode, dialect), order: ['id'] });
}

/** Loads rows by id and represents them in the given mode, in the order of `ids`. */
export async function representByIds(ctx: RenderContext, model: ModelDef, ids: number[], mode: Mode, read?: Promise<Row[]>): Promise<Representation[]> {
  const rows = await (read ?? rowsByIds(ctx.em, ctx.driver, model, ids, mode, ctx.dialect));
  const reps = await represent(ctx, model, rows, mode);
  const byId = new Map(reps.map((r) => [r.id as number, r]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}
