import { EntityManager } from 'typeorm';
import { Driver, FieldError, ForeignKeyField, choice, date, foreignKey, integer, manyToMany, slug, text } from '../core/model/fields';
import { CustomFilter, Row, defineModel, labelsOf, registry } from '../core/model/model';
import { existingIds, pathFilter, searchFilter, tenancyFilters } from '../core/query/filters';
import { ModelQuery, loadRow, q } from '../core/query/model-query';
import { RenderContext, Representation, loadNested, objectUrl } from '../core/serialize/serializer';
import { augmentCabled, cabledFields, cabledFilters, nodeOf, retrace } from '../dcim/cabling';
import { checkDistance, distanceFields } from './distance';
import { Placement, placementFields, placementFilters, syncPlacement } from '../dcim/scope';

export const CIRCUIT_STATUSES = [
  { value: 'planned', label: 'Planned' },
  { value: 'provisioning', label: 'Provisioning' },
  { value: 'active', label: 'Active' },
  { value: 'offline', label: 'Offline' },
  { value: 'deprovisioning', label: 'Deprovisioning' },
  { value: 'decommissioned', label: 'Decommissioned' },
];

/** Sites, site groups and regions a provider or circuit reaches through its circuits' terminations. */
function terminationPlaceFilters(circuits: (alias: string) => string): Record<string, CustomFilter> {
  const filter = (column: 'site' | 'site.group' | 'site.region', by: 'id' | 'slug'): CustomFilter => ({
    negatable: true,
    async apply(values, ctx) {
      const place = column === 'site' ? 'dcim.site' : column === 'site.group' ? 'dcim.sitegroup' : 'dcim.region';
      const target = registry.get(place)!;
      const invalid = by === 'id' ? values.find((v) => !/^\d+$/.test(v)) : undefined;
      if (invalid !== undefined) throw new FieldError([`“${invalid}” is not a valid value.`]);
      const parsed = values.map((v) => (by === 'id' ? Number(v) : v));
      const found = await new ModelQuery(ctx.em, target, ctx.driver).where(`t.${by} IN (:...parsed)`, { parsed }).rows({ order: ['id'] });
      const missing = values.find((_, i) => !found.some((f) => String(f[by]) === String(parsed[i])));
      if (missing !== undefined) throw new FieldError([`Select a valid choice. ${missing} is not one of the available choices.`]);
      // Trees match their nodes and everything below them.
      const nodes = target.tree
        ? `SELECT d.id FROM ${q(target.table)} d WHERE ${found.map((f) => `d.tree_path LIKE ${ctx.param(`${f.tree_path}%`)}`).join(' OR ')}`
        : found.map((f) => ctx.param(f.id)).join(', ');
      const sites = column === 'site' ? nodes : `SELECT s.id FROM ${q('dcim_site')} s WHERE s.${column === 'site.group' ? 'group_id' : 'region_id'} IN (${nodes})`;
      ctx.where(`t.id IN (SELECT ${circuits('c')} FROM ${q('circuits_circuittermination')} x JOIN ${q('circuits_circuit')} c ON c.id = x.circuit_id WHERE x.site_id IN (${sites}))`);
    },
  });
  return {
    site_id: filter('site', 'id'),
    site: filter('site', 'slug'),
    site_group_id: filter('site.group', 'id'),
    site_group: filter('site.group', 'slug'),
    region_id: filter('site.region', 'id'),
    region: filter('site.region', 'slug'),
  };
}

export const Provider = defineModel({
  app: 'circuits',
  name: 'provider',
  plural: 'providers',
  fields: {
    name: text({ max: 100, unique: true }),
    slug: slug({ max: 100, unique: true }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
    asns: manyToMany('ipam.asn', { filterName: 'asn', label: 'ASNs' }),
  },
  full: [
    'id', 'url', 'display', 'name', 'slug', 'accounts', 'description', 'comments', 'asns', 'tags', 'custom_fields', 'created', 'last_updated', 'circuit_count',
  ],
  counts: { circuit_count: { model: 'circuits.circuit', field: 'provider' } },
  brief: ['id', 'url', 'display', 'name', 'slug', 'circuit_count'],
  filterset: { fields: ['id', 'name', 'slug'], related: ['asn_id'] },
  filters: {
    ...terminationPlaceFilters((c) => `${c}.provider_id`),
    q: searchFilter((like) => [
      like('t.name'),
      like('t.comments'),
      `t.id IN (SELECT a.provider_id FROM ${q('circuits_provideraccount')} a WHERE ${like('a.account')} OR ${like('a.name')})`,
    ]),
  },
  // A provider's accounts, read as a list of their nested form: one query for the page.
  async augment(ctx, rows, reps) {
    if (!reps.some((r) => 'accounts' in r)) return;
    const query = new ModelQuery(ctx.em, ProviderAccount, ctx.driver).where('t.provider_id IN (:...ids)', { ids: rows.map((r) => r.id) });
    const accounts = await query.rows({ order: query.defaultOrder() });
    const nested = await loadNested(ctx, ProviderAccount, accounts.map((a) => a.id));
    rows.forEach((row, i) => {
      if ('accounts' in reps[i]) reps[i].accounts = accounts.filter((a) => a.provider_id === row.id).map((a) => nested.get(a.id));
    });
  },
});

export const ProviderAccount = defineModel({
  app: 'circuits',
  name: 'provideraccount',
  plural: 'provider-accounts',
  verboseName: 'provider account',
  display: (a) => (a.name ? `${a.account} (${a.name})` : a.account),
  ordering: ['provider', 'account', 'id'],
  fields: {
    provider: foreignKey(() => Provider, { onDelete: 'PROTECT' }),
    name: text({ max: 100, blank: true }),
    account: text({ max: 100, label: 'Account ID' }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  constraints: [{ fields: ['provider', 'account'], name: 'circuits_provideraccount_unique_provider_account' }],
  brief: ['id', 'url', 'display', 'name', 'account'],
  filterset: { fields: ['id', 'name', 'account', 'description'], related: ['provider_id', 'provider'] },
  filters: { q: searchFilter((like) => [like('t.name'), like('t.account'), like('t.comments')]) },
  async validate(row, _previous, ctx) {
    // NetBox's constraint on (provider, name) holds only for accounts with a name.
    if (!row.name || !ctx?.em || !ctx.driver) return;
    const query = new ModelQuery(ctx.em, ProviderAccount, ctx.driver).where('t.provider_id = :provider AND t.name = :name', { provider: row.provider_id, name: row.name });
    if (row.id !== undefined) query.where(`t.id <> ${query.param(row.id)}`);
    if (await query.count()) throw new FieldError(['Constraint “circuits_provideraccount_unique_provider_name” is violated.']);
  },
});

export const ProviderNetwork = defineModel({
  app: 'circuits',
  name: 'providernetwork',
  plural: 'provider-networks',
  verboseName: 'provider network',
  ordering: ['provider', 'name', 'id'],
  fields: {
    provider: foreignKey(() => Provider, { onDelete: 'PROTECT' }),
    name: text({ max: 100 }),
    service_id: text({ max: 100, blank: true, label: 'Service ID' }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  constraints: [{ fields: ['provider', 'name'], name: 'circuits_providernetwork_unique_provider_name' }],
  brief: ['id', 'url', 'display', 'name'],
  search: ['name', 'service_id', 'description', 'comments'],
  filterset: { fields: ['id', 'name', 'service_id', 'description'], related: ['provider_id', 'provider'] },
});

export const CircuitType = defineModel({
  app: 'circuits',
  name: 'circuittype',
  plural: 'circuit-types',
  verboseName: 'circuit type',
  fields: {
    name: text({ max: 100, unique: true }),
    slug: slug({ max: 100, unique: true }),
    color: text({ max: 6, blank: true, pattern: /^[0-9a-f]{6}$/, patternMessage: 'Enter a valid hexadecimal RGB color code.' }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  counts: { circuit_count: { model: 'circuits.circuit', field: 'type' } },
  brief: ['id', 'url', 'display', 'name', 'slug', 'circuit_count'],
  search: ['name', 'slug'],
  filterset: { fields: ['id', 'name', 'slug', 'color', 'description'] },
});

/**
 * Each side of a circuit as its serializer embeds it: 3.5's `{id, url, display, site, provider_network, port_speed,
 * upstream_speed, xconnect_id, description}`; 4.2's names the termination by type and id instead, with `display_url`.
 */
async function addTerminations(ctx: RenderContext, rows: Row[], reps: Representation[]): Promise<void> {
  if (!reps.some((r) => 'termination_a' in r)) return;
  const query = new ModelQuery(ctx.em, CircuitTermination, ctx.driver).where('t.circuit_id IN (:...ids)', { ids: rows.map((r) => r.id) });
  const terms = await query.rows({ order: ['id'] });
  const placed = !!ctx.dialect && !ctx.dialect.isNative && ctx.dialect.shows(CircuitTermination, 'termination');
  const nested = async (type: string, ids: Array<number | null>) => loadNested(ctx, registry.get(type)!, [...new Set(ids.filter((id): id is number => id !== null))], false);
  const places = new Map<string, Map<number, Representation>>();
  if (placed) for (const type of new Set(terms.map((x) => x.termination_type).filter(Boolean))) places.set(type, await nested(type, terms.filter((x) => x.termination_type === type).map((x) => x.termination_id)));
  else {
    places.set('dcim.site', await nested('dcim.site', terms.map((x) => x.site_id)));
    places.set(ProviderNetwork.label, await nested(ProviderNetwork.label, terms.map((x) => x.provider_network_id)));
  }
  const nestedOf = (type: string | null, id: number | null) => (type === null || id === null ? null : places.get(type)?.get(id) ?? null);
  const circuits = new Map(rows.map((r) => [r.id, r]));
  const side = (x: Row) => ({
    id: x.id,
    url: objectUrl(ctx, CircuitTermination, x.id),
    ...(placed && ctx.dialect!.displayUrl ? { display_url: `${ctx.baseUrl}/circuits/circuit-terminations/${x.id}/` } : {}),
    display: `${circuits.get(x.circuit_id)?.cid}: Termination ${x.term_side}`,
    ...(placed
      ? { termination_type: x.termination_type, termination_id: x.termination_id, termination: nestedOf(x.termination_type, x.termination_id) }
      : { site: nestedOf('dcim.site', x.site_id), provider_network: nestedOf(ProviderNetwork.label, x.provider_network_id) }),
    port_speed: x.port_speed,
    upstream_speed: x.upstream_speed,
    xconnect_id: x.xconnect_id,
    description: x.description,
  });
  rows.forEach((row, i) => {
    for (const end of ['A', 'Z']) {
      const key = `termination_${end.toLowerCase()}`;
      const found = terms.find((x) => x.circuit_id === row.id && x.term_side === end);
      if (key in reps[i]) reps[i][key] = found ? side(found) : null;
    }
  });
}

/**
 * A circuit's assignments to groups (4.2), each as its serializer nests them there: `{id, url, display, group, priority}`;
 * one statement for the page's assignments, one for their groups.
 */
async function addAssignments(ctx: RenderContext, rows: Row[], reps: Representation[]): Promise<void> {
  const assignments = registry.get('circuits.circuitgroupassignment');
  if (!assignments || !reps.some((r) => 'assignments' in r)) return;
  const query = new ModelQuery(ctx.em, assignments, ctx.driver).where('t.member_type = :type AND t.member_id IN (:...ids)', { type: Circuit.label, ids: rows.map((r) => r.id) });
  const found = await query.rows({ order: query.defaultOrder() });
  const groups = (assignments.fields.group as ForeignKeyField).target;
  const nested = await loadNested(ctx, groups, [...new Set(found.map((a) => a.group_id as number))], false);
  const labels = await labelsOf(assignments, found, { em: ctx.em, driver: ctx.driver, render: ctx });
  const priority = assignments.fields.priority;
  const byCircuit = new Map<number, Representation[]>();
  found.forEach((a, i) => {
    const list = byCircuit.get(Number(a.member_id)) ?? [];
    list.push({ id: a.id, url: objectUrl(ctx, assignments, a.id), display: labels[i], group: nested.get(a.group_id) ?? null, priority: priority.toApi(a.priority) });
    byCircuit.set(Number(a.member_id), list);
  });
  rows.forEach((row, i) => {
    if ('assignments' in reps[i]) reps[i].assignments = byCircuit.get(row.id) ?? [];
  });
}

/** Where a circuit termination attaches (NetBox 4.2); 3.5 named a site or a provider network. */
const TERMINATION: Placement = {
  name: 'termination',
  types: ['dcim.region', 'dcim.sitegroup', 'dcim.site', 'dcim.location', 'circuits.providernetwork'],
  legacy: { site_id: 'dcim.site', provider_network_id: 'circuits.providernetwork' },
  conflict: 'A circuit termination cannot attach to both a site and a provider network.',
  typeName: 'title',
};

export const Circuit = defineModel({
  app: 'circuits',
  name: 'circuit',
  plural: 'circuits',
  display: (c) => c.cid,
  ordering: ['provider', 'provider_account', 'cid', 'id'],
  lookupField: 'cid',
  fields: {
    cid: text({ max: 100, label: 'Circuit ID' }),
    provider: foreignKey(() => Provider, { onDelete: 'PROTECT' }),
    provider_account: foreignKey(() => ProviderAccount, { nullable: true, onDelete: 'PROTECT' }),
    type: foreignKey(() => CircuitType, { onDelete: 'PROTECT' }),
    status: choice(CIRCUIT_STATUSES, { default: 'active' }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    install_date: date({ nullable: true, label: 'Installed' }),
    termination_date: date({ nullable: true, label: 'Terminates' }),
    commit_rate: integer({ min: 0, max: 2147483647, nullable: true, label: 'Commit rate (Kbps)' }),
    ...distanceFields(),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  full: [
    'id', 'url', 'display', 'cid', 'provider', 'provider_account', 'type', 'status', 'tenant', 'install_date', 'termination_date', 'commit_rate',
    'description', 'termination_a', 'termination_z', 'comments', 'tags', 'custom_fields', 'created', 'last_updated', 'assignments',
  ],
  constraints: [
    { fields: ['provider', 'cid'], name: 'circuits_circuit_unique_provider_cid' },
    { fields: ['provider_account', 'cid'], name: 'circuits_circuit_unique_provideraccount_cid' },
  ],
  brief: ['id', 'url', 'display', 'cid'],
  filterset: {
    fields: ['id', 'cid', 'description', 'install_date', 'termination_date', 'commit_rate', 'distance', 'distance_unit', 'status'],
    related: ['provider_id', 'provider', 'provider_account_id', 'type_id', 'type', 'tenant_id', 'tenant'],
  },
  filters: {
    ...tenancyFilters(() => Circuit),
    ...terminationPlaceFilters((c) => `${c}.id`),
    // NetBox's is along `terminations__provider_network`.
    provider_network_id: {
      negatable: true,
      async apply(values, ctx) {
        const ids = await existingIds(ProviderNetwork, values, ctx);
        ctx.where(`t.id IN (SELECT x.circuit_id FROM ${q(CircuitTermination.table)} x WHERE x.provider_network_id IN (${ids.map((id) => ctx.param(id)).join(', ')}))`);
      },
    },
    q: searchFilter((like) => [
      like('t.cid'),
      like('t.description'),
      like('t.comments'),
      `t.id IN (SELECT x.circuit_id FROM ${q('circuits_circuittermination')} x WHERE ${like('x.xconnect_id')} OR ${like('x.pp_info')} OR ${like('x.description')})`,
    ]),
  },
  async validate(row, _previous, ctx) {
    checkDistance(row);
    const account = await loadRow(ctx, ProviderAccount, row.provider_account_id);
    if (account && account.provider_id !== row.provider_id) throw new FieldError({ provider_account: ['The assigned account must belong to the assigned provider.'] });
  },
  async augment(ctx, rows, reps) {
    await addTerminations(ctx, rows, reps);
    await addAssignments(ctx, rows, reps);
  },
});

const TERM_SIDES = [
  { value: 'A', label: 'A' },
  { value: 'Z', label: 'Z' },
];

/** The other side of a termination's circuit, where its path continues. */
async function peerOf(em: EntityManager, driver: Driver, row: Row): Promise<Row | null> {
  const [peer] = await new ModelQuery(em, CircuitTermination, driver)
    .where('t.circuit_id = :circuit AND t.term_side = :side', { circuit: row.circuit_id, side: row.term_side === 'A' ? 'Z' : 'A' })
    .rows({ order: ['id'] });
  return peer ?? null;
}

/** NetBox's `cable_end` is a choice filter: `A` or `B`, with `__n` only. */
const cableEndFilter: CustomFilter = {
  negatable: true,
  apply(values, ctx) {
    const invalid = values.find((v) => !['A', 'B'].includes(v));
    if (invalid !== undefined) throw new FieldError([`Select a valid choice. ${invalid} is not one of the available choices.`]);
    ctx.where(`t.cable_end IN (${values.map((v) => ctx.param(v)).join(', ')})`);
  },
};

export const CircuitTermination = defineModel({
  app: 'circuits',
  name: 'circuittermination',
  plural: 'circuit-terminations',
  // A NetBox model without 4.5's owner: neither its serializer nor its filter set names one.
  owner: false,
  verboseName: 'circuit termination',
  // What change records name it by; responses say `<cid>: Termination <side>`, which needs the circuit.
  display: (x) => `Termination ${x.term_side}`,
  ordering: ['circuit', 'term_side', 'id'],
  fields: {
    circuit: foreignKey(() => Circuit, { onDelete: 'CASCADE' }),
    term_side: choice(TERM_SIDES, { flat: true, label: 'Termination' }),
    // The site and provider network the termination lies at (NetBox 4.2's cached `_site`, `_provider_network`): 3.5's fields.
    site: foreignKey('dcim.site', { nullable: true, onDelete: 'PROTECT' }),
    provider_network: foreignKey(() => ProviderNetwork, { nullable: true, onDelete: 'PROTECT' }),
    ...placementFields(TERMINATION),
    port_speed: integer({ min: 0, max: 2147483647, nullable: true, label: 'Port speed (Kbps)' }),
    upstream_speed: integer({ min: 0, max: 2147483647, nullable: true, label: 'Upstream speed (Kbps)' }),
    xconnect_id: text({ max: 50, blank: true, label: 'Cross-connect ID' }),
    pp_info: text({ max: 100, blank: true, label: 'Patch panel/port(s)' }),
    description: text({ max: 200, blank: true }),
    ...cabledFields(false),
  },
  full: [
    'id', 'url', 'display', 'circuit', 'term_side', 'site', 'provider_network', 'port_speed', 'upstream_speed', 'xconnect_id', 'pp_info', 'description',
    'mark_connected', 'cable', 'cable_end', 'link_peers', 'link_peers_type', 'tags', 'custom_fields', 'created', 'last_updated', '_occupied',
  ],
  constraints: [{ fields: ['circuit', 'term_side'], name: 'circuits_circuittermination_unique_circuit_term_side' }],
  brief: ['id', 'url', 'display', 'circuit', 'term_side', 'cable', '_occupied'],
  relatedObject: 'circuit',
  filterset: {
    fields: ['id', 'term_side', 'port_speed', 'upstream_speed', 'xconnect_id', 'description', 'cable_end'],
    related: ['circuit_id', 'site_id', 'site', 'provider_network_id'],
  },
  indexes: [['termination_type', 'termination_id']],
  filters: {
    ...cabledFilters(() => CircuitTermination, false),
    ...placementFilters(() => CircuitTermination, TERMINATION),
    provider_id: pathFilter(() => CircuitTermination, 'provider_network.provider', 'id'),
    provider: pathFilter(() => CircuitTermination, 'provider_network.provider'),
    cable_end: cableEndFilter,
    q: searchFilter((like) => [
      like('t.xconnect_id'),
      like('t.pp_info'),
      like('t.description'),
      `t.circuit_id IN (SELECT c.id FROM ${q('circuits_circuit')} c WHERE ${like('c.cid')})`,
    ]),
  },
  async validate(row, previous, ctx) {
    if (row.mark_connected && row.cable_id !== null) throw new FieldError({ mark_connected: ['Cannot mark as connected with a cable attached.'] });
    await syncPlacement(TERMINATION, row, previous, ctx);
    if (row.termination_type === null) {
      const placed = ctx?.dialect && !ctx.dialect.isNative;
      throw new FieldError([placed ? 'A circuit termination must attach to a terminating object.' : 'A circuit termination must attach to either a site or a provider network.']);
    }
  },
  // Paths that cross the circuit continue from the other side: they change when this side does.
  async afterWrite(em, row, previous, { driver }) {
    const peer = await peerOf(em, driver, row ?? previous!);
    if (peer) await retrace(em, driver, [nodeOf(CircuitTermination.label, peer.id)]);
  },
  async augment(ctx, rows, reps) {
    await augmentCabled(ctx, CircuitTermination, rows, reps, false);
  },
  async labels(rows, ctx) {
    const circuits = await new ModelQuery(ctx.em, Circuit, ctx.driver).whereIdIn([...new Set(rows.map((r) => r.circuit_id))]).rows({ order: ['id'] });
    const cid = new Map(circuits.map((c) => [c.id, c.cid]));
    return rows.map((row) => `${cid.get(row.circuit_id)}: Termination ${row.term_side}`);
  },
});
