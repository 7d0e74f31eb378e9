import { EntityManager } from 'typeorm';
import { Driver, Field, FieldError, boolean, foreignKey, text } from '../core/model/fields';
import { CustomFilter, ModelDef, Row, registry } from '../core/model/model';
import { booleanFilter } from '../core/query/filters';
import { ModelQuery, q } from '../core/query/model-query';
import { RenderContext, Representation, loadNested } from '../core/serialize/serializer';

/** Keys of everything that takes a cable, and of the endpoints of a cable path. */
export const CABLED_KEYS = ['mark_connected', 'cable', 'cable_end', 'link_peers', 'link_peers_type'];
export const PATH_KEYS = ['connected_endpoints', 'connected_endpoints_type', 'connected_endpoints_reachable'];

/** Where a path may end: everything cabled except the pass-through ports. */
export const PATH_ENDPOINTS = new Set(['dcim.consoleport', 'dcim.consoleserverport', 'dcim.interface', 'dcim.powerport', 'dcim.poweroutlet', 'dcim.powerfeed']);

/** NetBox's pairs of termination types a cable may join. */
export const COMPATIBLE_TERMINATIONS: Record<string, string[]> = {
  circuittermination: ['interface', 'frontport', 'rearport', 'circuittermination'],
  consoleport: ['consoleserverport', 'frontport', 'rearport'],
  consoleserverport: ['consoleport', 'frontport', 'rearport'],
  interface: ['interface', 'circuittermination', 'frontport', 'rearport'],
  frontport: ['consoleport', 'consoleserverport', 'interface', 'frontport', 'rearport', 'circuittermination'],
  powerfeed: ['powerport'],
  poweroutlet: ['powerport'],
  powerport: ['poweroutlet', 'powerfeed'],
  rearport: ['consoleport', 'consoleserverport', 'interface', 'frontport', 'rearport', 'circuittermination'],
};

/** Installed models a cable may end on. */
export function terminationTypes(): string[] {
  return Object.keys(COMPATIBLE_TERMINATIONS)
    .map((name) => (name === 'circuittermination' ? 'circuits.circuittermination' : `dcim.${name}`))
    .filter((label) => registry.has(label));
}

/** The fields a cabled object has: its cable and which end of it, and (path endpoints) its traced path. */
export function cabledFields(endpoint: boolean): Record<string, Field<any>> {
  return {
    mark_connected: boolean({ default: false }),
    cable: foreignKey('dcim.cable', { nullable: true, onDelete: 'SET NULL', readOnly: true }),
    cable_end: text({ max: 1, blank: true, readOnly: true }),
    ...(endpoint ? { _path: foreignKey('dcim.cablepath', { nullable: true, onDelete: 'SET NULL', readOnly: true }) } : {}),
  };
}

const truth = (driver: Driver) => (driver === 'sqlite' ? '1' : 'TRUE');

/** NetBox's `cable_end`: a choice of `A` or `B` (`null` for none), with `__n` only. */
export const cableEndFilter: CustomFilter = {
  negatable: true,
  apply(values, ctx) {
    // An empty value is no filter, as Django's.
    const given = values.filter((v) => v !== '');
    const invalid = given.find((v) => !['A', 'B', 'null'].includes(v));
    if (invalid !== undefined) throw new FieldError([`Select a valid choice. ${invalid} is not one of the available choices.`]);
    const ends = given.filter((v) => v !== 'null');
    const terms = [...(ends.length ? [`t.cable_end IN (${ends.map((v) => ctx.param(v)).join(', ')})`] : []), ...(given.includes('null') ? ['t.cable_end IS NULL'] : [])];
    if (terms.length) ctx.where(`(${terms.join(' OR ')})`);
  },
};

/** CabledObjectFilterSet's `cabled` and `occupied`, `cable_end`, and (endpoints) PathEndpointFilterSet's `connected`. */
export function cabledFilters(_model: () => ModelDef, endpoint: boolean): Record<string, CustomFilter> {
  return {
    cable_end: cableEndFilter,
    cabled: booleanFilter(() => 't.cable_id IS NOT NULL'),
    occupied: booleanFilter((ctx) => `t.cable_id IS NOT NULL OR t.mark_connected = ${truth(ctx.driver)}`),
    ...(endpoint
      ? {
          // NetBox asks only that the path be active; the NULL check keeps `connected=false` from losing unpathed rows.
          connected: booleanFilter(
            (ctx) => `t._path_id IS NOT NULL AND t._path_id IN (SELECT p.id FROM ${q('dcim_cablepath')} p WHERE p.is_active = ${truth(ctx.driver)})`,
          ),
        }
      : {}),
  };
}

/** A path node: an object named by type and id (`dcim.interface:12`). */
export type Node = string;
export const nodeOf = (type: string, id: number): Node => `${type}:${id}`;
export function parseNode(node: Node): { type: string; id: number } {
  const at = node.lastIndexOf(':');
  return { type: node.slice(0, at), id: Number(node.slice(at + 1)) };
}

/** Nested forms of path nodes, one query per type present. */
export async function loadNodes(ctx: RenderContext, nodes: Node[]): Promise<Map<Node, Representation>> {
  const byType = new Map<string, number[]>();
  for (const node of new Set(nodes)) {
    const { type, id } = parseNode(node);
    byType.set(type, [...(byType.get(type) ?? []), id]);
  }
  const out = new Map<Node, Representation>();
  for (const [type, ids] of byType) {
    const model = registry.get(type);
    if (!model) continue;
    for (const [id, rep] of await loadNested(ctx, model, ids)) out.set(nodeOf(type, id), rep);
  }
  return out;
}

/** `link_peers`, `connected_endpoints` and `_occupied` for a page of cabled objects, in a fixed number of queries. */
export async function augmentCabled(ctx: RenderContext, model: ModelDef, rows: Row[], reps: Representation[], endpoint: boolean): Promise<void> {
  const wantsPeers = reps.some((r) => 'link_peers' in r);
  const wantsEndpoints = endpoint && reps.some((r) => 'connected_endpoints' in r);
  const peersOf = new Map<number, Node[]>();
  const endpointsOf = new Map<number, Row>();
  const nodes: Node[] = [];
  const cableIds = [...new Set(rows.map((r) => r.cable_id).filter((id) => id !== null))];
  if (wantsPeers && cableIds.length) {
    const terms = await new ModelQuery(ctx.em, registry.get('dcim.cabletermination')!, ctx.driver)
      .where('t.cable_id IN (:...cables)', { cables: cableIds })
      .rows({ order: ['id'] });
    for (const row of rows) {
      if (row.cable_id === null) continue;
      const peers = terms.filter((t) => t.cable_id === row.cable_id && t.cable_end !== row.cable_end).map((t) => nodeOf(t.termination_type, t.termination_id));
      peersOf.set(row.id, peers);
      nodes.push(...peers);
    }
  }
  const pathIds = [...new Set(rows.map((r) => r._path_id).filter((id) => id !== null && id !== undefined))];
  if (wantsEndpoints && pathIds.length) {
    const paths = await new ModelQuery(ctx.em, CablePath(), ctx.driver).whereIdIn(pathIds).rows({ order: ['id'] });
    const byId = new Map(paths.map((p) => [p.id, p]));
    for (const row of rows) {
      const path = byId.get(row._path_id);
      if (!path) continue;
      endpointsOf.set(row.id, path);
      if (path.is_complete) nodes.push(...destinations(path));
    }
  }
  const nested = nodes.length ? await loadNodes(ctx, nodes) : new Map<Node, Representation>();
  rows.forEach((row, i) => {
    const rep = reps[i];
    if ('_occupied' in rep) rep._occupied = !!(row.cable_id !== null || row.mark_connected);
    if ('link_peers' in rep) {
      const peers = peersOf.get(row.id) ?? [];
      rep.link_peers = peers.map((n) => nested.get(n)).filter(Boolean);
      rep.link_peers_type = peers.length ? parseNode(peers[0]).type : null;
    }
    if ('connected_endpoints' in rep) {
      const path = endpointsOf.get(row.id);
      // Objects deleted since the path was traced are left out, as NetBox does.
      const ends = (path?.is_complete ? destinations(path) : []).filter((n) => nested.has(n));
      rep.connected_endpoints = ends.length ? ends.map((n) => nested.get(n)) : null;
      rep.connected_endpoints_type = ends.length ? parseNode(ends[0]).type : null;
      rep.connected_endpoints_reachable = path ? (path.is_complete ? path.is_active : false) : null;
    }
  });
}

/** The last hop of a path: the objects it reaches. */
export function destinations(path: Row): Node[] {
  const hops = path.path as Node[][];
  return hops.length ? hops[hops.length - 1] : [];
}

/** The stored path model, resolved late: cabling is declared before the models that use it. */
function CablePath(): ModelDef {
  return registry.get('dcim.cablepath')!;
}

interface Traced {
  path: Node[][];
  isActive: boolean;
  isComplete: boolean;
  isSplit: boolean;
}

/**
 * Follows cables from an endpoint to wherever they lead, as NetBox's `CablePath.from_origin`: through
 * front and rear ports (a multi-position rear port remembers the positions it was entered at, to come
 * back out at the matching front ports) to another endpoint, or to where the trail ends.
 */
export async function tracePath(em: EntityManager, driver: Driver, origin: Node): Promise<Traced> {
  const path: Node[][] = [];
  const positions: number[][] = [];
  let isActive = true;
  let isComplete = false;
  let isSplit = false;
  let current = [origin];
  const terminations = registry.get('dcim.cabletermination')!;
  const cables = registry.get('dcim.cable')!;
  // A patching loop would go round for ever: a state seen before ends the trace.
  const seen = new Set<string>();
  while (current.length && path.length < 3 * 256) {
    const state = `${current.join(',')}/${JSON.stringify(positions)}`;
    if (seen.has(state)) break;
    seen.add(state);
    const near = await termsOf(em, driver, terminations, current);
    // Near ends on different cables, or some on none: the path splits before them.
    const links = new Set<number | null>(near.map((t) => t.cable_id));
    if (near.length < current.length) links.add(null);
    if (links.size > 1) {
      isSplit = true;
      break;
    }
    path.push(current);
    if (!near.length) break;
    const [cable] = await new ModelQuery(em, cables, driver).whereIdIn([near[0].cable_id]).rows({ order: ['id'] });
    path.push([nodeOf('dcim.cable', cable.id)]);
    if (cable.status !== 'connected') isActive = false;
    const far = await new ModelQuery(em, terminations, driver)
      .where('t.cable_id = :cable AND t.cable_end <> :end', { cable: cable.id, end: near[0].cable_end })
      .rows({ order: ['id'] });
    path.push(far.map((t) => nodeOf(t.termination_type, t.termination_id)));
    if (!far.length) break;
    const farType = far[0].termination_type;
    if (farType === 'circuits.circuittermination') {
      // A circuit carries the path on from its other side, or ends it at a provider network or an uncabled site.
      if (far.length > 1) {
        isSplit = true;
        break;
      }
      const next = await circuitPeer(em, driver, far[0].termination_id);
      if (!next) break;
      if (next.provider_network_id !== null) {
        path.push([nodeOf(farType, next.id)], [nodeOf('circuits.providernetwork', next.provider_network_id)]);
        isComplete = true;
        break;
      }
      if (next.site_id !== null && next.cable_id === null) {
        path.push([nodeOf(farType, next.id)], [nodeOf('dcim.site', next.site_id)]);
        break;
      }
      current = [nodeOf(farType, next.id)];
      continue;
    }
    if (farType !== 'dcim.frontport' && farType !== 'dcim.rearport') {
      isComplete = true;
      break;
    }
    const next = await passThrough(em, driver, farType, far.map((t) => t.termination_id), positions);
    if (next === 'split') {
      isSplit = true;
      break;
    }
    current = next;
  }
  return { path, isActive, isComplete, isSplit };
}

/** The termination on the other side of a circuit termination's circuit, if there is one. */
async function circuitPeer(em: EntityManager, driver: Driver, id: number): Promise<Row | null> {
  const terminations = registry.get('circuits.circuittermination')!;
  const [near] = await new ModelQuery(em, terminations, driver).whereIdIn([id]).rows({ order: ['id'] });
  if (!near) return null;
  const [peer] = await new ModelQuery(em, terminations, driver)
    .where('t.circuit_id = :circuit AND t.term_side = :side', { circuit: near.circuit_id, side: near.term_side === 'A' ? 'Z' : 'A' })
    .rows({ order: ['id'] });
  return peer ?? null;
}

async function termsOf(em: EntityManager, driver: Driver, terminations: ModelDef, nodes: Node[]): Promise<Row[]> {
  const query = new ModelQuery(em, terminations, driver);
  const terms = nodes.map(parseNode);
  query.where(`(${terms.map((t) => `(t.termination_type = ${query.param(t.type)} AND t.termination_id = ${query.param(t.id)})`).join(' OR ')})`);
  return query.rows({ order: ['id'] });
}

/**
 * The next hop of a path that reached pass-through ports: from front ports to their rear ports (noting
 * the positions entered at, for a multi-position one), or from rear ports back out of their front ports
 * at the positions last noted. A multi-position rear port reached with nothing noted fans out: a split.
 */
async function passThrough(em: EntityManager, driver: Driver, type: string, ids: number[], positions: number[][]): Promise<Node[] | 'split'> {
  const front = registry.get('dcim.frontport')!;
  const rear = registry.get('dcim.rearport')!;
  if (type === 'dcim.frontport') {
    const ports = await new ModelQuery(em, front, driver).whereIdIn(ids).rows({ order: ['id'] });
    // A 4.5 front port may map to no rear port: the path ends there.
    const rears = await new ModelQuery(em, rear, driver).whereIdIn([...new Set(ports.map((p) => p.rear_port_id).filter((id) => id !== null))]).rows();
    if (rears.length === 1 && rears[0].positions > 1) positions.push(ports.map((p) => p.rear_port_position));
    return rears.map((r) => nodeOf('dcim.rearport', r.id));
  }
  const rears = await new ModelQuery(em, rear, driver).whereIdIn(ids).rows({ order: ['id'] });
  if (!rears.length) return [];
  const query = new ModelQuery(em, front, driver).where('t.rear_port_id IN (:...rears)', { rears: ids });
  if (rears.length > 1 || rears[0].positions === 1) query.where('t.rear_port_position = 1');
  else if (positions.length) query.where('t.rear_port_position IN (:...positions)', { positions: positions.pop() });
  else return 'split';
  return (await query.rows()).map((p) => nodeOf('dcim.frontport', p.id));
}

/** Origins of the stored paths that run through any of the nodes. */
export async function pathsThrough(em: EntityManager, driver: Driver, nodes: Node[]): Promise<Set<Node>> {
  if (!nodes.length) return new Set();
  const query = new ModelQuery(em, CablePath(), driver);
  query.where(`(${nodes.map((n) => `t.nodes LIKE ${query.param(`%|${n}|%`)}`).join(' OR ')})`);
  return new Set((await query.rows({ order: ['id'] })).map((p) => nodeOf(p.origin_type, p.origin_id)));
}

/**
 * Retraces every path an object's cabling may have changed: the object's own when it is an
 * endpoint, every stored path that runs through it or through the given cables, and `also`.
 */
export async function retrace(em: EntityManager, driver: Driver, touched: Node[], also: Iterable<Node> = []): Promise<void> {
  const origins = new Set([...touched.filter((n) => PATH_ENDPOINTS.has(parseNode(n).type)), ...also]);
  for (const origin of await pathsThrough(em, driver, touched)) origins.add(origin);
  for (const origin of origins) await storePath(em, driver, origin);
}

// Cables whose terminations are being rewritten in a transaction: the cable retraces once at the end.
const deferred = new WeakMap<EntityManager, Set<number>>();

/** Runs `work` with the retracing of the cable's terminations left to the caller. */
export async function deferringRetrace(em: EntityManager, cable: number, work: () => Promise<void>): Promise<void> {
  const cables = deferred.get(em) ?? new Set<number>();
  deferred.set(em, cables);
  cables.add(cable);
  try {
    await work();
  } finally {
    cables.delete(cable);
  }
}

export function retraceDeferred(em: EntityManager, cable: number): boolean {
  return !!deferred.get(em)?.has(cable);
}

/** Traces one endpoint's path and keeps it, replacing the one it had. */
async function storePath(em: EntityManager, driver: Driver, origin: Node): Promise<void> {
  const paths = CablePath();
  const { type, id } = parseNode(origin);
  const model = registry.get(type);
  const [row] = model ? await new ModelQuery(em, model, driver).whereIdIn([id]).rows({ order: ['id'] }) : [];
  await em.createQueryBuilder().delete().from(paths.table).where('origin_type = :type AND origin_id = :id', { type, id }).execute();
  if (!row || !model) return;
  if (row.cable_id === null) {
    await em.createQueryBuilder().update(model.table).set({ _path_id: null }).where('id = :id', { id }).execute();
    return;
  }
  const traced = await tracePath(em, driver, origin);
  const result = await em
    .createQueryBuilder()
    .insert()
    .into(paths.table)
    .values({
      origin_type: type,
      origin_id: id,
      path: traced.path as unknown as object,
      nodes: `|${traced.path.flat().join('|')}|`,
      is_active: traced.isActive,
      is_complete: traced.isComplete,
      is_split: traced.isSplit,
    })
    .execute();
  const pathId = Number(result.identifiers[0]?.id ?? result.raw?.[0]?.id ?? result.raw);
  await em.createQueryBuilder().update(model.table).set({ _path_id: pathId }).where('id = :id', { id }).execute();
}
