import { EntityManager } from 'typeorm';
import type { CachedReads } from './db/read-cache';
import type { Dialect } from './dialect/dialect';
import { Driver, FieldError, NUMBER_LOOKUPS, STRING_LOOKUPS, pythonType } from './model/fields';
import { ModelDef, Row, registry } from './model/model';
import { ModelQuery, q } from './query/model-query';
import { RenderContext, Representation, loadNested } from './serialize/serializer';
import { pythonStr } from './util/python-repr';
import { Writer } from './write/writer';

/**
 * Custom fields: values kept in each object's `custom_field_data`, defined per object type by
 * the extras app's custom field definitions (`extras.customfield`). The generic layer calls
 * `customFieldData`, `renderCustomFields` and `applyCustomFieldFilter`; without that model
 * installed no field is defined and any value is refused.
 */

const DEFINITIONS = 'extras.customfield';

/** One custom field definition as stored. */
export interface CustomFieldDef {
  id: number;
  name: string;
  type: string;
  object_type: string;
  content_types: string[];
  required: boolean;
  filter_logic: string;
  default: unknown;
  validation_minimum: number | null;
  validation_maximum: number | null;
  validation_regex: string;
  /** A selection field's choices: every value of its choice set (NetBox 3.6), the built-in set's included. */
  choices: string[] | null;
  choice_set_id?: number | null;
  /** Its choice set's name, which 4.x's messages quote. */
  choice_set_name?: string | null;
}

/** The choice sets selection fields take their choices from (the extras app's), by set id: their names and values. */
export interface ChoiceSets {
  table: string;
  read(em: EntityManager, ids: number[]): Promise<Map<number, { name: string; values: string[] }>>;
}

let choiceSets: ChoiceSets | null = null;

/** Where selection fields' choices are read from, once the app that keeps choice sets is installed. */
export function provideChoiceSets(source: ChoiceSets): void {
  choiceSets = source;
}

const OBJECT_TYPES = new Set(['object', 'multiobject']);
const TEXT_TYPES = new Set(['text', 'longtext', 'url']);

function driverOf(em: EntityManager): Driver {
  return em.connection.options.type === 'postgres' ? 'postgres' : 'sqlite';
}

// Definitions read once per transaction (a bulk write validates each object against the same set).
const perTransaction = new WeakMap<EntityManager, Promise<CustomFieldDef[]>>();

/** Every definition, in display order (group, weight, name), with its choice set's choices: one query, and one for the sets. */
async function allDefinitions(em: EntityManager, cache?: CachedReads): Promise<CustomFieldDef[] | null> {
  const model = registry.get(DEFINITIONS);
  if (!model) return null;
  const load = () => {
    const query = new ModelQuery(em, model, driverOf(em));
    return (query.rows({ order: query.defaultOrder() }) as Promise<unknown> as Promise<CustomFieldDef[]>).then((defs) => withChoices(em, defs));
  };
  if (cache) return cache.value(DEFINITIONS, [model.table, ...(choiceSets ? [choiceSets.table] : [])], load);
  const cacheable = !!em.queryRunner?.isTransactionActive;
  const cached = cacheable ? perTransaction.get(em) : undefined;
  if (cached) return cached;
  const loading = load();
  if (cacheable) perTransaction.set(em, loading);
  return loading;
}

/** Definitions with each selection field's choices, its set's. */
async function withChoices(em: EntityManager, defs: CustomFieldDef[]): Promise<CustomFieldDef[]> {
  const ids = [...new Set(defs.map((d) => d.choice_set_id).filter((id): id is number => typeof id === 'number'))];
  const sets = ids.length && choiceSets ? await choiceSets.read(em, ids) : new Map<number, { name: string; values: string[] }>();
  return defs.map((d) => {
    const set = typeof d.choice_set_id === 'number' ? sets.get(d.choice_set_id) : undefined;
    return { ...d, choices: set?.values ?? null, choice_set_name: set?.name ?? null };
  });
}

/** Forgets the definitions a transaction has read: one of them, or a choice set, has just been written in it. */
export function forgetDefinitions(em: EntityManager): void {
  perTransaction.delete(em);
}

/** Whether a dialect speaks of choice sets (4.x), or of a selection field's own list of choices (3.5). */
export function speaksChoiceSets(dialect?: Dialect): boolean {
  const definitions = registry.get(DEFINITIONS);
  return !dialect || !definitions || dialect.shows(definitions, 'choice_set');
}

/** The fields defined for one model, or null when custom fields are not installed. */
export async function customFieldsFor(em: EntityManager, model: ModelDef, cache?: CachedReads): Promise<CustomFieldDef[] | null> {
  const all = await allDefinitions(em, cache);
  return all && all.filter((d) => Array.isArray(d.content_types) && d.content_types.includes(model.label));
}

/** The custom field data to store: the body's `custom_fields` validated, defaults filled on create. */
export async function customFieldData(
  em: EntityManager,
  model: ModelDef,
  input: unknown,
  previous: Record<string, unknown> | null,
  cache?: CachedReads,
  legacy = false,
): Promise<Record<string, unknown>> {
  const defs = await customFieldsFor(em, model, cache);
  if (input === undefined && (previous || !defs)) return { ...(previous ?? {}) };
  if (input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input))) {
    throw new FieldError(['Invalid data format. Custom field data must be passed as a dictionary mapping field names to their values.']);
  }
  // NetBox's CustomFieldDefaultValues: a create without custom fields takes every default.
  const given = (input ?? Object.fromEntries((defs ?? []).map((d) => [d.name, d.default ?? null]))) as Record<string, unknown>;
  const byName = new Map((defs ?? []).map((d) => [d.name, d]));
  const errors = Object.keys(given)
    .filter((k) => !byName.has(k))
    .map((k) => `Unknown field name '${k}' in custom field data.`);
  if (errors.length) throw new FieldError(errors);
  if (!defs) return { ...(previous ?? {}) };

  const data: Record<string, unknown> = {};
  for (const def of defs) {
    const invalid = (message: string) => errors.push(`Invalid value for custom field '${def.name}': ${message}`);
    if (!(def.name in given)) {
      const kept = previous?.[def.name] ?? null;
      data[def.name] = kept;
      if (def.required && !previous) errors.push(`Missing required custom field '${def.name}'.`);
      else if (def.required && isEmpty(kept)) invalid('Required field cannot be empty.');
      continue;
    }
    try {
      const value = OBJECT_TYPES.has(def.type) ? await resolveObjects(em, def, given[def.name]) : given[def.name];
      data[def.name] = checkCustomFieldValue(def, value, legacy);
    } catch (e) {
      if (!(e instanceof CustomFieldValueError)) throw e;
      if (e.related) errors.push(e.message);
      else invalid(e.message);
    }
  }
  if (errors.length) throw new FieldError(errors);
  return data;
}

/** A value refused by a custom field; `related` for unknown objects, which NetBox reports unprefixed. */
export class CustomFieldValueError extends Error {
  constructor(
    message: string,
    readonly related = false,
  ) {
    super(message);
  }
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** Object fields are written as ids or attribute dictionaries of existing objects; stored as ids. */
async function resolveObjects(em: EntityManager, def: CustomFieldDef, value: unknown): Promise<unknown> {
  if (value === null || (Array.isArray(value) && value.length === 0)) return value;
  const target = registry.get(def.object_type);
  const unknown = new CustomFieldValueError(`Unknown related object(s): ${pythonStr(value)}`, true);
  const items = def.type === 'multiobject' ? value : [value];
  if (!target || !Array.isArray(items)) throw unknown;
  const writer = new Writer(em, driverOf(em));
  const ids: number[] = [];
  for (const item of items) {
    if (typeof item === 'boolean' || (typeof item === 'number' && !Number.isInteger(item))) throw unknown;
    try {
      ids.push(await writer.parseRelated(target, item));
    } catch (e) {
      if (e instanceof FieldError) throw unknown;
      throw e;
    }
  }
  return def.type === 'multiobject' ? ids : ids[0];
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Python's datetime.fromisoformat: a date, then optionally a time to the minute, second or microsecond, and an offset.
const DATETIME_RE = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2})(?::(\d{2})(?::(\d{2})(?:\.(\d{3}|\d{6}))?)?)?(Z|[+-]\d{2}:\d{2})?)?$/;

function validDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** An ISO date (`YYYY-MM-DD`), or null. */
function parseDate(value: unknown): string | null {
  const m = typeof value === 'string' ? DATE_RE.exec(value) : null;
  return m && validDate(+m[1], +m[2], +m[3]) ? value as string : null;
}

/** A date and time as NetBox reads it back (`YYYY-MM-DDTHH:MM:SS[.ffffff][±HH:MM|Z]`), or null. */
function parseDateTime(value: unknown): string | null {
  const m = typeof value === 'string' ? DATETIME_RE.exec(value) : null;
  if (!m || !parseDate(m[1])) return null;
  const [hh = '00', mm = '00', ss = '00'] = [m[2], m[3], m[4]];
  if (+hh > 23 || +mm > 59 || +ss > 59) return null;
  const zone = m[6] === '+00:00' ? 'Z' : m[6] ?? '';
  if (zone && zone !== 'Z' && (+zone.slice(1, 3) > 23 || +zone.slice(4) > 59)) return null;
  return `${m[1]}T${hh}:${mm}:${ss}${m[5] ? `.${m[5].padEnd(6, '0')}` : ''}${zone}`;
}

/** A Python regular expression as JavaScript reads it; re.match anchors at the start only. */
export function customFieldRegex(source: string): RegExp {
  return new RegExp(`^(?:${source.replace(/\(\?P</g, '(?<').replace(/\(\?P=(\w+)\)/g, '\\k<$1>')})`);
}

/**
 * A value checked against its field's type and bounds, with NetBox's messages (CustomField.validate), a selection's in
 * 3.5's words when `legacy` (its choices listed, where 4.x names the field's choice set); returns the value to store.
 * Object values must already be ids.
 */
export function checkCustomFieldValue(def: Omit<CustomFieldDef, 'id' | 'content_types'>, value: unknown, legacy = false): unknown {
  const fail = (message: string): never => {
    throw new CustomFieldValueError(message);
  };
  if (value === null || value === undefined || value === '') {
    if (def.required) fail('Required field cannot be empty.');
    return TEXT_TYPES.has(def.type) && value === '' ? '' : null;
  }
  const { validation_minimum: min, validation_maximum: max } = def;
  const bounds = (n: number) => {
    if (min !== null && min !== undefined && n < min) fail(`Value must be at least ${min}`);
    if (max !== null && max !== undefined && n > max) fail(`Value must not exceed ${max}`);
    return n;
  };
  switch (def.type) {
    case 'text':
    case 'longtext':
    case 'url':
      if (typeof value !== 'string') return fail('Value must be a string.');
      if (def.validation_regex && !customFieldRegex(def.validation_regex).test(value)) fail(`Value must match regex '${def.validation_regex}'`);
      return value;
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return fail('Value must be an integer.');
      return bounds(value);
    case 'decimal': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (!Number.isFinite(n)) return fail('Value must be a decimal.');
      return bounds(n);
    }
    case 'boolean':
      if (value === true || value === 1) return true;
      if (value === false || value === 0) return false;
      return fail('Value must be true or false.');
    case 'date':
      return parseDate(value) ?? fail('Date values must be in ISO 8601 format (YYYY-MM-DD).');
    case 'datetime':
      return parseDateTime(value) ?? fail('Date and time values must be in ISO 8601 format (YYYY-MM-DD HH:MM:SS).');
    case 'select': {
      const choices = def.choices ?? [];
      if (typeof value !== 'string' || !choices.includes(value)) {
        fail(legacy ? `Invalid choice (${pythonStr(value)}). Available choices are: ${choices.join(', ')}` : `Invalid choice (${pythonStr(value)}) for choice set ${def.choice_set_name}.`);
      }
      return value;
    }
    case 'multiselect': {
      const choices = def.choices ?? [];
      const items = Array.isArray(value) ? value : [value];
      if (!Array.isArray(value) || items.some((v) => typeof v !== 'string' || !choices.includes(v))) {
        fail(
          legacy
            ? `Invalid choice(s) (${items.map(pythonStr).join(', ')}). Available choices are: ${choices.join(', ')}`
            : `Invalid choice(s) (${pythonStr(value)}) for choice set ${def.choice_set_name}.`,
        );
      }
      return value;
    }
    case 'object':
      if (typeof value !== 'number' || !Number.isInteger(value)) fail(`Value must be an object ID, not ${pythonType(value)}`);
      return value;
    case 'multiobject':
      if (!Array.isArray(value)) return fail(`Value must be a list of object IDs, not ${pythonType(value)}`);
      for (const id of value) if (typeof id !== 'number' || !Number.isInteger(id)) fail(`Found invalid object ID: ${pythonStr(id)}`);
      return value;
    default:
      return value;
  }
}

/** Each row's `custom_fields` as the API shows them, for a whole page at once: every defined field, objects nested. */
export async function renderCustomFields(
  em: EntityManager,
  model: ModelDef,
  rows: Row[],
  ctx?: RenderContext,
): Promise<Map<number, Record<string, unknown>>> {
  const defs = await customFieldsFor(em, model, ctx?.cache);
  if (!defs) return new Map(rows.map((r) => [r.id as number, (r.custom_field_data ?? {}) as Record<string, unknown>]));
  // One query per object type referenced from the page, whatever the number of rows and fields.
  const wanted = new Map<string, Set<number>>();
  for (const def of defs) {
    const target = registry.get(def.object_type);
    if (!OBJECT_TYPES.has(def.type) || !ctx || !target || target.internal) continue;
    const ids = wanted.get(def.object_type) ?? new Set<number>();
    for (const row of rows) {
      const value = row.custom_field_data?.[def.name];
      for (const id of Array.isArray(value) ? value : [value]) if (Number.isInteger(id)) ids.add(id);
    }
    wanted.set(def.object_type, ids);
  }
  const nested = new Map<string, Map<number, Representation>>();
  for (const [type, ids] of wanted) nested.set(type, await loadNested(ctx!, registry.get(type)!, [...ids], false));

  return new Map(
    rows.map((row) => {
      const data = (row.custom_field_data ?? {}) as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const def of defs) {
        const value = data[def.name] ?? null;
        const objects = nested.get(def.object_type);
        if (value === null || !OBJECT_TYPES.has(def.type) || !objects) out[def.name] = value;
        else if (def.type === 'object') out[def.name] = objects.get(value as number) ?? null;
        else if (!Array.isArray(value)) out[def.name] = null;
        else {
          // The target's natural order, as NetBox's queryset returns them.
          const position = new Map([...objects.keys()].map((id, i) => [id, i]));
          out[def.name] = value
            .filter((id) => objects.has(id))
            .sort((a, b) => position.get(a)! - position.get(b)!)
            .map((id) => objects.get(id)!);
        }
      }
      return [row.id as number, out];
    }),
  );
}

/** The lookups NetBox's filter set offers per field type, beyond the plain `cf_<name>`; null: no filter. */
function lookupsFor(type: string): readonly string[] | null {
  switch (type) {
    case 'text':
    case 'longtext':
    case 'url':
    case 'select':
      return STRING_LOOKUPS;
    case 'integer':
    case 'decimal':
    case 'date':
    case 'datetime':
    case 'object':
      return [...NUMBER_LOOKUPS, 'empty'];
    case 'boolean':
    case 'multiselect':
    case 'multiobject':
      return [];
    default:
      return null;
  }
}

const TRUE = /^(1|true|yes|on)$/i;
const FALSE = /^(0|false|no|off)$/i;
const OPERATORS: Record<string, string> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };

/** One filter value in the field's stored form, or a FieldError with Django's message. */
function filterValue(def: CustomFieldDef, raw: string): unknown {
  switch (def.type) {
    case 'integer':
    case 'object':
    case 'multiobject':
      if (!/^\s*-?\d+\s*$/.test(raw)) throw new FieldError(['Enter a whole number.']);
      return Number(raw);
    case 'decimal': {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n)) throw new FieldError(['Enter a number.']);
      return n;
    }
    case 'date':
      if (!parseDate(raw.trim())) throw new FieldError(['Enter a valid date.']);
      return raw.trim();
    case 'datetime': {
      const value = parseDateTime(raw.trim());
      if (!value) throw new FieldError(['Enter a valid date/time.']);
      return value;
    }
    case 'boolean':
      if (TRUE.test(raw)) return true;
      if (FALSE.test(raw)) return false;
      throw new FieldError([`Select a valid choice. ${raw} is not one of the available choices.`]);
    default:
      return raw;
  }
}

/** SQL over `t.custom_field_data` reading one field's value: as text, as a number (else NULL), or as JSON. */
function valueSql(query: ModelQuery, name: string, as: 'text' | 'number' | 'json'): string {
  const col = `t.${q('custom_field_data')}`;
  if (query.driver === 'postgres') {
    const key = `CAST(${query.param(name)} AS text)`;
    if (as === 'json') return `(${col} -> ${key})`;
    if (as === 'text') return `(${col} ->> ${key})`;
    return `(CASE WHEN jsonb_typeof(${col} -> ${key}) = 'number' THEN CAST(${col} ->> ${key} AS numeric) END)`;
  }
  const path = query.param(`$."${name}"`);
  if (as === 'json') return `(${col} -> ${path})`;
  if (as === 'text') return `json_extract(${col}, ${path})`;
  return `(CASE WHEN json_type(${col}, ${path}) IN ('integer', 'real') THEN json_extract(${col}, ${path}) END)`;
}

/** Objects whose list value holds any of the given members (multiple selection, multiple objects). */
function holdsAnySql(query: ModelQuery, name: string, members: unknown[]): string {
  const col = `t.${q('custom_field_data')}`;
  if (query.driver === 'postgres') {
    const list = valueSql(query, name, 'json');
    return `(${members.map((m) => `${list} @> CAST(${query.param(JSON.stringify([m]))} AS jsonb)`).join(' OR ')})`;
  }
  return `EXISTS (SELECT 1 FROM json_each(${col}, ${query.param(`$."${name}"`)}) j WHERE j.value IN ${query.params(members)})`;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Applies a `cf_<name>[__lookup]` filter as NetBox's filter sets do: text matches loosely (contains,
 * case-insensitive) unless the field's filter logic is exact; numbers, dates and objects compare;
 * multiple selections and objects match a member. Returns false when the model has no such filter
 * (unknown name or lookup, JSON fields, disabled filter logic): the parameter is then ignored.
 */
export async function applyCustomFieldFilter(query: ModelQuery, key: string, values: string[]): Promise<boolean> {
  const m = /^cf_(.+?)(?:__([a-z]+))?$/.exec(key);
  if (!m) return false;
  const [, name, lookup = 'exact'] = m;
  const def = (await customFieldsFor(query.em, query.model))?.find((d) => d.name === name);
  if (!def || def.filter_logic === 'disabled') return false;
  const lookups = lookupsFor(def.type);
  if (!lookups || (lookup !== 'exact' && !lookups.includes(lookup))) return false;

  if (lookup === 'empty') {
    const flag = values[values.length - 1];
    if (!TRUE.test(flag) && !FALSE.test(flag)) throw new FieldError([`Select a valid choice. ${flag} is not one of the available choices.`]);
    const text = TEXT_TYPES.has(def.type) || def.type === 'select';
    const value = valueSql(query, def.name, text ? 'text' : 'number');
    const empty = text ? `(${value} IS NULL OR ${value} = '')` : `${value} IS NULL`;
    query.where(TRUE.test(flag) ? empty : `NOT ${empty}`);
    return true;
  }
  // Empty values are dropped, as NetBox's multi-value filters drop them.
  const given = values.filter((v) => v !== '');
  if (!given.length) return true;
  const parsed = given.map((v) => filterValue(def, v));
  if (def.type === 'multiselect' || def.type === 'multiobject') {
    query.where(holdsAnySql(query, def.name, parsed));
    return true;
  }
  if (def.type === 'boolean') {
    const value = valueSql(query, def.name, 'json');
    const literal = (b: unknown) => (query.driver === 'postgres' ? `CAST('${b}' AS jsonb)` : `json('${b}')`);
    query.where(`(${parsed.map((b) => `${value} = ${literal(b)}`).join(' OR ')})`);
    return true;
  }
  const numeric = !TEXT_TYPES.has(def.type) && def.type !== 'select' && def.type !== 'date' && def.type !== 'datetime';
  const value = valueSql(query, def.name, numeric ? 'number' : 'text');
  const negate = lookup.startsWith('n') && lookup !== 'exact';
  const kind = negate ? lookup.slice(1) || 'exact' : lookup;
  let any: string;
  if (kind in OPERATORS) {
    any = `(${parsed.map((v) => `${value} ${OPERATORS[kind]} ${query.param(v)}`).join(' OR ')})`;
  } else if (['ic', 'isw', 'iew', 'ie'].includes(kind) || (kind === 'exact' && TEXT_TYPES.has(def.type) && def.filter_logic === 'loose')) {
    const terms = parsed.map((v) => {
      const s = escapeLike(String(v).toLowerCase());
      const pattern = kind === 'isw' ? `${s}%` : kind === 'iew' ? `%${s}` : kind === 'ie' ? s : `%${s}%`;
      return `LOWER(${value}) LIKE ${query.param(pattern)} ESCAPE '\\'`;
    });
    any = `(${terms.join(' OR ')})`;
  } else {
    any = `${value} IN ${query.params(parsed)}`;
  }
  query.where(negate ? `(${value} IS NULL OR NOT ${any})` : any);
  return true;
}

/** Whether an object of `model` holds `value` in the selection field `name` (as a member, in a multiple selection). */
export async function choiceInUse(em: EntityManager, model: ModelDef, name: string, type: string, value: string): Promise<boolean> {
  const query = new ModelQuery(em, model, driverOf(em));
  query.where(type === 'multiselect' ? holdsAnySql(query, name, [value]) : `${valueSql(query, name, 'text')} = ${query.param(value)}`);
  return (await query.count()) > 0;
}

/**
 * Keeps the values stored on objects in step with a definition, as NetBox's signals do: a new field
 * (or a new object type for it) gives existing objects its default, a renamed field moves their values,
 * and a field deleted or taken off an object type takes its values with it.
 */
export async function syncCustomFieldData(em: EntityManager, row: Row | null, previous: Row | null): Promise<void> {
  forgetDefinitions(em);
  const before = new Set<string>(previous?.content_types ?? []);
  const after = new Set<string>(row?.content_types ?? []);
  for (const type of before) {
    if (!after.has(type)) await updateData(em, type, 'remove', previous!.name);
    else if (row!.name !== previous!.name) await updateData(em, type, 'rename', previous!.name, row!.name);
  }
  for (const type of after) if (!before.has(type)) await updateData(em, type, 'add', row!.name, row!.default ?? null);
}

async function updateData(em: EntityManager, type: string, action: 'add' | 'remove' | 'rename', name: string, arg?: unknown): Promise<void> {
  const model = registry.get(type);
  if (!model || !model.features.customFields) return;
  const table = q(model.table);
  const col = q('custom_field_data');
  if (driverOf(em) === 'postgres') {
    const sql = {
      add: `UPDATE ${table} SET ${col} = COALESCE(${col}, '{}'::jsonb) || jsonb_build_object($1::text, $2::jsonb) WHERE ${col} -> $1::text IS NULL`,
      remove: `UPDATE ${table} SET ${col} = ${col} - $1::text WHERE ${col} -> $1::text IS NOT NULL`,
      rename: `UPDATE ${table} SET ${col} = (${col} - $1::text) || jsonb_build_object($2::text, ${col} -> $1::text) WHERE ${col} -> $1::text IS NOT NULL`,
    }[action];
    await em.query(sql, action === 'remove' ? [name] : [name, action === 'add' ? JSON.stringify(arg) : arg]);
    return;
  }
  const path = (n: string) => `$."${n}"`;
  const sql = {
    add: `UPDATE ${table} SET ${col} = json_set(COALESCE(${col}, '{}'), ?, json(?)) WHERE json_type(COALESCE(${col}, '{}'), ?) IS NULL`,
    remove: `UPDATE ${table} SET ${col} = json_remove(${col}, ?) WHERE json_type(${col}, ?) IS NOT NULL`,
    rename: `UPDATE ${table} SET ${col} = json_set(json_remove(${col}, ?), ?, ${col} -> ?) WHERE json_type(${col}, ?) IS NOT NULL`,
  }[action];
  const params = {
    add: [path(name), JSON.stringify(arg), path(name)],
    remove: [path(name), path(name)],
    rename: [path(name), path(arg as string), path(name), path(name)],
  }[action];
  await em.query(sql, params);
}
