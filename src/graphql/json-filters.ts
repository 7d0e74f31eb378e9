import { GraphQLError } from 'graphql';
import type { Field } from '../core/model/fields';
import { ModelQuery, valueSql } from '../core/query/model-query';
import { Condition, LookupValues, lookupTerms } from './lookup-sql';

/*
 * NetBox 4.6's filters over JSON columns: lists (ArrayLookup), lists of ranges (IntegerRangeArrayLookup) and documents
 * (JSONFilter), in SQL over the column as each database keeps it (jsonb on PostgreSQL, JSON text on SQLite).
 */

interface ArrayValues {
  contains?: unknown[] | null;
  contained_by?: unknown[] | null;
  overlap?: unknown[] | null;
  length?: number | null;
}

/** `units: {contains: [1, 2]}`: lists holding every value given, held within them, sharing one, or of a length. */
export function arrayCondition(field: Field<any>): Condition {
  return (query, alias, value, state) => {
    const col = valueSql(field, alias);
    const given = value as ArrayValues;
    const pg = query.driver === 'postgres';
    const item = `f${state.next++}`;
    const items = pg ? `jsonb_array_elements(${col}) ${item}(value)` : `json_each(${col}) ${item}`;
    const asJson = (values: unknown[]) => `CAST(${query.param(JSON.stringify(values))} AS jsonb)`;
    if (given.length !== null && given.length !== undefined) return `${pg ? 'jsonb_array_length' : 'json_array_length'}(${col}) = ${query.param(given.length)}`;
    if (given.contains) {
      if (pg) return `${col} @> ${asJson(given.contains)}`;
      const held = given.contains.map((v) => `EXISTS (SELECT 1 FROM json_each(${col}) ${item} WHERE ${item}.value = ${query.param(v)})`);
      return [`${col} IS NOT NULL`, ...held].join(' AND ');
    }
    if (given.contained_by) {
      if (pg) return `${col} <@ ${asJson(given.contained_by)}`;
      const outside = given.contained_by.length ? `${item}.value NOT IN ${query.params(given.contained_by)}` : '1 = 1';
      return `${col} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${items} WHERE ${outside})`;
    }
    if (given.overlap) {
      if (!given.overlap.length) return '1 = 0';
      if (pg) return `EXISTS (SELECT 1 FROM ${items} WHERE ${item}.value IN (SELECT jsonb_array_elements(${asJson(given.overlap)})))`;
      return `EXISTS (SELECT 1 FROM ${items} WHERE ${item}.value IN ${query.params(given.overlap)})`;
    }
    return null;
  };
}

/** `vid_ranges: {contains: 100}`: rows with a `[low, high]` range holding the value, both bounds included. */
export function rangeArrayCondition(field: Field<any>): Condition {
  return (query, alias, value, state) => {
    const given = (value as { contains?: number | null }).contains;
    if (given === null || given === undefined) return null;
    const col = valueSql(field, alias);
    const range = `f${state.next++}`;
    const v = query.param(given);
    if (query.driver === 'postgres') {
      return `EXISTS (SELECT 1 FROM jsonb_array_elements(${col}) ${range}(value) WHERE CAST(${range}.value ->> 0 AS INTEGER) <= ${v} AND CAST(${range}.value ->> 1 AS INTEGER) >= ${v})`;
    }
    return `EXISTS (SELECT 1 FROM json_each(${col}) ${range} WHERE json_extract(${range}.value, '$[0]') <= ${v} AND json_extract(${range}.value, '$[1]') >= ${v})`;
  };
}

/** NetBox's check of a JSON path: `__`-separated keys of letters, digits, `_` and `-`. */
const JSON_PATH_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_-]*$/;

type JsonLookups = Record<string, (LookupValues & { in_?: unknown[] | null; isnull?: boolean | null }) | null | undefined>;

const DATE_PART_NAMES = new Set(['year', 'month', 'day', 'week_day', 'iso_week_day', 'week', 'iso_year', 'quarter', 'hour', 'minute', 'second', 'date', 'time']);

/**
 * `custom_field_data: {path: "owner__name", lookup: {string_lookup: {i_contains: "x"}}}`: the value at the path compared
 * as the lookup's kind reads it (a string, a number, a boolean; dates and times as their text). A value of another kind
 * matches none of its lookups; `is_null` asks whether the path is missing. An invalid path is no filter, as in NetBox.
 */
export function jsonCondition(field: Field<any>, name: string): Condition {
  return (query, alias, value) => {
    const { path, lookup } = value as { path: string; lookup: JsonLookups };
    const segments = path.split('__');
    if (!path || !segments.every((s) => JSON_PATH_SEGMENT.test(s))) return null;
    const [kind, given] = Object.entries(lookup).find(([, v]) => v !== null && v !== undefined) ?? [];
    if (!kind || !given) return null;
    const at = new JsonPath(query, valueSql(field, alias), segments);
    const { in_, isnull, is_null, ...rest } = given;
    const lookups: LookupValues = kind === 'int_range_lookup' || kind === 'float_range_lookup' ? { range: given as LookupValues['range'] } : { ...rest, in_list: in_ ?? rest.in_list };
    const parts = Object.keys(rest).filter((key) => DATE_PART_NAMES.has(key) && rest[key as keyof typeof rest] != null);
    if (parts.length) throw new GraphQLError(`Invalid filter ${name}: the parts of a date in a JSON document (${parts.join(', ')}) are not supported.`, { extensions: { code: 'BAD_FILTER', field: name } });
    const missing = isnull ?? is_null;
    const terms = typeof missing === 'boolean' ? [missing ? at.missing() : `NOT (${at.missing()})`] : [];
    if (kind === 'boolean_lookup') terms.push(...lookupTerms(query, at.boolean(), lookups, (v) => (query.driver === 'postgres' ? v : v ? 1 : 0), name));
    else if (kind.startsWith('int_') || kind.startsWith('float_')) terms.push(...lookupTerms(query, at.number(), lookups, Number, name));
    else terms.push(...lookupTerms(query, at.text(), lookups, String, name));
    return terms.length ? terms.join(' AND ') : null;
  };
}

/** The value at a path of a JSON column, read as each kind of lookup compares it. */
class JsonPath {
  constructor(
    private readonly query: ModelQuery,
    private readonly col: string,
    private readonly segments: string[],
  ) {}

  private get pg(): boolean {
    return this.query.driver === 'postgres';
  }
  /** PostgreSQL's `#>` path, or SQLite's `$."key"[0]` (a number is an index into a list). */
  private path(): string {
    if (this.pg) return this.query.param(`{${this.segments.join(',')}}`);
    return this.query.param(`$${this.segments.map((s) => (/^\d+$/.test(s) ? `[${s}]` : `."${s}"`)).join('')}`);
  }
  private node(): string {
    return `(${this.col} #> CAST(${this.path()} AS text[]))`;
  }
  /** The JSON type there, null where the path is missing. */
  private typed(pgTypes: string[], sqliteTypes: string[], pgValue: (node: string) => string, sqliteValue: (path: string) => string): string {
    if (this.pg) {
      const node = this.node();
      return `CASE WHEN jsonb_typeof(${node}) IN (${pgTypes.map((t) => `'${t}'`).join(', ')}) THEN ${pgValue(node)} END`;
    }
    const path = this.path();
    return `CASE WHEN json_type(${this.col}, ${path}) IN (${sqliteTypes.map((t) => `'${t}'`).join(', ')}) THEN ${sqliteValue(path)} END`;
  }

  missing(): string {
    return this.pg ? `${this.node()} IS NULL` : `json_type(${this.col}, ${this.path()}) IS NULL`;
  }
  text(): string {
    return this.typed(['string'], ['text'], (node) => `(${node} #>> '{}')`, (path) => `json_extract(${this.col}, ${path})`);
  }
  number(): string {
    return this.typed(['number'], ['integer', 'real'], (node) => `CAST(${node} #>> '{}' AS NUMERIC)`, (path) => `json_extract(${this.col}, ${path})`);
  }
  boolean(): string {
    return this.typed(['boolean'], ['true', 'false'], (node) => `CAST(${node} #>> '{}' AS BOOLEAN)`, (path) => `(json_type(${this.col}, ${path}) = 'true')`);
  }
}
