import { ForeignKeyField, ManyToManyField } from './model/fields';
import { ModelDef, Row, registry } from './model/model';
import { ModelQuery, q } from './query/model-query';
import type { RenderContext } from './serialize/serializer';

type Json = Record<string, unknown>;

/**
 * How a model (devices, virtual machines) is matched by config contexts: for each criterion of a
 * config context (its many-to-many fields), the path from the object to the criterion's objects.
 */
export interface ConfigContextSpec {
  /** `'tenant'`, `'tenant.group'`, `'site.region'`, or `'@tags'`. */
  criteria: Record<string, string>;
  /** The field with the object's own context data, merged last. */
  local?: string;
  /** Criteria whose objects also match through their ancestors (a site's region matches a context on its parent region), as NetBox does for regions and site groups (and 4.3's device roles and platforms). */
  ancestors?: string[];
}

const CONTEXTS = 'extras.configcontext';

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** NetBox's deep merge: objects merge key by key, any other value from `overlay` replaces. */
export function deepMerge(base: Json, overlay: Json): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(overlay)) {
    out[key] = isObject(value) && isObject(out[key]) ? deepMerge(out[key] as Json, value) : value;
  }
  return out;
}

/**
 * An object's rendered config context: the matching active contexts merged in order of weight
 * then name (a heavier context wins a conflict), then the object's own local context data.
 */
export function renderConfigContext(contexts: Array<{ name: string; weight: number; data: Json }>, local: Json | null): Json {
  const ordered = [...contexts].sort((a, b) => a.weight - b.weight || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const merged = ordered.reduce((acc, c) => deepMerge(acc, c.data), {} as Json);
  return local ? deepMerge(merged, local) : merged;
}

/** Ids of a tree node and all its ancestors, read from its path. */
function withAncestors(path: string): number[] {
  return path.split('/').filter(Boolean).map(Number);
}

/**
 * Each row's config context for a page: a fixed number of queries (the active contexts, one per
 * criterion, one per hop of each path), whatever the page size.
 */
export async function renderConfigContexts(ctx: RenderContext, model: ModelDef, rows: Row[]): Promise<Map<number, Json>> {
  const spec = model.configContext!;
  const local = (row: Row) => (spec.local && isObject(row[model.storedFields[spec.local].column]) ? (row[model.storedFields[spec.local].column] as Json) : null);
  const contextModel = registry.get(CONTEXTS);
  const result = new Map<number, Json>();
  const active = () => new ModelQuery(ctx.em, contextModel!, ctx.driver).where(`t.is_active = ${ctx.driver === 'sqlite' ? 1 : 'TRUE'}`).rows({ order: ['weight', 'name', 'id'] });
  const contexts = !contextModel ? [] : ctx.cache ? await ctx.cache.value(`${CONTEXTS}:active`, [contextModel.table], active) : await active();
  if (!contexts.length || !rows.length) {
    for (const row of rows) result.set(row.id, renderConfigContext([], local(row)));
    return result;
  }
  const criteria = Object.entries(spec.criteria).filter(([criterion]) => {
    const field = contextModel!.fields[criterion];
    return field instanceof ManyToManyField && field.installed;
  });
  // For each criterion: which objects each context names (remembered with the contexts), and which each row reaches.
  const loadNamed = () => namedBy(ctx, contextModel!, criteria.map(([criterion]) => criterion), contexts.map((c) => c.id));
  const throughTables = criteria.map(([criterion]) => (contextModel!.fields[criterion] as ManyToManyField).throughTable);
  const named = ctx.cache ? await ctx.cache.value(`${CONTEXTS}:criteria:${model.label}`, [contextModel!.table, ...throughTables], loadNamed) : await loadNamed();
  const reached = new Map<string, Map<number, Set<number>>>();
  for (const [criterion, path] of criteria) {
    // A criterion no context names matches every object: nothing to follow.
    if (named.get(criterion)!.size) reached.set(criterion, await reachedBy(ctx, model, rows, path, !!spec.ancestors?.includes(criterion)));
  }
  for (const row of rows) {
    const matching = contexts.filter((c) =>
      [...named.entries()].every(([criterion, byContext]) => {
        const wanted = byContext.get(c.id);
        if (!wanted || wanted.size === 0) return true;
        const have = reached.get(criterion)?.get(row.id) ?? new Set<number>();
        return [...have].some((id) => wanted.has(id));
      }),
    );
    result.set(row.id, renderConfigContext(matching.map((c) => ({ name: c.name, weight: c.weight, data: (c.data ?? {}) as Json })), local(row)));
  }
  return result;
}

/** For each criterion, the objects each of these contexts names by it. */
async function namedBy(ctx: RenderContext, contextModel: ModelDef, criteria: string[], contextIds: number[]): Promise<Map<string, Map<number, Set<number>>>> {
  const named = new Map<string, Map<number, Set<number>>>();
  for (const criterion of criteria) {
    const field = contextModel.fields[criterion] as ManyToManyField;
    const links = await ctx.em
      .createQueryBuilder()
      .select(`x.${q(field.sourceColumn)}`, 'context')
      .addSelect(`x.${q(field.targetColumn)}`, 'target')
      .from(field.throughTable, 'x')
      .where(`x.${q(field.sourceColumn)} IN (:...contextIds)`, { contextIds })
      .getRawMany<{ context: number; target: number }>();
    const byContext = new Map<number, Set<number>>();
    for (const l of links) byContext.set(Number(l.context), (byContext.get(Number(l.context)) ?? new Set()).add(Number(l.target)));
    named.set(criterion, byContext);
  }
  return named;
}

/** For each row, the ids of the criterion's objects it reaches along `path`. */
async function reachedBy(ctx: RenderContext, model: ModelDef, rows: Row[], path: string, ancestors: boolean): Promise<Map<number, Set<number>>> {
  const out = new Map<number, Set<number>>();
  if (path === '@tags') {
    const items = registry.get('extras.taggeditem');
    if (!items) return out;
    const links = await ctx.em
      .createQueryBuilder()
      .select('x.object_id', 'object_id')
      .addSelect('x.tag_id', 'tag_id')
      .from(items.table, 'x')
      .where('x.content_type = :type AND x.object_id IN (:...ids)', { type: model.label, ids: rows.map((r) => r.id) })
      .getRawMany<{ object_id: number; tag_id: number }>();
    for (const l of links) out.set(Number(l.object_id), (out.get(Number(l.object_id)) ?? new Set()).add(Number(l.tag_id)));
    return out;
  }
  // Follow the foreign keys hop by hop, for the whole page at once.
  let current = new Map<number, number | null>(rows.map((r) => [r.id, r.id]));
  let currentRows = new Map<number, Row>(rows.map((r) => [r.id, r]));
  let currentModel = model;
  for (const hop of path.split('.')) {
    const fk = currentModel.fields[hop];
    if (!(fk instanceof ForeignKeyField)) throw new Error(`${model.label}: config context path ${path} has no foreign key ${hop}`);
    const next = new Map<number, number | null>();
    for (const [rowId, at] of current) next.set(rowId, at === null ? null : (currentRows.get(at)?.[fk.column] ?? null));
    const ids = [...new Set([...next.values()].filter((v): v is number => v !== null))];
    const read = (some: number[]) => new ModelQuery(ctx.em, fk.target, ctx.driver).whereIdIn(some).rows({ order: ['id'] });
    const loaded = !ids.length ? [] : ctx.cache ? await ctx.cache.rowsById(fk.target.table, ids, read) : await read(ids);
    currentRows = new Map(loaded.map((r) => [r.id, r]));
    current = next;
    currentModel = fk.target;
  }
  for (const [rowId, at] of current) {
    if (at === null) continue;
    const reachedRow = currentRows.get(at);
    out.set(rowId, new Set(ancestors && currentModel.tree && reachedRow ? withAncestors(reachedRow.tree_path) : [at]));
  }
  return out;
}
