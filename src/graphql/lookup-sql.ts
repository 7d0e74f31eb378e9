import { GraphQLError } from 'graphql';
import { ComputedField, DateField, DateTimeField, Driver, Field } from '../core/model/fields';
import { escapeLike } from '../core/query/filters';
import type { ModelQuery } from '../core/query/model-query';

/* strawberry-django's lookups in SQL: a lookup input's conditions over a column or an expression, on both databases. */

/** A lookup's values, as strawberry-django's lookup inputs name them. */
export interface LookupValues {
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

const STRING_LOOKUPS = ['i_exact', 'contains', 'i_contains', 'starts_with', 'i_starts_with', 'ends_with', 'i_ends_with', 'regex', 'i_regex'] as const;
const COMPARISONS = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/** How a filter's value narrows the rows aliased `alias`: a condition, or null for none. */
export type Condition = (query: ModelQuery, alias: string, value: unknown, state: AliasState) => string | null;

/** Aliases of the subqueries a filter nests, numbered across one statement. */
export interface AliasState {
  next: number;
}

/** The conditions of one lookup input over an expression, its values parsed by `parse`. */
export function lookupTerms(query: ModelQuery, col: string, lookups: LookupValues, parse: (value: unknown) => unknown, name: string): string[] {
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
    if (typeof value === 'string') terms.push(textCondition(query, col, lookup, value, name));
  }
  return terms;
}

/** A string lookup over a column: case-sensitive ones as the database compares text, `i_` ones over lowered text. */
function textCondition(query: ModelQuery, col: string, lookup: (typeof STRING_LOOKUPS)[number], value: string, name: string): string {
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

export const DATE_PARTS = ['year', 'month', 'day', 'week_day', 'iso_week_day', 'week', 'iso_year', 'quarter'] as const;
export const DATETIME_PARTS = [...DATE_PARTS, 'hour', 'minute', 'second'] as const;
export type DatePart = (typeof DATETIME_PARTS)[number];

/** The parts of a date or timestamp its lookup compares; none of other fields. */
export function datePartsOf(field: Field<any>): readonly DatePart[] {
  if (field instanceof ComputedField) return datePartsOf(field.valueField);
  return field instanceof DateTimeField ? DATETIME_PARTS : field instanceof DateField ? DATE_PARTS : [];
}

/**
 * A part of a date or of a timestamp (in UTC, NetBox's default time zone) as an integer, as Django's transforms
 * extract it: `week_day` from Sunday (1) to Saturday (7), `iso_week_day` from Monday (1), `week` and `iso_year` ISO 8601's.
 */
export function datePartSql(part: DatePart, col: string, driver: Driver, withTime: boolean): string {
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
