import { EntityManager } from 'typeorm';
import { FieldError, boolean, choice, contentType, date, foreignKey, genericRelation, integer, text } from '../core/model/fields';
import { CustomFilter, ModelDef, Row, WriteContext, defineModel, registry } from '../core/model/model';
import { booleanFilter, tenancyFilters } from '../core/query/filters';
import { ModelQuery, loadRow, q } from '../core/query/model-query';
import { RenderContext } from '../core/serialize/serializer';
import { scopeFields, scopeFilters, syncScope } from '../dcim/scope';
import { parseInterface, parsePrefix, valueOf } from './ip';
import {
  addressField,
  containingSql,
  containsFilter,
  exactFilter,
  familyFilter,
  likeSql,
  maskLengthFilters,
  networkColumns,
  networkFilter,
  networkOrNull,
  numberFilters,
  parentFilter,
  prefixField,
  presentInVrfFilter,
  setNetworkColumns,
  withinSql,
} from './networks';
import { assignedDeviceFilter, assignedInterfaceFilters, assignedToFilter, assignedVirtualMachineFilter } from './assigned-filters';
import { VRF } from './routing.models';

const PREFIX_STATUSES = [
  { value: 'container', label: 'Container' },
  { value: 'active', label: 'Active' },
  { value: 'reserved', label: 'Reserved' },
  { value: 'deprecated', label: 'Deprecated' },
];
const RANGE_STATUSES = PREFIX_STATUSES.slice(1);
const ADDRESS_STATUSES = [...RANGE_STATUSES, { value: 'dhcp', label: 'DHCP' }, { value: 'slaac', label: 'SLAAC' }];
const ADDRESS_ROLES = [
  { value: 'loopback', label: 'Loopback' },
  { value: 'secondary', label: 'Secondary' },
  { value: 'anycast', label: 'Anycast' },
  { value: 'vip', label: 'VIP' },
  { value: 'vrrp', label: 'VRRP' },
  { value: 'hsrp', label: 'HSRP' },
  { value: 'glbp', label: 'GLBP' },
  { value: 'carp', label: 'CARP' },
];
/** Roles that several addresses may share in one VRF (a VIP on each router). */
const SHARED_ROLES = new Set(['anycast', 'vip', 'vrrp', 'hsrp', 'glbp', 'carp']);

/** What an address may be assigned to, and the field naming the object that owns it. */
const ASSIGNABLE: Record<string, { parent: string; column: string } | null> = {
  'dcim.interface': { parent: 'dcim.device', column: 'device_id' },
  'virtualization.vminterface': { parent: 'virtualization.virtualmachine', column: 'virtual_machine_id' },
  'ipam.fhrpgroup': null,
};

/** Family as `{value, label}` in full, a bare integer in brief, as NetBox's nested serializers have it. */
function presentFamily(rep: Record<string, unknown>, row: Row, mode?: 'full' | 'brief'): void {
  if ('family' in rep && mode === 'brief') rep.family = row.family;
}

/** The first row of a model matching a condition, inside a write's transaction. */
async function firstWhere(ctx: WriteContext | undefined, model: ModelDef, where: (query: ModelQuery) => void): Promise<Row | null> {
  if (!ctx?.em || !ctx.driver) return null;
  const query = new ModelQuery(ctx.em, model, ctx.driver);
  where(query);
  return (await query.rows({ limit: 1 }))[0] ?? null;
}

function sameVrf(query: ModelQuery, vrfId: number | null, alias = 't'): void {
  query.where(vrfId === null ? `${alias}.vrf_id IS NULL` : `${alias}.vrf_id = ${query.param(vrfId)}`);
}

/** Whether the row's VRF, or the global table under ENFORCE_GLOBAL_UNIQUE, keeps its addresses unique; and how NetBox names it. */
async function uniqueSpace(row: Row, ctx?: WriteContext): Promise<{ enforced: boolean; name: string }> {
  const vrf = await loadRow(ctx, VRF, row.vrf_id);
  return vrf ? { enforced: !!vrf.enforce_unique, name: `VRF ${VRF.display(vrf)}` } : { enforced: !!ctx?.config?.enforceGlobalUnique, name: 'global table' };
}

/** `q` on aggregates and prefixes: the description or prefix text, or a network containing the value. */
const networkSearch: CustomFilter = {
  apply(values, ctx) {
    const value = values[values.length - 1].trim();
    if (!value) return;
    const net = networkOrNull(value);
    ctx.where(`(${likeSql(ctx, 'description', value)} OR ${likeSql(ctx, 'prefix', value)}${net ? ` OR ${containingSql(ctx, net, true)}` : ''})`);
  },
};

export const Aggregate = defineModel({
  app: 'ipam',
  name: 'aggregate',
  plural: 'aggregates',
  filterset: { fields: ['id', 'date_added', 'description'], related: ['rir_id', 'rir', 'tenant_id', 'tenant'] },
  display: (a) => a.prefix,
  lookupField: 'prefix',
  ordering: ['prefix', 'id'],
  sortAs: { prefix: ['family', 'ip_start', 'mask_length'] },
  fields: {
    prefix: prefixField({ helpText: 'IPv4 or IPv6 network' }),
    rir: foreignKey('ipam.rir', { onDelete: 'PROTECT', label: 'RIR' }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    date_added: date({ nullable: true }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  derived: networkColumns(),
  full: ['id', 'url', 'display', 'family', 'prefix', 'rir', 'tenant', 'date_added', 'description', 'comments', 'tags', 'custom_fields', 'created', 'last_updated'],
  brief: ['id', 'url', 'display', 'family', 'prefix'],
  indexes: [['family', 'ip_start']],
  filters: {
    ...tenancyFilters(() => Aggregate),
    family: familyFilter,
    prefix: { apply: (values, ctx) => exactFilter('prefix', false).apply(values.slice(-1), ctx) },
    q: networkSearch,
  },
  async validate(row, _previous, ctx) {
    const net = parsePrefix(row.prefix);
    setNetworkColumns(row, net, net, true);
    if (net.prefixLength === 0) throw new FieldError({ prefix: ['Cannot create aggregate with /0 mask.'] });
    const others = (query: ModelQuery) => row.id !== undefined && query.where(`t.id <> ${query.param(row.id)}`);
    const covering = await firstWhere(ctx, Aggregate, (query) => (others(query), query.where(containingSql(query, net, true))));
    if (covering) throw new FieldError({ prefix: [`Aggregates cannot overlap. ${net.text} is already covered by an existing aggregate (${covering.prefix}).`] });
    const covered = await firstWhere(ctx, Aggregate, (query) => (others(query), query.where(withinSql(query, net, false))));
    if (covered) throw new FieldError({ prefix: [`Aggregates cannot overlap. ${net.text} covers an existing aggregate (${covered.prefix}).`] });
  },
  present: (rep, row, ctx) => presentFamily(rep, row, ctx.mode),
});

export const Prefix = defineModel({
  app: 'ipam',
  name: 'prefix',
  plural: 'prefixes',
  filterset: {
    fields: ['id', 'is_pool', 'mark_utilized', 'description', 'status'],
    related: ['vrf_id', 'vrf', 'site_id', 'site', 'vlan_id', 'role_id', 'role', 'tenant_id', 'tenant'],
  },
  verboseNamePlural: 'prefixes',
  display: (p) => p.prefix,
  lookupField: 'prefix',
  // Global prefixes first, then by VRF id, as NetBox's F('vrf').asc(nulls_first=True).
  ordering: ['vrf_id nulls first', 'prefix', 'id'],
  sortAs: { prefix: ['family', 'ip_start', 'mask_length'] },
  fields: {
    prefix: prefixField({ helpText: 'IPv4 or IPv6 network with mask' }),
    // The site the scope lies in (NetBox 4.2's cached `_site`), written by NetBox 3.5's clients as the scope.
    site: foreignKey('dcim.site', { nullable: true, onDelete: 'PROTECT' }),
    ...scopeFields(),
    vrf: foreignKey('ipam.vrf', { nullable: true, onDelete: 'PROTECT', label: 'VRF' }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    vlan: foreignKey('ipam.vlan', { nullable: true, onDelete: 'PROTECT', label: 'VLAN' }),
    status: choice(PREFIX_STATUSES, { default: 'active' }),
    role: foreignKey('ipam.role', { nullable: true, onDelete: 'SET NULL' }),
    is_pool: boolean({ default: false, label: 'Is a pool' }),
    mark_utilized: boolean({ default: false }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  // Kept by every write of a prefix: how many prefixes of its VRF hold it, and how many it holds.
  derived: { ...networkColumns(), _depth: integer({ readOnly: true }), _children: integer({ readOnly: true, big: true }) },
  full: [
    'id', 'url', 'display', 'family', 'prefix', 'site', 'vrf', 'tenant', 'vlan', 'status', 'role', 'is_pool', 'mark_utilized', 'description', 'comments',
    'tags', 'custom_fields', 'created', 'last_updated', 'children', '_depth',
  ],
  brief: ['id', 'url', 'display', 'family', 'prefix', '_depth'],
  indexes: [['family', 'ip_start'], ['scope_type', 'scope_id']],
  filters: {
    ...tenancyFilters(() => Prefix),
    family: familyFilter,
    prefix: exactFilter('prefix', false),
    within: networkFilter((ctx, net) => withinSql(ctx, net, false)),
    within_include: networkFilter((ctx, net) => withinSql(ctx, net, true)),
    contains: containsFilter,
    ...numberFilters('depth', 't."_depth"'),
    ...numberFilters('children', 't."_children"'),
    ...maskLengthFilters(['gte', 'lte']),
    present_in_vrf_id: presentInVrfFilter('id'),
    present_in_vrf: presentInVrfFilter('rd'),
    ...scopeFilters(() => Prefix),
    ...numberFilters('vlan_vid', `(SELECT v.vid FROM ${q('ipam_vlan')} v WHERE v.id = t.vlan_id)`),
    q: networkSearch,
  },
  async validate(row, previous, ctx) {
    await syncScope(row, previous, ctx);
    const net = parsePrefix(row.prefix);
    setNetworkColumns(row, net, net, true);
    row._depth ??= 0;
    row._children ??= 0;
    if (net.prefixLength === 0) throw new FieldError({ prefix: ['Cannot create prefix with /0 mask.'] });
    const space = await uniqueSpace(row, ctx);
    if (!space.enforced) return;
    const duplicate = await firstWhere(ctx, Prefix, (query) => {
      sameVrf(query, row.vrf_id);
      query.where(`t.prefix = ${query.param(row.prefix)}`);
      if (row.id !== undefined) query.where(`t.id <> ${query.param(row.id)}`);
    });
    if (duplicate) throw new FieldError({ prefix: [`Duplicate prefix found in ${space.name}: ${duplicate.prefix}`] });
  },
  async afterWrite(em, row, previous) {
    if (row && previous && row.prefix === previous.prefix && row.vrf_id === previous.vrf_id) return;
    const hierarchy = new PrefixHierarchy(em);
    if (previous) await hierarchy.leave(previous);
    if (row) await hierarchy.enter(row);
  },
  present(rep, row, ctx) {
    presentFamily(rep, row, ctx.mode);
    if ('children' in rep) rep.children = row._children;
  },
});

/**
 * Keeps prefixes' `_depth` (distinct prefixes of the same VRF holding it) and `_children` (prefixes
 * it holds) right as one prefix arrives at or leaves a place, touching only the prefixes above and below it.
 */
class PrefixHierarchy {
  private seq = 0;
  private readonly params: Record<string, unknown> = {};
  /** Statements name the table itself: an UPDATE takes no alias on both databases. */
  private readonly table = q(Prefix.table);
  constructor(private readonly em: EntityManager) {}

  param = (value: unknown): string => {
    const name = `h${this.seq++}`;
    this.params[name] = value;
    return `:${name}`;
  };

  /** The other prefixes of the row's VRF. */
  private others(row: Row): string {
    return `${this.table}.vrf_id ${row.vrf_id === null ? 'IS NULL' : `= ${this.param(row.vrf_id)}`} AND ${this.table}.id <> ${this.param(row.id)}`;
  }

  private async adjust(column: '_depth' | '_children', delta: 1 | -1, row: Row, condition: string): Promise<void> {
    await this.em
      .createQueryBuilder()
      .update(Prefix.table)
      .set({ [column]: () => `${q(column)} ${delta > 0 ? '+' : '-'} 1` })
      .where(`${this.others(row)} AND ${condition}`, this.params)
      .execute();
  }

  private async count(row: Row, what: string, condition: string): Promise<number> {
    const [raw] = await this.em.createQueryBuilder().select(what, 'n').from(Prefix.table, Prefix.table).where(`${this.others(row)} AND ${condition}`, this.params).getRawMany();
    return Number(raw.n);
  }

  private async hasTwin(row: Row): Promise<boolean> {
    return (await this.count(row, 'COUNT(*)', `${this.table}.prefix = ${this.param(row.prefix)}`)) > 0;
  }

  async leave(row: Row): Promise<void> {
    const net = parsePrefix(row.prefix);
    await this.adjust('_children', -1, row, containingSql(this, net, false, this.table));
    // A twin of the same prefix still holds the ones below.
    if (!(await this.hasTwin(row))) await this.adjust('_depth', -1, row, withinSql(this, net, false, this.table));
  }

  async enter(row: Row): Promise<void> {
    const net = parsePrefix(row.prefix);
    await this.adjust('_children', 1, row, containingSql(this, net, false, this.table));
    if (!(await this.hasTwin(row))) await this.adjust('_depth', 1, row, withinSql(this, net, false, this.table));
    await this.recount(row);
  }

  /** Sets the row's own depth and children from the prefixes around it, where they differ: true when they did. */
  async recount(row: Row): Promise<boolean> {
    const net = parsePrefix(row.prefix);
    const depth = await this.count(row, `COUNT(DISTINCT ${this.table}.prefix)`, containingSql(this, net, false, this.table));
    const children = await this.count(row, 'COUNT(*)', withinSql(this, net, false, this.table));
    if (Number(row._depth) === depth && Number(row._children) === children) return false;
    await this.em.createQueryBuilder().update(Prefix.table).set({ _depth: depth, _children: children }).where('id = :id', { id: row.id }).execute();
    return true;
  }
}

/**
 * Recounts the depth and children of prefixes written without the hierarchy's upkeep (an import's bulk rows), each
 * from the prefixes around it. The rows need `id`, `prefix`, `vrf_id`, `_depth` and `_children`.
 */
export async function recountPrefixes(em: EntityManager, rows: Row[]): Promise<number> {
  let changed = 0;
  for (const row of rows) if (await new PrefixHierarchy(em).recount(row)) changed++;
  return changed;
}

/** NetBox's compact name of a range: the shared leading part once, `10.0.0.1-100/24`. */
function rangeName(row: Row): string {
  const separator = row.family === 6 ? ':' : '.';
  const [start, mask] = String(row.start_address).split('/');
  const [end] = String(row.end_address).split('/');
  const a = start.split(separator);
  const b = end.split(separator);
  const base: string[] = [];
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] === b[i]) base.push(a[i]);
  return `${base.join(separator)}${separator}${a.slice(base.length).join(separator)}-${b.slice(base.length).join(separator)}/${mask}`;
}

const MAX_RANGE_SIZE = 2 ** 32 - 1;

/** How many addresses a range holds, its ends included. */
export function rangeSize(startAddress: string, endAddress: string): number {
  return Number(valueOf(parseInterface(endAddress).hex) - valueOf(parseInterface(startAddress).hex) + 1n);
}

export const IPRange = defineModel({
  app: 'ipam',
  name: 'iprange',
  plural: 'ip-ranges',
  filterset: { fields: ['id', 'mark_populated', 'mark_utilized', 'description', 'status'], related: ['vrf_id', 'vrf', 'role_id', 'role', 'tenant_id', 'tenant'] },
  verboseName: 'IP range',
  display: rangeName,
  ordering: ['vrf_id nulls first', 'start_address', 'id'],
  sortAs: { start_address: ['family', 'ip_start', 'mask_length'], end_address: ['family', 'ip_end', 'mask_length'] },
  fields: {
    start_address: addressField({ helpText: 'IPv4 or IPv6 address (with mask)' }),
    end_address: addressField({ helpText: 'IPv4 or IPv6 address (with mask)' }),
    vrf: foreignKey('ipam.vrf', { nullable: true, onDelete: 'PROTECT', label: 'VRF' }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    status: choice(RANGE_STATUSES, { default: 'active' }),
    role: foreignKey('ipam.role', { nullable: true, onDelete: 'SET NULL' }),
    // 4.3: no addresses may be created inside; stored only, the range's availability does not follow it yet.
    mark_populated: boolean({ default: false }),
    mark_utilized: boolean({ default: false }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  derived: { ...networkColumns(), size: integer({ readOnly: true, big: true }) },
  full: [
    'id', 'url', 'display', 'family', 'start_address', 'end_address', 'size', 'vrf', 'tenant', 'status', 'role', 'mark_utilized', 'description', 'comments',
    'tags', 'custom_fields', 'created', 'last_updated', 'children',
  ],
  brief: ['id', 'url', 'display', 'family', 'start_address', 'end_address'],
  indexes: [['family', 'ip_start']],
  filters: {
    ...tenancyFilters(() => IPRange),
    family: familyFilter,
    start_address: exactFilter('start_address', true),
    end_address: exactFilter('end_address', true, 'ip_end'),
    contains: networkFilter(
      (ctx, net) => `(t.family = ${ctx.param(net.family)} AND t.ip_start <= ${ctx.param(net.startHex)} AND t.ip_end >= ${ctx.param(net.endHex)})`,
    ),
    parent: parentFilter,
    q: {
      apply(values, ctx) {
        const value = values[values.length - 1].trim();
        if (!value) return;
        const terms = [likeSql(ctx, 'description', value), likeSql(ctx, 'start_address', value), likeSql(ctx, 'end_address', value)];
        try {
          const ip = parseInterface(value).text;
          terms.push(`t.start_address = ${ctx.param(ip)}`, `t.end_address = ${ctx.param(ip)}`);
        } catch {
          // Not an address: the text matches above are all.
        }
        ctx.where(`(${terms.join(' OR ')})`);
      },
    },
  },
  async validate(row, _previous, ctx) {
    const start = parseInterface(row.start_address);
    const end = parseInterface(row.end_address);
    if (start.family !== end.family) {
      throw new FieldError({ end_address: [`Ending address version (IPv${end.family}) does not match starting address (IPv${start.family})`] });
    }
    if (start.prefixLength !== end.prefixLength) {
      throw new FieldError({ end_address: [`Ending address mask (/${end.prefixLength}) does not match starting address mask (/${start.prefixLength})`] });
    }
    // NetBox's wording, though it means the reverse.
    if (valueOf(end.hex) <= valueOf(start.hex)) throw new FieldError({ end_address: [`Ending address must be lower than the starting address (${start.text})`] });
    setNetworkColumns(row, start, end);
    row.size = rangeSize(row.start_address, row.end_address);
    const overlapping = await firstWhere(ctx, IPRange, (query) => {
      sameVrf(query, row.vrf_id);
      if (row.id !== undefined) query.where(`t.id <> ${query.param(row.id)}`);
      query.where(`t.family = ${query.param(start.family)} AND t.ip_start <= ${query.param(end.hex)} AND t.ip_end >= ${query.param(start.hex)}`);
    });
    if (overlapping) {
      const vrf = await loadRow(ctx, VRF, row.vrf_id);
      throw new FieldError([`Defined addresses overlap with range ${rangeName(overlapping)} in VRF ${vrf ? VRF.display(vrf) : 'None'}`]);
    }
    if (row.size > MAX_RANGE_SIZE) throw new FieldError([`Defined range exceeds maximum supported size (${MAX_RANGE_SIZE})`]);
  },
  present: (rep, row, ctx) => presentFamily(rep, row, ctx.mode),
  async augment(ctx, rows, reps) {
    if (!reps.some((r) => 'children' in r)) return;
    // Addresses of the range's VRF within it: one grouped query for the page.
    const counts = await ctx.em
      .createQueryBuilder()
      .select('r.id', 'id')
      .addSelect('COUNT(a.id)', 'n')
      .from(IPRange.table, 'r')
      .innerJoin(
        'ipam_ipaddress',
        'a',
        'a.family = r.family AND a.ip_start >= r.ip_start AND a.ip_start <= r.ip_end AND (a.vrf_id = r.vrf_id OR (a.vrf_id IS NULL AND r.vrf_id IS NULL))',
      )
      .where('r.id IN (:...ids)', { ids: rows.map((r) => r.id) })
      .groupBy('r.id')
      .getRawMany();
    const byId = new Map(counts.map((c) => [Number(c.id), Number(c.n)]));
    rows.forEach((row, i) => {
      if ('children' in reps[i]) reps[i].children = byId.get(row.id) ?? 0;
    });
  },
});

const ASSIGNED = { type: 'assigned_object_type', id: 'assigned_object_id' };

export const IPAddress = defineModel({
  app: 'ipam',
  name: 'ipaddress',
  plural: 'ip-addresses',
  filterset: { fields: ['id', 'dns_name', 'description', 'status', 'role'], related: ['vrf_id', 'vrf', 'tenant_id', 'tenant'] },
  verboseName: 'IP address',
  verboseNamePlural: 'IP addresses',
  display: (a) => a.address,
  lookupField: 'address',
  substringIndexes: ['dns_name', 'description'],
  // `q` matches an address by its beginning.
  startsWithIndexes: ['address'],
  ordering: ['address', 'id'],
  sortAs: { address: ['family', 'ip_start', 'mask_length'] },
  fields: {
    address: addressField({ helpText: 'IPv4 or IPv6 address (with mask)' }),
    vrf: foreignKey('ipam.vrf', { nullable: true, onDelete: 'PROTECT', label: 'VRF' }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    status: choice(ADDRESS_STATUSES, { default: 'active' }),
    role: choice(ADDRESS_ROLES, { blank: true }),
    assigned_object_type: contentType({ nullable: true, blank: true, allowed: () => Object.keys(ASSIGNABLE).filter((t) => registry.has(t)) }),
    assigned_object_id: integer({ min: 0, max: Number.MAX_SAFE_INTEGER, nullable: true, big: true }),
    // Interfaces take their addresses with them, as NetBox's generic relation does.
    assigned_object: genericRelation('assigned_object_type', 'assigned_object_id', { cascade: true }),
    nat_inside: foreignKey(() => IPAddress, { nullable: true, onDelete: 'SET NULL', label: 'NAT (Inside)', reverse: 'nat_outside' }),
    dns_name: text({
      max: 255,
      blank: true,
      label: 'DNS Name',
      pattern: /^([0-9A-Za-z_-]+|\*)(\.[0-9A-Za-z_-]+)*\.?$/,
      patternMessage: 'Only alphanumeric characters, asterisks, hyphens, periods, and underscores are allowed in DNS names',
    }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  derived: networkColumns(),
  full: [
    'id', 'url', 'display', 'family', 'address', 'vrf', 'tenant', 'status', 'role', 'assigned_object_type', 'assigned_object_id', 'assigned_object',
    'nat_inside', 'nat_outside', 'dns_name', 'description', 'comments', 'tags', 'custom_fields', 'created', 'last_updated',
  ],
  brief: ['id', 'url', 'display', 'family', 'address'],
  indexes: [['family', 'ip_start'], ['assigned_object_type', 'assigned_object_id']],
  relatedObject: 'assigned_object',
  filters: {
    ...tenancyFilters(() => IPAddress),
    family: familyFilter,
    parent: parentFilter,
    address: exactFilter('address', true),
    ...maskLengthFilters([]),
    present_in_vrf_id: presentInVrfFilter('id'),
    present_in_vrf: presentInVrfFilter('rd'),
    device: assignedDeviceFilter('name', ASSIGNED),
    device_id: assignedDeviceFilter('id', ASSIGNED),
    ...assignedInterfaceFilters(),
    virtual_machine: assignedVirtualMachineFilter('name', ASSIGNED),
    virtual_machine_id: assignedVirtualMachineFilter('id', ASSIGNED),
    fhrpgroup_id: assignedToFilter('ipam.fhrpgroup', 'id'),
    fhrpgroup_id__n: assignedToFilter('ipam.fhrpgroup', 'id', true),
    // 3.5.9: assigned to anything at all (an interface or an FHRP group).
    assigned: booleanFilter(
      () => 't.assigned_object_type IS NOT NULL OR t.assigned_object_id IS NOT NULL',
      () => 't.assigned_object_type IS NULL AND t.assigned_object_id IS NULL',
    ),
    assigned_to_interface: booleanFilter(
      (ctx) => `t.assigned_object_type IN (${ctx.param('dcim.interface')}, ${ctx.param('virtualization.vminterface')}) AND t.assigned_object_id IS NOT NULL`,
    ),
    q: {
      apply(values, ctx) {
        const value = values[values.length - 1].trim();
        if (!value) return;
        ctx.where(`(${likeSql(ctx, 'dns_name', value)} OR ${likeSql(ctx, 'description', value)} OR ${likeSql(ctx, 'address', value, true)})`);
      },
    },
  },
  async validate(row, previous, ctx) {
    const ip = parseInterface(row.address);
    setNetworkColumns(row, ip);
    if (ip.prefixLength === 0) throw new FieldError({ address: ['Cannot create IP address with /0 mask.'] });
    const space = await uniqueSpace(row, ctx);
    if (space.enforced) {
      const duplicate = await firstWhere(ctx, IPAddress, (query) => {
        sameVrf(query, row.vrf_id);
        query.where(`t.family = ${query.param(ip.family)} AND t.ip_start = ${query.param(ip.hex)}`);
        if (row.id !== undefined) query.where(`t.id <> ${query.param(row.id)}`);
        // Shared roles may repeat among themselves.
        if (SHARED_ROLES.has(row.role)) query.where(`t.role NOT IN (${[...SHARED_ROLES].map((r) => query.param(r)).join(', ')})`);
      });
      if (duplicate) throw new FieldError({ address: [`Duplicate IP address found in ${space.name}: ${duplicate.address}`] });
    }
    if (row.status === 'slaac' && ip.family !== 6) throw new FieldError({ status: ['Only IPv6 addresses can be assigned SLAAC status'] });
    row.dns_name = String(row.dns_name ?? '').toLowerCase();
    if (previous && (previous.assigned_object_type !== row.assigned_object_type || previous.assigned_object_id !== row.assigned_object_id)) {
      if (await isPrimaryOfOwner(previous, ctx)) {
        throw new FieldError(['Cannot reassign IP address while it is designated as the primary IP for the parent object']);
      }
      // A device's out-of-band address (4.1) may move among the device's own interfaces only.
      const before = await parentOf(previous.assigned_object_type, previous.assigned_object_id, ctx);
      if (before && before.row.oob_ip_id === previous.id) {
        const after = await parentOf(row.assigned_object_type, row.assigned_object_id, ctx);
        if (after?.model !== before.model || after.row.id !== before.row.id) {
          throw new FieldError(['Cannot reassign IP address while it is designated as the OOB IP for the parent object']);
        }
      }
    }
  },
  present: (rep, row, ctx) => presentFamily(rep, row, ctx.mode),
  async augment(ctx, rows, reps, mode) {
    if (mode === 'brief') return;
    await addConnectionStatus(ctx, rows, reps);
  },
});

/** The device (or virtual machine) whose interface an assignment names, with its model's label; null for none. */
async function parentOf(type: string | null, id: number | null, ctx?: WriteContext): Promise<{ model: string; row: Row } | null> {
  const owner = type ? ASSIGNABLE[type] : null;
  if (!owner || id === null) return null;
  const assigned = await loadRow(ctx, registry.get(type!), id);
  const row = assigned ? await loadRow(ctx, registry.get(owner.parent), assigned[owner.column]) : null;
  return row && { model: owner.parent, row };
}

/** Whether the address, where it was assigned, is its device's (or virtual machine's) primary address. */
async function isPrimaryOfOwner(previous: Row, ctx?: WriteContext): Promise<boolean> {
  const parent = (await parentOf(previous.assigned_object_type, previous.assigned_object_id, ctx))?.row;
  return !!parent && (parent.primary_ip4_id === previous.id || parent.primary_ip6_id === previous.id);
}

/**
 * The spec's `connection_status` on an assigned interface, beside NetBox 3.5's keys: whether its cable
 * path reaches another endpoint (`true`, Connected) or only would once planned cables are installed
 * (`false`, Planned); null without a complete path.
 */
async function addConnectionStatus(ctx: RenderContext, rows: Row[], reps: Record<string, unknown>[]): Promise<void> {
  const interfaces = registry.get('dcim.interface');
  const ids = rows.filter((r, i) => r.assigned_object_type === 'dcim.interface' && reps[i].assigned_object).map((r) => r.assigned_object_id);
  if (!interfaces || !ids.length) return;
  const paths = await ctx.em
    .createQueryBuilder()
    .select('i.id', 'id')
    .addSelect('p.is_complete', 'complete')
    .addSelect('p.is_active', 'active')
    .from(interfaces.table, 'i')
    .leftJoin('dcim_cablepath', 'p', 'p.id = i._path_id')
    .where('i.id IN (:...ids)', { ids: [...new Set(ids)] })
    .getRawMany();
  const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 't';
  const status = new Map(paths.map((p) => [Number(p.id), truthy(p.complete) ? { value: truthy(p.active), label: truthy(p.active) ? 'Connected' : 'Planned' } : null]));
  rows.forEach((row, i) => {
    const assigned = reps[i].assigned_object as Record<string, unknown> | null | undefined;
    if (assigned && row.assigned_object_type === 'dcim.interface') assigned.connection_status = status.get(row.assigned_object_id) ?? null;
  });
}
