import { Field, ForeignKeyField, ManyToManyField } from '../model/fields';
import { ModelDef } from '../model/model';
import { ModelQuery, q, valueSql } from './model-query';

/** A permission constraint: Django lookups (`{"group__slug": "x", "name__istartswith": "a"}`), AND'ed. */
export type Constraint = Record<string, unknown>;

/** Who may see or touch what: every object, or those matching any of these constraints. */
export type Scope = 'all' | Constraint[];

const LOOKUPS = new Set(['exact', 'iexact', 'in', 'contains', 'icontains', 'startswith', 'istartswith', 'endswith', 'iendswith', 'gt', 'gte', 'lt', 'lte', 'isnull']);
const OPERATORS: Record<string, string> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };

/** The SQL condition, over alias `t` of `query`, for objects matching any of the constraints. */
export function scopeSql(query: ModelQuery, scope: Constraint[]): string {
  if (scope.length === 0) return '1 = 0';
  const state = { query, seq: 0 };
  return `(${scope.map((c) => `(${constraintSql(state, query.model, 't', c)})`).join(' OR ')})`;
}

interface State {
  query: ModelQuery;
  seq: number;
}

function constraintSql(state: State, model: ModelDef, alias: string, constraint: Constraint): string {
  const terms = Object.entries(constraint).map(([key, value]) => lookupSql(state, model, alias, key.split('__'), value));
  return terms.length ? terms.join(' AND ') : '1 = 1';
}

function fieldNamed(model: ModelDef, name: string): Field<any> | undefined {
  if (name === 'pk') return model.storedFields.id;
  return model.storedFields[name] ?? (name.endsWith('_id') ? model.storedFields[name.slice(0, -3)] : undefined);
}

function lookupSql(state: State, model: ModelDef, alias: string, parts: string[], value: unknown): string {
  const [head, ...rest] = parts;
  const field = fieldNamed(model, head);
  // A constraint naming a field the model lacks grants nothing rather than everything.
  if (!field) return '1 = 0';
  const follows = rest.length > 0 && !LOOKUPS.has(rest[0]);
  if (field instanceof ForeignKeyField && follows) {
    const sub = `c${state.seq++}`;
    const inner = lookupSql(state, field.target, sub, rest, value);
    return `${alias}.${q(field.column)} IN (SELECT ${sub}.id FROM ${q(field.target.table)} ${sub} WHERE ${inner})`;
  }
  if (field instanceof ManyToManyField) {
    const sub = `c${state.seq++}`;
    const inner = follows ? lookupSql(state, field.target, sub, rest, value) : lookupSql(state, field.target, sub, ['id', ...rest], value);
    const through = `(SELECT x.${q(field.sourceColumn)} FROM ${q(field.throughTable)} x WHERE x.${q(field.targetColumn)} IN (SELECT ${sub}.id FROM ${q(field.target.table)} ${sub} WHERE ${inner}))`;
    return `${alias}.id IN ${through}`;
  }
  if (follows) return '1 = 0';
  return comparison(state, field, valueSql(field, alias), rest[0] ?? 'exact', value);
}

function comparison(state: State, field: Field<any>, col: string, lookup: string, value: unknown): string {
  const { query } = state;
  const param = (v: unknown) => query.param(toParam(field, v, query.driver));
  if (lookup === 'isnull') return value ? `${col} IS NULL` : `${col} IS NOT NULL`;
  if (value === null) return `${col} IS NULL`;
  if (lookup === 'in') {
    const values = Array.isArray(value) ? value : [value];
    return values.length ? `${col} IN ${query.params(values.map((v) => toParam(field, v, query.driver)))}` : '1 = 0';
  }
  if (lookup in OPERATORS) return `${col} ${OPERATORS[lookup]} ${param(value)}`;
  if (lookup === 'exact') return `${col} = ${param(value)}`;
  if (lookup === 'iexact') return `LOWER(${col}) = LOWER(${param(String(value))})`;
  const insensitive = lookup.startsWith('i');
  const subject = insensitive ? `LOWER(${col})` : col;
  const p = `CAST(${query.param(insensitive ? String(value).toLowerCase() : String(value))} AS TEXT)`;
  // Spelled without LIKE, which SQLite compares case-insensitively.
  if (lookup.endsWith('contains')) return `${query.driver === 'postgres' ? 'strpos' : 'instr'}(${subject}, ${p}) > 0`;
  if (lookup.endsWith('startswith')) return `substr(${subject}, 1, length(${p})) = ${p}`;
  return `substr(${subject}, length(${subject}) - length(${p}) + 1) = ${p}`;
}

function toParam(field: Field<any>, value: unknown, driver: 'sqlite' | 'postgres'): unknown {
  try {
    return field.toParam(field.parseFilter(String(value)), driver);
  } catch {
    return value;
  }
}

/** Replaces NetBox's `$user` token in constraints with the requesting user's id. */
export function bindUser(constraint: Constraint, userId: number): Constraint {
  return Object.fromEntries(Object.entries(constraint).map(([k, v]) => [k, v === '$user' ? userId : v]));
}
