import { EntityManager } from 'typeorm';
import { PATH_ENDPOINTS, Node, destinations, nodeOf, retrace } from '../dcim/cabling';
import { rangeSize, recountPrefixes } from '../ipam/addressing.models';
import { Driver } from '../core/model/fields';
import { ModelDef, Row, registry } from '../core/model/model';
import { ModelQuery } from '../core/query/model-query';
import { ModelPlan, storedObjectType } from './plan';
import { NetboxSource } from './source';

/** A value NetBox computed that this service, computing it from the imported data, finds otherwise. */
export interface Difference {
  model: string;
  id: number | string;
  /** What was computed: a field (`_depth`), or `path` for a cable path's outcome. */
  value: string;
  netbox: unknown;
  ours: unknown;
}

type InBatch = <T>(work: (em: EntityManager) => Promise<T>) => Promise<T>;

/** Rows of one of our tables in id order, a batch at a time. */
async function* ourRows(em: EntityManager, driver: Driver, model: ModelDef, batchSize: number, filter?: string): AsyncIterable<Row[]> {
  let after = 0;
  for (;;) {
    const query = new ModelQuery(em, model, driver).where('t.id > :after', { after });
    if (filter) query.where(filter);
    const rows = await query.rows({ order: ['id'], limit: batchSize });
    if (!rows.length) return;
    yield rows;
    after = rows[rows.length - 1].id;
  }
}

/**
 * What the service computes as objects are written, computed for rows an import wrote in bulk: the paths of cabled
 * endpoints that have none yet, and prefixes' depth and children. Each batch in a transaction of its own.
 */
export async function computeImported(em: EntityManager, driver: Driver, inBatch: InBatch, batchSize: number): Promise<void> {
  for (const type of PATH_ENDPOINTS) {
    const model = registry.get(type);
    if (!model) continue;
    // Rows are read before each batch is traced: the tracing sets the paths the filter looks at.
    // Rows are read before each batch is traced: the tracing sets the paths the filter looks at. One batch at a time:
    // paths take their ids in the endpoints' order, the same in a run stopped and run again as in one whole run.
    for await (const rows of ourRows(em, driver, model, batchSize, 't.cable_id IS NOT NULL AND t._path_id IS NULL')) {
      await inBatch((tx) => retrace(tx, driver, [], rows.map((r) => nodeOf(type, r.id))));
    }
  }
  const prefix = registry.get('ipam.prefix')!;
  for await (const rows of ourRows(em, driver, prefix, batchSize)) await inBatch((tx) => recountPrefixes(tx, rows));
}

/** A path's outcome as compared: complete or not, active or not, and (complete) the objects it reaches. */
function outcome(complete: boolean, active: boolean, reached: Node[]): string {
  const ends = complete ? ` → ${[...reached].sort().join(', ')}` : '';
  return `${complete ? 'complete' : 'incomplete'}, ${active ? 'active' : 'inactive'}${ends}`;
}

/**
 * NetBox's computed values beside ours, from the imported data: each cabled endpoint's path (NetBox's
 * `dcim_cablepath`, one path for all the origins a cable end holds, ours one per origin), prefixes' depth and children,
 * trees' levels (NetBox's MPTT `level`, our `_depth`), IP ranges' sizes, 3.5 circuits' A and Z terminations, and 4.x's
 * counters. Only objects that were brought are compared.
 */
export async function compareComputed(
  em: EntityManager,
  driver: Driver,
  source: NetboxSource,
  tables: Map<string, string[]>,
  contentTypes: Map<number, string>,
  batchSize: number,
  plans: ModelPlan[],
): Promise<Difference[]> {
  const differences: Difference[] = [];
  const labelOf = (node: string): Node => {
    const [type, id] = node.split(':');
    const label = contentTypes.get(Number(type));
    return nodeOf(label ? storedObjectType(label) : `content type ${type}`, Number(id));
  };
  if (tables.has('dcim_cablepath')) {
    const ours = new Map<Node, string>();
    for await (const rows of ourRows(em, driver, registry.get('dcim.cablepath')!, batchSize)) {
      for (const p of rows) ours.set(nodeOf(p.origin_type, p.origin_id), outcome(!!p.is_complete, !!p.is_active, destinations(p)));
    }
    const theirs = new Map<Node, string>();
    for await (const rows of source.rows('dcim_cablepath', batchSize)) {
      for (const p of rows) {
        const hops = (typeof p.path === 'string' ? JSON.parse(p.path) : p.path) as string[][];
        if (!hops.length) continue;
        const reached = hops[hops.length - 1].map(labelOf);
        for (const origin of hops[0].map(labelOf)) theirs.set(origin, outcome(!!p.is_complete, !!p.is_active, reached));
      }
    }
    for (const origin of [...new Set([...theirs.keys(), ...ours.keys()])].sort()) {
      const [netbox, mine] = [theirs.get(origin) ?? null, ours.get(origin) ?? null];
      if (netbox !== mine) {
        const { type, id } = { type: origin.slice(0, origin.lastIndexOf(':')), id: Number(origin.slice(origin.lastIndexOf(':') + 1)) };
        differences.push({ model: type, id, value: 'path', netbox, ours: mine });
      }
    }
  }
  for (const plan of plans) {
    const has = new Set(tables.get(plan.table));
    if (plan.model.label === 'ipam.iprange' && has.has('size')) {
      // Ours as the range's rules compute it from its ends: the stored size is the source's, kept as it was.
      differences.push(...(await compareColumns(em, driver, source, plan, { size: (r) => rangeSize(r.start_address, r.end_address) }, batchSize)));
    }
    if (plan.model.label === 'circuits.circuit' && has.has('termination_a_id')) differences.push(...(await compareSides(em, driver, source, plan, batchSize)));
    // 4.x's counters (a device's `interface_count`, a device type's `device_count`), where the source keeps them.
    const counters = Object.keys(plan.model.activeCounts).filter((key) => has.has(key));
    if (counters.length) differences.push(...(await compareColumns(em, driver, source, plan, Object.fromEntries(counters.map((k) => [k, k])), batchSize, counters)));
    if (plan.model.label === 'ipam.prefix') differences.push(...(await compareColumns(em, driver, source, plan, { _depth: '_depth', _children: '_children' }, batchSize)));
    if (plan.model.tree && tables.get(plan.table)?.includes('level')) differences.push(...(await compareColumns(em, driver, source, plan, { level: '_depth' }, batchSize)));
  }
  const order = (d: Difference) => [d.model, String(d.id).padStart(12, '0'), d.value].join(' ');
  return differences.sort((a, b) => order(a).localeCompare(order(b)));
}

/** A source table's values beside ours (source column → our column, or what we compute from our row), for the rows both hold. */
async function compareColumns(
  em: EntityManager,
  driver: Driver,
  source: NetboxSource,
  { model, table }: ModelPlan,
  columns: Record<string, string | ((row: Row) => unknown)>,
  batchSize: number,
  counts: string[] = [],
): Promise<Difference[]> {
  const differences: Difference[] = [];
  for await (const batch of source.rows(table, batchSize)) {
    const ours = new Map<number, Row>();
    const ids = batch.map((r) => Number(r.id));
    for (const row of await new ModelQuery(em, model, driver).whereIdIn(ids).rows({ order: ['id'], counts })) ours.set(row.id, row);
    for (const theirs of batch) {
      const mine = ours.get(Number(theirs.id));
      if (!mine) continue;
      for (const [sourceColumn, ours] of Object.entries(columns)) {
        const [netbox, computed] = [Number(theirs[sourceColumn]), Number(typeof ours === 'string' ? mine[ours] : ours(mine))];
        if (netbox !== computed) differences.push({ model: model.label, id: mine.id, value: sourceColumn, netbox, ours: computed });
      }
    }
  }
  return differences;
}

/**
 * NetBox 3.5's circuits name their A and Z terminations (`termination_a_id`, `termination_z_id`); ours are the
 * circuit's terminations of that side (`term_side`). Compared for the circuits both hold.
 */
async function compareSides(em: EntityManager, driver: Driver, source: NetboxSource, { model, table }: ModelPlan, batchSize: number): Promise<Difference[]> {
  const differences: Difference[] = [];
  const terminations = registry.get('circuits.circuittermination')!;
  for await (const batch of source.rows(table, batchSize)) {
    const ids = batch.map((r) => Number(r.id));
    const held = new Set((await new ModelQuery(em, model, driver).whereIdIn(ids).rows({ order: ['id'] })).map((r) => r.id));
    const sides = new Map<string, number>();
    const query = new ModelQuery(em, terminations, driver).where('t.circuit_id IN (:...ids)', { ids });
    for (const t of await query.rows({ order: ['id'] })) sides.set(`${t.circuit_id}/${t.term_side}`, t.id);
    for (const circuit of batch) {
      const id = Number(circuit.id);
      if (!held.has(id)) continue;
      for (const side of ['a', 'z']) {
        const netbox = circuit[`termination_${side}_id`] === null ? null : Number(circuit[`termination_${side}_id`]);
        const ours = sides.get(`${id}/${side.toUpperCase()}`) ?? null;
        if (netbox !== ours) differences.push({ model: model.label, id, value: `termination_${side}`, netbox, ours });
      }
    }
  }
  return differences;
}
