import { BooleanField, ContentTypeListField, DateField, Field, FieldError, ForeignKeyField, ManyToManyField, TextField } from '../model/fields';
import { CustomFilter, FilterContext, FilterSetSpec, ModelDef, registry } from '../model/model';
import { ModelQuery, q, valueSql } from './model-query';
import { applyCustomFieldFilter } from '../custom-fields';

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
interface FilterSpec {
  lookups: readonly string[];
  apply(query: ModelQuery, lookup: string, values: string[]): Promise<void> | void;
}

const cache = new WeakMap<ModelDef, Map<string, FilterSpec>>();

/** Filters one app gives models of others (contacts on every contact-capable model), asked for each model. */
type FilterProvider = (model: ModelDef) => Record<string, CustomFilter>;
const providers: FilterProvider[] = [];

/** Adds filters to the models a provider chooses; a model's own filters of the same name win. */
export function provideFilters(provider: FilterProvider): void {
  providers.push(provider);
}

/** The filters NetBox's filter set has for this model, derived from its declaration. */
export function filtersFor(model: ModelDef): Map<string, FilterSpec> {
  const cached = cache.get(model);
  if (cached) return cached;
  // A model that declares no filter set filters by id alone, as a bare BaseFilterSet would.
  const specs = declaredFilters(model, model.filterset ?? { fields: ['id'] });
  const base = model.filterset?.base ?? (model.features.tags ? 'netbox' : model.features.changeLog ? 'changelog' : 'none');
  if (base !== 'none') {
    for (const name of ['created', 'last_updated']) {
      const field = model.storedFields[name];
      if (field) specs.set(name, fieldFilter(field));
    }
  }
  if (model.search.length) {
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
  if (model.features.tags && (base === 'netbox' || model.filterset?.tag)) specs.set('tag', tagFilter(model));
  // A filter set that declares the change-logged filters has them even where nothing is change-logged (data files).
  if (base !== 'none' && (model.features.changeLog || model.filterset?.base === 'changelog')) {
    specs.set('created_by_request', changedByRequest(model, ['create']));
    specs.set('updated_by_request', changedByRequest(model, ['update']));
    specs.set('modified_by_request', changedByRequest(model, ['create', 'update']));
  }
  const provided = Object.assign({}, ...providers.map((provide) => provide(model))) as Record<string, CustomFilter>;
  for (const [name, custom] of Object.entries({ ...provided, ...model.filters })) specs.set(name, customFilter(custom, custom.exactOnly ? specs.get(name) : undefined));
  cache.set(model, specs);
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
    const field = relationNamed(byId ? name.slice(0, -3) : name) ?? fieldNamed(name);
    if (field instanceof ForeignKeyField && !field.installed) specs.set(name, uninstalledRelatedFilter(byId));
    else if (field instanceof ForeignKeyField) specs.set(name, relatedFilter(field, byId ? 'id' : field.target.lookupField));
    else if (field instanceof ManyToManyField) specs.set(name, memberFilter(field, byId ? 'id' : field.target.lookupField));
    else throw new Error(`${model.label}: related filter ${name} names no relation`);
  }
  return specs;
}

/** A filter the model (or another app) declares itself; `own` is the field filter of the same name it replaces the plain match of. */
function customFilter(custom: CustomFilter, own: FilterSpec | undefined): FilterSpec {
  return {
    lookups: own?.lookups ?? custom.lookups ?? (custom.negatable ? ['n'] : []),
    async apply(query, lookup, values) {
      if (own && lookup !== 'exact') return own.apply(query, lookup, values);
      const context = (where: FilterContext['where']): FilterContext => ({ where, param: (v) => query.param(v), alias: 't', driver: query.driver, em: query.em, lookup, user: query.user });
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

/** Applies every recognised parameter; unknown ones are ignored, as NetBox does. */
export async function applyFilters(query: ModelQuery, params: QueryParams): Promise<void> {
  const specs = filtersFor(query.model);
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
      if (e instanceof FieldError && Array.isArray(e.messages)) errors[key] = e.messages;
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
      const attr = target.storedFields[by];
      const parsed = given.map((v) => (by === 'id' ? field.parseFilter(v) : attr.parseFilter(v)));
      let ids: number[] = [];
      if (parsed.length) {
        const found = new ModelQuery(query.em, target, query.driver);
        found.where(`t.${q(attr.column)} IN ${found.params(parsed.map((v) => attr.toParam(v, query.driver)))}`);
        const rows = await found.select({ id: 't.id', attr: `t.${q(attr.column)}`, path: target.tree ? 't.tree_path' : 't.id' });
        const seen = new Set(rows.map((r) => String(r.attr)));
        const missing = given.find((v, i) => !seen.has(String(parsed[i])));
        if (missing !== undefined) throw new FieldError([`Select a valid choice. ${missing} is not one of the available choices.`]);
        ids = rows.map((r) => Number(r.id));
        const ownParent = target === field.model && field.name === 'parent';
        if (target.tree && !ownParent && rows.length) {
          const below = new ModelQuery(query.em, target, query.driver);
          below.where(`(${rows.map((r) => `t.tree_path LIKE ${below.param(`${r.path}%`)}`).join(' OR ')})`);
          ids = (await below.select({ id: 't.id' })).map((r) => Number(r.id));
        }
      }
      const col = `t.${q(field.column)}`;
      const terms: string[] = [];
      if (ids.length) terms.push(`${col} IN ${query.params(ids)}`);
      else if (parsed.length) terms.push('1 = 0');
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
 * objects of the path's end, and everything below them when it is a tree. `null` selects objects
 * without one; repeated values are OR'd.
 */
export function pathFilter(model: () => ModelDef, path: string, by?: string): CustomFilter {
  return {
    negatable: true,
    async apply(values, ctx) {
      const hops: ForeignKeyField[] = [];
      let at = model();
      for (const name of path.split('.')) {
        const fk = at.fields[name];
        if (!(fk instanceof ForeignKeyField)) throw new Error(`${model().label}: filter path ${path} has no foreign key ${name}`);
        hops.push(fk);
        at = fk.target;
      }
      const target = at;
      const attr = target.storedFields[by ?? target.lookupField];
      const given = values.filter((v) => v !== 'null');
      const parsed = given.map((v) => (attr.name === 'id' ? new ForeignKeyField(() => target).parseFilter(v) : attr.parseFilter(v)));
      const found = parsed.length
        ? await new ModelQuery(ctx.em, target, ctx.driver)
            .where(`t.${q(attr.column)} IN (:...vals)`, { vals: parsed.map((v) => attr.toParam(v, ctx.driver)) })
            .select({ id: 't.id', attr: `t.${q(attr.column)}`, path: target.tree ? 't.tree_path' : 't.id' })
        : [];
      const seen = new Set(found.map((r) => String(r.attr)));
      const missing = given.find((v, i) => !seen.has(String(parsed[i])));
      if (missing !== undefined) throw new FieldError([`Select a valid choice. ${missing} is not one of the available choices.`]);
      let ids = found.map((r) => Number(r.id));
      if (target.tree && found.length) {
        const below = new ModelQuery(ctx.em, target, ctx.driver);
        below.where(`(${found.map((r) => `t.tree_path LIKE ${below.param(`${r.path}%`)}`).join(' OR ')})`);
        ids = (await below.select({ id: 't.id' })).map((r) => Number(r.id));
      }
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

/** These ids, when each is an object of `model`; otherwise the 400 of NetBox's ModelMultipleChoiceFilter. */
export async function existingIds(model: ModelDef, values: string[], ctx: Pick<FilterContext, 'em' | 'driver'>): Promise<number[]> {
  const invalid = values.find((v) => !/^\d+$/.test(v));
  if (invalid !== undefined) throw new FieldError([`“${invalid}” is not a valid value.`]);
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

/** `?tag=<slug>`: objects carrying every named tag; `tag__n`: carrying none of them. */
function tagFilter(model: ModelDef): FilterSpec {
  return {
    lookups: ['n'],
    async apply(query, lookup, values) {
      const items = registry.get('extras.taggeditem');
      const tag = registry.get('extras.tag');
      if (!items || !tag) return;
      const found = await query.em
        .createQueryBuilder()
        .select('g.id', 'id')
        .addSelect('g.slug', 'slug')
        .from(tag.table, 'g')
        .where('g.slug IN (:...slugs)', { slugs: values })
        .getRawMany<{ id: number; slug: string }>();
      const bySlug = new Map(found.map((f) => [f.slug, Number(f.id)]));
      const missing = values.find((v) => !bySlug.has(v));
      if (missing !== undefined) throw new FieldError([`Select a valid choice. ${missing} is not one of the available choices.`]);
      for (const value of values) {
        const tagged = `t.id IN (SELECT x.object_id FROM ${q(items.table)} x WHERE x.content_type = ${query.param(model.label)} AND x.tag_id = ${query.param(bySlug.get(value))})`;
        query.where(lookup === 'n' ? `NOT ${tagged}` : tagged);
      }
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

/** NetBox's `q`: any of the conditions, each built by `like(column)`, a case-insensitive contains of the trimmed value. */
export function searchFilter(conditions: (like: (column: string) => string, ctx: FilterContext) => string[]): CustomFilter {
  return {
    apply(values, ctx) {
      const value = values[values.length - 1]?.trim();
      if (!value) return;
      const p = ctx.param(`%${escapeLike(value.toLowerCase())}%`);
      ctx.where(`(${conditions((column) => `LOWER(${column}) LIKE ${p} ESCAPE '\\'`, ctx).join(' OR ')})`);
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
