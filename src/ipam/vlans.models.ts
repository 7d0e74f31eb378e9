import { FieldError, INT32_MAX, choice, contentType, foreignKey, genericRelation, integer, slug, text } from '../core/model/fields';
import { terminatedIn } from './terminated-in';
import { CustomFilter, FilterContext, Row, WriteContext, defineModel, registry } from '../core/model/model';
import { contentTypeFilter } from '../extras/content-type-filter';
import { tenancyFilters } from '../core/query/filters';
import { loadRow, q } from '../core/query/model-query';
import { nestReferrer } from '../core/serialize/referrers';
import { siteFilters } from '../dcim/racks.models';
import { VidRange, VidRangesField, inVidRanges, utilizationText, vidRangesError, vidRangesHoldSql, vidRangesSummary, vidRangesText } from './vid-ranges';

/** Where a VLAN group applies: one of these objects (4.6's rack groups among them), or anywhere. */
const GROUP_SCOPES = ['dcim.region', 'dcim.sitegroup', 'dcim.site', 'dcim.location', 'dcim.rackgroup', 'dcim.rack', 'virtualization.clustergroup', 'virtualization.cluster'];

/**
 * A NumberFilter over a condition on the row: the last value, or 400 "Enter a number."; a value no integer column
 * holds (a fraction, beyond 32 bits) matches nothing, where PostgreSQL would refuse to compare it.
 */
function numberFilter(condition: (value: number, ctx: FilterContext) => string): CustomFilter {
  return {
    schema: { type: 'number' },
    apply(values, ctx) {
      const value = values[values.length - 1].trim();
      if (!value) return;
      if (!/^-?\d+(\.\d+)?$/.test(value)) throw new FieldError(['Enter a number.']);
      const n = Number(value);
      ctx.where(Number.isInteger(n) && Math.abs(n) <= INT32_MAX ? condition(n, ctx) : '1 = 0');
    },
  };
}

const scopeFilter = (scope: string) => numberFilter((id, ctx) => `t.scope_type = ${ctx.param(scope)} AND t.scope_id = ${ctx.param(id)}`);

/** `?contains_vid=<vid>` (4.1): groups one of whose ranges holds the VID. */
const containsVidFilter = numberFilter((vid, ctx) => vidRangesHoldSql(ctx, ctx.param(vid)));

/** Whether a write or a representation speaks 3.5's VLAN groups (bounds) rather than 4.1's (ranges); without a dialect, the native one. */
function speaksBounds(dialect: WriteContext['dialect']): boolean {
  return !dialect || dialect.shows(VLANGroup, 'min_vid');
}

/**
 * Keeps a group's ranges and what 3.5 reads of them together. 4.1's `vid_ranges`, when written, are checked as NetBox
 * checks them; 3.5's `min_vid`/`max_vid`, when written, make the one range they bound, unless they are the outer
 * bounds the ranges already have (a 3.5 client writing back what it read keeps them). Then the bounds and the count of
 * VIDs are the ranges'.
 */
function syncVidRanges(row: Row, previous: Row | null, input: Row): void {
  if ('vid_ranges' in input) {
    const error = vidRangesError(row.vid_ranges);
    if (error) throw new FieldError({ vid_ranges: [error] });
  } else if (!previous || 'min_vid' in input || 'max_vid' in input) {
    if (row.max_vid < row.min_vid) throw new FieldError({ max_vid: ['Maximum child VID must be greater than or equal to minimum child VID'] });
    if (!previous || row.min_vid !== previous.min_vid || row.max_vid !== previous.max_vid) row.vid_ranges = [[row.min_vid, row.max_vid]];
  }
  Object.assign(row, vidRangesSummary(row.vid_ranges as VidRange[]));
}

export const VLANGroup = defineModel({
  app: 'ipam',
  name: 'vlangroup',
  plural: 'vlan-groups',
  filterset: { fields: ['id', 'name', 'slug', 'min_vid', 'max_vid', 'description', 'scope_id', 'total_vlan_ids'], related: ['tenant_id', 'tenant'] },
  verboseName: 'VLAN group',
  ordering: ['name', 'id'],
  fields: {
    name: text({ max: 100 }),
    slug: slug({ max: 100 }),
    scope_type: contentType({ nullable: true, blank: true, allowed: () => GROUP_SCOPES.filter((s) => registry.has(s)) }),
    scope_id: integer({ min: 0, nullable: true }),
    scope: genericRelation('scope_type', 'scope_id'),
    // 4.1 stores ranges; 3.5's bounds are kept as their outer bounds (see syncVidRanges), for 3.5's filters and order.
    vid_ranges: new VidRangesField(),
    total_vlan_ids: integer({ readOnly: true, default: 4094, label: 'Total VLAN IDs' }),
    min_vid: integer({ min: 1, max: 4094, default: 1, label: 'Minimum VLAN ID' }),
    max_vid: integer({ min: 1, max: 4094, default: 4094, label: 'Maximum VLAN ID' }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  full: [
    'id', 'url', 'display', 'name', 'slug', 'scope_type', 'scope_id', 'scope', 'min_vid', 'max_vid', 'description', 'comments', 'tags', 'custom_fields', 'created',
    'last_updated', 'vlan_count', 'utilization',
  ],
  constraints: [
    { fields: ['scope_type', 'scope_id', 'name'], name: 'ipam_vlangroup_unique_scope_name' },
    { fields: ['scope_type', 'scope_id', 'slug'], name: 'ipam_vlangroup_unique_scope_slug' },
  ],
  counts: { vlan_count: { model: 'ipam.vlan', field: 'group' } },
  brief: ['id', 'url', 'display', 'name', 'slug', 'vlan_count'],
  search: ['name', 'slug', 'description'],
  // `?site=<id>`, `?region=<id>`...: groups scoped to that object.
  filters: {
    scope_type: contentTypeFilter('scope_type'),
    ...Object.fromEntries(GROUP_SCOPES.map((scope) => [scope.split('.')[1], scopeFilter(scope)])),
    ...tenancyFilters(() => VLANGroup),
    contains_vid: containsVidFilter,
  },
  validate(row, previous, ctx) {
    if (row.scope_id !== null && !row.scope_type) throw new FieldError(['Cannot set scope_id without scope_type.']);
    if (row.scope_type && row.scope_id === null) throw new FieldError({ scope_id: ['This field is required when a scope type is set.'] });
    syncVidRanges(row, previous, ctx?.input ?? row);
  },
  async augment(ctx, rows, reps) {
    // The share of the group's VIDs in use: 3.5's a number, 4.6's a string rounded to two places.
    const bounds = speaksBounds(ctx.dialect);
    rows.forEach((row, i) => {
      if (!('utilization' in reps[i])) return;
      const used = (reps[i].vlan_count as number) ?? 0;
      reps[i].utilization = bounds ? (used / row.total_vlan_ids) * 100 : utilizationText(used, row.total_vlan_ids);
    });
  },
});

/** 4.2's Q-in-Q (802.1ad) roles: a service VLAN carries customer VLANs. */
const QINQ_ROLES = [
  { value: 'svlan', label: 'Service' },
  { value: 'cvlan', label: 'Customer' },
] as const;

/** NetBox's rule: a customer VLAN, and only one, belongs to a service VLAN. */
function checkQinq(row: Row): void {
  if (row.qinq_svlan_id !== null && row.qinq_role !== 'cvlan') {
    throw new FieldError({ qinq_svlan: ['Only Q-in-Q customer VLANs maybe assigned to a service VLAN.'] });
  }
  if (row.qinq_role === 'cvlan' && row.qinq_svlan_id === null) throw new FieldError({ qinq_role: ['A Q-in-Q customer VLAN must be assigned to a service VLAN.'] });
}

/** The spec's status values: integers on read, written as the integer or NetBox's name. */
const VLAN_STATUSES = [
  { value: 1, label: 'Active' },
  { value: 2, label: 'Reserved' },
  { value: 3, label: 'Deprecated' },
] as const;

export const VLAN = defineModel({
  app: 'ipam',
  name: 'vlan',
  plural: 'vlans',
  filterset: {
    fields: ['id', 'vid', 'name', 'description', 'status'],
    related: ['site_id', 'site', 'group_id', 'group', 'role_id', 'role', 'tenant_id', 'tenant'],
  },
  verboseName: 'VLAN',
  display: (v) => `${v.name} (${v.vid})`,
  ordering: ['site', 'group', 'vid', 'id'],
  fields: {
    site: foreignKey('dcim.site', { nullable: true, onDelete: 'PROTECT' }),
    group: foreignKey('ipam.vlangroup', { nullable: true, onDelete: 'PROTECT' }),
    vid: integer({ min: 1, max: 4094, label: 'ID' }),
    name: text({ max: 64 }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    status: choice(VLAN_STATUSES, { default: 1, aliases: { active: 1, reserved: 2, deprecated: 3 } }),
    role: foreignKey('ipam.role', { nullable: true, onDelete: 'SET NULL' }),
    description: text({ max: 200, blank: true }),
    qinq_role: choice(QINQ_ROLES, { nullable: true, label: 'Q-in-Q role', helpText: 'Customer/service VLAN designation (for Q-in-Q/IEEE 802.1ad)' }),
    qinq_svlan: foreignKey('ipam.vlan', { nullable: true, onDelete: 'PROTECT', label: 'Q-in-Q SVLAN' }),
    comments: text({ blank: true }),
  },
  full: [
    'id', 'url', 'display', 'site', 'group', 'vid', 'name', 'tenant', 'status', 'role', 'description', 'qinq_role', 'qinq_svlan', 'display_name', 'comments',
    'l2vpn_termination', 'tags', 'custom_fields', 'created', 'last_updated', 'prefix_count',
  ],
  constraints: [
    { fields: ['group', 'vid'], name: 'ipam_vlan_unique_group_vid', message: 'VLAN with this Group and ID already exists.' },
    { fields: ['group', 'name'], name: 'ipam_vlan_unique_group_name', message: 'VLAN with this Group and Name already exists.' },
    { fields: ['qinq_svlan', 'vid'], name: 'ipam_vlan_unique_qinq_svlan_vid', message: 'VLAN with this Qinq svlan and VLAN ID already exists.' },
    { fields: ['qinq_svlan', 'name'], name: 'ipam_vlan_unique_qinq_svlan_name', message: 'VLAN with this Qinq svlan and Name already exists.' },
  ],
  counts: { prefix_count: { model: 'ipam.prefix', field: 'vlan' } },
  brief: ['id', 'url', 'display', 'vid', 'name', 'display_name'],
  search: ['name', 'description', 'comments'],
  filters: {
    ...tenancyFilters(() => VLAN),
    ...siteFilters(() => VLAN),
    available_on_device: availableOnDevice(),
    available_on_virtualmachine: availableOnVirtualMachine(),
    l2vpn_id: terminatedIn('ipam.vlan', 'id'),
    l2vpn: terminatedIn('ipam.vlan', 'identifier'),
  },
  async validate(row, _previous, ctx) {
    const group = await loadRow(ctx, VLANGroup, row.group_id);
    if (group) await checkGroup(row, group, ctx);
    checkQinq(row);
  },
  async augment(ctx, rows, reps) {
    for (const rep of reps) if ('display_name' in rep) rep.display_name = rep.display;
    await nestReferrer(ctx, VLAN, rows, reps, 'l2vpn_termination', { model: 'ipam.l2vpntermination', relation: 'assigned_object' });
  },
});

/** A grouped VLAN's site agrees with its group's scope, and its VID lies in the group's ranges. */
async function checkGroup(row: Row, group: Row, ctx?: WriteContext): Promise<void> {
  if (row.site_id !== null) await checkGroupSite(row, group, ctx);
  const ranges = group.vid_ranges as VidRange[];
  if (!inVidRanges(row.vid, ranges)) {
    // 3.5's wording where its bounds say it all; 4.1's names the ranges.
    const message =
      speaksBounds(ctx?.dialect) && ranges.length === 1
        ? `VID must be between ${group.min_vid} and ${group.max_vid} for VLANs in group ${group.name}`
        : `VID must be in ranges ${vidRangesText(ranges)} for VLANs in group ${group.name}`;
    throw new FieldError({ vid: [message] });
  }
}

/**
 * A grouped VLAN's site must agree with its group's scope: in 3.5, be the site the group is scoped to; in 4.x, be that
 * site when the group is scoped to a site, or a member of the site group it is scoped to.
 */
async function checkGroupSite(row: Row, group: Row, ctx?: WriteContext): Promise<void> {
  const site = await loadRow(ctx, registry.get('dcim.site'), row.site_id);
  const scope = group.scope_type ? await loadRow(ctx, registry.get(group.scope_type), group.scope_id) : null;
  const scopeName = scope ? registry.get(group.scope_type)!.display(scope) : 'None';
  const otherSite = `VLAN is assigned to group ${group.name} (scope: ${scopeName}); cannot also assign to site ${site?.name}.`;
  if (speaksBounds(ctx?.dialect)) {
    if (group.scope_type !== 'dcim.site' || group.scope_id !== row.site_id) throw new FieldError({ group: [otherSite] });
  } else if (group.scope_type === 'dcim.site' && group.scope_id !== row.site_id) {
    throw new FieldError([otherSite]);
  } else if (group.scope_type === 'dcim.sitegroup' && site?.group_id !== group.scope_id) {
    throw new FieldError([`The assigned site ${site?.name} is not a member of the assigned group ${group.name} (scope: ${scopeName}).`]);
  }
}

/**
 * `?available_on_device=<id>`: the VLANs a device's interfaces may carry, as NetBox's `get_for_device`: those
 * of groups scoped to its site, rack, or its region, site group or location or any of their ancestors; its
 * site's; and global ones.
 */
function availableOnDevice(): CustomFilter {
  return {
    async apply(values, ctx) {
      const value = values[values.length - 1];
      const device = /^\d+$/.test(value) ? await loadRow(ctx, registry.get('dcim.device'), Number(value)) : null;
      if (!device) throw new FieldError(['Select a valid choice. That choice is not one of the available choices.']);
      const site = await loadRow(ctx, registry.get('dcim.site'), device.site_id);
      const scopes: string[] = [];
      const scoped = (type: string, ids: number[]) => ids.length && scopes.push(`(g.scope_type = ${ctx.param(type)} AND g.scope_id IN (${ids.map((id) => ctx.param(id)).join(', ')}))`);
      scoped('dcim.region', await withAncestors(ctx, 'dcim.region', site?.region_id ?? null));
      scoped('dcim.sitegroup', await withAncestors(ctx, 'dcim.sitegroup', site?.group_id ?? null));
      scoped('dcim.site', [device.site_id]);
      scoped('dcim.location', await withAncestors(ctx, 'dcim.location', device.location_id));
      if (device.rack_id !== null) scoped('dcim.rack', [device.rack_id]);
      const groups = q(VLANGroup.table);
      ctx.where(
        `(t.group_id IN (SELECT g.id FROM ${groups} g WHERE ${scopes.join(' OR ')}) OR t.site_id = ${ctx.param(device.site_id)}` +
          ` OR (t.site_id IS NULL AND t.group_id IN (SELECT g.id FROM ${groups} g WHERE g.scope_id IS NULL)) OR (t.group_id IS NULL AND t.site_id IS NULL))`,
      );
    },
  };
}

/** The ids of a tree node and its ancestors: the nodes whose path starts its own. */
async function withAncestors(ctx: FilterContext, label: string, id: number | null): Promise<number[]> {
  const node = await loadRow(ctx, registry.get(label), id);
  if (!node) return [];
  const rows: Array<{ id: number }> = await ctx.em.query(
    `SELECT id FROM ${q(registry.get(label)!.table)} WHERE ${ctx.driver === 'postgres' ? '$1' : '?'} LIKE tree_path || '%'`,
    [node.tree_path],
  );
  return rows.map((r) => Number(r.id));
}

/**
 * `?available_on_virtualmachine=<id>`: the VLANs a VM's interfaces may carry, as NetBox's `get_for_virtualmachine`: those
 * of groups scoped to its cluster or cluster group, its site (its own or its cluster's), or that site's regions and
 * site groups; its site's; and global ones.
 */
function availableOnVirtualMachine(): CustomFilter {
  return {
    async apply(values, ctx) {
      const value = values[values.length - 1];
      const vm = /^\d+$/.test(value) ? await loadRow(ctx, registry.get('virtualization.virtualmachine'), Number(value)) : null;
      if (!vm) throw new FieldError(['Select a valid choice. That choice is not one of the available choices.']);
      const cluster = await loadRow(ctx, registry.get('virtualization.cluster'), vm.cluster_id);
      const site = await loadRow(ctx, registry.get('dcim.site'), vm.site_id ?? cluster?.site_id ?? null);
      const scopes: string[] = [];
      const scoped = (type: string, ids: number[]) => ids.length && scopes.push(`(g.scope_type = ${ctx.param(type)} AND g.scope_id IN (${ids.map((id) => ctx.param(id)).join(', ')}))`);
      if (cluster) {
        scoped('virtualization.cluster', [cluster.id]);
        if (cluster.group_id !== null) scoped('virtualization.clustergroup', [cluster.group_id]);
      }
      if (site) {
        scoped('dcim.site', [site.id]);
        scoped('dcim.region', await withAncestors(ctx, 'dcim.region', site.region_id));
        scoped('dcim.sitegroup', await withAncestors(ctx, 'dcim.sitegroup', site.group_id));
      }
      const groups = q(VLANGroup.table);
      const terms = [
        `(t.site_id IS NULL AND t.group_id IN (SELECT g.id FROM ${groups} g WHERE g.scope_id IS NULL))`,
        '(t.group_id IS NULL AND t.site_id IS NULL)',
      ];
      if (scopes.length) terms.push(`t.group_id IN (SELECT g.id FROM ${groups} g WHERE ${scopes.join(' OR ')})`);
      if (site) terms.push(`t.site_id = ${ctx.param(site.id)}`);
      ctx.where(`(${terms.join(' OR ')})`);
    },
  };
}
