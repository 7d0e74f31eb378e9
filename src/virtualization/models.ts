import { FieldError, ManyToManyField, boolean, choice, decimal, foreignKey, integer, json, manyToMany, slug, text } from '../core/model/fields';
import { Row, WriteContext, defineModel, labelOf, registry } from '../core/model/model';
import { booleanFilter, escapeLike, iexact, pathFilter, tenancyFilters } from '../core/query/filters';
import { ModelQuery, loadRow, q, selectSql } from '../core/query/model-query';
import { RenderContext, Representation } from '../core/serialize/serializer';
import { nestReferrer } from '../core/serialize/referrers';
import { siteFilters } from '../dcim/racks.models';
import { scopeFields, scopeFilters, syncScope } from '../dcim/scope';
import { carriedVlanFilter, naturalizeInterface } from '../dcim/components.models';
import { checkPrimaryMac, macAddressFilters, nestMacAddresses, primaryMacFields, writePrimaryMac } from '../dcim/mac-addresses.models';
import { naturalize } from '../dcim/naturalize';
import { terminatedIn } from '../ipam/terminated-in';

const CLUSTER_STATUSES = [
  { value: 'planned', label: 'Planned' },
  { value: 'staging', label: 'Staging' },
  { value: 'active', label: 'Active' },
  { value: 'decommissioning', label: 'Decommissioning' },
  { value: 'offline', label: 'Offline' },
];
/** NetBox 4.5's VirtualMachineStartOnBootChoices. */
const START_ON_BOOT = [
  { value: 'on', label: 'On' },
  { value: 'off', label: 'Off' },
  { value: 'laststate', label: 'Last State' },
];

const VM_STATUSES = [
  { value: 'offline', label: 'Offline' },
  { value: 'active', label: 'Active' },
  { value: 'planned', label: 'Planned' },
  { value: 'staged', label: 'Staged' },
  { value: 'failed', label: 'Failed' },
  { value: 'decommissioning', label: 'Decommissioning' },
];
const INTERFACE_MODES = [
  { value: 'access', label: 'Access' },
  { value: 'tagged', label: 'Tagged' },
  { value: 'tagged-all', label: 'Tagged (All)' },
  { value: 'q-in-q', label: 'Q-in-Q (802.1ad)' },
];

export const ClusterType = defineModel({
  app: 'virtualization',
  name: 'clustertype',
  plural: 'cluster-types',
  verboseName: 'cluster type',
  fields: {
    name: text({ max: 100, unique: true }),
    slug: slug({ max: 100, unique: true }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  counts: { cluster_count: { model: 'virtualization.cluster', field: 'type' } },
  brief: ['id', 'url', 'display', 'name', 'slug', 'cluster_count'],
  search: ['name', 'slug'],
  filterset: { fields: ['id', 'name', 'slug', 'description'] },
});

export const ClusterGroup = defineModel({
  app: 'virtualization',
  name: 'clustergroup',
  plural: 'cluster-groups',
  verboseName: 'cluster group',
  fields: {
    name: text({ max: 100, unique: true }),
    slug: slug({ max: 100, unique: true }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  counts: { cluster_count: { model: 'virtualization.cluster', field: 'group' } },
  brief: ['id', 'url', 'display', 'name', 'slug', 'cluster_count'],
  search: ['name', 'slug'],
  filterset: { fields: ['id', 'name', 'slug', 'description'] },
});

/** 4.x's sums over a cluster's virtual machines, as its API annotates them: key → the machines' column. */
const ALLOCATIONS: Record<string, string> = { allocated_vcpus: 'vcpus', allocated_memory: 'memory', allocated_disk: 'disk' };
const ALLOCATED = Object.keys(ALLOCATIONS);

/** Each cluster's allocated vCPUs, memory and disk (megabytes): null without machines that have them; one statement for the page. */
async function addAllocations(ctx: RenderContext, rows: Row[], reps: Representation[]): Promise<void> {
  const wanted = ALLOCATED.filter((key) => reps.some((rep) => key in rep));
  if (!wanted.length) return;
  const sums = wanted.map((key) => `SUM(v.${q(ALLOCATIONS[key])}) AS ${q(key)}`).join(', ');
  const found = await selectSql<Row>(
    ctx.em,
    `SELECT v.cluster_id AS cluster, ${sums} FROM ${q(VirtualMachine.table)} v WHERE v.cluster_id IN (:...ids) GROUP BY v.cluster_id`,
    { ids: rows.map((r) => r.id) },
  );
  const byCluster = new Map(found.map((sum) => [Number(sum.cluster), sum]));
  rows.forEach((row, i) => {
    const sum = byCluster.get(row.id);
    for (const key of wanted) {
      const value = sum?.[key];
      // vCPUs are a decimal of two places: a float sum is rounded back to them.
      if (key in reps[i]) reps[i][key] = value === null || value === undefined ? null : key === 'allocated_vcpus' ? Math.round(Number(value) * 100) / 100 : Number(value);
    }
  });
}

export const Cluster = defineModel({
  app: 'virtualization',
  name: 'cluster',
  plural: 'clusters',
  fields: {
    name: text({ max: 100 }),
    type: foreignKey(() => ClusterType, { onDelete: 'PROTECT' }),
    group: foreignKey(() => ClusterGroup, { nullable: true, onDelete: 'PROTECT' }),
    status: choice(CLUSTER_STATUSES, { default: 'active' }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    // The site the scope lies in (NetBox 4.2's cached `_site`), written by NetBox 3.5's clients as the scope.
    site: foreignKey('dcim.site', { nullable: true, onDelete: 'PROTECT' }),
    ...scopeFields(),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  constraints: [
    { fields: ['group', 'name'], name: 'virtualization_cluster_unique_group_name' },
    { fields: ['site', 'name'], name: 'virtualization_cluster_unique_site_name' },
  ],
  indexes: [['scope_type', 'scope_id']],
  full: [
    'id', 'url', 'display', 'name', 'type', 'group', 'status', 'tenant', 'site', 'scope_type', 'scope_id', 'scope', '_region', '_site_group', '_location',
    'description', 'comments', 'tags', 'custom_fields', 'created', 'last_updated', 'device_count', 'virtualmachine_count', ...ALLOCATED,
  ],
  counts: {
    device_count: { model: 'dcim.device', field: 'cluster' },
    virtualmachine_count: { model: 'virtualization.virtualmachine', field: 'cluster' },
  },
  brief: ['id', 'url', 'display', 'name', 'virtualmachine_count'],
  search: ['name', 'comments'],
  filterset: { fields: ['id', 'name', 'status'], related: ['group_id', 'group', 'type_id', 'type', 'site_id', 'site', 'tenant_id', 'tenant'] },
  filters: {
    ...tenancyFilters(() => Cluster),
    ...scopeFilters(() => Cluster),
  },
  async validate(row, previous, ctx) {
    await syncScope(row, previous, ctx);
    if (row.id === undefined || row.site_id === null || !ctx?.em || !ctx.driver) return;
    // Host devices stay in the cluster's site.
    const elsewhere = await new ModelQuery(ctx.em, registry.get('dcim.device')!, ctx.driver)
      .where('t.cluster_id = :cluster AND t.site_id <> :site', { cluster: row.id, site: row.site_id })
      .count();
    if (elsewhere) {
      const site = await loadRow(ctx, registry.get('dcim.site'), row.site_id);
      throw new FieldError({ site: [`${elsewhere} devices are assigned as hosts for this cluster but are not in site ${site?.name}`] });
    }
  },
  augment: (ctx, rows, reps) => addAllocations(ctx, rows, reps),
});

/** 4.6's machine types: a machine created with one takes the platform, vCPUs and memory it leaves empty from the type. */
export const VirtualMachineType = defineModel({
  app: 'virtualization',
  name: 'virtualmachinetype',
  plural: 'virtual-machine-types',
  verboseName: 'virtual machine type',
  fields: {
    name: text({ max: 100 }),
    slug: slug({ max: 100, unique: true }),
    default_platform: foreignKey('dcim.platform', { nullable: true, onDelete: 'SET NULL', label: 'Default platform' }),
    default_vcpus: decimal({ digits: 6, places: 2, min: 0.01, nullable: true, label: 'Default vCPUs' }),
    default_memory: integer({ min: 0, max: 2147483647, nullable: true, label: 'Default memory' }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  counts: { virtual_machine_count: { model: 'virtualization.virtualmachine', field: 'virtual_machine_type' } },
  brief: ['id', 'url', 'display', 'name', 'slug', 'description'],
  search: ['name', 'description', 'comments'],
  filterset: {
    fields: ['id', 'name', 'slug', 'default_vcpus', 'default_memory', 'description', 'virtual_machine_count'],
    related: ['default_platform_id', 'default_platform'],
  },
  // NetBox's constraint on Lower('name').
  async validate(row, _previous, ctx) {
    if (!ctx?.em || !ctx.driver) return;
    const query = new ModelQuery(ctx.em, VirtualMachineType, ctx.driver).where('LOWER(t.name) = LOWER(:name)', { name: row.name });
    if (row.id !== undefined) query.where(`t.id <> ${query.param(row.id)}`);
    if (await query.count()) throw new FieldError(['Virtual machine type name must be unique.']);
  },
});

/** What NetBox's save() of a new machine takes from its type: each of these it leaves empty, from the type's default. */
const TYPE_DEFAULTS: Record<string, string> = { platform_id: 'default_platform_id', vcpus: 'default_vcpus', memory: 'default_memory' };

async function applyTypeDefaults(row: Row, ctx?: WriteContext): Promise<void> {
  const type = await loadRow(ctx, VirtualMachineType, row.virtual_machine_type_id);
  if (!type) return;
  for (const [column, source] of Object.entries(TYPE_DEFAULTS)) {
    if ((row[column] ?? null) === null && type[source] !== null) row[column] = type[source];
  }
}

/** With virtual disks, a machine's disk is their total (NetBox 4's rule): left empty it becomes it, another value is refused. */
async function validateDiskTotal(row: Row, ctx?: WriteContext): Promise<void> {
  const disks = registry.get('virtualization.virtualdisk');
  if (row.id === undefined || !disks || !ctx?.em || !ctx.driver) return;
  const [{ total }] = await new ModelQuery(ctx.em, disks, ctx.driver).where('t.virtual_machine_id = :vm', { vm: row.id }).select({ total: 'SUM(t.size)' });
  if (total === null || total === undefined) return;
  if (row.disk === null) row.disk = Number(total);
  else if (row.disk !== Number(total)) {
    throw new FieldError({ disk: [`The specified disk size (${row.disk}) must match the aggregate size of assigned virtual disks (${Number(total)}).`] });
  }
}

/** A VM's name is unique in its cluster and tenant, ignoring case, as NetBox's constraints on Lower('name'). */
async function validateUniqueName(row: Row, ctx?: WriteContext): Promise<void> {
  if (row.cluster_id === null || !ctx?.em || !ctx.driver) return;
  const query = new ModelQuery(ctx.em, VirtualMachine, ctx.driver).where('LOWER(t.name) = LOWER(:name) AND t.cluster_id = :cluster', {
    name: row.name,
    cluster: row.cluster_id,
  });
  query.where(row.tenant_id === null ? 't.tenant_id IS NULL' : `t.tenant_id = ${query.param(row.tenant_id)}`);
  if (row.id !== undefined) query.where(`t.id <> ${query.param(row.id)}`);
  if (!(await query.count())) return;
  throw new FieldError([
    row.tenant_id === null ? 'Virtual machine name must be unique per cluster.' : 'Constraint “virtualization_virtualmachine_unique_name_cluster_tenant” is violated.',
  ]);
}

/** Primary addresses have their family and sit on one of the VM's interfaces, or are the outside address of one that does. */
async function validatePrimaryIps(row: Row, ctx?: WriteContext): Promise<void> {
  const addresses = registry.get('ipam.ipaddress');
  if (!addresses) return;
  const onVm = async (ip: Row | null): Promise<boolean> => {
    if (!ip || ip.assigned_object_type !== 'virtualization.vminterface' || row.id === undefined) return false;
    return (await loadRow(ctx, VMInterface, ip.assigned_object_id))?.virtual_machine_id === row.id;
  };
  for (const family of [4, 6]) {
    const field = `primary_ip${family}`;
    const ip = await loadRow(ctx, addresses, row[`${field}_id`]);
    if (!ip) continue;
    if (ip.family !== family) throw new FieldError({ [field]: [`Must be an IPv${family} address. (${ip.address} is an IPv${ip.family} address.)`] });
    if ((await onVm(ip)) || (await onVm(await loadRow(ctx, addresses, ip.nat_inside_id)))) continue;
    throw new FieldError({ [field]: [`The specified IP address (${ip.address}) is not assigned to this VM.`] });
  }
}

export const VirtualMachine = defineModel({
  app: 'virtualization',
  name: 'virtualmachine',
  plural: 'virtual-machines',
  verboseName: 'virtual machine',
  ordering: ['_name', 'id'],
  caseInsensitiveIndexes: [['name', 'cluster']],
  fields: {
    name: text({ max: 64 }),
    _name: text({ max: 100, readOnly: true, blank: true }),
    virtual_machine_type: foreignKey(() => VirtualMachineType, { nullable: true, onDelete: 'PROTECT', label: 'Type' }),
    status: choice(VM_STATUSES, { default: 'active' }),
    site: foreignKey('dcim.site', { nullable: true, onDelete: 'PROTECT' }),
    cluster: foreignKey(() => Cluster, { nullable: true, onDelete: 'PROTECT' }),
    device: foreignKey('dcim.device', { nullable: true, onDelete: 'PROTECT' }),
    role: foreignKey('dcim.devicerole', { nullable: true, onDelete: 'PROTECT' }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    platform: foreignKey('dcim.platform', { nullable: true, onDelete: 'SET NULL' }),
    primary_ip4: foreignKey('ipam.ipaddress', { nullable: true, onDelete: 'SET NULL', label: 'Primary IPv4' }),
    primary_ip6: foreignKey('ipam.ipaddress', { nullable: true, onDelete: 'SET NULL', label: 'Primary IPv6' }),
    vcpus: decimal({ digits: 6, places: 2, nullable: true, label: 'vCPUs' }),
    memory: integer({ min: 0, max: 2147483647, nullable: true, label: 'Memory (MB)' }),
    // Megabytes, as NetBox 4.1 stores it (3.5 spoke gigabytes: its dialect converts); the sum of the virtual disks when there are some.
    disk: integer({ min: 0, max: 2147483647, nullable: true, label: 'Disk (MB)' }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
    local_context_data: json({ nullable: true }),
    serial: text({ max: 50, blank: true, verboseName: 'serial number' }),
    start_on_boot: choice(START_ON_BOOT, { default: 'off' }),
    config_template: foreignKey('extras.configtemplate', { nullable: true, onDelete: 'PROTECT' }),
  },
  counts: {
    interface_count: { model: 'virtualization.vminterface', field: 'virtual_machine' },
    virtual_disk_count: { model: 'virtualization.virtualdisk', field: 'virtual_machine' },
  },
  full: [
    'id', 'url', 'display', 'name', 'virtual_machine_type', 'status', 'site', 'cluster', 'device', 'role', 'tenant', 'platform', 'primary_ip', 'primary_ip4', 'primary_ip6',
    'vcpus', 'memory', 'disk', 'description', 'comments', 'local_context_data', 'tags', 'custom_fields', 'config_context', 'created', 'last_updated',
  ],
  brief: ['id', 'url', 'display', 'name'],
  lookupField: 'name',
  configContext: {
    criteria: {
      regions: 'site.region',
      site_groups: 'site.group',
      sites: 'site',
      roles: 'role',
      platforms: 'platform',
      cluster_types: 'cluster.type',
      cluster_groups: 'cluster.group',
      clusters: 'cluster',
      tenant_groups: 'tenant.group',
      tenants: 'tenant',
      tags: '@tags',
    },
    local: 'local_context_data',
    ancestors: ['regions', 'site_groups', 'roles', 'platforms'],
  },
  filterset: {
    // `name` only for its lookups: its own match ignores case.
    fields: ['id', 'name', 'vcpus', 'memory', 'disk', 'status'],
    related: [
      'cluster_id', 'cluster', 'device_id', 'device', 'site_id', 'site', 'role_id', 'role', 'platform_id', 'platform', 'tenant_id', 'tenant', 'virtual_machine_type_id',
      'virtual_machine_type',
    ],
  },
  filters: {
    ...tenancyFilters(() => VirtualMachine),
    cluster_group_id: pathFilter(() => VirtualMachine, 'cluster.group', 'id'),
    cluster_group: pathFilter(() => VirtualMachine, 'cluster.group'),
    cluster_type_id: pathFilter(() => VirtualMachine, 'cluster.type', 'id'),
    cluster_type: pathFilter(() => VirtualMachine, 'cluster.type'),
    ...siteFilters(() => VirtualMachine),
    name: iexact('name'),
    local_context_data: booleanFilter(() => 't.local_context_data IS NOT NULL'),
    has_primary_ip: booleanFilter(() => 't.primary_ip4_id IS NOT NULL OR t.primary_ip6_id IS NOT NULL'),
    ...macAddressFilters('virtualization.vminterface', 'virtual_machine_id'),
    q: {
      apply(values, ctx) {
        const value = values[values.length - 1]?.trim();
        if (!value) return;
        const contains = ctx.param(`%${escapeLike(value.toLowerCase())}%`);
        const starts = ctx.param(`${escapeLike(value)}%`);
        const primary = (column: string) => `t.${column} IN (SELECT a.id FROM ${q('ipam_ipaddress')} a WHERE a.address LIKE ${starts} ESCAPE '\\')`;
        ctx.where(`(LOWER(t.name) LIKE ${contains} ESCAPE '\\' OR LOWER(t.comments) LIKE ${contains} ESCAPE '\\' OR ${primary('primary_ip4_id')} OR ${primary('primary_ip6_id')})`);
      },
    },
  },
  async validate(row, previous, ctx) {
    row._name = naturalize(row.name);
    if (row.site_id === null && row.cluster_id === null) throw new FieldError({ cluster: ['A virtual machine must be assigned to a site and/or cluster.'] });
    const cluster = await loadRow(ctx, Cluster, row.cluster_id);
    if (cluster && row.site_id !== null && cluster.site_id !== row.site_id) {
      const site = await loadRow(ctx, registry.get('dcim.site'), row.site_id);
      throw new FieldError({ cluster: [`The selected cluster (${cluster.name}) is not assigned to this site (${site?.name}).`] });
    }
    if (row.device_id !== null) {
      if (!cluster) throw new FieldError({ device: ['Must specify a cluster when assigning a host device.'] });
      const device = await loadRow(ctx, registry.get('dcim.device'), row.device_id);
      if (device && device.cluster_id !== cluster.id) {
        throw new FieldError({ device: [`The selected device (${await labelOf(registry.get('dcim.device')!, device, ctx)}) is not assigned to this cluster (${cluster.name}).`] });
      }
    }
    await validatePrimaryIps(row, ctx);
    await validateUniqueName(row, ctx);
    await validateDiskTotal(row, ctx);
    // What NetBox's save() fills in: the site from the cluster, and on create what the type gives.
    if (cluster && row.site_id === null) row.site_id = cluster.site_id;
    if (!previous) await applyTypeDefaults(row, ctx);
  },
  async augment(ctx, _rows, reps) {
    for (const rep of reps) {
      if ('primary_ip' in rep) rep.primary_ip = (ctx.config?.preferIpv4 && rep.primary_ip4) || rep.primary_ip6 || rep.primary_ip4 || null;
    }
  },
});

/** A VM interface's VLANs belong to the VM's site or to none; without a mode it has no untagged VLAN. */
async function checkVlans(row: Row, ctx?: WriteContext): Promise<void> {
  // A generation without Q-in-Q (3.5) cannot clear a service VLAN it does not see: leaving the mode drops it.
  if (row.mode !== 'q-in-q' && ctx?.dialect && !ctx.dialect.shows(VMInterface, 'qinq_svlan')) row.qinq_svlan_id = null;
  if (row.qinq_svlan_id !== null && row.mode !== 'q-in-q') throw new FieldError({ qinq_svlan: ['Only Q-in-Q interfaces may specify a service VLAN.'] });
  if (!row.mode) row.untagged_vlan_id = null;
  const vlans = registry.get('ipam.vlan')!;
  const vm = await loadRow(ctx, VirtualMachine, row.virtual_machine_id);
  const elsewhere = (vlan: Row | null) => !!vlan && vlan.site_id !== null && vlan.site_id !== vm?.site_id;
  for (const id of (ctx?.input?.tagged_vlans as number[] | undefined) ?? []) {
    const vlan = await loadRow(ctx, vlans, id);
    if (elsewhere(vlan)) {
      throw new FieldError({ tagged_vlans: [`VLAN ${vlans.display(vlan!)} must belong to the same site as the interface's parent virtual machine, or it must be global.`] });
    }
  }
  const untagged = await loadRow(ctx, vlans, row.untagged_vlan_id);
  if (elsewhere(untagged)) {
    throw new FieldError({
      untagged_vlan: [`The untagged VLAN (${vlans.display(untagged!)}) must belong to the same site as the interface's parent virtual machine, or it must be global.`],
    });
  }
}

/** A parent or bridge interface on the same virtual machine, and never the interface itself. */
async function checkRelated(row: Row, field: 'parent' | 'bridge', ctx?: WriteContext): Promise<void> {
  const id = row[`${field}_id`];
  if (id === null) return;
  if (row.id !== undefined && id === row.id) {
    throw new FieldError({ [field]: [field === 'parent' ? 'An interface cannot be its own parent.' : 'An interface cannot be bridged to itself.'] });
  }
  const other = await loadRow(ctx, VMInterface, id);
  if (other && other.virtual_machine_id !== row.virtual_machine_id) {
    const vm = await loadRow(ctx, VirtualMachine, other.virtual_machine_id);
    const what = field === 'parent' ? 'parent' : 'bridge';
    throw new FieldError({ [field]: [`The selected ${what} interface (${other.name}) belongs to a different virtual machine (${vm?.name}).`] });
  }
}

export const VMInterface = defineModel({
  app: 'virtualization',
  name: 'vminterface',
  plural: 'interfaces',
  verboseName: 'interface',
  schemaName: 'VMInterface',
  ordering: ['virtual_machine', '_name', 'id'],
  fields: {
    virtual_machine: foreignKey(() => VirtualMachine, { onDelete: 'CASCADE' }),
    name: text({ max: 64 }),
    _name: text({ max: 100, readOnly: true, blank: true }),
    enabled: boolean({ default: true }),
    parent: foreignKey(() => VMInterface, { nullable: true, onDelete: 'SET NULL', label: 'Parent interface' }),
    bridge: foreignKey(() => VMInterface, { nullable: true, onDelete: 'SET NULL', label: 'Bridge interface' }),
    mtu: integer({ min: 1, max: 65536, nullable: true, label: 'MTU' }),
    ...primaryMacFields({ label: 'MAC address' }),
    description: text({ max: 200, blank: true }),
    mode: choice(INTERFACE_MODES, { blank: true }),
    untagged_vlan: foreignKey('ipam.vlan', { nullable: true, onDelete: 'SET NULL', label: 'Untagged VLAN' }),
    tagged_vlans: manyToMany('ipam.vlan', { filterName: 'tagged_vlan', label: 'Tagged VLANs' }),
    qinq_svlan: foreignKey('ipam.vlan', { nullable: true, onDelete: 'SET NULL', label: 'Q-in-Q SVLAN' }),
    vlan_translation_policy: foreignKey('ipam.vlantranslationpolicy', { nullable: true, onDelete: 'PROTECT', label: 'VLAN Translation Policy' }),
    vrf: foreignKey('ipam.vrf', { nullable: true, onDelete: 'SET NULL', label: 'VRF' }),
  },
  full: [
    'id', 'url', 'display', 'virtual_machine', 'name', 'enabled', 'parent', 'bridge', 'mtu', 'mac_address', 'primary_mac_address', 'mac_addresses', 'description', 'mode',
    'untagged_vlan',
    'tagged_vlans', 'qinq_svlan', 'vlan_translation_policy', 'vrf', 'l2vpn_termination', 'tags', 'custom_fields', 'created', 'last_updated', 'count_ipaddresses', 'count_fhrp_groups',
  ],
  constraints: [{ fields: ['virtual_machine', 'name'], name: 'virtualization_vminterface_unique_virtual_machine_name' }],
  counts: {
    count_ipaddresses: { model: 'ipam.ipaddress', field: 'assigned_object' },
    count_fhrp_groups: { model: 'ipam.fhrpgroupassignment', field: 'interface' },
  },
  brief: ['id', 'url', 'display', 'virtual_machine', 'name'],
  relatedObject: 'virtual_machine',
  search: ['name', 'description'],
  filterset: {
    fields: ['id', 'name', 'enabled', 'mtu', 'description'],
    related: [
      'virtual_machine_id', 'virtual_machine', 'parent_id', 'bridge_id', 'vrf_id', 'primary_mac_address_id', 'primary_mac_address', 'vlan_translation_policy_id',
      'vlan_translation_policy',
    ],
  },
  filters: {
    cluster_id: pathFilter(() => VMInterface, 'virtual_machine.cluster', 'id'),
    cluster: pathFilter(() => VMInterface, 'virtual_machine.cluster'),
    vrf: pathFilter(() => VMInterface, 'vrf', 'rd'),
    ...macAddressFilters('virtualization.vminterface'),
    vlan_id: carriedVlanFilter(() => VMInterface, 'id'),
    vlan: carriedVlanFilter(() => VMInterface, 'vid'),
    l2vpn_id: terminatedIn('virtualization.vminterface', 'id'),
    l2vpn: terminatedIn('virtualization.vminterface', 'identifier'),
  },
  async validate(row, previous, ctx) {
    row._name = naturalizeInterface(row.name);
    await checkRelated(row, 'parent', ctx);
    await checkRelated(row, 'bridge', ctx);
    await checkVlans(row, ctx);
    await checkPrimaryMac(VMInterface, row, previous, ctx);
  },
  async afterWrite(em, row, previous, ctx) {
    await writePrimaryMac(VMInterface, em, row, previous, ctx);
    // Leaving tagged mode drops the tagged VLANs, unless the same request sets them.
    if (!row || !previous || row.mode === 'tagged' || 'tagged_vlans' in ctx.input) return;
    const tagged = VMInterface.fields.tagged_vlans as ManyToManyField;
    await em.createQueryBuilder().delete().from(tagged.throughTable).where(`${tagged.sourceColumn} = :id`, { id: row.id }).execute();
  },
  async augment(ctx, rows, reps) {
    await nestReferrer(ctx, VMInterface, rows, reps, 'l2vpn_termination', { model: 'ipam.l2vpntermination', relation: 'assigned_object' });
    await nestMacAddresses(ctx, VMInterface, rows, reps);
  },
});
