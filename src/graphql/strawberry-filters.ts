import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLEnumValueConfigMap,
  GraphQLError,
  GraphQLFloat,
  GraphQLID,
  GraphQLInputFieldConfigMap,
  GraphQLInputObjectType,
  GraphQLInputType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLString,
} from 'graphql';
import type { Dialect } from '../core/dialect/dialect';
import {
  BooleanField,
  ChoiceField,
  ComputedField,
  ContentTypeField,
  DateField,
  DateTimeField,
  DecimalField,
  Driver,
  Field,
  FieldError,
  ForeignKeyField,
  IntegerField,
  ManyToManyField,
  TextField,
} from '../core/model/fields';
import { ModelDef, registry } from '../core/model/model';
import { escapeLike } from '../core/query/filters';
import { ModelQuery, q, valueSql } from '../core/query/model-query';
import { keysFor } from '../core/serialize/serializer';
import { DerivedRelation } from '../ipam/derived-relation';
import { ModelNames, isGraphqlName } from './names';
import { BigIntScalar, DateScalar, DateTimeScalar } from './scalars';


/** A lookup's values, as strawberry-django's lookup inputs name them. */
interface LookupValues {
  exact?: unknown;
  i_exact?: string | null;
  contains?: string | null;
  i_contains?: string | null;
  starts_with?: string | null;
  i_starts_with?: string | null;
  ends_with?: string | null;
  i_ends_with?: string | null;
  regex?: string | null;
  i_regex?: string | null;
  in_list?: unknown[] | null;
  gt?: unknown;
  gte?: unknown;
  lt?: unknown;
  lte?: unknown;
  range?: { start?: unknown; end?: unknown } | null;
  is_null?: boolean | null;
}

const DATE_PARTS = ['year', 'month', 'day', 'week_day', 'iso_week_day', 'week', 'iso_year', 'quarter'] as const;
const DATETIME_PARTS = [...DATE_PARTS, 'hour', 'minute', 'second'] as const;
type DatePart = (typeof DATETIME_PARTS)[number];

/** The parts of a date or timestamp its lookup compares; none of other fields. */
function datePartsOf(field: Field<any>): readonly DatePart[] {
  if (field instanceof ComputedField) return datePartsOf(field.valueField);
  return field instanceof DateTimeField ? DATETIME_PARTS : field instanceof DateField ? DATE_PARTS : [];
}

/**
 * A part of a date or of a timestamp (in UTC, NetBox's default time zone) as an integer, as Django's transforms
 * extract it: `week_day` from Sunday (1) to Saturday (7), `iso_week_day` from Monday (1), `week` and `iso_year` ISO 8601's.
 */
function datePartSql(part: DatePart, col: string, driver: Driver, withTime: boolean): string {
  if (driver === 'postgres') {
    const at = withTime ? `(${col} AT TIME ZONE 'UTC')` : col;
    const field = { year: 'YEAR', month: 'MONTH', day: 'DAY', week_day: 'DOW', iso_week_day: 'ISODOW', week: 'WEEK', iso_year: 'ISOYEAR', quarter: 'QUARTER', hour: 'HOUR', minute: 'MINUTE', second: 'SECOND' }[part];
    const extracted = `CAST(FLOOR(EXTRACT(${field} FROM ${at})) AS INTEGER)`;
    return part === 'week_day' ? `(${extracted} + 1)` : extracted;
  }
  const format = (f: string) => `CAST(strftime('${f}', ${col}) AS INTEGER)`;
  switch (part) {
    case 'year':
      return format('%Y');
    case 'month':
      return format('%m');
    case 'day':
      return format('%d');
    case 'week_day':
      return `(${format('%w')} + 1)`;
    case 'iso_week_day':
      return `((${format('%w')} + 6) % 7 + 1)`;
    case 'quarter':
      return `((${format('%m')} + 2) / 3)`;
    case 'hour':
      return format('%H');
    case 'minute':
      return format('%M');
    case 'second':
      return format('%S');
    default:
      return isoWeekSqlite(part, col);
  }
}

/**
 * ISO 8601's week and week-numbering year in SQLite, which has no format for them before 3.46: the week's Thursday
 * decides both (`date(col, '-3 days', 'weekday 4')` is the Thursday of the week holding `col`).
 */
function isoWeekSqlite(part: 'week' | 'iso_year', col: string): string {
  const thursday = `date(${col}, '-3 days', 'weekday 4')`;
  if (part === 'iso_year') return `CAST(strftime('%Y', ${thursday}) AS INTEGER)`;
  return `((CAST(strftime('%j', ${thursday}) AS INTEGER) - 1) / 7 + 1)`;
}

/** NetBox's TreeNodeMatch, by value. */
const TREE_MATCHES = ['exact', 'descendants', 'self_and_descendants', 'children', 'siblings', 'ancestors', 'parent'] as const;

const STRING_LOOKUPS = ['i_exact', 'contains', 'i_contains', 'starts_with', 'i_starts_with', 'ends_with', 'i_ends_with', 'regex', 'i_regex'] as const;
const COMPARISONS = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/** The input types of strawberry-django's lookups, one of each per value type. */
class LookupTypes {
  private readonly made = new Map<string, GraphQLInputObjectType>();

  private once(name: string, fields: () => GraphQLInputFieldConfigMap, opts: { oneOf?: boolean; description?: string } = {}): GraphQLInputObjectType {
    let type = this.made.get(name);
    if (!type) this.made.set(name, (type = new GraphQLInputObjectType({ name, fields, isOneOf: opts.oneOf, description: opts.description })));
    return type;
  }

  /** `StrFilterLookup`: the string lookups. */
  str(): GraphQLInputObjectType {
    return this.once('StrFilterLookup', () => ({
      exact: { type: GraphQLString },
      i_exact: { type: GraphQLString },
      contains: { type: GraphQLString },
      i_contains: { type: GraphQLString },
      in_list: { type: new GraphQLList(new GraphQLNonNull(GraphQLString)) },
      starts_with: { type: GraphQLString },
      i_starts_with: { type: GraphQLString },
      ends_with: { type: GraphQLString },
      i_ends_with: { type: GraphQLString },
      is_null: { type: GraphQLBoolean },
      regex: { type: GraphQLString },
      i_regex: { type: GraphQLString },
    }));
  }

  /** `<T>BaseFilterLookup`: exact, a list, or none (choices, booleans). */
  base(prefix: string, of: GraphQLInputType): GraphQLInputObjectType {
    return this.once(`${prefix}BaseFilterLookup`, () => ({
      exact: { type: of },
      in_list: { type: new GraphQLList(new GraphQLNonNull(of)) },
      is_null: { type: GraphQLBoolean },
    }));
  }

  /** `<T>RangeLookup`: between two values, both included. */
  range(prefix: string, of: GraphQLInputType): GraphQLInputObjectType {
    return this.once(`${prefix}RangeLookup`, () => ({ start: { type: of }, end: { type: of } }));
  }

  /** `<T>ComparisonFilterLookup`: exact, a list, none, the comparisons and a range. */
  comparison(prefix: string, of: GraphQLInputType, name = `${prefix}ComparisonFilterLookup`): GraphQLInputObjectType {
    return this.once(name, () => this.comparisonFields(prefix, of));
  }

  private comparisonFields(prefix: string, of: GraphQLInputType): GraphQLInputFieldConfigMap {
    return {
      exact: { type: of },
      in_list: { type: new GraphQLList(new GraphQLNonNull(of)) },
      is_null: { type: GraphQLBoolean },
      gt: { type: of },
      gte: { type: of },
      lt: { type: of },
      lte: { type: of },
      range: { type: this.range(prefix, of) },
    };
  }

  /** strawberry-django's `DateFilterLookup` and `DatetimeFilterLookup`: comparisons of the value, and of its parts (`year`, `hour`) as integers. */
  date(withTime: boolean): GraphQLInputObjectType {
    const prefix = withTime ? 'Datetime' : 'Date';
    return this.once(`${prefix}FilterLookup`, () => {
      const fields = this.comparisonFields(prefix, withTime ? DateTimeScalar : DateScalar);
      for (const part of withTime ? DATETIME_PARTS : DATE_PARTS) fields[part] = { type: this.comparison('Int', GraphQLInt) };
      return fields;
    });
  }

  /** NetBox's `TreeNodeFilter`: a node of a tree and which of its relatives match. */
  treeNode(): GraphQLInputObjectType {
    return this.once('TreeNodeFilter', () => ({
      id: { type: new GraphQLNonNull(GraphQLID) },
      match_type: {
        type: new GraphQLNonNull(
          (this.treeMatch ??= new GraphQLEnumType({ name: 'TreeNodeMatch', values: Object.fromEntries(TREE_MATCHES.map((m) => [m.toUpperCase(), { value: m }])) })),
        ),
      },
    }));
  }
  private treeMatch?: GraphQLEnumType;

  /** NetBox's `IntegerLookup`, `BigIntegerLookup`, `FloatLookup`: one of a plain lookup, a range or comparisons. */
  numeric(name: string, prefix: string, of: GraphQLInputType): GraphQLInputObjectType {
    return this.once(
      name,
      () => ({
        filter_lookup: { type: this.comparison(prefix, of, `${prefix}FilterLookup`) },
        range_lookup: { type: this.range(prefix, of) },
        comparison_lookup: { type: this.comparison(prefix, of) },
      }),
      { oneOf: true, description: `Lookup for ${prefix} fields. Only one of the lookup fields can be set.` },
    );
  }

  /** `OffsetPaginationInput`. */
  pagination(): GraphQLInputObjectType {
    return this.once('OffsetPaginationInput', () => ({
      offset: { type: new GraphQLNonNull(GraphQLInt), defaultValue: 0 },
      limit: { type: GraphQLInt },
      start: { type: GraphQLInt },
    }));
  }
}

/** How a filter's value narrows the rows aliased `alias`: a condition, or null for none. */
type Condition = (query: ModelQuery, alias: string, value: unknown, state: AliasState) => string | null;

interface FilterEntry {
  type: GraphQLInputType;
  condition: Condition;
}

/** Aliases of the subqueries a filter nests, numbered across one statement. */
interface AliasState {
  next: number;
}

/** The filters of one operation, by model: the `filters` argument of its lists. */
export type FilterValue = Record<string, unknown>;

/**
 * NetBox 4.x's (strawberry-django's) filter inputs of each model, derived from the fields the dialect shows under the
 * names it gives them, and their translation into SQL over the model's columns: `name: {i_contains: "x"}`, a choice's
 * enum, a relation's own filter (`site: {slug: {exact: "x"}}`) and id (`site_id`), and `AND`/`OR`/`NOT` nesting.
 */
export class StrawberryFilters {
  readonly lookups = new LookupTypes();
  private readonly inputs = new Map<ModelDef, GraphQLInputObjectType>();
  private readonly entries = new Map<ModelDef, Map<string, FilterEntry>>();
  private readonly enums = new Map<string, GraphQLEnumType>();

  constructor(
    private readonly dialect: Dialect,
    private readonly names: ModelNames,
  ) {}

  /** `<Model>Filter`, with `AND`, `OR`, `NOT` and `DISTINCT` as strawberry-django adds them. */
  inputOf(model: ModelDef): GraphQLInputObjectType {
    let input = this.inputs.get(model);
    if (!input) {
      input = new GraphQLInputObjectType({
        name: `${this.names.type(model).replace(/Type$/, '')}Filter`,
        fields: () => {
          const fields: GraphQLInputFieldConfigMap = {};
          for (const [name, entry] of this.entriesOf(model)) fields[name] = { type: entry.type };
          for (const logical of ['AND', 'OR', 'NOT']) fields[logical] = { type: this.inputOf(model) };
          fields.DISTINCT = { type: GraphQLBoolean };
          return fields;
        },
      });
      this.inputs.set(model, input);
    }
    return input;
  }

  /**
   * The condition `filter` puts on `model`'s rows aliased `alias`, or null for none. As strawberry-django combines them:
   * the fields given all hold, then `AND` is added, `OR` offered as the alternative of all before, and `NOT` negated.
   */
  condition(query: ModelQuery, model: ModelDef, filter: FilterValue | null | undefined, alias = 't', state: AliasState = { next: 0 }): string | null {
    if (!filter) return null;
    const entries = this.entriesOf(model);
    const terms: string[] = [];
    for (const [name, value] of Object.entries(filter)) {
      const entry = entries.get(name);
      if (!entry || value === null || value === undefined) continue;
      const term = entry.condition(query, alias, value, state);
      if (term) terms.push(term);
    }
    let result = terms.length ? terms.map((t) => `(${t})`).join(' AND ') : null;
    const nested = (key: string) => this.condition(query, model, filter[key] as FilterValue | null | undefined, alias, state);
    const and = nested('AND');
    if (and) result = result ? `(${result}) AND (${and})` : and;
    const or = nested('OR');
    if (or) result = result ? `(${result}) OR (${or})` : or;
    const not = nested('NOT');
    // A row the negated condition cannot decide (a null column) is selected, as Django's negation of a nullable column's lookup selects it.
    if (not) result = result ? `(${result}) AND ((${not}) IS NOT TRUE)` : `((${not}) IS NOT TRUE)`;
    return result;
  }

  /** Whether `filter` uses a regular expression anywhere: SQLite matches them only on the connection that knows the function. */
  usesRegex(filter: unknown): boolean {
    if (typeof filter !== 'object' || filter === null) return false;
    return Object.entries(filter).some(([key, value]) => ((key === 'regex' || key === 'i_regex') && value != null) || this.usesRegex(value));
  }

  private entriesOf(model: ModelDef): Map<string, FilterEntry> {
    let entries = this.entries.get(model);
    if (entries) return entries;
    entries = new Map();
    this.entries.set(model, entries);
    const shown = new Set(keysFor(model, 'full', this.dialect));
    entries.set('id', { type: this.lookups.comparison('ID', GraphQLID), condition: this.lookupCondition(model, 'id', model.storedFields.id, 'id') });
    for (const [stored, field] of Object.entries(model.storedFields)) {
      if (stored === 'id' || !shown.has(stored)) continue;
      const name = this.dialect.nameOf(model, stored);
      if (!isGraphqlName(name) || entries.has(name)) continue;
      if (field instanceof ForeignKeyField) {
        if (!field.installed || !this.names.has(field.target)) continue;
        entries.set(name, { type: this.inputOf(field.target), condition: this.relatedCondition(field) });
        if (`${name}_id` in model.storedFields) continue;
        // A relation to a tree, other than a tree's own parent, picks by a node and its relatives, as REST's tree filters pick what is below.
        const tree = field.target.tree && !(field.target === model && stored === 'parent');
        entries.set(
          `${name}_id`,
          tree ? { type: this.lookups.treeNode(), condition: this.treeNodeCondition(field, `${name}_id`) } : { type: GraphQLID, condition: this.relatedIdCondition(model, field, name) },
        );
        continue;
      }
      if (field instanceof ManyToManyField) {
        if (!field.installed || !this.names.has(field.target)) continue;
        entries.set(name, { type: this.inputOf(field.target), condition: this.membersCondition(field) });
        continue;
      }
      const type = this.lookupType(model, name, field);
      if (type) entries.set(name, { type, condition: this.lookupCondition(model, stored, field, name) });
    }
    const tag = registry.get('extras.tag');
    if (model.features.tags && this.names.has(tag) && !entries.has('tags')) entries.set('tags', { type: this.inputOf(tag), condition: this.tagsCondition(model, tag) });
    return entries;
  }

  /** The lookup input a field of this kind takes, as NetBox's filters declare it; null for kinds it is not filtered by here. */
  private lookupType(model: ModelDef, name: string, field: Field<any>): GraphQLInputType | null {
    if (field instanceof DerivedRelation) return null;
    if (field instanceof ComputedField) return this.lookupType(model, name, field.valueField);
    if (field instanceof ChoiceField) {
      const type = this.enumOf(model, name, field);
      return type ? this.lookups.base(type.name, type) : null;
    }
    // An object type is a relation of its own in 4.x (ContentTypeFilter), not a string.
    if (field instanceof ContentTypeField) return null;
    if (field instanceof TextField) return this.lookups.str();
    if (field instanceof BooleanField) return this.lookups.base('Bool', GraphQLBoolean);
    if (field instanceof IntegerField) return field.opts.big ? this.lookups.numeric('BigIntegerLookup', 'BigInt', BigIntScalar) : this.lookups.numeric('IntegerLookup', 'Int', GraphQLInt);
    if (field instanceof DecimalField) return this.lookups.numeric('FloatLookup', 'Float', GraphQLFloat);
    if (field instanceof DateTimeField) return this.lookups.date(true);
    if (field instanceof DateField) return this.lookups.date(false);
    return null;
  }

  /** `<Model><Field>Enum`: the choices as the dialect speaks them, named as NetBox's ChoiceSet.as_enum names them (`STATUS_ACTIVE`). */
  private enumOf(model: ModelDef, name: string, field: ChoiceField): GraphQLEnumType | null {
    const typeName = `${model.className}${name.split('_').map((w) => (w ? w[0].toUpperCase() + w.slice(1) : '')).join('')}Enum`;
    let type = this.enums.get(typeName);
    if (type) return type;
    const values: GraphQLEnumValueConfigMap = {};
    for (const choice of this.dialect.choicesOf(model, field.name) ?? field.choices) {
      const key = `${name}_${String(choice.value)}`.toUpperCase().replace(/[^_A-Z0-9]/g, '_');
      if (!(key in values)) values[key] = { value: choice.value, description: choice.label };
    }
    if (!Object.keys(values).length) return null;
    this.enums.set(typeName, (type = new GraphQLEnumType({ name: typeName, values })));
    return type;
  }

  /** A value given for a field as its column holds it: the dialect's spelling converted, then parsed as a REST filter's. */
  private stored(model: ModelDef, stored: string, field: Field<any>, name: string): (value: unknown, driver: Driver) => unknown {
    const convert = this.dialect.conversion(model, stored)?.filter;
    return (value, driver) => {
      try {
        const raw = convert ? convert(String(value)) : String(value);
        if (stored === 'id') {
          if (!/^-?\d+$/.test(raw)) throw new FieldError([`“${raw}” is not a valid id.`]);
          return Number(raw);
        }
        return field.toParam(field.parseFilter(raw), driver);
      } catch (e) {
        if (e instanceof FieldError) throw new GraphQLError(`Invalid filter ${name}: ${[e.messages].flat().join(' ')}`, { extensions: { code: 'BAD_FILTER', field: name } });
        throw e;
      }
    };
  }

  /** A field's lookups (`exact`, `i_contains`, `in_list`, `range`, a date's `year`...), all of those given holding; a numeric one-of lookup is unwrapped. */
  private lookupCondition(model: ModelDef, stored: string, field: Field<any>, name: string): Condition {
    const parseAs = this.stored(model, stored, field, name);
    const parts = datePartsOf(field);
    return (query, alias, given) => {
      const col = stored === 'id' ? `${alias}.id` : valueSql(field, alias);
      let lookups = given as LookupValues & { filter_lookup?: LookupValues; comparison_lookup?: LookupValues; range_lookup?: LookupValues['range'] };
      if ('range_lookup' in lookups) lookups = { range: lookups.range_lookup };
      else if ('filter_lookup' in lookups || 'comparison_lookup' in lookups) lookups = lookups.filter_lookup ?? lookups.comparison_lookup ?? {};
      const terms = this.lookupTerms(query, col, lookups, (value) => parseAs(value, query.driver), name);
      for (const part of parts) {
        const partLookups = (given as Record<string, LookupValues | null | undefined>)[part];
        if (partLookups) terms.push(...this.lookupTerms(query, datePartSql(part, col, query.driver, field instanceof DateTimeField), partLookups, Number, name));
      }
      return terms.length ? terms.join(' AND ') : null;
    };
  }

  /** The conditions of one lookup input over an expression, its values parsed by `parse`. */
  private lookupTerms(query: ModelQuery, col: string, lookups: LookupValues, parse: (value: unknown) => unknown, name: string): string[] {
    const terms: string[] = [];
    // Booleans and choices match what they are given; the string lookups compare text.
    if (lookups.exact !== undefined && lookups.exact !== null) terms.push(`${col} = ${query.param(parse(lookups.exact))}`);
    if (lookups.in_list) terms.push(lookups.in_list.length ? `${col} IN ${query.params(lookups.in_list.map(parse))}` : '1 = 0');
    if (typeof lookups.is_null === 'boolean') terms.push(`${col} IS ${lookups.is_null ? '' : 'NOT '}NULL`);
    for (const [lookup, operator] of Object.entries(COMPARISONS)) {
      const value = lookups[lookup as keyof typeof COMPARISONS];
      if (value !== undefined && value !== null) terms.push(`${col} ${operator} ${query.param(parse(value))}`);
    }
    if (lookups.range) {
      const { start, end } = lookups.range;
      if (start !== undefined && start !== null) terms.push(`${col} >= ${query.param(parse(start))}`);
      if (end !== undefined && end !== null) terms.push(`${col} <= ${query.param(parse(end))}`);
    }
    for (const lookup of STRING_LOOKUPS) {
      const value = lookups[lookup];
      if (typeof value === 'string') terms.push(this.textCondition(query, col, lookup, value, name));
    }
    return terms;
  }

  /** A string lookup over a column: case-sensitive ones as the database compares text, `i_` ones over lowered text. */
  private textCondition(query: ModelQuery, col: string, lookup: (typeof STRING_LOOKUPS)[number], value: string, name: string): string {
    const sqlite = query.driver === 'sqlite';
    if (lookup === 'i_exact') return `LOWER(${col}) = ${query.param(value.toLowerCase())}`;
    if (lookup === 'regex' || lookup === 'i_regex') {
      try {
        new RegExp(value);
      } catch (e) {
        throw new GraphQLError(`Invalid filter ${name}: ${(e as Error).message}`, { extensions: { code: 'BAD_FILTER', field: name } });
      }
      const insensitive = lookup === 'i_regex';
      if (sqlite) return `${SQLITE_REGEXP}(${query.param(value)}, ${col}, ${query.param(insensitive ? 'i' : '')})`;
      return `${col} ${insensitive ? '~*' : '~'} ${query.param(value)}`;
    }
    const kind = lookup.replace(/^i_/, '');
    const wrap = (s: string, anyOf: string) => (kind === 'contains' ? `${anyOf}${s}${anyOf}` : kind === 'starts_with' ? `${s}${anyOf}` : `${anyOf}${s}`);
    if (lookup.startsWith('i_')) return `LOWER(${col}) LIKE ${query.param(wrap(escapeLike(value.toLowerCase()), '%'))} ESCAPE '\\'`;
    // SQLite's LIKE ignores case; GLOB does not.
    if (sqlite) return `${col} GLOB ${query.param(wrap(value.replace(/[[*?]/g, (c) => `[${c}]`), '*'))}`;
    return `${col} LIKE ${query.param(wrap(escapeLike(value), '%'))} ESCAPE '\\'`;
  }

  /** `site: {...}`: rows whose related object matches the target's filter. */
  private relatedCondition(field: ForeignKeyField): Condition {
    return (query, alias, value, state) => {
      const inner = `f${state.next++}`;
      const where = this.condition(query, field.target, value as FilterValue, inner, state);
      if (!where) return null;
      return `${alias}.${q(field.column)} IN (SELECT ${inner}.id FROM ${q(field.target.table)} ${inner} WHERE ${where})`;
    };
  }

  /** `site_id: 1`: rows related to that object. */
  private relatedIdCondition(model: ModelDef, field: ForeignKeyField, name: string): Condition {
    const parse = this.stored(model, 'id', field, `${name}_id`);
    return (query, alias, value) => `${alias}.${q(field.column)} = ${query.param(parse(value, query.driver))}`;
  }

  /** `region_id: {id, match_type}`: rows related to the node, or to its relatives by their tree paths; nothing where there is no such node. */
  private treeNodeCondition(field: ForeignKeyField, name: string): Condition {
    const target = field.target;
    const parent = target.storedFields.parent.column;
    return (query, alias, value, state) => {
      const { id, match_type } = value as { id: string; match_type: (typeof TREE_MATCHES)[number] };
      if (!/^\d+$/.test(String(id))) throw new GraphQLError(`Invalid filter ${name}: “${id}” is not a valid id.`, { extensions: { code: 'BAD_FILTER', field: name } });
      const node = `f${state.next++}`;
      const relative = `f${state.next++}`;
      const under = (above: string, below: string) => `${below}.tree_path LIKE (${above}.tree_path || '%')`;
      const match = {
        exact: `${relative}.id = ${node}.id`,
        descendants: `${under(node, relative)} AND ${relative}.id <> ${node}.id`,
        self_and_descendants: under(node, relative),
        children: `${relative}.${q(parent)} = ${node}.id`,
        siblings: `${relative}.${q(parent)} = ${node}.${q(parent)} AND ${relative}.id <> ${node}.id`,
        ancestors: `${under(relative, node)} AND ${relative}.id <> ${node}.id`,
        parent: `${relative}.id = ${node}.${q(parent)}`,
      }[match_type];
      const table = q(target.table);
      return `${alias}.${q(field.column)} IN (SELECT ${relative}.id FROM ${table} ${relative} INNER JOIN ${table} ${node} ON ${node}.id = ${query.param(Number(id))} WHERE ${match})`;
    };
  }

  /** `tenants: {...}` over a many-to-many relation: rows with any member matching. */
  private membersCondition(field: ManyToManyField): Condition {
    return (query, alias, value, state) => {
      const inner = `f${state.next++}`;
      const link = `f${state.next++}`;
      const where = this.condition(query, field.target, value as FilterValue, inner, state);
      if (!where) return null;
      return `${alias}.id IN (SELECT ${link}.${q(field.sourceColumn)} FROM ${q(field.throughTable)} ${link} WHERE ${link}.${q(field.targetColumn)} IN (SELECT ${inner}.id FROM ${q(field.target.table)} ${inner} WHERE ${where}))`;
    };
  }

  /** `tags: {...}`: rows tagged with any tag matching. */
  private tagsCondition(model: ModelDef, tag: ModelDef): Condition {
    const items = registry.get('extras.taggeditem');
    return (query, alias, value, state) => {
      const inner = `f${state.next++}`;
      const link = `f${state.next++}`;
      const where = this.condition(query, tag, value as FilterValue, inner, state);
      if (!where || !items) return null;
      return `${alias}.id IN (SELECT ${link}.object_id FROM ${q(items.table)} ${link} WHERE ${link}.content_type = ${query.param(model.label)} AND ${link}.tag_id IN (SELECT ${inner}.id FROM ${q(tag.table)} ${inner} WHERE ${where}))`;
    };
  }
}

/** The SQLite function matching a regular expression: `(pattern, value, flags)`, registered on the connection GraphQL reads with. */
export const SQLITE_REGEXP = 'graphql_regexp';

export interface SqliteFunctions {
  function(name: string, opts: { deterministic: boolean }, fn: (...args: unknown[]) => unknown): unknown;
}

/** Registers SQLITE_REGEXP on a better-sqlite3 connection: JavaScript's expressions, as close to Python's as the lookups need. */
export function registerSqliteRegexp(connection: SqliteFunctions): void {
  const compiled = new Map<string, RegExp>();
  connection.function(SQLITE_REGEXP, { deterministic: true }, (pattern, value, flags) => {
    if (value === null || value === undefined) return null;
    const key = `${String(flags)}/${String(pattern)}`;
    let regex = compiled.get(key);
    if (!regex) {
      if (compiled.size > 1000) compiled.clear();
      compiled.set(key, (regex = new RegExp(String(pattern), String(flags ?? ''))));
    }
    return regex.test(String(value)) ? 1 : 0;
  });
}
