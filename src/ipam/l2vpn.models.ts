import { FieldError, choice, contentType, foreignKey, genericRelation, integer, manyToMany, slug, text } from '../core/model/fields';
import { CustomFilter, FilterContext, defineModel, registry } from '../core/model/model';
import { escapeLike, tenancyFilters } from '../core/query/filters';
import { ModelQuery, loadRow, q } from '../core/query/model-query';
import { referencedDisplays } from '../core/serialize/referrers';
import { contentTypeFilter, contentTypeIdFilter } from '../extras/content-type-filter';

const L2VPN_TYPES = [
  { value: 'vpws', label: 'VPWS' },
  { value: 'vpls', label: 'VPLS' },
  { value: 'vxlan', label: 'VXLAN' },
  { value: 'vxlan-evpn', label: 'VXLAN-EVPN' },
  { value: 'mpls-evpn', label: 'MPLS EVPN' },
  { value: 'pbb-evpn', label: 'PBB EVPN' },
  { value: 'epl', label: 'EPL' },
  { value: 'evpl', label: 'EVPL' },
  { value: 'ep-lan', label: 'Ethernet Private LAN' },
  { value: 'evp-lan', label: 'Ethernet Virtual Private LAN' },
  { value: 'ep-tree', label: 'Ethernet Private Tree' },
  { value: 'evp-tree', label: 'Ethernet Virtual Private Tree' },
] as const;

/** The types NetBox treats as point-to-point: two terminations at most. */
const POINT_TO_POINT = new Set(['vpws', 'epl', 'ep-lan', 'ep-tree']);

/** What a termination may attach: device interfaces, VLANs, and virtual machine interfaces once they exist. */
const TERMINATION_TYPES = ['dcim.interface', 'ipam.vlan', 'virtualization.vminterface'];

/** NetBox keeps 64-bit identifiers; these stay within what a JSON number carries exactly. */
const L2VPN_STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'planned', label: 'Planned' },
  { value: 'decommissioning', label: 'Decommissioning' },
] as const;

const LARGEST_IDENTIFIER = Number.MAX_SAFE_INTEGER;

export const L2VPN = defineModel({
  app: 'ipam',
  name: 'l2vpn',
  plural: 'l2vpns',
  filterset: {
    fields: ['id', 'identifier', 'name', 'slug', 'status', 'type', 'description'],
    related: ['import_target_id', 'import_target', 'export_target_id', 'export_target', 'tenant_id', 'tenant'],
  },
  verboseName: 'L2VPN',
  display: (v) => (v.identifier ? `${v.name} (${v.identifier})` : v.name),
  ordering: ['name', 'identifier'],
  fields: {
    identifier: integer({ min: -LARGEST_IDENTIFIER, max: LARGEST_IDENTIFIER, big: true, nullable: true }),
    name: text({ max: 100, unique: true }),
    slug: slug({ max: 100, unique: true }),
    type: choice(L2VPN_TYPES, { blank: true }),
    status: choice(L2VPN_STATUSES, { default: 'active' }),
    import_targets: manyToMany('ipam.routetarget', { filterName: 'import_target' }),
    export_targets: manyToMany('ipam.routetarget', { filterName: 'export_target' }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
  },
  brief: ['id', 'url', 'display', 'identifier', 'name', 'slug', 'type'],
  filters: {
    ...tenancyFilters(() => L2VPN),
    // Name or description contains the text, or the identifier is that number.
    q: {
      apply(values, ctx) {
        const value = values[values.length - 1]?.trim();
        if (!value) return;
        const like = ctx.param(`%${escapeLike(value.toLowerCase())}%`);
        const terms = [`LOWER(t.name) LIKE ${like} ESCAPE '\\'`, `LOWER(t.description) LIKE ${like} ESCAPE '\\'`];
        if (/^[-+]?\d+$/.test(value)) terms.push(`t.identifier = ${ctx.param(Number(value))}`);
        ctx.where(`(${terms.join(' OR ')})`);
      },
    },
  },
  // NetBox's serializer takes the type as optional, and the model then refuses it empty.
  validate(row) {
    if (!row.type) throw new FieldError({ type: ['This field cannot be blank.'] });
  },
  // The nested L2VPN carries the bare type value, as NetBox's nested serializer does.
  present(rep, row, ctx) {
    if (ctx.mode === 'brief' && 'type' in rep) rep.type = row.type;
  },
});

/** Values of an id filter as numbers; anything else is Django's invalid primary key. */
function idValues(values: string[]): number[] {
  const invalid = values.find((v) => !/^\d+$/.test(v));
  if (invalid !== undefined) throw new FieldError([`“${invalid}” is not a valid value.`]);
  return values.map(Number);
}

/**
 * `?<name>=` and `?<name>__n=`: terminations of objects of `type` (or not), picked through another
 * model's attribute (interfaces by their device's name). Every value must name an object of that
 * model, as NetBox's model choice filters require.
 */
function assignedObjectFilters(name: string, type: string, by: { model: string; attr: string }, objects: (ids: string) => string): Record<string, CustomFilter> {
  const filter = (negate: boolean): CustomFilter => ({
    async apply(values, ctx) {
      const model = registry.get(by.model)!;
      const attr = model.storedFields[by.attr];
      const parsed = by.attr === 'id' ? idValues(values) : values.map((v) => attr.parseFilter(v));
      const found = await new ModelQuery(ctx.em, model, ctx.driver)
        .where(`t.${q(attr.column)} IN (:...wanted)`, { wanted: parsed })
        .select({ id: 't.id', attr: `t.${q(attr.column)}` });
      const seen = new Set(found.map((f) => String(f.attr)));
      const missing = values.find((v, i) => !seen.has(String(parsed[i])));
      if (missing !== undefined) throw new FieldError([`Select a valid choice. ${missing} is not one of the available choices.`]);
      const ids = found.map((f) => ctx.param(Number(f.id))).join(', ');
      const terminates = `(t.assigned_object_type = ${ctx.param(type)} AND t.assigned_object_id IN (${objects(ids)}))`;
      ctx.where(negate ? `NOT ${terminates}` : terminates);
    },
  });
  return { [name]: filter(false), [`${name}__n`]: filter(true) };
}

const interfacesOfDevices = (ids: string) => `SELECT i.id FROM ${q('dcim_interface')} i WHERE i.device_id IN (${ids})`;
const interfacesOfVms = (ids: string) => `SELECT i.id FROM ${q('virtualization_vminterface')} i WHERE i.virtual_machine_id IN (${ids})`;
const themselves = (ids: string) => ids;

/** `?vlan_vid=` and its lookups: terminations of VLANs with that VID (one number, as NetBox's number filter). */
function vlanVidFilters(): Record<string, CustomFilter> {
  const operators: Record<string, string> = { '': '=', n: '=', lt: '<', lte: '<=', gt: '>', gte: '>=' };
  return Object.fromEntries(
    Object.entries(operators).map(([lookup, op]) => [
      lookup ? `vlan_vid__${lookup}` : 'vlan_vid',
      {
        apply(values: string[], ctx: FilterContext) {
          const raw = values[values.length - 1].trim();
          if (raw === '') return;
          const vid = Number(raw);
          if (!Number.isFinite(vid)) throw new FieldError(['Enter a number.']);
          const vlans = `SELECT v.id FROM ${q('ipam_vlan')} v WHERE v.vid ${op} ${ctx.param(vid)}`;
          const terminates = `(t.assigned_object_type = ${ctx.param('ipam.vlan')} AND t.assigned_object_id IN (${vlans}))`;
          ctx.where(lookup === 'n' ? `NOT ${terminates}` : terminates);
        },
      },
    ]),
  );
}

/**
 * `?site=`, `?site_id=`, `?region=`, `?region_id=`: terminations of VLANs of those sites, or of interfaces of
 * devices there. Values are not checked, as NetBox's plain value filters.
 */
function placeFilter(place: 'site' | 'region', by: 'id' | 'slug'): CustomFilter {
  return {
    apply(values, ctx) {
      if (by === 'id' && values.some((v) => !/^\s*\d+\s*$/.test(v))) throw new FieldError(['Enter a whole number.']);
      const list = values.map((v) => ctx.param(by === 'id' ? Number(v) : v)).join(', ');
      const sites =
        place === 'site'
          ? `SELECT s.id FROM ${q('dcim_site')} s WHERE s.${by} IN (${list})`
          : `SELECT s.id FROM ${q('dcim_site')} s JOIN ${q('dcim_region')} r ON r.id = s.region_id WHERE r.${by} IN (${list})`;
      const vlans = `SELECT v.id FROM ${q('ipam_vlan')} v WHERE v.site_id IN (${sites})`;
      const interfaces = `SELECT i.id FROM ${q('dcim_interface')} i JOIN ${q('dcim_device')} d ON d.id = i.device_id WHERE d.site_id IN (${sites})`;
      ctx.where(
        `((t.assigned_object_type = ${ctx.param('ipam.vlan')} AND t.assigned_object_id IN (${vlans}))` +
          ` OR (t.assigned_object_type = ${ctx.param('dcim.interface')} AND t.assigned_object_id IN (${interfaces})))`,
      );
    },
  };
}

/** Django's message for the unique constraint, which NetBox reports beside its own when an object is terminated twice. */
const TAKEN = 'L2VPN termination with this Assigned object type and Assigned object id already exists.';

/** Where an L2VPN reaches an interface or a VLAN; one per object, deleted with it. */
export const L2VPNTermination = defineModel({
  app: 'ipam',
  name: 'l2vpntermination',
  plural: 'l2vpn-terminations',
  filterset: { fields: ['id'], related: ['l2vpn_id', 'l2vpn'] },
  verboseName: 'L2VPN termination',
  // What change records name it by; lists say `<object> <> <L2VPN>`, which takes other tables.
  display: (t) => `L2VPN termination ${t.id}`,
  ordering: ['l2vpn'],
  fields: {
    l2vpn: foreignKey('ipam.l2vpn', { onDelete: 'CASCADE', label: 'L2VPN' }),
    assigned_object_type: contentType({ allowed: () => TERMINATION_TYPES.filter((type) => registry.has(type)) }),
    assigned_object_id: integer({ min: 0, max: Number.MAX_SAFE_INTEGER, big: true }),
    assigned_object: genericRelation('assigned_object_type', 'assigned_object_id', { cascade: true }),
  },
  // NetBox's name: the one derived from the columns is longer than PostgreSQL keeps.
  constraints: [{ fields: ['assigned_object_type', 'assigned_object_id'], name: 'ipam_l2vpntermination_assigned_object', message: TAKEN }],
  brief: ['id', 'url', 'display', 'l2vpn'],
  filters: {
    assigned_object_type: contentTypeFilter('assigned_object_type'),
    q: {
      apply(values, ctx) {
        const value = values[values.length - 1]?.trim();
        if (!value) return;
        const like = ctx.param(`%${escapeLike(value.toLowerCase())}%`);
        ctx.where(`t.l2vpn_id IN (SELECT l.id FROM ${q('ipam_l2vpn')} l WHERE LOWER(l.name) LIKE ${like} ESCAPE '\\')`);
      },
    },
    assigned_object_type_id: contentTypeIdFilter('assigned_object_type'),
    region: placeFilter('region', 'slug'),
    region_id: placeFilter('region', 'id'),
    site: placeFilter('site', 'slug'),
    site_id: placeFilter('site', 'id'),
    ...assignedObjectFilters('device', 'dcim.interface', { model: 'dcim.device', attr: 'name' }, interfacesOfDevices),
    ...assignedObjectFilters('device_id', 'dcim.interface', { model: 'dcim.device', attr: 'id' }, interfacesOfDevices),
    ...assignedObjectFilters('interface', 'dcim.interface', { model: 'dcim.interface', attr: 'name' }, themselves),
    ...assignedObjectFilters('interface_id', 'dcim.interface', { model: 'dcim.interface', attr: 'id' }, themselves),
    ...assignedObjectFilters('virtual_machine', 'virtualization.vminterface', { model: 'virtualization.virtualmachine', attr: 'name' }, interfacesOfVms),
    ...assignedObjectFilters('virtual_machine_id', 'virtualization.vminterface', { model: 'virtualization.virtualmachine', attr: 'id' }, interfacesOfVms),
    ...assignedObjectFilters('vminterface', 'virtualization.vminterface', { model: 'virtualization.vminterface', attr: 'name' }, themselves),
    ...assignedObjectFilters('vminterface_id', 'virtualization.vminterface', { model: 'virtualization.vminterface', attr: 'id' }, themselves),
    ...assignedObjectFilters('vlan', 'ipam.vlan', { model: 'ipam.vlan', attr: 'name' }, themselves),
    ...assignedObjectFilters('vlan_id', 'ipam.vlan', { model: 'ipam.vlan', attr: 'id' }, themselves),
    ...vlanVidFilters(),
  },
  async validate(row, previous, ctx) {
    if (!ctx?.em || !ctx.driver) return;
    const { em, driver } = ctx;
    // Other terminations sharing a value with this one.
    const others = (column: string, value: unknown) => {
      const query = new ModelQuery(em, L2VPNTermination, driver).where(`t.${q(column)} = :value`, { value });
      return previous ? query.where('t.id <> :self', { self: previous.id }) : query;
    };
    const target = registry.get(row.assigned_object_type);
    const assigned = await loadRow(ctx, target, row.assigned_object_id);
    if (assigned && (await others('assigned_object_id', row.assigned_object_id).where('t.assigned_object_type = :type', { type: row.assigned_object_type }).count())) {
      throw new FieldError([`L2VPN Termination already assigned (${target!.display(assigned)})`, TAKEN]);
    }
    const l2vpn = await loadRow(ctx, L2VPN, row.l2vpn_id);
    if (l2vpn && POINT_TO_POINT.has(l2vpn.type)) {
      const found = await others('l2vpn_id', row.l2vpn_id).count();
      if (found >= 2) {
        const type = L2VPN_TYPES.find((t) => t.value === l2vpn.type)!.label;
        throw new FieldError([`${type} L2VPNs cannot have more than two terminations; found ${found} already defined.`]);
      }
    }
  },
  async labels(rows, ctx) {
    const l2vpns = await new ModelQuery(ctx.em, L2VPN, ctx.driver).whereIdIn([...new Set(rows.map((r) => r.l2vpn_id))]).rows({ order: ['id'] });
    const l2vpnDisplay = new Map(l2vpns.map((l) => [l.id, L2VPN.display(l)]));
    const objects = await referencedDisplays(ctx, rows.map((r) => ({ type: r.assigned_object_type, id: r.assigned_object_id })));
    return rows.map((row) => `${objects.get(`${row.assigned_object_type}:${row.assigned_object_id}`) ?? 'None'} <> ${l2vpnDisplay.get(row.l2vpn_id)}`);
  },
});
