import { EntityManager } from 'typeorm';
import { runRead } from '../db/read-batch';
import { keptCountStatement } from '../db/row-counts';
import { ComputedField, Driver, Field, GenericRelationField, INT32_MAX, ManyToManyField } from '../model/fields';
import { ModelDef, Row, WriteContext, registry } from '../model/model';

export interface RowsOptions {
  counts?: string[];
  order?: string[];
  limit?: number;
  offset?: number;
  /** Only these stored columns (by column name); every one when absent. */
  columns?: readonly string[];
  /** More expressions to read with each row, by name, left unconverted. */
  also?: Record<string, string>;
}

/** SQL with its parameters, placeholders and values as the driver takes them. */
export type Statement = [sql: string, params: unknown[]];
/** Answers a statement from what was remembered of it while the tables it reads are unwritten, or runs `load`. */
export type RememberedStatements = <T>(statement: Statement, load: () => Promise<T>) => Promise<T>;

/** Each model's conversion of a row read whole, in place. */
const rowConverters = new WeakMap<ModelDef, (raw: Row) => void>();

/**
 * Converts a row read with all of its model's columns, as one function that names each column: looked up by a
 * variable key, every column of every row was a lookup by name.
 */
function convertRow(model: ModelDef, raw: Row): void {
  let convert = rowConverters.get(model);
  if (!convert) {
    const converters = model.converters;
    if (converters.some(([column]) => column === '__proto__')) {
      convert = (row) => {
        for (const [column, field] of converters) row[column] = field.fromDb(row[column]);
      };
    } else {
      // Column names are written as JSON strings, which are JavaScript string literals: never read as code.
      const body = converters.map(([column], i) => `row[${JSON.stringify(column)}] = fields[${i}].fromDb(row[${JSON.stringify(column)}]);`).join('\n');
      convert = new Function('fields', `return function (row) {\n${body}\n};`)(converters.map(([, field]) => field)) as (raw: Row) => void;
    }
    rowConverters.set(model, convert);
  }
  convert(raw);
}

/** `rowsStatement`'s columns (alias `t`): the stored ones read, then the computed, of those named or all. */
function selectList(model: ModelDef, only?: readonly string[]): string[] {
  const chosen = (f: { column: string }) => !only || only.includes(f.column);
  return [...model.readColumns.filter(chosen).map((f) => `t.${q(f.column)} AS ${q(f.column)}`), ...model.computed.filter(chosen).map((f) => `${f.sql('t')} AS ${q(f.column)}`)];
}

/** Each model's whole select list, written once: every page of it starts with the same. */
const wholeSelectLists = new WeakMap<ModelDef, string>();

function wholeSelectList(model: ModelDef): string {
  let list = wholeSelectLists.get(model);
  if (list === undefined) wholeSelectLists.set(model, (list = selectList(model).join(', ')));
  return list;
}

/**
 * One SELECT over a model's table (alias `t`): conditions, ordering, paging,
 * and the model's counts as correlated subqueries of the same statement. Its SQL is written here,
 * not by TypeORM's query builder, whose per-statement work was a fifth of a write's time.
 */
export class ModelQuery {
  /** The requesting user, for filters relative to them; null when anonymous or not known. */
  user: Row | null = null;
  /** A list's read cache, for the lookups its filters make (a site's id to check it exists); none inside a write. */
  remembered?: RememberedStatements;
  private paramSeq = 0;
  private readonly conditions: string[] = [];
  private readonly joins: string[] = [];
  private readonly parameters: Record<string, unknown> = {};

  constructor(
    readonly em: EntityManager,
    readonly model: ModelDef,
    readonly driver: Driver,
  ) {}

  /** Registers a parameter and returns its placeholder. */
  param(value: unknown): string {
    const name = `p${this.paramSeq++}`;
    this.parameters[name] = value;
    return `:${name}`;
  }
  /** A placeholder for a list, for `IN (...)`. */
  params(values: unknown[]): string {
    const name = `p${this.paramSeq++}`;
    this.parameters[name] = values;
    return `(:...${name})`;
  }

  /** Named parameters (`:name`, `:...list`) that conditions written elsewhere use. */
  setParameters(params: Record<string, unknown>): this {
    Object.assign(this.parameters, params);
    return this;
  }

  where(sql: string, params?: Record<string, unknown>): this {
    this.conditions.push(sql);
    if (params) this.setParameters(params);
    return this;
  }

  /** Joins another table for `select` to read (`INNER JOIN "users_user" u ON u.id = t.user_id`). */
  join(sql: string): this {
    this.joins.push(sql);
    return this;
  }

  whereIdIn(ids: number[]): this {
    if (ids.length === 0) return this.where('1 = 0');
    return this.where(`t.id IN ${this.params(ids)}`);
  }

  async count(): Promise<number> {
    // A whole table's count is kept as it is written (PostgreSQL): read at once, where COUNT(*) reads every row.
    const whole = this.conditions.length || this.joins.length ? null : keptCountStatement(this.em, this.model.table);
    const [raw] = await this.run<{ n: number | string }>(whole ?? this.countStatement());
    return Number(raw?.n ?? 0);
  }

  /** The count's SQL and parameters, unrun, with the column `n`: a streamed list counts in its own snapshot. */
  countStatement(): Statement {
    return this.statement(`SELECT COUNT(*) AS "n" ${this.fromWhere()}`);
  }

  /** Rows of stored columns plus the requested counts; values converted to their in-memory form. */
  async rows(opts: RowsOptions = {}): Promise<Row[]> {
    const raw = await this.run<Row>(this.rowsStatement(opts));
    return raw.map(this.reader(opts));
  }

  /** Converts the raw rows of `rowsStatement(opts)`, only the columns it selects. */
  reader(opts: RowsOptions = {}): (raw: Row) => Row {
    const counts = opts.counts ?? [];
    if (!opts.columns) return (raw) => this.fromDb(raw, counts);
    const selected = new Set(opts.columns);
    const converters = this.model.converters.filter(([column]) => selected.has(column));
    return (raw) => {
      for (const [column, field] of converters) raw[column] = field.fromDb(raw[column]);
      for (const key of counts) raw[key] = Number(raw[key] ?? 0);
      return raw;
    };
  }

  /** The ids of the rows `rows` would read, in the same order and page. */
  async ids(opts: RowsOptions = {}): Promise<number[]> {
    return (await this.run<{ id: number | string }>(this.rowsStatement(opts, true))).map((r) => Number(r.id));
  }

  /** The matching rows' values of these expressions, by name, unconverted (`{ id: 't.id' }`). */
  async select(expressions: Record<string, string>, limit?: number): Promise<Row[]> {
    return this.run<Row>(this.selectStatement(expressions, limit));
  }

  /** The SELECT `select` runs, unrun: a statement run on every request is written once. */
  selectStatement(expressions: Record<string, string>, limit?: number): Statement {
    const columns = Object.entries(expressions).map(([name, expr]) => `${expr} AS ${q(name)}`);
    return this.statement(`SELECT ${columns.join(', ')} ${this.fromWhere()}${limit === undefined ? '' : ` LIMIT ${Number(limit)}`}`);
  }

  /** The SELECT `rows` runs, unrun, for a cursor to read; its rows go through `fromDb`. */
  rowsStatement(opts: RowsOptions = {}, idsOnly = false): Statement {
    const columns = idsOnly ? [`t.id AS "id"`] : opts.columns ? selectList(this.model, opts.columns) : [wholeSelectList(this.model)];
    // Ids alone still carry the counts their order names (`ordering=-asn_count`).
    const ordered = new Set((opts.order ?? []).map((term) => term.replace(/^-/, '')));
    for (const key of opts.counts ?? []) if (!idsOnly || ordered.has(key)) columns.push(`${countSql(this.model, key)} AS ${q(key)}`);
    if (!idsOnly) for (const [name, expr] of Object.entries(opts.also ?? {})) columns.push(`${expr} AS ${q(name)}`);
    const joins = new Map<string, Join>();
    const terms = (opts.order ?? this.defaultOrder()).flatMap((term) => this.termsFor(term, joins));
    // Each related object an ordering follows, joined once: an index can serve the order, as a subquery per row cannot.
    const joined = [...joins.values()].map((j) => `${j.inner ? 'INNER' : 'LEFT'} JOIN ${q(j.table)} ${q(j.alias)} ON ${j.alias}.id = ${j.on}`);
    // PostgreSQL's (and so NetBox's) placement of nulls, on both databases, unless a term asks for them first.
    const order = terms.map(({ expr, desc, nullsFirst }) => `${expr} ${desc ? 'DESC' : 'ASC'} ${desc || nullsFirst ? 'NULLS FIRST' : 'NULLS LAST'}`);
    let sql = `SELECT ${columns.join(', ')} ${this.fromWhere(joined)}`;
    if (order.length) sql += ` ORDER BY ${order.join(', ')}`;
    if (opts.limit !== undefined) sql += ` LIMIT ${Number(opts.limit)}`;
    // SQLite takes an offset only after a limit; -1 is none.
    if (opts.offset) sql += `${opts.limit === undefined && this.driver === 'sqlite' ? ' LIMIT -1' : ''} OFFSET ${Number(opts.offset)}`;
    return this.statement(sql);
  }

  private fromWhere(joins: string[] = []): string {
    const from = [`FROM ${q(this.model.table)} ${q('t')}`, ...this.joins, ...joins].join(' ');
    return this.conditions.length ? `${from} WHERE ${this.conditions.map((c) => `(${c})`).join(' AND ')}` : from;
  }

  /** Named placeholders to the driver's, lists spread, as TypeORM's drivers write them. */
  private statement(sql: string): Statement {
    const [text, values] = this.em.connection.driver.escapeQueryWithParameters(sql, this.parameters, {}) as Statement;
    if (this.driver !== 'postgres' || !values.some(beyondInteger)) return [text, values];
    // PostgreSQL types a parameter as the integer column it meets and refuses a value beyond it: compared as a wider number, it matches nothing.
    const widened = text.replace(/\$(\d+)\b/g, (placeholder, n: string) => {
      const value = values[Number(n) - 1];
      return beyondInteger(value) ? `CAST(${placeholder} AS ${Number.isSafeInteger(value) ? 'BIGINT' : 'NUMERIC'})` : placeholder;
    });
    return [widened, values];
  }

  run<T>([sql, params]: Statement): Promise<T[]> {
    return runRead<T>(this.em, sql, params);
  }

  /** Converts a raw row in place: it holds exactly the selected columns, and a copy per row is garbage on a page of a thousand. */
  fromDb(raw: Row, counts: string[] = []): Row {
    convertRow(this.model, raw);
    for (const key of counts) raw[key] = Number(raw[key] ?? 0);
    return raw;
  }

  /** The model's natural ordering, then id: pages are stable. */
  defaultOrder(): string[] {
    const order = this.model.ordering.map((o) => {
      const [, desc, name, nulls] = /^(-?)(\w+)(.*)$/.exec(o)!;
      const field = this.model.storedFields[name];
      // A column named as such (`vrf_id`) sorts by its own value: `#` keeps it from following the relation.
      return `${desc}${field ? field.column : `#${name}`}${nulls}`;
    });
    return order.some((o) => o.replace(/^-/, '') === 'id') ? order : [...order, 'id'];
  }

  /** One term of an ordering (`-column`, `#column`, `column nulls first`) as ORDER BY expressions. */
  private termsFor(term: string, joins: Map<string, Join>): Array<{ expr: string; desc: boolean; nullsFirst?: boolean }> {
    const [, minus, own, column, nulls] = /^(-?)(#?)(\w+)( nulls first)?$/.exec(term) ?? [];
    if (!column) return [];
    const desc = minus === '-';
    const sortAs = this.model.sortAs[column];
    if (sortAs) return sortAs.flatMap((c) => this.termsFor(`${minus}${this.model.storedFields[c]?.column ?? c}`, joins));
    if (column in this.model.activeCounts) return [{ expr: q(column), desc }];
    return this.orderTerms(this.model, 't', column, desc, own ? 2 : 0, joins).map((t) => ({ ...t, nullsFirst: !!nulls }));
  }

  /**
   * A column as ORDER BY terms. A related object sorts by its own model's ordering, as Django
   * does (interfaces by device name, not device id), through left joins two levels deep.
   */
  private orderTerms(model: ModelDef, alias: string, column: string, desc: boolean, depth: number, joins: Map<string, Join>): Array<{ expr: string; desc: boolean }> {
    const computed = model.computed.find((f) => f.column === column);
    if (computed) return [{ expr: computed.sql(alias), desc }];
    const fk = depth < 2 ? model.foreignKeys.find((f) => f.column === column) : undefined;
    if (!fk) {
      // Tree sort keys compare byte by byte on both databases.
      const collate = column === 'tree_sort' && this.driver === 'postgres' ? ' COLLATE "C"' : '';
      return [{ expr: `${alias}.${q(column)}${collate}`, desc }];
    }
    const target = fk.target;
    const key = `${alias}.${column}`;
    // A required relation from a row that is always there is an inner join: the planner may then walk the related table's index first.
    const outer = [...joins.values()].find((j) => j.alias === alias);
    const required = !fk.nullable && (alias === 't' || !!outer?.inner);
    if (!joins.has(key)) joins.set(key, { table: target.table, alias: `o${joins.size}`, on: `${alias}.${q(column)}`, inner: required });
    const inner = joins.get(key)!.alias;
    const columns = target.ordering.flatMap((term) => {
      const [, minus, name] = /^(-?)(\w+)/.exec(term)!;
      return (target.sortAs[name] ?? [name]).map((n) => ({ column: target.storedFields[n]?.column ?? n, reverse: minus === '-' }));
    });
    return columns.flatMap(({ column: targetColumn, reverse }) => {
      return this.orderTerms(target, inner, targetColumn, desc !== reverse, depth + 1, joins);
    });
  }

}

/** A count of `model` (one of its `counts`) for the row aliased `t`, as a correlated subquery; 0 where the counted model is not installed. */
export function countSql(model: ModelDef, key: string): string {
  const spec = model.activeCounts[key];
  if (!spec) return '0';
  const counted = registry.get(spec.model)!;
  if (spec.where) return `(SELECT COUNT(*) FROM ${q(counted.table)} c WHERE ${spec.where})`;
  const fk = counted.fields[spec.field!];
  if (fk instanceof ManyToManyField) {
    return `(SELECT COUNT(*) FROM ${q(fk.throughTable)} c WHERE c.${q(fk.targetColumn)} = t.id)`;
  }
  if (fk instanceof GenericRelationField) {
    // A model's label is a bare `app.name`: safe to write into the statement.
    const type = counted.storedFields[fk.typeField].column;
    const id = counted.storedFields[fk.idField].column;
    return `(SELECT COUNT(*) FROM ${q(counted.table)} c WHERE c.${q(type)} = '${model.label}' AND c.${q(id)} = t.id)`;
  }
  const col = `c.${q(fk.column)}`;
  // Trees count what hangs anywhere below a node, as NetBox's cumulative counts do.
  const match = model.tree ? `${col} IN (SELECT d.id FROM ${q(model.table)} d WHERE d.tree_path LIKE t.tree_path || '%')` : `${col} = t.id`;
  return `(SELECT COUNT(*) FROM ${q(counted.table)} c WHERE ${match})`;
}

/** A table an ordering joins: under `alias`, its row whose id is the `on` column's. */
interface Join {
  table: string;
  alias: string;
  on: string;
  /** The relation is required: every row has its related one. */
  inner: boolean;
}

/**
 * Runs a SELECT written by hand, with named parameters (`:name`, `(:...list)`) placed as the driver takes them:
 * for reads a model query does not express, without the query builder's work per statement.
 */
export function selectSql<T = Row>(em: EntityManager, sql: string, params: Record<string, unknown> = {}): Promise<T[]> {
  const [text, values] = em.connection.driver.escapeQueryWithParameters(sql, params, {});
  return runRead<T>(em, text, values);
}

/** SQL for the values of `value` over `from` (its FROM and WHERE), as a JSON list in the order of `order`; `parseJsonList` reads it. */
export function jsonListSql(driver: Driver, value: string, order: string, from: string): string {
  const rows = `SELECT ${value} AS v, ${order} AS o ${from}`;
  return driver === 'postgres' ? `(SELECT COALESCE(json_agg(l.v ORDER BY l.o), '[]') FROM (${rows}) l)` : `(SELECT json_group_array(l.v) FROM (${rows} ORDER BY o) l)`;
}

/** A list read with `jsonListSql`: PostgreSQL's driver parses JSON, SQLite's gives text. */
export function parseJsonList<T>(raw: unknown): T[] {
  return (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? [])) as T[];
}

export function q(identifier: string): string {
  return `"${identifier}"`;
}

/** A field's value for the row aliased `alias`: its column, or the SQL that computes it. */
export function valueSql(field: Field<any>, alias = 't'): string {
  return field instanceof ComputedField ? field.sql(alias) : `${alias}.${q(field.column)}`;
}

/** One object by id, read inside a write's transaction by a model's own rules; null when there is none. */
export async function loadRow(ctx: Pick<WriteContext, 'em' | 'driver' | 'loaded'> | undefined, model: ModelDef | undefined, id: number | null | undefined): Promise<Row | null> {
  if (!model || id === null || id === undefined || !ctx?.em || !ctx.driver) return null;
  const { em, driver } = ctx;
  const read = async () => (await new ModelQuery(em, model, driver).whereIdIn([id]).rows({ order: ['id'] }))[0] ?? null;
  if (!ctx.loaded) return read();
  const key = `${model.table}:${id}`;
  let loading = ctx.loaded.get(key);
  if (!loading) ctx.loaded.set(key, (loading = read()));
  // Each caller gets a copy: a rule may change what it was given.
  const row = await loading;
  return row && { ...row };
}

function beyondInteger(value: unknown): boolean {
  return typeof value === 'number' && Math.abs(value) > INT32_MAX;
}
