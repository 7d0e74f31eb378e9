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

/** Nodes' ids by their type, each once, in the nodes' order. */
function idsByType(nodes: Iterable<Node>): Map<string, number[]> {
  const byType = new Map<string, number[]>();
  for (const node of new Set(nodes)) {
    const { type, id } = parseNode(node);
    if (!byType.has(type)) byType.set(type, []);
    byType.get(type)!.push(id);
  }
  return byType;
}

/** Nested forms of path nodes, one query per type present. */
export async function loadNodes(ctx: RenderContext, nodes: Node[]): Promise<Map<Node, Representation>> {
  const byType = idsByType(nodes);
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
export async function tracePath(em: EntityManager, driver: Driver, origin: Node, known: FirstHops = new FirstHops()): Promise<Traced> {
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
    const near = known.termsOf(current) ?? (await termsOf(em, driver, terminations, current));
    // Near ends on different cables, or some on none: the path splits before them.
    const links = new Set<number | null>(near.map((t) => t.cable_id));
    if (near.length < current.length) links.add(null);
    if (links.size > 1) {
      isSplit = true;
      break;
    }
    path.push(current);
    if (!near.length) break;
    const cable = known.cables.get(near[0].cable_id) ?? (await new ModelQuery(em, cables, driver).whereIdIn([near[0].cable_id]).rows({ order: ['id'] }))[0];
    path.push([nodeOf('dcim.cable', cable.id)]);
    if (cable.status !== 'connected') isActive = false;
    const far =
      known.farEnd(cable.id, near[0].cable_end) ??
      (await new ModelQuery(em, terminations, driver).where('t.cable_id = :cable AND t.cable_end <> :end', { cable: cable.id, end: near[0].cable_end }).rows({ order: ['id'] }));
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
  await storePaths(em, driver, [...origins]);
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

/** Paths stored a statement at a time: within what both drivers bind. */
const PATHS_PER_STATEMENT = 500;

/**
 * Traces endpoints' paths and keeps them, replacing those they had, in the endpoints' order: a few statements for them
 * all, and for each only the hops past its cable's far end.
 */
async function storePaths(em: EntityManager, driver: Driver, origins: Node[]): Promise<void> {
  const paths = CablePath();
  const byType = idsByType(origins);
  const rows = new Map<Node, Row>();
  for (const [type, ids] of byType) {
    const model = registry.get(type);
    for (let i = 0; i < ids.length; i += PATHS_PER_STATEMENT) {
      const chunk = ids.slice(i, i + PATHS_PER_STATEMENT);
      await em.createQueryBuilder().delete().from(paths.table).where('origin_type = :type AND origin_id IN (:...chunk)', { type, chunk }).execute();
      if (model) for (const row of await new ModelQuery(em, model, driver).whereIdIn(chunk).rows({ order: ['id'] })) rows.set(nodeOf(type, row.id), row);
    }
  }
  const cabled = origins.filter((origin) => rows.has(origin) && rows.get(origin)!.cable_id !== null);
  const known = await FirstHops.load(em, driver, cabled);
  const values: Row[] = [];
  for (const origin of cabled) {
    const { type, id } = parseNode(origin);
    const traced = await tracePath(em, driver, origin, known);
    values.push({
      origin_type: type,
      origin_id: id,
      path: traced.path as unknown as object,
      nodes: `|${traced.path.flat().join('|')}|`,
      is_active: traced.isActive,
      is_complete: traced.isComplete,
      is_split: traced.isSplit,
    });
  }
  for (let i = 0; i < values.length; i += PATHS_PER_STATEMENT) {
    await em.createQueryBuilder().insert().into(paths.table).values(values.slice(i, i + PATHS_PER_STATEMENT)).execute();
  }
  // Each origin's new path, or none: uncabled endpoints lose theirs.
  for (const [type, ids] of byType) {
    const model = registry.get(type);
    const present = ids.filter((id) => rows.has(nodeOf(type, id)));
    if (!model || !present.length) continue;
    for (let i = 0; i < present.length; i += PATHS_PER_STATEMENT) {
      const chunk = present.slice(i, i + PATHS_PER_STATEMENT);
      const stored: Row[] = await em
        .createQueryBuilder()
        .select(['p.id AS id', 'p.origin_id AS origin_id'])
        .from(paths.table, 'p')
        .where('p.origin_type = :type AND p.origin_id IN (:...chunk)', { type, chunk })
        .getRawMany();
      const pathOf = new Map(stored.map((p) => [Number(p.origin_id), Number(p.id)]));
      const params: Record<string, unknown> = { chunk };
      const cases = chunk.map((id, n) => ((params[`o${n}`] = id), (params[`p${n}`] = pathOf.get(id) ?? null), `WHEN :o${n} THEN CAST(:p${n} AS integer)`)).join(' ');
      await em.createQueryBuilder().update(model.table).set({ _path_id: () => `CASE id ${cases} END` }).where('id IN (:...chunk)', params).execute();
    }
  }
}

/**
 * What the first hop of many paths reads, in three statements for them all: the origins' terminations, their cables,
 * and those cables' terminations. A trace asks here first and reads the rest itself.
 */
export class FirstHops {
  /** Terminations by the object they terminate; an object here with none has no cable. */
  private readonly byNode = new Map<Node, Row[]>();
  readonly cables = new Map<number, Row>();
  private readonly byCable = new Map<number, Row[]>();

  static async load(em: EntityManager, driver: Driver, origins: Node[]): Promise<FirstHops> {
    const known = new FirstHops();
    if (!origins.length) return known;
    const terminations = registry.get('dcim.cabletermination')!;
    for (const origin of origins) known.byNode.set(origin, []);
    const byType = idsByType(origins);
    const cableIds = new Set<number>();
    for (const [type, ids] of byType) {
      for (let i = 0; i < ids.length; i += PATHS_PER_STATEMENT) {
        const query = new ModelQuery(em, terminations, driver).where('t.termination_type = :type AND t.termination_id IN (:...ids)', { type, ids: ids.slice(i, i + PATHS_PER_STATEMENT) });
        for (const row of await query.rows({ order: ['id'] })) {
          known.byNode.get(nodeOf(row.termination_type, row.termination_id))!.push(row);
          cableIds.add(row.cable_id);
        }
      }
    }
    const ids = [...cableIds];
    for (let i = 0; i < ids.length; i += PATHS_PER_STATEMENT) {
      const chunk = ids.slice(i, i + PATHS_PER_STATEMENT);
      for (const cable of await new ModelQuery(em, registry.get('dcim.cable')!, driver).whereIdIn(chunk).rows({ order: ['id'] })) known.cables.set(cable.id, cable);
      for (const row of await new ModelQuery(em, terminations, driver).where('t.cable_id IN (:...chunk)', { chunk }).rows({ order: ['id'] })) {
        if (!known.byCable.has(row.cable_id)) known.byCable.set(row.cable_id, []);
        known.byCable.get(row.cable_id)!.push(row);
      }
    }
    return known;
  }

  /** The terminations of these objects, in id order, when every one of them is known. */
  termsOf(nodes: Node[]): Row[] | null {
    if (!nodes.every((n) => this.byNode.has(n))) return null;
    return nodes.flatMap((n) => this.byNode.get(n)!).sort((a, b) => a.id - b.id);
  }

  /** The terminations of a known cable's other end, in id order. */
  farEnd(cable: number, end: string): Row[] | null {
    const all = this.byCable.get(cable);
    return all ? all.filter((t) => t.cable_end !== end) : null;
  }
}
