import DataLoader from 'dataloader';
import type { Readable } from 'stream';
import type { AppConfig } from '../core/config/config';
import { renderConfigContexts } from '../core/config-context';
import type { CrudService } from '../core/crud/crud.service';
import type { Database } from '../core/db/database';
import type { SnapshotRead } from '../core/db/snapshot-read';
import { Driver, ForeignKeyField, GenericRelationField, ManyToManyField } from '../core/model/fields';
import { ModelDef, Row, labelsOf, registry } from '../core/model/model';
import { Scope } from '../core/query/constraints';
import { ModelQuery, q, selectSql, valueSql } from '../core/query/model-query';
import type { DerivedRelation } from '../ipam/derived-relation';
import type { SelectedColumns } from './columns';
import type { ChunkedList } from './stream';

/** Each row served remembers its model: a generic relation's union tells its members apart by it. */
export const MODEL_OF = Symbol('model');

export type GraphqlRow = Row & { [MODEL_OF]?: ModelDef };

/**
 * Parent ids one statement of a level takes at most: SQLite binds 32,766 parameters to a statement and
 * PostgreSQL 65,535, and a level of a whole table (`device_list { interfaces { ... } }`) has more ids than that.
 */
export const MAX_BATCH = 5000;

/**
 * How a nested list is narrowed and paged (4.x's `filters` and `pagination` on a relation's list). Parents asking
 * for the same shape share one loader, so a level costs the same statements whatever the number of parents.
 */
export interface ListShape {
  /** Tells shapes apart: the same filters and page give the same key. */
  key: string;
  narrow(query: ModelQuery): void;
  /** Each parent's page of its list, cut from the rows the level read together. */
  offset?: number;
  limit?: number;
  /** From this id on, in the order of ids, as strawberry-django's `start`. */
  start?: number;
}

/** Every object of each list, in its model's order. */
const WHOLE: ListShape = { key: '', narrow: () => undefined };

/**
 * What one GraphQL request reads with: the user's view scope of each model, computed once, and loaders
 * that gather every object a level of the query asks for into one statement per relation, whatever the
 * number of parents (no N+1).
 */
export class GraphqlContext {
  /** Loaders by kind, then by what they read (a model, a relation), then by a list's shape: found without building a key per object. */
  private readonly loaders = new Map<unknown, Map<unknown, Map<string, DataLoader<any, any>>>>();
  /** The operation's one unbounded list, read a chunk at a time. */
  streaming?: ChunkedList;
  /** The response's body, once the operation has run: its text, or a stream sent a chunk at a time. */
  answer?: string | Readable;
  /** The columns the operation's fields read, by model; every column where unset. */
  columns?: SelectedColumns;

  constructor(
    readonly user: Row | null,
    private readonly crud: CrudService,
    private readonly db: Database,
    readonly config: AppConfig,
    private readonly scopes = new Map<ModelDef, Promise<Scope | null>>(),
  ) {}

  /** The same reader for the next chunk of a streamed list: loaders that forget the last chunk's objects. */
  forNextChunk(): GraphqlContext {
    const next = new GraphqlContext(this.user, this.crud, this.db, this.config, this.scopes);
    next.streaming = this.streaming;
    next.columns = this.columns;
    return next;
  }

  snapshot(): Promise<SnapshotRead> {
    return this.db.snapshot();
  }

  /** Rows marked with their model. */
  marked(model: ModelDef, rows: Row[]): GraphqlRow[] {
    for (const row of rows) (row as GraphqlRow)[MODEL_OF] = model;
    return rows;
  }

  /** The objects of `model` this user may view, as the REST list shows them; null when none. */
  async visible(model: ModelDef): Promise<ModelQuery | null> {
    let scope = this.scopes.get(model);
    if (!scope) this.scopes.set(model, (scope = this.crud.viewScopeFor(model, this.user)));
    const resolved = await scope;
    return resolved === null ? null : this.crud.queryWithin(model, this.user, resolved);
  }

  /**
   * The columns to read of `model`'s rows: those the operation's fields read, the id, and `extra`; undefined for
   * all, as where no field of the model's type is selected (a plugin's own type may show its rows).
   */
  columnsOf(model: ModelDef, extra: string[] = []): string[] | undefined {
    const selected = this.columns?.get(model);
    return selected ? [...selected, ...extra] : undefined;
  }

  get driver(): Driver {
    return this.db.driver;
  }

  /** Visible rows of `query`, in their model's order unless `page` gives one, each marked with its model; `extra` columns read beside the selected ones. */
  async rows(model: ModelDef, narrow: (query: ModelQuery) => void | Promise<void>, page: { limit?: number; offset?: number; order?: string[] } = {}, extra: string[] = []): Promise<GraphqlRow[]> {
    const query = await this.visible(model);
    if (!query) return [];
    await narrow(query);
    return this.marked(model, await query.rows({ ...page, order: page.order ?? query.defaultOrder(), columns: this.columnsOf(model, extra) }));
  }

  private loader<K, V>(kind: unknown, of: unknown, batch: (keys: readonly K[]) => Promise<V[]>, cacheKey?: (key: K) => unknown, shape = ''): DataLoader<K, V> {
    let byOf = this.loaders.get(kind);
    if (!byOf) this.loaders.set(kind, (byOf = new Map()));
    let byShape = byOf.get(of);
    if (!byShape) byOf.set(of, (byShape = new Map()));
    let loader = byShape.get(shape);
    if (!loader) byShape.set(shape, (loader = new DataLoader<K, V, unknown>(batch, { cacheKeyFn: cacheKey, maxBatchSize: MAX_BATCH })));
    return loader;
  }

  /** Rows of a list's model for a level's parents: `narrow` picks them, the shape's filters narrow them further, ordered by id from its `start`. */
  private listRows(model: ModelDef, shape: ListShape, narrow: (query: ModelQuery) => void, extra: string[] = []): Promise<GraphqlRow[]> {
    return this.rows(
      model,
      (query) => {
        narrow(query);
        shape.narrow(query);
        if (shape.start !== undefined) query.where(`t.id >= ${query.param(shape.start)}`);
      },
      { order: shape.start === undefined ? undefined : ['id'] },
      extra,
    );
  }

  /** Objects by id; null for those missing or out of the user's view. */
  byId(model: ModelDef): DataLoader<number, GraphqlRow | null> {
    return this.loader('id', model, async (ids) => {
      const rows = await this.rows(model, (query) => void query.whereIdIn([...new Set(ids)]));
      const found = new Map(rows.map((r) => [r.id as number, r]));
      return ids.map((id) => found.get(id) ?? null);
    });
  }

  /** The objects whose foreign key (or 3.5's, derived) points at each parent id. */
  referrers(fk: ForeignKeyField | DerivedRelation, shape = WHOLE): DataLoader<number, GraphqlRow[]> {
    return this.loader(
      'fk',
      fk,
      async (ids) => {
        const rows = await this.listRows(fk.model, shape, (query) => void query.where(`${valueSql(fk)} IN ${query.params([...new Set(ids)])}`), [fk.column]);
        return paged(groupBy(ids, rows, (row) => row[fk.column]), shape);
      },
      undefined,
      shape.key,
    );
  }

  /** The objects of `source` whose generic relation names each object of `target`. */
  genericReferrers(source: ModelDef, field: GenericRelationField, target: ModelDef, shape = WHOLE): DataLoader<number, GraphqlRow[]> {
    const type = source.storedFields[field.typeField].column;
    const id = source.storedFields[field.idField].column;
    return this.loader(
      field,
      target,
      async (ids) => {
        const rows = await this.listRows(
          source,
          shape,
          (query) => void query.where(`t.${q(type)} = ${query.param(target.label)} AND t.${q(id)} IN ${query.params([...new Set(ids)])}`),
          [id],
        );
        return paged(groupBy(ids, rows, (row) => Number(row[id])), shape);
      },
      undefined,
      shape.key,
    );
  }

  /** The object a generic relation names, by `type:id`. */
  generic(): DataLoader<string, GraphqlRow | null> {
    return this.loader('generic', null, async (keys) => {
      const byType = new Map<string, number[]>();
      for (const key of keys) {
        const [type, id] = key.split(':');
        const ids = byType.get(type);
        if (ids) ids.push(Number(id));
        else byType.set(type, [Number(id)]);
      }
      // One statement per type named on the level, each through the same loader as the type's own relations.
      const found = new Map<string, GraphqlRow | null>();
      await Promise.all(
        [...byType].map(async ([type, ids]) => {
          const model = registry.get(type);
          const rows = model && !model.internal ? await this.byId(model).loadMany(ids) : [];
          ids.forEach((id, i) => found.set(`${type}:${id}`, rows[i] instanceof Error ? null : ((rows[i] as GraphqlRow | null) ?? null)));
        }),
      );
      return keys.map((key) => found.get(key) ?? null);
    });
  }

  /** The members of a many-to-many relation of each owner id, in the target's order. */
  members(field: ManyToManyField, shape = WHOLE): DataLoader<number, GraphqlRow[]> {
    return this.loader(
      'm2m',
      field,
      async (ids) => {
        const links = await selectSql<{ src: number; dst: number }>(
          this.db.manager,
          `SELECT x.${q(field.sourceColumn)} AS src, x.${q(field.targetColumn)} AS dst FROM ${q(field.throughTable)} x WHERE x.${q(field.sourceColumn)} IN (:...ids)`,
          { ids: [...new Set(ids)] },
        );
        const targets = await this.listRows(field.target, shape, (query) => void query.whereIdIn([...new Set(links.map((l) => Number(l.dst)))]));
        return paged(membersOf(ids, links, targets), shape);
      },
      undefined,
      shape.key,
    );
  }

  /** Each object's tags, by name. */
  tags(model: ModelDef, shape = WHOLE): DataLoader<number, GraphqlRow[]> {
    return this.loader(
      'tags',
      model,
      async (ids) => {
        const items = registry.get('extras.taggeditem');
        const tag = registry.get('extras.tag');
        if (!items || !tag) return ids.map(() => []);
        const links = await selectSql<{ src: number; dst: number }>(
          this.db.manager,
          `SELECT x.object_id AS src, x.tag_id AS dst FROM ${q(items.table)} x WHERE x.content_type = :type AND x.object_id IN (:...ids)`,
          { type: model.label, ids: [...new Set(ids)] },
        );
        const tags = await this.listRows(tag, shape, (query) => void query.whereIdIn([...new Set(links.map((l) => Number(l.dst)))]));
        return paged(membersOf(ids, links, tags), shape);
      },
      undefined,
      shape.key,
    );
  }

  /** Each row's NetBox `__str__`, a level's rows at once. */
  display(model: ModelDef): DataLoader<Row, string> {
    return this.loader(
      'display',
      model,
      async (rows) => labelsOf(model, [...rows], { em: this.db.manager, driver: this.db.driver }),
      (row) => row.id,
    );
  }

  /** Each device's or virtual machine's rendered config context. */
  configContext(model: ModelDef): DataLoader<Row, unknown> {
    return this.loader(
      'config',
      model,
      async (rows) => {
        const rendered = await renderConfigContexts({ em: this.db.manager, driver: this.db.driver, baseUrl: '', config: this.config }, model, [...rows]);
        return rows.map((row) => rendered.get(row.id) ?? {});
      },
      (row) => row.id,
    );
  }
}

/** Each parent's page of its list, as strawberry-django's window pagination numbers a prefetched relation's rows per parent. */
function paged(lists: GraphqlRow[][], shape: ListShape): GraphqlRow[][] {
  if (!shape.offset && shape.limit === undefined) return lists;
  const from = shape.offset ?? 0;
  return lists.map((list) => list.slice(from, shape.limit === undefined ? undefined : from + shape.limit));
}

function groupBy(ids: readonly number[], rows: GraphqlRow[], parentOf: (row: GraphqlRow) => unknown): GraphqlRow[][] {
  const groups = new Map<number, GraphqlRow[]>();
  for (const row of rows) {
    const parent = Number(parentOf(row));
    const group = groups.get(parent);
    if (group) group.push(row);
    else groups.set(parent, [row]);
  }
  return ids.map((id) => groups.get(id) ?? []);
}

/** Each owner's members from the links, in the order the members were read. */
function membersOf(ids: readonly number[], links: Array<{ src: number; dst: number }>, targets: GraphqlRow[]): GraphqlRow[][] {
  const position = new Map(targets.map((row, i) => [row.id as number, i]));
  const byOwner = new Map<number, GraphqlRow[]>();
  for (const link of links) {
    const at = position.get(Number(link.dst));
    if (at === undefined) continue;
    const owner = Number(link.src);
    const list = byOwner.get(owner);
    if (list) list.push(targets[at]);
    else byOwner.set(owner, [targets[at]]);
  }
  for (const list of byOwner.values()) list.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return ids.map((id) => byOwner.get(id) ?? []);
}
