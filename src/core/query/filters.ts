import { BooleanField, ComputedField, ContentTypeListField, DateField, Field, FieldError, ForeignKeyField, INT32_MAX, IntegerField, ManyToManyField, TextField } from '../model/fields';
import { CustomFilter, FilterContext, FilterSetSpec, ModelDef, Row, registry } from '../model/model';
import { ModelQuery, countSql, q, valueSql } from './model-query';
import { applyCustomFieldFilter } from '../custom-fields';
import { applyJsonKeyFilter } from './json-key-filters';
import type { Dialect } from '../dialect/dialect';

/** Invalid filter values, keyed by the parameter as given. */
export class FilterError extends Error {
  constructor(public readonly errors: Record<string, string[]>) {
    super('invalid filter');
  }
}

export type QueryParams = Record<string, string | string[] | undefined>;

/** Parameters every list takes that are not filters. */
const RESERVED = new Set(['limit', 'offset', 'ordering', 'brief', 'exclude', 'format', 'fields', 'include', 'export']);

const OPERATORS: Record<string, string> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };

/** A declared filter: the parameter's base name and how its values narrow the query. */
export interface FilterSpec {
  lookups: readonly string[];
  /** The value's schema, where a filter declared whole says it. */
  schema?: Record<string, unknown>;
  apply(query: ModelQuery, lookup: string, values: string[]): Promise<void> | void;
}

/** Each model's filters, by the dialect whose lists take them (undefined: the stored set). */
const cache = new WeakMap<ModelDef, Map<Dialect | undefined, Map<string, FilterSpec>>>();

/** Filters one app gives models of others (contacts on every contact-capable model), asked for each model. */
type FilterProvider = (model: ModelDef) => Record<string, CustomFilter>;
const providers: FilterProvider[] = [];

/** Adds filters to the models a provider chooses; a model's own filters of the same name win. */
export function provideFilters(provider: FilterProvider): void {
  providers.push(provider);
}

/**
 * The filters a model's list takes: NetBox's filter set for it as stored, derived from its declaration, and with a
 * dialect, the filters that dialect's filter set adds or means otherwise (which no other dialect's lists take).
 */
export function filtersFor(model: ModelDef, dialect?: Dialect): Map<string, FilterSpec> {
  let sets = cache.get(model);
  if (!sets) cache.set(model, (sets = new Map()));
  let specs = sets.get(dialect);
  if (!specs) {
    specs = dialect ? dialectFilters(model, dialect) : storedFilters(model);
    sets.set(dialect, specs);
  }
  return specs;
}

function storedFilters(model: ModelDef): Map<string, FilterSpec> {
  // A model that declares no filter set filters by id alone, as a bare BaseFilterSet would.
  const specs = declaredFilters(model, model.filterset ?? { fields: ['id'] });
  const base = model.filterset?.base ?? (model.features.tags ? 'netbox' : model.features.changeLog ? 'changelog' : 'none');
  // A filter set that declares the change-logged filters has them even where nothing is change-logged (data files).
  const changeLogged = model.features.changeLog || model.filterset?.base === 'changelog';
  for (const [name, spec] of baseFilters(model, base, { changeLogged, tag: model.filterset?.tag, q: true })) specs.set(name, spec);
  const provided = Object.assign({}, ...providers.map((provide) => provide(model))) as Record<string, CustomFilter>;
  for (const [name, custom] of Object.entries({ ...provided, ...model.filters })) specs.set(name, customFilter(custom, custom.exactOnly ? specs.get(name) : undefined));
  return specs;
}

/**
 * The stored filters with those of the dialect's filter sets of the model: each adds the names the stored set lacks, and
 * gives those it `replaces` the dialect's meaning.
 */
function dialectFilters(model: ModelDef, dialect: Dialect): Map<string, FilterSpec> {
  const added = dialect.addedFilters(model);
  if (!added.length) return filtersFor(model);
  const stored = filtersFor(model);
  const specs = new Map(stored);
  for (const set of added) {
    const wanted = (name: string) => !stored.has(name) || !!set.replaces?.includes(name);
    const entries = <T>(named: Record<string, T> | undefined) => Object.entries(named ?? {}).filter(([name]) => wanted(name));
    const declared = declaredFilters(model, { fields: (set.fields ?? []).filter(wanted), related: set.related?.filter(wanted) });
    const base = set.base ? [...baseFilters(model, set.base, { changeLogged: true })].filter(([name]) => wanted(name)) : [];
    const through = entries(set.through).map(([name, path]): [string, FilterSpec] => [name, fieldFilter(fieldThrough(model, path))]);
    const relations = entries(set.relations).map(([name, relation]): [string, FilterSpec] => [name, relationFilter(model, relation, name.endsWith('_id'))]);
    for (const [name, spec] of [...base, ...declared, ...through, ...relations]) specs.set(name, spec);
    for (const [name, custom] of entries(set.filters)) specs.set(name, customFilter(custom, custom.exactOnly ? specs.get(name) : undefined));
  }
  return specs;
}

/** What the base filter sets add: `created`, `last_updated` and, where change-logged, the `*_by_request` filters; `q` where searched; `tag` where NetBoxModelFilterSet's or declared. */
function baseFilters(model: ModelDef, base: FilterSetSpec['base'], opts: { changeLogged: boolean; tag?: boolean; q?: boolean }): Map<string, FilterSpec> {
  const specs = new Map<string, FilterSpec>();
  if (base !== 'none') {
    for (const name of ['created', 'last_updated']) {
      const field = model.storedFields[name];
      if (field) specs.set(name, fieldFilter(field));
    }
  }
  if (opts.q && model.search.length) {
    specs.set('q', {
      lookups: [],
      apply(query, _lookup, values) {
        const value = values[values.length - 1]?.trim();
        if (!value) return;
        const p = query.param(`%${escapeLike(value.toLowerCase())}%`);
        query.where(`(${model.search.map((f) => `LOWER(t.${q(model.storedFields[f].column)}) LIKE ${p} ESCAPE '\\'`).join(' OR ')})`);
      },
    });
  }
  if (model.features.tags && (base === 'netbox' || opts.tag)) specs.set('tag', customFilter(tagFilter(model, 'slug'), undefined));
  if (base !== 'none' && opts.changeLogged) {
    specs.set('created_by_request', changedByRequest(model, ['create']));
    specs.set('updated_by_request', changedByRequest(model, ['update']));
    specs.set('modified_by_request', changedByRequest(model, ['create', 'update']));
  }
  return specs;
}

/** Meta.fields and the declared relation filters of a model's filter set. */
function declaredFilters(model: ModelDef, set: FilterSetSpec): Map<string, FilterSpec> {
  const specs = new Map<string, FilterSpec>();
  const fieldNamed = (name: string) => {
    const field = model.storedFields[name] ?? model.fields[name];
    if (!field) throw new Error(`${model.label}: filter ${name} names no field`);
    return field;
  };
  for (const name of set.fields) {
    if (name in model.counts) {
      specs.set(name, countFilter(model, name));
      continue;
    }
    const field = fieldNamed(name);
    if (field instanceof ForeignKeyField) specs.set(name, relatedFilter(field, 'id'));
    else if (field instanceof ManyToManyField) specs.set(name, memberFilter(field, 'id'));
    else if (field instanceof ContentTypeListField) specs.set(name, memberOfListFilter(field));
    else specs.set(name, fieldFilter(field));
  }
  // A many-to-many relation filters under its filter name (`regions`: `region_id`, `region`).
  const relationNamed = (name: string) => model.fields[name] ?? Object.values(model.fields).find((f) => f instanceof ManyToManyField && f.filterName === name);
  for (const name of set.related ?? []) {
    const byId = name.endsWith('_id') && !!relationNamed(name.slice(0, -3));
    specs.set(name, relationFilter(model, byId ? name.slice(0, -3) : name, byId, relationNamed));
  }
  return specs;
}

/** A count of the model's (4.x's counter fields, `device_count`) filtered as a number, counted in the list's own statement. */
function countFilter(model: ModelDef, key: string): FilterSpec {
  const count = new IntegerField({ min: 0 });
  return { ...fieldFilter(new ComputedField(() => count, () => countSql(model, key))), schema: { type: 'integer' } };
}

/** A relation's filter: by id, or by the related object's lookup field. */
function relationFilter(model: ModelDef, name: string, byId: boolean, named = (n: string) => model.fields[n]): FilterSpec {
  const field = named(name) ?? model.storedFields[name];
  if (field instanceof ForeignKeyField && !field.installed) return uninstalledRelatedFilter(byId);
  if (field instanceof ForeignKeyField) return relatedFilter(field, byId ? 'id' : field.target.lookupField);
  if (field instanceof ManyToManyField) return memberFilter(field, byId ? 'id' : field.target.lookupField);
  throw new Error(`${model.label}: related filter ${name} names no relation`);
}

/** A filter the model (or another app) declares itself; `own` is the field filter of the same name it replaces the plain match of. */
function customFilter(custom: CustomFilter, own: FilterSpec | undefined): FilterSpec {
  return {
    lookups: own?.lookups ?? custom.lookups ?? (custom.negatable ? ['n'] : []),
    schema: custom.schema,
    async apply(query, lookup, values) {
      if (own && lookup !== 'exact') return own.apply(query, lookup, values);
      const context = (where: FilterContext['where']): FilterContext => ({ where, param: (v) => query.param(v), alias: 't', driver: query.driver, em: query.em, lookup, user: query.user, remembered: query.remembered });
      if (lookup !== 'n' || custom.lookups?.includes('n')) return custom.apply(values, context((sql, params) => query.where(sql, params)));
      const conditions: string[] = [];
      await custom.apply(
        values,
        context((sql, params) => {
          if (params) query.setParameters(params);
          conditions.push(`(${sql})`);
        }),
      );
      // A row the condition cannot decide (no tenant at all) is one it does not select.
      if (conditions.length) query.where(`((${conditions.join(' AND ')}) IS NOT TRUE)`);
    },
  };
}

/** Applies every recognised parameter (the dialect's filters, when a request speaks one); unknown ones are ignored, as NetBox does. */
/** `given`: the name a renamed filter was given under (a dialect's), by stored name: its errors are keyed so. */
export async function applyFilters(query: ModelQuery, params: QueryParams, dialect?: Dialect, given?: ReadonlyMap<string, string>): Promise<void> {
  const specs = filtersFor(query.model, dialect);
  const errors: Record<string, string[]> = {};
  for (const [key, raw] of Object.entries(params)) {
    if (raw === undefined || RESERVED.has(key)) continue;
    const values = (Array.isArray(raw) ? raw : [raw]).map(String);
    if (key.startsWith('cf_') && query.model.features.customFields) {
      try {
        if (await applyCustomFieldFilter(query, key, values)) continue;
      } catch (e) {
        if (e instanceof FieldError && Array.isArray(e.messages)) errors[key] = e.messages;
        else throw e;
        continue;
      }
    }
    const keyed = query.model.jsonKeyFilters;
    if (keyed && key.startsWith(keyed.prefix) && !specs.has(key)) {
      if (!dialect?.shows(query.model, keyed.field)) continue;
      try {
        applyJsonKeyFilter(query, query.model.storedFields[keyed.field].column, key.slice(keyed.prefix.length), values);
      } catch (e) {
        if (e instanceof FieldError && Array.isArray(e.messages)) errors[key] = e.messages;
        else throw e;
      }
      continue;
    }
    let spec = specs.get(key);
    let lookup = 'exact';
    if (!spec) {
      const m = /^(.+)__([a-z]+)$/.exec(key);
      if (!m) continue;
      spec = specs.get(m[1]);
      lookup = m[2];
      if (!spec || !spec.lookups.includes(lookup)) continue;
    }
    try {
      await spec.apply(query, lookup, values);
    } catch (e) {
      if (e instanceof FieldError && Array.isArray(e.messages)) errors[given?.get(key) ?? key] = e.messages;
      else throw e;
    }
  }
  if (Object.keys(errors).length) throw new FilterError(errors);
}

function fieldFilter(field: Field<any>): FilterSpec {
  return {
    lookups: field.lookups,
    apply(query, lookup, values) {
      const col = valueSql(field);
      if (lookup === 'empty') {
        const wanted = parseNullBoolean(values[values.length - 1]);
        if (wanted === null) return;
        const empty = field instanceof TextField ? `(${col} IS NULL OR ${col} = '')` : `${col} IS NULL`;
        query.where(wanted ? empty : `NOT ${empty}`);
        return;
      }
      if (field instanceof BooleanField) {
        const wanted = parseNullBoolean(values[values.length - 1]);
        if (wanted !== null) query.where(`${col} = ${query.param(field.toParam(wanted, query.driver))}`);
        return;
      }
      if (['ic', 'nic', 'isw', 'nisw', 'iew', 'niew', 'ie', 'nie'].includes(lookup)) {
        const negate = lookup.startsWith('n');
        const kind = negate ? lookup.slice(1) : lookup;
        const terms = values.map((v) => {
          const s = escapeLike(v.toLowerCase());
          const pattern = kind === 'ic' ? `%${s}%` : kind === 'isw' ? `${s}%` : kind === 'iew' ? `%${s}` : s;
          return `LOWER(${col}) LIKE ${query.param(pattern)} ESCAPE '\\'`;
        });
        const any = `(${terms.join(' OR ')})`;
        query.where(negate ? `(${col} IS NULL OR NOT ${any})` : any);
        return;
      }
      const parsed = values.map((v) => dateAware(field, v)).map((v) => field.toParam(v, query.driver));
      if (lookup in OPERATORS) {
        query.where(`(${parsed.map((v) => `${col} ${OPERATORS[lookup]} ${query.param(v)}`).join(' OR ')})`);
      } else if (lookup === 'n') {
        query.where(`(${col} IS NULL OR ${col} NOT IN ${query.params(parsed)})`);
      } else {
        query.where(`${col} IN ${query.params(parsed)}`);
      }
    },
  };
}

/** `created` is a date; a timestamp given for it filters by its UTC date. */
function dateAware(field: Field<any>, raw: string): unknown {
  if (field instanceof DateField && /^\d{4}-\d{2}-\d{2}[T ]/.test(raw)) {
    const d = new Date(raw);
    if (!Number.isNaN(d.getTime())) return d.toISOString().slice(0, 10);
  }
  return field.parseFilter(raw);
}

/**
 * `<fk>_id=<id>` or `<fk>=<slug|name>`, repeatable, `null` for none; every value must exist.
 * A foreign key to a tree matches the named nodes and everything below them (NetBox's tree filters).
 */
function relatedFilter(field: ForeignKeyField, by: string): FilterSpec {
  return {
    lookups: ['n'],
    async apply(query, lookup, values) {
      const target = field.target;
      const wantNull = values.includes('null');
      const given = values.filter((v) => v !== 'null');
      // A tree's own parent is the immediate one; any other relation to a tree takes what is below the named nodes.
      const ownParent = target === field.model && field.name === 'parent';
      const ids = await chosenIds(target, by, given, query, !ownParent);
      const col = `t.${q(field.column)}`;
      const terms: string[] = [];
      if (ids.length) terms.push(`${col} IN ${query.params(ids)}`);
      else if (given.length) terms.push('1 = 0');
      if (wantNull) terms.push(`${col} IS NULL`);
      const any = `(${terms.join(' OR ')})`;
      if (lookup !== 'n') query.where(any);
      else query.where(wantNull ? `NOT ${any}` : `(${col} IS NULL OR NOT ${any})`);
    },
  };
}

/**
 * A relation to a model of an app still to come (a device's config template): no object exists to choose, so
 * every value but `null` is refused as NetBox refuses an unknown one.
 */
function uninstalledRelatedFilter(byId: boolean): FilterSpec {
  return {
    lookups: ['n'],
    apply(query, lookup, values) {
      const given = values.filter((v) => v !== 'null');
      const invalid = byId ? given.find((v) => !/^\d+$/.test(v)) : undefined;
      if (invalid !== undefined) throw new FieldError([`“${invalid}” is not a valid value.`]);
      if (given.length) throw new FieldError([`Select a valid choice. ${given[0]} is not one of the available choices.`]);
      // It has no column yet: every row reads null.
      if (lookup === 'n') query.where('1 = 0');
    },
  };
}

/**
 * A filter along a path of foreign keys (`?tenant_group=<slug>` on sites: `tenant.group`): the named
 * objects of the path's end, and everything below them when it is a tree (unless `exact`, a plain
 * ModelMultipleChoiceFilter's). `null` selects objects without one; repeated values are OR'd.
 */
export function pathFilter(model: () => ModelDef, path: string, by?: string, opts: { exact?: boolean } = {}): CustomFilter {
  return {
    negatable: true,
    async apply(values, ctx) {
      const { hops, end } = hopsOf(model(), path);
      if (end) throw new Error(`${model().label}: filter path ${path} ends at a field, not a relation`);
      const target = hops[hops.length - 1].target;
      const given = values.filter((v) => v !== 'null');
      const ids = await chosenIds(target, by ?? target.lookupField, given, ctx, !opts.exact);
      // Innermost first: the last hop's column holds the target's ids; each outer hop selects into it.
      const aliasOf = (k: number) => (k === 0 ? 't' : `p${k}`);
      const n = hops.length;
      const col = `${aliasOf(n - 1)}.${q(hops[n - 1].column)}`;
      const terms: string[] = [];
      if (given.length) terms.push(ids.length ? `${col} IN (${ids.map((id) => ctx.param(id)).join(', ')})` : '1 = 0');
      if (values.includes('null')) terms.push(`${col} IS NULL`);
      let condition = `(${terms.join(' OR ')})`;
      for (let k = n - 1; k >= 1; k--) {
        condition = `${aliasOf(k - 1)}.${q(hops[k - 1].column)} IN (SELECT p${k}.id FROM ${q(hops[k - 1].target.table)} p${k} WHERE ${condition})`;
      }
      ctx.where(condition);
    },
  };
}

/** The foreign keys of a path from `model` (`device.site`), and the field at its end when it names one (`device.status`). */
function hopsOf(model: ModelDef, path: string): { hops: ForeignKeyField[]; end?: Field<any> } {
  const hops: ForeignKeyField[] = [];
  let at = model;
  for (const name of path.split('.')) {
    const field = at.fields[name] ?? at.storedFields[name];
    if (field instanceof ForeignKeyField) {
      hops.push(field);
      at = field.target;
    } else if (field && name === path.split('.').pop()) return { hops, end: field };
    else throw new Error(`${model.label}: filter path ${path} has no foreign key ${name}`);
  }
  return { hops };
}

/** The value of a field reached through foreign keys (`device.status`), read with each row: filtered as that field is. */
function fieldThrough(model: ModelDef, path: string): ComputedField {
  const { hops, end } = hopsOf(model, path);
  if (!end) throw new Error(`${model.label}: filter path ${path} names no field at its end`);
  return new ComputedField(
    () => end,
    (alias) =>
      hops.reduceRight(
        (value, hop, k) => `(SELECT p${k}.${value} FROM ${q(hop.target.table)} p${k} WHERE p${k}.id = ${k === 0 ? alias : `p${k - 1}`}.${q(hop.column)})`,
        q(end.column),
      ),
  );
}

/**
 * Objects that the objects of another model name through a relation (contact groups by `?contact_id=`: the groups of those
 * contacts): those the `select` filter picks of them, by id unless it says otherwise; `null`: those that none names. NetBox's
 * ModelMultipleChoiceFilter over a reverse relation.
 */
export function referrerFilter(source: () => ModelDef, relation: string, select?: CustomFilter): CustomFilter {
  return {
    negatable: true,
    async apply(values, ctx) {
      const from = source();
      const field = from.fields[relation];
      if (!(field instanceof ManyToManyField || field instanceof ForeignKeyField)) throw new Error(`${from.label}: ${relation} is no relation`);
      // The ids the relation names, of the source rows a subquery selects or of all.
      const referred = (sources: string | null) =>
        field instanceof ManyToManyField
          ? `SELECT x.${q(field.targetColumn)} FROM ${q(field.throughTable)} x${sources ? ` WHERE x.${q(field.sourceColumn)} IN (${sources})` : ''}`
          : `SELECT s.${q(field.column)} FROM ${q(from.table)} s WHERE s.${q(field.column)} IS NOT NULL${sources ? ` AND s.id IN (${sources})` : ''}`;
      const given = values.filter((v) => v !== 'null');
      const terms: string[] = [];
      const params: Record<string, unknown> = {};
      if (given.length) terms.push(`t.id IN (${referred(await selection(from, select ?? byAttr(source), given, ctx, params))})`);
      if (values.includes('null')) terms.push(`t.id NOT IN (${referred(null)})`);
      if (terms.length) ctx.where(`(${terms.join(' OR ')})`, params);
    },
  };
}

/**
 * Objects whose foreign key names one of the objects of its target that `select` picks (contact assignments by their
 * contact's groups); `null`: those without one.
 */
export function relatedByFilter(model: () => ModelDef, relation: string, select: CustomFilter): CustomFilter {
  return {
    negatable: true,
    async apply(values, ctx) {
      const field = model().fields[relation];
      if (!(field instanceof ForeignKeyField)) throw new Error(`${model().label}: ${relation} is no foreign key`);
      const given = values.filter((v) => v !== 'null');
      const terms: string[] = [];
      const params: Record<string, unknown> = {};
      if (given.length) terms.push(`t.${q(field.column)} IN (${await selection(field.target, select, given, ctx, params)})`);
      if (values.includes('null')) terms.push(`t.${q(field.column)} IS NULL`);
      ctx.where(`(${terms.join(' OR ')})`, params);
    },
  };
}

/** A subquery of the ids of the rows of `model` that a filter picks by these values: its conditions over them (their `t`) inside it. */
async function selection(model: ModelDef, select: CustomFilter, values: string[], ctx: FilterContext, params: Record<string, unknown>): Promise<string> {
  const conditions: string[] = [];
  const where = (sql: string, p?: Record<string, unknown>) => void (conditions.push(`(${sql})`), Object.assign(params, p));
  await select.apply(values, { ...ctx, lookup: 'exact', where });
  return `SELECT t.id FROM ${q(model.table)} t WHERE ${conditions.join(' AND ') || '1 = 1'}`;
}

/** Objects of `model` by an attribute (its id unless named), each value of which must name one (a ModelMultipleChoiceFilter's choices). */
export function byAttr(model: () => ModelDef, by = 'id'): CustomFilter {
  return {
    async apply(values, ctx) {
      const ids = await chosenIds(model(), by, values, ctx, false);
      ctx.where(ids.length ? `t.id IN (${ids.map((id) => ctx.param(id)).join(', ')})` : '1 = 0');
    },
  };
}

/**
 * The ids of the objects of `target` whose attribute `by` is one of the given values, refused as NetBox refuses a value
 * that names none; with everything below them when `below` (a tree's filters).
 */
async function chosenIds(target: ModelDef, by: string, given: string[], ctx: Pick<FilterContext, 'em' | 'driver' | 'remembered'>, below: boolean): Promise<number[]> {
  if (!given.length) return [];
  const attr = target.storedFields[by];
  const parsed = given.map((v) => (attr.name === 'id' ? new ForeignKeyField(() => target).parseFilter(v) : attr.parseFilter(v)));
  const chosen = new ModelQuery(ctx.em, target, ctx.driver);
  chosen.where(`t.${q(attr.column)} IN ${chosen.params(parsed.map((v) => attr.toParam(v, ctx.driver)))}`);
  const found = await rowsOf(chosen, { id: 't.id', attr: `t.${q(attr.column)}`, path: target.tree ? 't.tree_path' : 't.id' }, ctx);
  const seen = new Set(found.map((r) => String(r.attr)));
  const missing = given.find((v, i) => !seen.has(String(parsed[i])));
  if (missing !== undefined) throw new FieldError([`Select a valid choice. ${missing} is not one of the available choices.`]);
  if (!below || !target.tree || !found.length) return found.map((r) => Number(r.id));
  const under = new ModelQuery(ctx.em, target, ctx.driver);
  under.where(`(${found.map((r) => `t.tree_path LIKE ${under.param(`${r.path}%`)}`).join(' OR ')})`);
  return (await rowsOf(under, { id: 't.id' }, ctx)).map((r) => Number(r.id));
}

/** A lookup's rows, through the list's read cache when it has one: the same filter values are looked up again and again. */
function rowsOf(query: ModelQuery, expressions: Record<string, string>, ctx: Pick<FilterContext, 'remembered'>): Promise<Row[]> {
  const statement = query.selectStatement(expressions);
  return ctx.remembered ? ctx.remembered(statement, () => query.run<Row>(statement)) : query.run<Row>(statement);
}

/** Whether a JSON list column holds a value (`units` holding 5). */
export function listHolds(ctx: Pick<FilterContext, 'driver' | 'param'>, column: string, value: unknown): string {
  return ctx.driver === 'postgres'
    ? `t.${q(column)} @> CAST(${ctx.param(JSON.stringify([value]))} AS jsonb)`
    : `EXISTS (SELECT 1 FROM json_each(t.${q(column)}) l WHERE l.value = ${ctx.param(value)})`;
}

/** These ids, when each is an object of `model`; otherwise the 400 of NetBox's ModelMultipleChoiceFilter. */
export async function existingIds(model: ModelDef, values: string[], ctx: Pick<FilterContext, 'em' | 'driver'>): Promise<number[]> {
  const invalid = values.find((v) => !/^\d+$/.test(v));
  if (invalid !== undefined) throw new FieldError([`“${invalid}” is not a valid value.`]);
  // An id beyond an id column's range names no object (and PostgreSQL refuses the comparison).
  const beyond = values.find((v) => Number(v) > INT32_MAX);
  if (beyond !== undefined) throw new FieldError([`Select a valid choice. ${beyond} is not one of the available choices.`]);
  const found = new Set((await new ModelQuery(ctx.em, model, ctx.driver).whereIdIn(values.map(Number)).rows({ order: ['id'] })).map((r) => r.id));
  const missing = values.find((v) => !found.has(Number(v)));
  if (missing !== undefined) throw new FieldError([`Select a valid choice. ${missing} is not one of the available choices.`]);
  return values.map(Number);
}

/** The tenancy filters every tenant-aware model has: `tenant`, `tenant_id`, `tenant_group`, `tenant_group_id`. */
export function tenancyFilters(model: () => ModelDef): Record<string, CustomFilter> {
  return {
    tenant_group_id: pathFilter(model, 'tenant.group', 'id'),
    tenant_group: pathFilter(model, 'tenant.group'),
  };
}

/** Objects whose list of object types holds any of the given ones (`?content_types=dcim.site`). */
function memberOfListFilter(field: ContentTypeListField): FilterSpec {
  return {
    lookups: ['n'],
    apply(query, lookup, values) {
      const col = `CAST(t.${q(field.column)} AS TEXT)`;
      const any = `(${values.map((v) => `${col} LIKE ${query.param(`%${escapeLike(JSON.stringify(v))}%`)} ESCAPE '\\'`).join(' OR ')})`;
      query.where(lookup === 'n' ? `NOT ${any}` : any);
    },
  };
}

/**
 * `?tag=<slug>` (`?tag_id=<id>` by id): objects carrying every named tag; `__n`: carrying none of them; `__any`, where
 * the filter takes it (NetBox 4.3): carrying any of them.
 */
export function tagFilter(model: ModelDef, by: 'slug' | 'id', lookups: readonly string[] = ['n']): CustomFilter {
  return {
    lookups,
    async apply(values, ctx) {
      const items = registry.get('extras.taggeditem');
      const tag = registry.get('extras.tag');
      if (!items || !tag) return;
      const ids = await chosenIds(tag, by, values, ctx, false);
      const tagged = (condition: string) => `t.id IN (SELECT x.object_id FROM ${q(items.table)} x WHERE x.content_type = ${ctx.param(model.label)} AND x.tag_id ${condition})`;
      if (ctx.lookup === 'any') ctx.where(tagged(`IN (${ids.map((id) => ctx.param(id)).join(', ')})`));
      else for (const id of ids) ctx.where(ctx.lookup === 'n' ? `NOT ${tagged(`= ${ctx.param(id)}`)}` : tagged(`= ${ctx.param(id)}`));
    },
  };
}

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** Objects that a request (by its X-Request-ID) created or updated, from the change records. */
function changedByRequest(model: ModelDef, actions: string[]): FilterSpec {
  return {
    lookups: [],
    apply(query, _lookup, values) {
      const changes = registry.get('extras.objectchange');
      const value = values[values.length - 1];
      if (!UUID.test(value)) throw new FieldError(['Enter a valid UUID.']);
      if (!changes) return;
      const id = value.toLowerCase().replace(/^(.{8})-?(.{4})-?(.{4})-?(.{4})-?(.{12})$/, '$1-$2-$3-$4-$5');
      query.where(
        `t.id IN (SELECT c.changed_object_id FROM ${q(changes.table)} c WHERE c.changed_object_type = ${query.param(model.label)}` +
          ` AND c.request_id = ${query.param(id)} AND c.action IN ${query.params(actions)})`,
      );
    },
  };
}

/** Objects whose many-to-many set holds any of the given objects (`?group_id=1&group_id=2`). */
function memberFilter(field: ManyToManyField, by: string): FilterSpec {
  return {
    lookups: ['n'],
    async apply(query, lookup, values) {
      const target = field.target;
      const attr = target.storedFields[by];
      const parsed = values.map((v) => (by === 'id' ? new ForeignKeyField(() => target).parseFilter(v) : attr.parseFilter(v)));
      const found = new ModelQuery(query.em, target, query.driver);
      found.where(`t.${q(attr.column)} IN ${found.params(parsed.map((v) => attr.toParam(v, query.driver)))}`);
      const rows = await found.select({ id: 't.id', attr: `t.${q(attr.column)}` });
      const seen = new Set(rows.map((r) => String(r.attr)));
      const missing = values.find((v, i) => !seen.has(String(parsed[i])));
      if (missing !== undefined) throw new FieldError([`Select a valid choice. ${missing} is not one of the available choices.`]);
      const ids = rows.map((r) => Number(r.id));
      const members = `t.id IN (SELECT x.${q(field.sourceColumn)} FROM ${q(field.throughTable)} x WHERE x.${q(field.targetColumn)} IN ${query.params(ids)})`;
      query.where(lookup === 'n' ? `NOT ${members}` : members);
    },
  };
}

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A yes/no filter over a condition on the row (`?cabled=true`): the condition, or its negation unless `whenFalse` says otherwise. */
export function booleanFilter(condition: (ctx: FilterContext) => string, whenFalse?: (ctx: FilterContext) => string): CustomFilter {
  return {
    schema: { type: 'boolean' },
    apply(values, ctx) {
      const wanted = parseNullBoolean(values[values.length - 1]);
      if (wanted === null) return;
      if (wanted) ctx.where(`(${condition(ctx)})`);
      else ctx.where(whenFalse ? `(${whenFalse(ctx)})` : `NOT (${condition(ctx)})`);
    },
  };
}

/** A yes/no filter's value as Django's NullBooleanSelect reads it; anything else leaves the filter unapplied. */
export function parseNullBoolean(raw: string | undefined): boolean | null {
  if (raw === undefined) return null;
  if (['true', 'True', '1', '2'].includes(raw)) return true;
  if (['false', 'False', '0', '3'].includes(raw)) return false;
  return null;
}

/**
 * NetBox's `q`: any of the conditions, each built by `like(column)`, a case-insensitive contains of the trimmed value
 * (also given as it is, for conditions of their own: a number's match).
 */
export function searchFilter(conditions: (like: (column: string) => string, ctx: FilterContext, value: string) => string[]): CustomFilter {
  return {
    apply(values, ctx) {
      const value = values[values.length - 1]?.trim();
      if (!value) return;
      const p = ctx.param(`%${escapeLike(value.toLowerCase())}%`);
      ctx.where(`(${conditions((column) => `LOWER(${column}) LIKE ${p} ESCAPE '\\'`, ctx, value).join(' OR ')})`);
    },
  };
}

/**
 * `t.id` among the ids a subquery selects, in a form PostgreSQL can OR with indexed conditions (a bitmap
 * over the primary key) instead of testing every row against the subquery.
 */
export function idIn(ctx: Pick<FilterContext, 'driver'>, subquery: string): string {
  return ctx.driver === 'postgres' ? `t.id = ANY(ARRAY(${subquery}))` : `t.id IN (${subquery})`;
}

/** A filter matching a text column case-insensitively and exactly, as NetBox's `iexact` filters (device name, serial). */
export function iexact(column: string): CustomFilter {
  return {
    exactOnly: true,
    apply(values, ctx) {
      ctx.where(`LOWER(t.${q(column)}) IN (${values.map((v) => ctx.param(v.toLowerCase())).join(', ')})`);
    },
  };
}
