import { EntityManager, SelectQueryBuilder } from 'typeorm';
import { Driver, GenericRelationField, ManyToManyField } from '../model/fields';
import { ModelDef, Row, WriteContext, registry } from '../model/model';

export interface RowsOptions {
  counts?: string[];
  order?: string[];
  limit?: number;
  offset?: number;
}

/** SQL with its parameters, placeholders and values as the driver takes them. */
export type Statement = [sql: string, params: unknown[]];

/**
 * One SELECT over a model's table (alias `t`): conditions, ordering, paging,
 * and the model's counts as correlated subqueries of the same statement.
 */
export class ModelQuery {
  readonly qb: SelectQueryBuilder<Row>;
  /** The requesting user, for filters relative to them; null when anonymous or not known. */
  user: Row | null = null;
  private paramSeq = 0;

  constructor(
    readonly em: EntityManager,
    readonly model: ModelDef,
    readonly driver: Driver,
  ) {
    this.qb = em.createQueryBuilder().from(model.table, 't') as SelectQueryBuilder<Row>;
  }

  /** Registers a parameter and returns its placeholder. */
  param(value: unknown): string {
    const name = `p${this.paramSeq++}`;
    this.qb.setParameter(name, value);
    return `:${name}`;
  }
  /** A placeholder for a list, for `IN (...)`. */
  params(values: unknown[]): string {
    const name = `p${this.paramSeq++}`;
    this.qb.setParameter(name, values);
    return `(:...${name})`;
  }

  where(sql: string, params?: Record<string, unknown>): this {
    this.qb.andWhere(sql, params);
    return this;
  }

  whereIdIn(ids: number[]): this {
    if (ids.length === 0) return this.where('1 = 0');
    return this.where(`t.id IN ${this.params(ids)}`);
  }

  async count(): Promise<number> {
    const raw = await this.countQb().getRawOne<{ n: number | string }>();
    return Number(raw?.n ?? 0);
  }

  /** The count's SQL and parameters, unrun, with the column `n`: a streamed list counts in its own snapshot. */
  countStatement(): Statement {
    return this.countQb().getQueryAndParameters();
  }

  /** Rows of stored columns plus the requested counts; values converted to their in-memory form. */
  async rows(opts: RowsOptions = {}): Promise<Row[]> {
    const raw = await this.rowsQb(opts).getRawMany<Row>();
    return raw.map((r) => this.fromDb(r, opts.counts ?? []));
  }

  /** The SELECT `rows` runs, unrun, for a cursor to read; its rows go through `fromDb`. */
  rowsStatement(opts: RowsOptions = {}): Statement {
    return this.rowsQb(opts).getQueryAndParameters();
  }

  private countQb(): SelectQueryBuilder<Row> {
    return this.qb.clone().select('COUNT(*)', 'n').orderBy().offset(undefined).limit(undefined);
  }

  private rowsQb(opts: RowsOptions): SelectQueryBuilder<Row> {
    const qb = this.qb.clone();
    const fields = this.model.columns;
    qb.select(`t.${q(fields[0].column)}`, fields[0].column);
    for (const f of fields.slice(1)) qb.addSelect(`t.${q(f.column)}`, f.column);
    for (const key of opts.counts ?? []) qb.addSelect(this.countSql(key), key);
    const joins = new Map<string, Join>();
    const terms = (opts.order ?? this.defaultOrder()).flatMap((term) => this.termsFor(term, joins));
    // Each related object an ordering follows, joined once: an index can serve the order, as a subquery per row cannot.
    for (const join of joins.values()) {
      if (join.inner) qb.innerJoin(join.table, join.alias, `${join.alias}.id = ${join.on}`);
      else qb.leftJoin(join.table, join.alias, `${join.alias}.id = ${join.on}`);
    }
    // PostgreSQL's (and so NetBox's) placement of nulls, on both databases, unless a term asks for them first.
    for (const [i, { expr, desc, nullsFirst }] of terms.entries()) {
      const nulls = desc || nullsFirst ? 'NULLS FIRST' : 'NULLS LAST';
      if (i === 0) qb.orderBy(expr, desc ? 'DESC' : 'ASC', nulls);
      else qb.addOrderBy(expr, desc ? 'DESC' : 'ASC', nulls);
    }
    if (opts.limit !== undefined) qb.limit(opts.limit);
    if (opts.offset) qb.offset(opts.offset);
    return qb;
  }

  /** Converts a raw row in place: it holds exactly the selected columns, and a copy per row is garbage on a page of a thousand. */
  fromDb(raw: Row, counts: string[] = []): Row {
    for (const [column, field] of this.model.converters) raw[column] = field.fromDb(raw[column]);
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

  private countSql(key: string): string {
    const spec = this.model.activeCounts[key];
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
      return `(SELECT COUNT(*) FROM ${q(counted.table)} c WHERE c.${q(type)} = '${this.model.label}' AND c.${q(id)} = t.id)`;
    }
    const col = `c.${q(fk.column)}`;
    // Trees count what hangs anywhere below a node, as NetBox's cumulative counts do.
    const match = this.model.tree
      ? `${col} IN (SELECT d.id FROM ${q(this.model.table)} d WHERE d.tree_path LIKE t.tree_path || '%')`
      : `${col} = t.id`;
    return `(SELECT COUNT(*) FROM ${q(counted.table)} c WHERE ${match})`;
  }
}

/** A table an ordering joins: under `alias`, its row whose id is the `on` column's. */
interface Join {
  table: string;
  alias: string;
  on: string;
  /** The relation is required: every row has its related one. */
  inner: boolean;
}

export function q(identifier: string): string {
  return `"${identifier}"`;
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
