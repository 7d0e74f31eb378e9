import { FieldError, choice, contentType, foreignKey, genericRelation, integer, text } from '../core/model/fields';
import { CustomFilter, Row, defineModel, labelsOf, registry } from '../core/model/model';
import { contentTypeFilter } from '../extras/content-type-filter';
import { ModelQuery, q } from '../core/query/model-query';
import { referencedDisplays } from '../core/serialize/referrers';
import { represent } from '../core/serialize/serializer';
import { assignedDeviceFilter, assignedVirtualMachineFilter } from './assigned-filters';
import { parsePrefix } from './ip';
import { withinSql } from './networks';

const FHRP_PROTOCOLS = [
  { value: 'vrrp2', label: 'VRRPv2' },
  { value: 'vrrp3', label: 'VRRPv3' },
  { value: 'carp', label: 'CARP' },
  { value: 'clusterxl', label: 'ClusterXL' },
  { value: 'hsrp', label: 'HSRP' },
  { value: 'glbp', label: 'GLBP' },
  { value: 'other', label: 'Other' },
] as const;

const FHRP_AUTH_TYPES = [
  { value: 'plaintext', label: 'Plaintext' },
  { value: 'md5', label: 'MD5' },
] as const;

/** What a group may be assigned to: interfaces of devices, and of virtual machines once they exist. */
const FHRP_INTERFACE_TYPES = ['dcim.interface', 'virtualization.vminterface'];

/** `Core VRRPv2: 10`: the name when there is one, the protocol and the group number. */
function fhrpGroupDisplay(row: Row): string {
  const protocol = FHRP_PROTOCOLS.find((p) => p.value === row.protocol)?.label ?? row.protocol;
  return `${row.name ? `${row.name} ` : ''}${protocol}: ${row.group_id}`;
}

/** A group of first-hop redundancy peers (VRRP, HSRP...); NetBox's serializer reads its protocol and authentication bare. */
export const FHRPGroup = defineModel({
  app: 'ipam',
  name: 'fhrpgroup',
  plural: 'fhrp-groups',
  filterset: { fields: ['id', 'group_id', 'name', 'auth_key', 'protocol', 'auth_type'] },
  verboseName: 'FHRP group',
  display: fhrpGroupDisplay,
  ordering: ['protocol', 'group_id', 'id'],
  fields: {
    name: text({ max: 100, blank: true }),
    protocol: choice(FHRP_PROTOCOLS, { flat: true }),
    group_id: integer({ min: 0, max: 32767, label: 'Group ID' }),
    auth_type: choice(FHRP_AUTH_TYPES, { blank: true, flat: true, label: 'Authentication type' }),
    auth_key: text({ max: 255, blank: true, label: 'Authentication key' }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  full: [
    'id', 'name', 'url', 'display', 'protocol', 'group_id', 'auth_type', 'auth_key', 'description', 'comments', 'tags', 'custom_fields', 'created',
    'last_updated', 'ip_addresses',
  ],
  brief: ['id', 'url', 'display', 'protocol', 'group_id'],
  search: ['name', 'description'],
  filters: { related_ip: relatedIpFilter() },
  async augment(ctx, rows, reps) {
    // Addresses are assigned to a group as to an interface; the first one also names the group, as in NetBox.
    const addresses = registry.get('ipam.ipaddress')!;
    const query = new ModelQuery(ctx.em, addresses, ctx.driver)
      .where('t.assigned_object_type = :type', { type: 'ipam.fhrpgroup' })
      .where('t.assigned_object_id IN (:...groups)', { groups: rows.map((r) => r.id) });
    const assigned = await query.rows({ order: query.defaultOrder() });
    const nested = assigned.length ? await represent(ctx, addresses, assigned, 'brief') : [];
    rows.forEach((row, i) => {
      if ('ip_addresses' in reps[i]) reps[i].ip_addresses = nested.filter((_, k) => assigned[k].assigned_object_id === row.id);
    });
  },
  // Its first address also names the group, as in NetBox.
  async labels(rows, ctx) {
    const addresses = registry.get('ipam.ipaddress')!;
    const query = new ModelQuery(ctx.em, addresses, ctx.driver)
      .where('t.assigned_object_type = :type', { type: 'ipam.fhrpgroup' })
      .where('t.assigned_object_id IN (:...groups)', { groups: rows.map((r) => r.id) });
    const first = new Map<number, string>();
    for (const ip of await query.rows({ order: query.defaultOrder() })) if (!first.has(ip.assigned_object_id)) first.set(ip.assigned_object_id, ip.address);
    return rows.map((row) => (first.has(row.id) ? `${fhrpGroupDisplay(row)} (${first.get(row.id)})` : fhrpGroupDisplay(row)));
  },
});

/**
 * `?related_ip=<id>`: groups with an address of the same VRF inside that address's network, as NetBox's
 * filter finds the group serving a subnet. Every id must name an address.
 */
function relatedIpFilter(): CustomFilter {
  return {
    async apply(values, ctx) {
      const addresses = registry.get('ipam.ipaddress')!;
      const ids = values.map((v) => (/^\d+$/.test(v) ? Number(v) : -1));
      const found = await new ModelQuery(ctx.em, addresses, ctx.driver).whereIdIn(ids).rows({ order: ['id'] });
      const missing = values.find((_, i) => !found.some((f) => f.id === ids[i]));
      if (missing !== undefined) throw new FieldError([`Select a valid choice. ${missing} is not one of the available choices.`]);
      const terms = found.map((ip) => {
        const net = parsePrefix(ip.address);
        const vrf = ip.vrf_id === null ? 'a.vrf_id IS NULL' : `a.vrf_id = ${ctx.param(ip.vrf_id)}`;
        return `(${withinSql(ctx, net, true, 'a')} AND ${vrf})`;
      });
      ctx.where(
        `t.id IN (SELECT a.assigned_object_id FROM ${q(addresses.table)} a WHERE a.assigned_object_type = ${ctx.param('ipam.fhrpgroup')} AND (${terms.join(' OR ')}))`,
      );
    },
  };
}

const INTERFACE = { type: 'interface_type', id: 'interface_id' };

/** An interface's membership of an FHRP group, with its priority; deleted with the interface. */
export const FHRPGroupAssignment = defineModel({
  app: 'ipam',
  name: 'fhrpgroupassignment',
  plural: 'fhrp-group-assignments',
  filterset: { fields: ['id', 'interface_id', 'priority'], related: ['group_id'] },
  verboseName: 'FHRP group assignment',
  // What change records name it by; lists say `<interface>: <group> (<priority>)`, which takes other tables.
  display: (a) => `FHRP group assignment ${a.id}`,
  ordering: ['-priority', 'id'],
  features: { tags: false, customFields: false },
  fields: {
    group: foreignKey('ipam.fhrpgroup', { onDelete: 'CASCADE' }),
    interface_type: contentType({ allowed: () => FHRP_INTERFACE_TYPES.filter((type) => registry.has(type)) }),
    interface_id: integer({ min: 0, max: Number.MAX_SAFE_INTEGER, big: true }),
    interface: genericRelation('interface_type', 'interface_id', { cascade: true }),
    priority: integer({ min: 0, max: 255 }),
  },
  constraints: [
    {
      fields: ['interface_type', 'interface_id', 'group'],
      // NetBox's name: the one derived from the columns is longer than PostgreSQL keeps.
      name: 'ipam_fhrpgroupassignment_unique_interface_group',
      message: 'FHRP group assignment with this Interface type, Interface id and Group already exists.',
    },
  ],
  brief: ['id', 'url', 'display', 'interface_type', 'interface_id', 'group_id', 'priority'],
  filters: {
    interface_type: contentTypeFilter('interface_type'),
    device: assignedDeviceFilter('name', INTERFACE),
    device_id: assignedDeviceFilter('id', INTERFACE),
    virtual_machine: assignedVirtualMachineFilter('name', INTERFACE),
    virtual_machine_id: assignedVirtualMachineFilter('id', INTERFACE),
  },
  async labels(rows, ctx) {
    const groups = await new ModelQuery(ctx.em, FHRPGroup, ctx.driver).whereIdIn([...new Set(rows.map((r) => r.group_id))]).rows({ order: ['id'] });
    const groupLabels = await labelsOf(FHRPGroup, groups, ctx);
    const groupDisplay = new Map(groups.map((g, i) => [g.id, groupLabels[i]]));
    const interfaces = await referencedDisplays(ctx, rows.map((r) => ({ type: r.interface_type, id: r.interface_id })));
    return rows.map((row) => `${interfaces.get(`${row.interface_type}:${row.interface_id}`) ?? 'None'}: ${groupDisplay.get(row.group_id)} (${row.priority})`);
  },
});
