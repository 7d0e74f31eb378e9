import { FieldError, choice, decimal, foreignKey, integer, json, text } from '../core/model/fields';
import { ModelDef, Row, WriteContext, defineModel, registry } from '../core/model/model';
import { booleanFilter, pathFilter, tenancyFilters } from '../core/query/filters';
import { ModelQuery, q } from '../core/query/model-query';
import { loadNested, objectUrl } from '../core/serialize/serializer';
import { DEVICE_FACES, DEVICE_STATUSES, MODULE_STATUSES, VDC_STATUSES } from './choices';
import { naturalize } from './naturalize';
import { siteFilters } from './racks.models';
import { instantiateTemplates } from './templates';

const AIRFLOWS = [
  { value: 'front-to-rear', label: 'Front to rear' },
  { value: 'rear-to-front', label: 'Rear to front' },
  { value: 'left-to-right', label: 'Left to right' },
  { value: 'right-to-left', label: 'Right to left' },
  { value: 'side-to-rear', label: 'Side to rear' },
  { value: 'passive', label: 'Passive' },
  { value: 'mixed', label: 'Mixed' },
] as const;

/** Reads one object by id inside a write's transaction. */
export async function loadRow(ctx: WriteContext | undefined, model: ModelDef, id: number | null | undefined): Promise<Row | null> {
  if (id === null || id === undefined || !ctx?.em || !ctx.driver) return null;
  const [row] = await new ModelQuery(ctx.em, model, ctx.driver).whereIdIn([id]).rows({ order: ['id'] });
  return row ?? null;
}

export const VirtualChassis = defineModel({
  app: 'dcim',
  name: 'virtualchassis',
  plural: 'virtual-chassis',
  verboseName: 'virtual chassis',
  verboseNamePlural: 'virtual chassis',
  fields: {
    name: text({ max: 64 }),
    domain: text({ max: 30, blank: true }),
    master: foreignKey('dcim.device', { nullable: true, onDelete: 'SET NULL' }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  full: ['id', 'url', 'display', 'name', 'domain', 'master', 'description', 'comments', 'tags', 'custom_fields', 'member_count', 'created', 'last_updated'],
  counts: { member_count: { model: 'dcim.device', field: 'virtual_chassis' } },
  brief: ['id', 'url', 'display', 'name', 'master', 'member_count'],
  search: ['name', 'domain', 'description', 'comments'],
  filters: {
    ...tenancyFilters(() => VirtualChassis),
    site_id: pathFilter(() => VirtualChassis, 'master.site', 'id'),
    site: pathFilter(() => VirtualChassis, 'master.site'),
    region_id: pathFilter(() => VirtualChassis, 'master.site.region', 'id'),
    region: pathFilter(() => VirtualChassis, 'master.site.region'),
    site_group_id: pathFilter(() => VirtualChassis, 'master.site.group', 'id'),
    site_group: pathFilter(() => VirtualChassis, 'master.site.group'),
  },
  async validate(row, previous, ctx) {
    // The master must be a member already (a new chassis has none: its master joins it afterwards).
    if (previous && row.master_id !== null && row.master_id !== previous.master_id) {
      const master = await loadRow(ctx, Device, row.master_id);
      if (master && master.virtual_chassis_id !== row.id) {
        throw new FieldError({ master: [`The selected master (${master.name}) is not assigned to this virtual chassis.`] });
      }
    }
  },
  async afterWrite(em, row) {
    // A new chassis's master becomes its first member, as NetBox's form does.
    if (row && row.master_id !== null) {
      await em.createQueryBuilder().update(Device.table).set({ virtual_chassis_id: row.id }).where('id = :id AND virtual_chassis_id IS NULL', { id: row.master_id }).execute();
    }
  },
});

/** `Rack 3 (U12)`-style occupancy: the units a device of this height at this position covers. */
function unitsCovered(position: number, height: number): number[] {
  const units: number[] = [];
  for (let u = position; u < position + height; u += 0.5) units.push(u);
  return units;
}

/** NetBox's checks of a device's placement: site, location and rack agree; position and face fit the rack. */
async function validatePlacement(row: Row, ctx?: WriteContext): Promise<void> {
  const site = await loadRow(ctx, registry.get('dcim.site')!, row.site_id);
  const location = await loadRow(ctx, registry.get('dcim.location')!, row.location_id);
  const rack = await loadRow(ctx, registry.get('dcim.rack')!, row.rack_id);
  const type = await loadRow(ctx, registry.get('dcim.devicetype')!, row.device_type_id);
  if (location && site && location.site_id !== site.id) {
    throw new FieldError({ location: [`Location ${location.name} does not belong to site ${site.name}.`] });
  }
  if (rack && site && rack.site_id !== site.id) throw new FieldError({ rack: [`Rack ${rack.name} does not belong to site ${site.name}.`] });
  if (rack && location && rack.location_id !== location.id) {
    throw new FieldError({ rack: [`Rack ${rack.name} does not belong to location ${location.name}.`] });
  }
  if (!rack) {
    if (row.face) throw new FieldError({ face: ['Cannot select a rack face without assigning a rack.'] });
    if (row.position !== null) throw new FieldError({ position: ['Cannot select a rack position without assigning a rack.'] });
  }
  if (row.position !== null && !row.face) throw new FieldError({ face: ['Must specify rack face when defining rack position.'] });
  if (row.position !== null) {
    if (row.position < 1) throw new FieldError({ position: ['Ensure this value is greater than or equal to 1.'] });
    if (Math.round(row.position * 2) !== row.position * 2) throw new FieldError({ position: ['Position must be in increments of 0.5 rack units.'] });
  }
  if (!type) return;
  if (type.subdevice_role === 'child') {
    if (row.face) throw new FieldError({ face: ['Child device types cannot be assigned to a rack face. This is an attribute of the parent device.'] });
    if (row.position !== null) {
      throw new FieldError({ position: ['Child device types cannot be assigned to a rack position. This is an attribute of the parent device.'] });
    }
  }
  if (row.position === null || !rack) return;
  if (type.u_height === 0) throw new FieldError({ position: [`A U0 device type (${type.model}) cannot be assigned to a rack position.`] });
  const wanted = unitsCovered(row.position, type.u_height);
  const occupied = new Set<number>();
  const others = await new ModelQuery(ctx!.em!, Device, ctx!.driver!)
    .where('t.rack_id = :rack AND t.position IS NOT NULL AND t.id <> :self', { rack: rack.id, self: row.id ?? 0 })
    .rows({ order: ['id'] });
  const types = new Map<number, Row>();
  for (const id of new Set(others.map((o) => o.device_type_id))) types.set(id, (await loadRow(ctx, registry.get('dcim.devicetype')!, id))!);
  for (const other of others) {
    const otherType = types.get(other.device_type_id)!;
    // A half-depth device leaves the other face free.
    if (other.face !== row.face && !(otherType.is_full_depth || type.is_full_depth)) continue;
    for (const u of unitsCovered(other.position, otherType.u_height)) occupied.add(u);
  }
  if (wanted[wanted.length - 1] >= rack.u_height + 1 || wanted.some((u) => occupied.has(u))) {
    throw new FieldError({
      position: [
        `U${formatUnit(row.position)} is already occupied or does not have sufficient space to accommodate this device type: ${type.model} (${formatUnit(type.u_height)}U)`,
      ],
    });
  }
}

function formatUnit(u: number): string {
  return Number.isInteger(u) ? `${u}.0` : String(u);
}

/** A device without a name reads as its type and id, as NetBox labels it. */
async function labelUnnamed(ctx: { em: any; driver: any }, rows: Row[], reps: Record<string, unknown>[]): Promise<void> {
  const unnamed = rows.filter((r) => !r.name);
  const named = (rep: Record<string, unknown>, row: Row) => {
    if ('display_name' in rep) rep.display_name = rep.display ?? row.name;
  };
  if (unnamed.length) {
    const types = registry.get('dcim.devicetype')!;
    const found = await new ModelQuery(ctx.em, types, ctx.driver).whereIdIn([...new Set(unnamed.map((r) => r.device_type_id))]).rows({ order: ['id'] });
    const model = new Map(found.map((t) => [t.id, t.model]));
    rows.forEach((row, i) => {
      if (!row.name && 'display' in reps[i]) reps[i].display = `${model.get(row.device_type_id)} (${row.id})`;
    });
  }
  rows.forEach((row, i) => named(reps[i], row));
}

export const Device = defineModel({
  app: 'dcim',
  name: 'device',
  plural: 'devices',
  display: (d) => d.name ?? `Device ${d.id}`,
  ordering: ['_name', 'id'],
  fields: {
    name: text({ max: 64, nullable: true, blank: true }),
    _name: text({ max: 100, nullable: true, readOnly: true }),
    device_type: foreignKey('dcim.devicetype', { onDelete: 'PROTECT' }),
    device_role: foreignKey('dcim.devicerole', { onDelete: 'PROTECT' }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    platform: foreignKey('dcim.platform', { nullable: true, onDelete: 'SET NULL' }),
    serial: text({ max: 50, blank: true }),
    asset_tag: text({ max: 50, nullable: true, blank: true, unique: true }),
    site: foreignKey('dcim.site', { onDelete: 'PROTECT' }),
    location: foreignKey('dcim.location', { nullable: true, onDelete: 'PROTECT' }),
    rack: foreignKey('dcim.rack', { nullable: true, onDelete: 'PROTECT' }),
    position: decimal({ digits: 4, places: 1, nullable: true }),
    face: choice(DEVICE_FACES, { blank: true }),
    status: choice(DEVICE_STATUSES, { default: 'active' }),
    airflow: choice(AIRFLOWS, { blank: true }),
    primary_ip4: foreignKey('ipam.ipaddress', { nullable: true, onDelete: 'SET NULL' }),
    primary_ip6: foreignKey('ipam.ipaddress', { nullable: true, onDelete: 'SET NULL' }),
    oob_ip: foreignKey('ipam.ipaddress', { nullable: true, onDelete: 'SET NULL' }),
    cluster: foreignKey('virtualization.cluster', { nullable: true, onDelete: 'SET NULL' }),
    virtual_chassis: foreignKey('dcim.virtualchassis', { nullable: true, onDelete: 'SET NULL' }),
    vc_position: integer({ min: 0, max: 255, nullable: true }),
    vc_priority: integer({ min: 0, max: 255, nullable: true }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
    config_template: foreignKey('extras.configtemplate', { nullable: true, onDelete: 'PROTECT' }),
    local_context_data: json({ nullable: true }),
  },
  full: [
    'id', 'url', 'display', 'name', 'device_type', 'device_role', 'tenant', 'platform', 'serial', 'asset_tag', 'site', 'location', 'rack',
    'position', 'face', 'parent_device', 'status', 'airflow', 'primary_ip', 'primary_ip4', 'primary_ip6', 'oob_ip', 'cluster', 'virtual_chassis',
    'vc_position', 'vc_priority', 'description', 'comments', 'local_context_data', 'tags', 'custom_fields', 'config_context', 'config_template',
    'created', 'last_updated',
  ],
  brief: ['id', 'url', 'display', 'name', 'display_name'],
  constraints: [
    { fields: ['name', 'site', 'tenant'], name: 'dcim_device_unique_name_site_tenant' },
    { fields: ['name', 'site'], when: { tenant: null }, name: 'dcim_device_unique_name_site', message: 'Device name must be unique per site.' },
    { fields: ['virtual_chassis', 'vc_position'], name: 'dcim_device_unique_virtual_chassis_vc_position' },
  ],
  indexes: [['rack', 'position']],
  search: ['name', 'serial', 'asset_tag', 'description', 'comments'],
  lookupField: 'name',
  configContext: {
    criteria: {
      regions: 'site.region',
      site_groups: 'site.group',
      sites: 'site',
      locations: 'location',
      device_types: 'device_type',
      roles: 'device_role',
      platforms: 'platform',
      tenant_groups: 'tenant.group',
      tenants: 'tenant',
      tags: '@tags',
    },
    local: 'local_context_data',
  },
  filters: {
    ...tenancyFilters(() => Device),
    ...siteFilters(() => Device),
    manufacturer_id: pathFilter(() => Device, 'device_type.manufacturer', 'id'),
    manufacturer: pathFilter(() => Device, 'device_type.manufacturer'),
    model: pathFilter(() => Device, 'device_type'),
    role_id: pathFilter(() => Device, 'device_role', 'id'),
    role: pathFilter(() => Device, 'device_role'),
    parent_device_id: {
      apply(values, ctx) {
        const ids = values.map((v) => pathId(v));
        ctx.where(`t.id IN (SELECT b.installed_device_id FROM ${q('dcim_devicebay')} b WHERE b.device_id IN (${ids.map((id) => ctx.param(id)).join(', ')}))`);
      },
    },
    is_full_depth: booleanFilter(
      (ctx) => `t.device_type_id IN (SELECT dt.id FROM ${q('dcim_devicetype')} dt WHERE dt.is_full_depth = ${ctx.driver === 'sqlite' ? 1 : 'TRUE'})`,
    ),
    has_primary_ip: booleanFilter((ctx) => (registry.has('ipam.ipaddress') ? 't.primary_ip4_id IS NOT NULL OR t.primary_ip6_id IS NOT NULL' : ctx.driver === 'sqlite' ? '0' : 'FALSE')),
    virtual_chassis_member: booleanFilter(() => 't.virtual_chassis_id IS NOT NULL'),
    local_context_data: booleanFilter(() => 't.local_context_data IS NOT NULL'),
    mac_address: {
      apply(values, ctx) {
        const macs = values.map((v) => ctx.param(v.toUpperCase()));
        ctx.where(`t.id IN (SELECT i.device_id FROM ${q('dcim_interface')} i WHERE UPPER(i.mac_address) IN (${macs.join(', ')}))`);
      },
    },
    ...Object.fromEntries(
      ['console_ports', 'console_server_ports', 'power_ports', 'power_outlets', 'interfaces', 'module_bays', 'device_bays'].map((key) => [
        key,
        booleanFilter(() => `EXISTS (SELECT 1 FROM ${q(`dcim_${key.replace(/_/g, '').replace(/s$/, '')}`)} c WHERE c.device_id = t.id)`),
      ]),
    ),
    pass_through_ports: booleanFilter(() => `EXISTS (SELECT 1 FROM ${q('dcim_frontport')} c WHERE c.device_id = t.id)`),
  },
  async validate(row, previous, ctx) {
    row._name = naturalize(row.name);
    if (row.name === '') row.name = null;
    await validatePlacement(row, ctx);
    if (row.virtual_chassis_id !== null && row.vc_position === null) {
      throw new FieldError({ vc_position: ['A device assigned to a virtual chassis must have its position defined.'] });
    }
    if (!previous) {
      // Airflow and platform come from the device type unless given.
      const type = await loadRow(ctx, registry.get('dcim.devicetype')!, row.device_type_id);
      if (type && !row.airflow && type.airflow) row.airflow = type.airflow;
      if (type && row.platform_id === null && type.default_platform_id !== null) row.platform_id = type.default_platform_id;
    }
  },
  async afterWrite(em, row, previous, ctx) {
    if (row && !previous) await instantiateTemplates(em, row, ctx);
  },
  async augment(ctx, rows, reps) {
    await labelUnnamed(ctx, rows, reps);
    if (!reps.some((r) => 'parent_device' in r || 'primary_ip' in r)) return;
    // The parent is the device whose bay holds this one.
    const bays = registry.get('dcim.devicebay');
    const parents = new Map<number, Record<string, unknown>>();
    if (bays && reps.some((r) => 'parent_device' in r)) {
      const held = await new ModelQuery(ctx.em, bays, ctx.driver).where(`t.installed_device_id IN (:...ids)`, { ids: rows.map((r) => r.id) }).rows({ order: ['id'] });
      const devices = await loadNested(ctx, Device, [...new Set(held.map((b) => b.device_id))]);
      for (const bay of held) {
        const parent = devices.get(bay.device_id);
        if (parent) {
          parents.set(bay.installed_device_id, {
            ...parent,
            device_bay: { id: bay.id, url: objectUrl(ctx, bays, bay.id), display: bay.name, name: bay.name },
          });
        }
      }
    }
    rows.forEach((row, i) => {
      const rep = reps[i];
      if ('parent_device' in rep) rep.parent_device = parents.get(row.id) ?? null;
      // NetBox prefers IPv6 unless told otherwise.
      if ('primary_ip' in rep) rep.primary_ip = rep.primary_ip6 ?? rep.primary_ip4 ?? null;
    });
  },
});

function pathId(value: string): number {
  if (!/^\d+$/.test(value)) throw new FieldError([`“${value}” is not a valid value.`]);
  return Number(value);
}

export const Module = defineModel({
  app: 'dcim',
  name: 'module',
  plural: 'modules',
  display: (m) => `Module ${m.id}`,
  ordering: ['module_bay', 'id'],
  fields: {
    device: foreignKey('dcim.device', { onDelete: 'CASCADE' }),
    module_bay: foreignKey('dcim.modulebay', { onDelete: 'CASCADE', unique: true }),
    module_type: foreignKey('dcim.moduletype', { onDelete: 'PROTECT' }),
    status: choice(MODULE_STATUSES, { default: 'active' }),
    serial: text({ max: 50, blank: true }),
    asset_tag: text({ max: 50, nullable: true, blank: true, unique: true }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  brief: ['id', 'url', 'display', 'device', 'module_bay', 'module_type'],
  search: ['serial', 'asset_tag', 'description', 'comments'],
  relatedObject: 'device',
  filters: {
    manufacturer_id: pathFilter(() => Module, 'module_type.manufacturer', 'id'),
    manufacturer: pathFilter(() => Module, 'module_type.manufacturer'),
  },
  async validate(row, previous, ctx) {
    const bay = await loadRow(ctx, registry.get('dcim.modulebay')!, row.module_bay_id);
    if (bay && bay.device_id !== row.device_id) {
      throw new FieldError({ module_bay: [`Module must be installed within a module bay belonging to the assigned device.`] });
    }
    if (previous && previous.device_id !== row.device_id) throw new FieldError({ device: ['Components cannot be moved to a different device.'] });
  },
  async afterWrite(em, row, previous, ctx) {
    if (row && !previous) await instantiateTemplates(em, row, ctx, 'module');
  },
  async augment(ctx, rows, reps) {
    const types = await new ModelQuery(ctx.em, registry.get('dcim.moduletype')!, ctx.driver).whereIdIn([...new Set(rows.map((r) => r.module_type_id))]).rows({ order: ['id'] });
    const bays = await new ModelQuery(ctx.em, registry.get('dcim.modulebay')!, ctx.driver).whereIdIn([...new Set(rows.map((r) => r.module_bay_id))]).rows({ order: ['id'] });
    const model = new Map(types.map((t) => [t.id, t.model]));
    const bayName = new Map(bays.map((b) => [b.id, b.name]));
    // NetBox labels a module by its bay and type.
    rows.forEach((row, i) => {
      if ('display' in reps[i]) reps[i].display = `${bayName.get(row.module_bay_id)}: ${model.get(row.module_type_id)} (${row.id})`;
    });
  },
});

export const VirtualDeviceContext = defineModel({
  app: 'dcim',
  name: 'virtualdevicecontext',
  plural: 'virtual-device-contexts',
  verboseName: 'virtual device context',
  ordering: ['name', 'id'],
  fields: {
    name: text({ max: 64 }),
    device: foreignKey('dcim.device', { onDelete: 'PROTECT' }),
    identifier: integer({ min: 0, max: 32767, nullable: true }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    primary_ip4: foreignKey('ipam.ipaddress', { nullable: true, onDelete: 'SET NULL' }),
    primary_ip6: foreignKey('ipam.ipaddress', { nullable: true, onDelete: 'SET NULL' }),
    status: choice(VDC_STATUSES, { flat: true }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  full: [
    'id', 'url', 'display', 'name', 'device', 'identifier', 'tenant', 'primary_ip', 'primary_ip4', 'primary_ip6', 'status', 'description', 'comments',
    'tags', 'custom_fields', 'created', 'last_updated', 'interface_count',
  ],
  counts: { interface_count: { model: 'dcim.interface', field: 'vdcs' } },
  constraints: [{ fields: ['device', 'name'] }, { fields: ['device', 'identifier'] }],
  brief: ['id', 'url', 'display', 'name', 'identifier', 'device'],
  search: ['name', 'description', 'comments'],
  filters: { ...tenancyFilters(() => VirtualDeviceContext) },
  async augment(_ctx, _rows, reps) {
    for (const rep of reps) if ('primary_ip' in rep) rep.primary_ip = rep.primary_ip6 ?? rep.primary_ip4 ?? null;
  },
});
