import { GenericRelationField } from '../model/fields';
import { ModelDef, Row, labelsOf, registry } from '../model/model';
import { ModelQuery, q } from '../query/model-query';
import { RenderContext, Representation, loadNested } from './serializer';

/**
 * Sets `key` of each representation to the nested form of the object of `holder` whose generic relation
 * `relation` names that row (an interface's L2VPN termination), or null; with `many`, to the list of all of them in
 * their model's order (an interface's MAC addresses). For the whole page at once; nothing is read when no
 * representation shows the key, or when the holding model is not installed.
 */
export async function nestReferrer(
  ctx: RenderContext,
  model: ModelDef,
  rows: Row[],
  reps: Representation[],
  key: string,
  holder: { model: string; relation: string; many?: boolean },
): Promise<void> {
  const byTarget = await referrersOf(ctx, model, rows.filter((_row, i) => key in reps[i]), holder);
  rows.forEach((row, i) => {
    if (key in reps[i]) reps[i][key] = holder.many ? byTarget.get(row.id) ?? [] : byTarget.get(row.id)?.[0] ?? null;
  });
}

/** The nested objects of `holder` whose generic relation names each of `rows`, by the row's id: two statements at most. */
async function referrersOf(ctx: RenderContext, model: ModelDef, rows: Row[], holder: { model: string; relation: string }): Promise<Map<number, Representation[]>> {
  const byTarget = new Map<number, Representation[]>();
  const holding = registry.get(holder.model);
  if (!rows.length || !holding) return byTarget;
  const relation = holding.fields[holder.relation] as GenericRelationField;
  const [type, id] = [relation.typeField, relation.idField].map((f) => holding.storedFields[f].column);
  const query = new ModelQuery(ctx.em, holding, ctx.driver);
  query.where(`t.${q(type)} = ${query.param(model.label)}`).where(`t.${q(id)} IN ${query.params(rows.map((r) => r.id))}`);
  const referrers = await query.rows({ order: query.defaultOrder() });
  const nested = await loadNested(ctx, holding, referrers.map((r) => r.id));
  for (const referrer of referrers) {
    const rep = nested.get(referrer.id);
    if (!rep) continue;
    const list = byTarget.get(Number(referrer[id]));
    if (list) list.push(rep);
    else byTarget.set(Number(referrer[id]), [rep]);
  }
  return byTarget;
}

/** The display of objects named by type and id (what a generic relation points at), keyed `type:id`: a fixed number of queries per type. */
export async function referencedDisplays(ctx: Pick<RenderContext, 'em' | 'driver'>, refs: Array<{ type: string; id: number }>): Promise<Map<string, string>> {
  const byType = new Map<string, Set<number>>();
  for (const { type, id } of refs) byType.set(type, (byType.get(type) ?? new Set()).add(id));
  const out = new Map<string, string>();
  for (const [type, ids] of byType) {
    const model = registry.get(type);
    if (!model) continue;
    const rows = await new ModelQuery(ctx.em, model, ctx.driver).whereIdIn([...ids]).rows({ order: ['id'] });
    const labels = await labelsOf(model, rows, ctx);
    rows.forEach((row, i) => out.set(`${type}:${row.id}`, labels[i]));
  }
  return out;
}
