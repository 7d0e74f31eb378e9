import { FieldError, boolean, choice, decimal, foreignKey, input, integer, json, text } from '../core/model/fields';
import { LabelContext, Row, WriteContext, changedColumns, defineModel, labelOf, registry } from '../core/model/model';
import { booleanFilter, escapeLike, existingIds, idIn, iexact, pathFilter, searchFilter, tenancyFilters } from '../core/query/filters';
import { macAddressFilters } from './mac-addresses.models';
import { componentCounts, componentPresenceFilters } from './types.models';
import { DEVICE_COMPONENT_KINDS, counterNames } from './component-kinds';
import { ModelQuery, jsonListSql, loadRow, parseJsonList, q, selectSql } from '../core/query/model-query';
import { RenderContext, objectUrl } from '../core/serialize/serializer';
import { DEVICE_FACES, DEVICE_STATUSES, MODULE_STATUSES, VDC_STATUSES } from './choices';
import { naturalize } from './naturalize';
import { siteFilters } from './racks.models';
import { ModuleComponents, instantiateTemplates, moduleComponentProblem } from './templates';

const AIRFLOWS = [
  { value: 'front-to-rear', label: 'Front to rear' },
  { value: 'rear-to-front', label: 'Rear to front' },
  { value: 'left-to-right', label: 'Left to right' },
  { value: 'right-to-left', label: 'Right to left' },
  { value: 'side-to-rear', label: 'Side to rear' },
  { value: 'passive', label: 'Passive' },
  { value: 'mixed', label: 'Mixed' },
] as const;

/** Whether a device or context has a primary address; none can before IPAM is installed. */
const hasPrimaryIp = booleanFilter((ctx) => (registry.has('ipam.ipaddress') ? 't.primary_ip4_id IS NOT NULL OR t.primary_ip6_id IS NOT NULL' : ctx.driver === 'sqlite' ? '0' : 'FALSE'));

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
  filterset: { fields: ['id', 'domain', 'name', 'member_count'], related: ['master_id', 'master'] },
  filters: {
    // NetBox reads a chassis's tenant and site through its master.
    tenant_id: pathFilter(() => VirtualChassis, 'master.tenant', 'id'),
    tenant: pathFilter(() => VirtualChassis, 'master.tenant'),
    site_id: pathFilter(() => VirtualChassis, 'master.site', 'id'),
    site: pathFilter(() => VirtualChassis, 'master.site'),
    region_id: pathFilter(() => VirtualChassis, 'master.site.region', 'id'),
    region: pathFilter(() => VirtualChassis, 'master.site.region'),
    site_group_id: pathFilter(() => VirtualChassis, 'master.site.group', 'id'),
    site_group: pathFilter(() => VirtualChassis, 'master.site.group'),
    q: searchFilter((like) => [
      like('t.name'),
      like('t.domain'),
      `t.id IN (SELECT m.virtual_chassis_id FROM ${q('dcim_device')} m WHERE ${like('m.name')})`,
    ]),
  },
  async validate(row, previous, ctx) {
    // The master must be a member (a new chassis has none: its master joins it once created).
    if (previous && row.master_id !== null) {
      const master = await loadRow(ctx, Device, row.master_id);
      if (master && master.virtual_chassis_id !== row.id) {
        throw new FieldError({ master: [`The selected master (${await labelOf(Device, master, ctx)}) is not assigned to this virtual chassis.`] });
      }
    }
  },
  async afterWrite(_em, row, previous, { writer }) {
    // A new chassis's master becomes its member at position 1, as NetBox's signal does.
    if (row && !previous && row.master_id !== null) await writer.update(Device, row.master_id, { virtual_chassis: row.id, vc_position: 1 }, true);
  },
});

/** `Rack 3 (U12)`-style occupancy: the units a device of this height at this position covers. */
function unitsCovered(position: number, height: number): number[] {
  const units: number[] = [];
  for (let u = position; u < position + height; u += 0.5) units.push(u);
  return units;
}

/** The bounds NetBox's serializer (at least 0.5) and model (1 to 100.5) put on a position, checked before anything else. */
function validatePositionRange(row: Row): void {
  if (row.position === null) return;
  if (row.position < 0.5) throw new FieldError({ position: ['Ensure this value is greater than or equal to 0.5.'] });
  if (row.position < 1) throw new FieldError({ position: ['Ensure this value is greater than or equal to 1.'] });
  if (row.position > 100.5) throw new FieldError({ position: ['Ensure this value is less than or equal to 100.5.'] });
}

/** NetBox's checks of a device's placement, in its order: site, location and rack agree; position and face fit the rack. */
async function validatePlacement(row: Row, type: Row | null, ctx?: WriteContext): Promise<void> {
  const site = await loadRow(ctx, registry.get('dcim.site')!, row.site_id);
  const location = await loadRow(ctx, registry.get('dcim.location')!, row.location_id);
  const rack = await loadRow(ctx, registry.get('dcim.rack')!, row.rack_id);
  if (rack && site && rack.site_id !== site.id) throw new FieldError({ rack: [`Rack ${rack.name} does not belong to site ${site.name}.`] });
  if (location && site && location.site_id !== site.id) {
    throw new FieldError({ location: [`Location ${location.name} does not belong to site ${site.name}.`] });
  }
  if (rack && location && rack.location_id !== location.id) {
    throw new FieldError({ rack: [`Rack ${rack.name} does not belong to location ${location.name}.`] });
  }
  if (!rack) {
    if (row.face) throw new FieldError({ face: ['Cannot select a rack face without assigning a rack.'] });
    if (row.position !== null) throw new FieldError({ position: ['Cannot select a rack position without assigning a rack.'] });
  }
  if (row.position !== null && Math.round(row.position * 2) !== row.position * 2) {
    throw new FieldError({ position: ['Position must be in increments of 0.5 rack units.'] });
  }
  if (row.position !== null && !row.face) throw new FieldError({ face: ['Must specify rack face when defining rack position.'] });
  if (!type) return;
  if (row.position !== null && Number(type.u_height) === 0) {
    throw new FieldError({ position: [`A U0 device type (${type.model}) cannot be assigned to a rack position.`] });
  }
  if (!rack) return;
  if (type.subdevice_role === 'child') {
    if (row.face) throw new FieldError({ face: ['Child device types cannot be assigned to a rack face. This is an attribute of the parent device.'] });
    if (row.position !== null) {
      throw new FieldError({ position: ['Child device types cannot be assigned to a rack position. This is an attribute of the parent device.'] });
    }
  }
  if (row.position === null) return;
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

/** A platform limited to one manufacturer takes only device types of that manufacturer. */
async function validatePlatform(row: Row, type: Row | null, ctx?: WriteContext): Promise<void> {
  const platform = await loadRow(ctx, registry.get('dcim.platform')!, row.platform_id);
  if (!type || !platform || platform.manufacturer_id === null || platform.manufacturer_id === type.manufacturer_id) return;
  const manufacturers = registry.get('dcim.manufacturer')!;
  const [limited, actual] = [await loadRow(ctx, manufacturers, platform.manufacturer_id), await loadRow(ctx, manufacturers, type.manufacturer_id)];
  throw new FieldError({
    platform: [`The assigned platform is limited to ${limited?.name} device types, but this device's type belongs to ${actual?.name}.`],
  });
}

/** NetBox's name constraints compare names case-insensitively (`Lower('name')`), which the unique indexes cannot. */
async function validateUniqueName(row: Row, ctx?: WriteContext): Promise<void> {
  if (row.name === null || !ctx?.em || !ctx.driver) return;
  const query = new ModelQuery(ctx.em, Device, ctx.driver).where('LOWER(t.name) = LOWER(:name) AND t.site_id = :site', { name: row.name, site: row.site_id });
  if (row.tenant_id === null) query.where('t.tenant_id IS NULL');
  else query.where('t.tenant_id = :tenant', { tenant: row.tenant_id });
  if (row.id) query.where('t.id <> :self', { self: row.id });
  if (!(await query.count())) return;
  throw new FieldError([row.tenant_id === null ? 'Device name must be unique per site.' : 'Constraint “dcim_device_unique_name_site_tenant” is violated.']);
}

function formatUnit(u: number): string {
  return Number.isInteger(u) ? `${u}.0` : String(u);
}

/**
 * NetBox's `Device.__str__`: the name, with the asset tag when there is one; unnamed, the chassis and position
 * for a chassis member, else the type's manufacturer and model, each with the asset tag or else the id.
 */
function deviceStr(device: Row, chassis: string | null | undefined, manufacturer: unknown, model: unknown): string {
  const tag = device.asset_tag ? ` (${device.asset_tag})` : '';
  if (device.name) return device.name + tag;
  const suffix = tag || ` (${device.id})`;
  if (chassis !== null && chassis !== undefined) return `${chassis}:${device.vc_position ?? 'None'}${suffix}`;
  return `${manufacturer} ${model}${suffix}`;
}

type NestedTypeOrChassis = { model?: string; name?: string; manufacturer?: { name?: string } } | null;

/**
 * Each device's `__str__`: from the page's nested types and chassis when at hand, else from their rows
 * through the page's cache (no statement while they are unwritten), else in one statement.
 */
async function deviceLabels(devices: Row[], { em, reps, render }: LabelContext): Promise<string[]> {
  if (reps?.every((rep) => 'device_type' in rep && 'virtual_chassis' in rep)) {
    return devices.map((device, i) => {
      const type = reps[i].device_type as NestedTypeOrChassis;
      return deviceStr(device, (reps[i].virtual_chassis as NestedTypeOrChassis)?.name, type?.manufacturer?.name, type?.model);
    });
  }
  const cache = render?.cache;
  if (reps && cache) {
    // Rows, not nested forms: a chassis nests its master, a device.
    const rowsOf = async (label: string, ids: Array<number | null>) => {
      const model = registry.get(label)!;
      const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
      const rows = wanted.length ? await cache.rowsById(model.table, wanted, (missing) => new ModelQuery(em, model, render.driver).whereIdIn(missing).rows({ order: ['id'] })) : [];
      return new Map(rows.map((r) => [r.id as number, r]));
    };
    const [types, chassis] = await Promise.all([rowsOf('dcim.devicetype', devices.map((d) => d.device_type_id)), rowsOf('dcim.virtualchassis', devices.map((d) => d.virtual_chassis_id))]);
    const makers = await rowsOf('dcim.manufacturer', [...types.values()].map((t) => t.manufacturer_id));
    return devices.map((device) => {
      const type = types.get(device.device_type_id);
      const vc = device.virtual_chassis_id === null ? null : chassis.get(device.virtual_chassis_id)?.name;
      return deviceStr(device, vc, makers.get(type?.manufacturer_id)?.name, type?.model);
    });
  }
  // A page asks for all its devices, so that it costs the same statements whatever their names.
  const wanted = reps ? devices : devices.filter((d) => !d.name);
  if (!wanted.length) return devices.map((d) => deviceStr(d, undefined, undefined, undefined));
  const found = await selectSql<Record<string, any>>(
    em,
    `SELECT d.id AS id, dt.model AS model, m.name AS manufacturer, vc.name AS chassis FROM ${q(Device.table)} d ` +
      `INNER JOIN ${q(registry.get('dcim.devicetype')!.table)} dt ON dt.id = d.device_type_id ` +
      `INNER JOIN ${q(registry.get('dcim.manufacturer')!.table)} m ON m.id = dt.manufacturer_id ` +
      `LEFT JOIN ${q(VirtualChassis.table)} vc ON vc.id = d.virtual_chassis_id WHERE d.id IN (:...ids)`,
    { ids: wanted.map((d) => d.id) },
  );
  const byId = new Map(found.map((f) => [Number(f.id), f]));
  return devices.map((device) => {
    const f = byId.get(device.id);
    return deviceStr(device, device.virtual_chassis_id === null ? null : f?.chassis, f?.manufacturer, f?.model);
  });
}

/**
 * Each device's parent: the device whose bay holds it, nested with that bay. One statement (bays joined to their
 * devices and types), for the devices that sit in a bay; none when the cache knows that no device of the page does.
 */
async function loadParents(ctx: RenderContext, rows: Row[]): Promise<Map<number, Record<string, unknown>>> {
  const bays = registry.get('dcim.devicebay')!;
  let ids = rows.map((r) => r.id as number);
  // Which devices sit in a bay is remembered while bays are unwritten, for every device at once: most sit in none, and
  // a page of devices spread over the inventory then needs nothing more read.
  if (ctx.cache) {
    const installed = await ctx.cache.value(`installed:${bays.label}`, [bays.table], async () => {
      const found = await selectSql<{ id: number }>(ctx.em, `SELECT b.installed_device_id AS id FROM ${q(bays.table)} b WHERE b.installed_device_id IS NOT NULL`, {});
      return new Set(found.map((r) => Number(r.id)));
    });
    ids = ids.filter((id) => installed.has(id));
    if (!ids.length) return new Map();
  }
  const held = await selectSql<Record<string, any>>(
    ctx.em,
    'SELECT b.id AS bay_id, b.name AS bay_name, b.installed_device_id AS child_id, d.id AS parent_id, d.name AS parent_name, ' +
      'd.asset_tag AS asset_tag, d.vc_position AS vc_position, dt.model AS model, m.name AS manufacturer, vc.name AS chassis ' +
      `FROM ${q(bays.table)} b INNER JOIN ${q(Device.table)} d ON d.id = b.device_id ` +
      `INNER JOIN ${q(registry.get('dcim.devicetype')!.table)} dt ON dt.id = d.device_type_id ` +
      `INNER JOIN ${q(registry.get('dcim.manufacturer')!.table)} m ON m.id = dt.manufacturer_id ` +
      `LEFT JOIN ${q(VirtualChassis.table)} vc ON vc.id = d.virtual_chassis_id WHERE b.installed_device_id IN (:...ids)`,
    { ids },
  );
  const parents = new Map<number, Record<string, unknown>>();
  for (const h of held) {
    const id = Number(h.parent_id);
    const display = deviceStr({ id, name: h.parent_name, asset_tag: h.asset_tag, vc_position: h.vc_position }, h.chassis, h.manufacturer, h.model);
    parents.set(Number(h.child_id), {
      id,
      url: objectUrl(ctx, Device, id),
      display,
      name: h.parent_name,
      display_name: display,
      device_bay: { id: Number(h.bay_id), url: objectUrl(ctx, bays, Number(h.bay_id)), display: h.bay_name, name: h.bay_name },
    });
  }
  return parents;
}

/** Where a device's row, read as an update starts, carries the ids of the devices in its bays. */
const INSTALLED_DEVICES = '__installed_devices';

/** 4.x's GPS coordinates of a device: NetBox's validators bound them. */
function validateCoordinates(row: Row): void {
  for (const [field, bound] of [['latitude', 90], ['longitude', 180]] as const) {
    const value = row[field];
    if (value === null || value === undefined) continue;
    if (value < -bound) throw new FieldError({ [field]: [`Ensure this value is greater than or equal to -${bound}.0.`] });
    if (value > bound) throw new FieldError({ [field]: [`Ensure this value is less than or equal to ${bound}.0.`] });
  }
}

export const Device = defineModel({
  app: 'dcim',
  name: 'device',
  plural: 'devices',
  display: (d) => (d.name ? deviceStr(d, undefined, undefined, undefined) : `Device ${d.id}`),
  labels: deviceLabels,
  ordering: ['_name', 'id'],
  substringIndexes: ['name', 'serial', 'asset_tag', 'comments'],
  caseInsensitiveIndexes: [['name', 'site']],
  fields: {
    name: text({ max: 64, nullable: true, blank: true }),
    _name: text({ max: 100, nullable: true, readOnly: true }),
    device_type: foreignKey('dcim.devicetype', { onDelete: 'PROTECT' }),
    device_role: foreignKey('dcim.devicerole', { onDelete: 'PROTECT' }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    platform: foreignKey('dcim.platform', { nullable: true, onDelete: 'SET NULL' }),
    serial: text({ max: 50, blank: true }),
    asset_tag: text({ max: 50, nullable: true, blank: true, unique: true, verboseName: 'Asset tag' }),
    site: foreignKey('dcim.site', { onDelete: 'PROTECT' }),
    location: foreignKey('dcim.location', { nullable: true, onDelete: 'PROTECT' }),
    rack: foreignKey('dcim.rack', { nullable: true, onDelete: 'PROTECT' }),
    position: decimal({ digits: 4, places: 1, nullable: true }),
    face: choice(DEVICE_FACES, { blank: true }),
    status: choice(DEVICE_STATUSES, { default: 'active' }),
    airflow: choice(AIRFLOWS, { blank: true }),
    primary_ip4: foreignKey('ipam.ipaddress', { nullable: true, onDelete: 'SET NULL' }),
    primary_ip6: foreignKey('ipam.ipaddress', { nullable: true, onDelete: 'SET NULL' }),
    oob_ip: foreignKey('ipam.ipaddress', { nullable: true, unique: true, onDelete: 'SET NULL', label: 'Out-of-band IP', verboseName: 'Out-of-band IP' }),
    cluster: foreignKey('virtualization.cluster', { nullable: true, onDelete: 'SET NULL' }),
    virtual_chassis: foreignKey('dcim.virtualchassis', { nullable: true, onDelete: 'SET NULL', reverse: 'members' }),
    vc_position: integer({ min: 0, max: 255, nullable: true }),
    vc_priority: integer({ min: 0, max: 255, nullable: true }),
    latitude: decimal({ digits: 8, places: 6, nullable: true, helpText: 'GPS coordinate in decimal format (xx.yyyyyy)' }),
    longitude: decimal({ digits: 9, places: 6, nullable: true, helpText: 'GPS coordinate in decimal format (xx.yyyyyy)' }),
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
  counts: componentCounts('device', DEVICE_COMPONENT_KINDS),
  constraints: [
    { fields: ['name', 'site', 'tenant'], name: 'dcim_device_unique_name_site_tenant' },
    { fields: ['name', 'site'], when: { tenant: null }, name: 'dcim_device_unique_name_site', message: 'Device name must be unique per site.' },
    // Django words a constraint over plain fields as a unique-together error.
    {
      fields: ['virtual_chassis', 'vc_position'],
      name: 'dcim_device_unique_virtual_chassis_vc_position',
      message: 'Device with this Virtual chassis and Vc position already exists.',
    },
  ],
  indexes: [['rack', 'position']],
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
    fields: [
      'id', 'asset_tag', 'face', 'position', 'latitude', 'longitude', 'airflow', 'vc_position', 'vc_priority', 'name', 'serial', 'status',
      ...counterNames(DEVICE_COMPONENT_KINDS),
    ],
    related: [
      'device_type_id', 'device_type', 'platform_id', 'platform', 'site_id', 'site', 'location_id', 'rack_id', 'cluster_id', 'virtual_chassis_id',
      'config_template_id', 'primary_ip4_id', 'primary_ip6_id', 'oob_ip_id', 'tenant_id', 'tenant',
    ],
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
      negatable: true,
      async apply(values, ctx) {
        const ids = await existingIds(Device, values, ctx);
        ctx.where(`t.id IN (SELECT b.installed_device_id FROM ${q('dcim_devicebay')} b WHERE b.device_id IN (${ids.map((id) => ctx.param(id)).join(', ')}))`);
      },
    },
    is_full_depth: booleanFilter(
      (ctx) => `t.device_type_id IN (SELECT dt.id FROM ${q('dcim_devicetype')} dt WHERE dt.is_full_depth = ${ctx.driver === 'sqlite' ? 1 : 'TRUE'})`,
    ),
    has_primary_ip: hasPrimaryIp,
    has_oob_ip: booleanFilter((ctx) => (registry.has('ipam.ipaddress') ? 't.oob_ip_id IS NOT NULL' : ctx.driver === 'sqlite' ? '0' : 'FALSE')),
    virtual_chassis_member: booleanFilter(() => 't.virtual_chassis_id IS NOT NULL'),
    local_context_data: booleanFilter(() => 't.local_context_data IS NOT NULL'),
    ...macAddressFilters('dcim.interface', 'device_id'),
    ...componentPresenceFilters('device_id', [
      'console_ports', 'console_server_ports', 'power_ports', 'power_outlets', 'interfaces', 'pass_through_ports', 'module_bays', 'device_bays',
    ]),
    name: iexact('name'),
    serial: iexact('serial'),
    // NetBox searches a device's inventory items' serials too, and not its description.
    q: searchFilter((like, ctx) => [
      like('t.name'),
      like('t.serial'),
      like('t.asset_tag'),
      like('t.comments'),
      idIn(ctx, `SELECT i.device_id FROM ${q('dcim_inventoryitem')} i WHERE ${like('i.serial')}`),
    ]),
  },
  async validate(row, previous, ctx) {
    if (row.name === '') row.name = null;
    row._name = naturalize(row.name);
    validatePositionRange(row);
    validateCoordinates(row);
    const changed = (...columns: string[]) => changedColumns(row, previous, columns);
    const placed = changed('site_id', 'location_id', 'rack_id', 'position', 'face', 'device_type_id');
    const type = placed || changed('platform_id') ? await loadRow(ctx, registry.get('dcim.devicetype')!, row.device_type_id) : null;
    if (placed) await validatePlacement(row, type, ctx);
    if (changed('primary_ip4_id', 'primary_ip6_id', 'oob_ip_id', 'virtual_chassis_id')) {
      await validatePrimaryIps(row, row.id, ctx, (ip) => `The specified IP address (${ip.address}) is not assigned to this device.`, true);
    }
    if (changed('platform_id', 'device_type_id')) await validatePlatform(row, type, ctx);
    const cluster = changed('cluster_id', 'site_id') ? await loadRow(ctx, registry.get('virtualization.cluster'), row.cluster_id) : null;
    if (cluster && cluster.site_id !== null && cluster.site_id !== row.site_id) {
      const site = await loadRow(ctx, registry.get('dcim.site'), cluster.site_id);
      throw new FieldError({ cluster: [`The assigned cluster belongs to a different site (${site?.name})`] });
    }
    if (row.virtual_chassis_id !== null && row.vc_position === null) {
      throw new FieldError({ vc_position: ['A device assigned to a virtual chassis must have its position defined.'] });
    }
    if (changed('name', 'site_id', 'tenant_id')) await validateUniqueName(row, ctx);
    // What NetBox's save() fills in: airflow and platform from the type on create, the location from the rack always.
    if (!previous && type && !row.airflow && type.airflow) row.airflow = type.airflow;
    if (!previous && type && row.platform_id === null && type.default_platform_id !== null) row.platform_id = type.default_platform_id;
    // A rack's devices follow it when it moves (Rack's afterWrite): only a new rack may move the device.
    const rack = changed('rack_id') ? await loadRow(ctx, registry.get('dcim.rack')!, row.rack_id) : null;
    if (rack && rack.location_id !== null) row.location_id = rack.location_id;
  },
  // The devices in its bays, in the bays' order, read with the device as an update starts.
  readWithPrevious: (query) => ({
    [INSTALLED_DEVICES]: jsonListSql(query.driver, 'b.installed_device_id', 'b.id', `FROM ${q(registry.get('dcim.devicebay')!.table)} b WHERE b.device_id = t.id AND b.installed_device_id IS NOT NULL`),
  }),
  async afterWrite(em, row, previous, ctx) {
    if (row && !previous) await instantiateTemplates(em, row, ctx);
    // Devices in this one's bays follow it, each saved with its own change record, as NetBox's save() does.
    if (row && previous) {
      for (const child of parseJsonList<number>(previous[INSTALLED_DEVICES])) {
        await ctx.writer.update(Device, Number(child), { site: row.site_id, rack: row.rack_id, location: row.location_id }, true);
      }
    }
  },
  async augment(ctx, rows, reps) {
    for (const rep of reps) if ('display_name' in rep) rep.display_name = rep.display;
    reps.forEach(orderWithoutConfigContext);
    if (!reps.some((r) => 'parent_device' in r || 'primary_ip' in r)) return;
    const parents = reps.some((r) => 'parent_device' in r) ? await loadParents(ctx, rows) : new Map<number, Record<string, unknown>>();
    rows.forEach((row, i) => {
      const rep = reps[i];
      if ('parent_device' in rep) rep.parent_device = parents.get(row.id) ?? null;
      if ('primary_ip' in rep) rep.primary_ip = primaryIp(rep, ctx.config?.preferIpv4);
    });
  },
});

/** Without `config_context` NetBox answers with its plain device serializer, which puts `config_template` before `local_context_data`. */
function orderWithoutConfigContext(rep: Record<string, unknown>): void {
  if ('config_context' in rep || !('config_template' in rep) || !('local_context_data' in rep)) return;
  const entries = Object.entries(rep);
  for (const [key] of entries) delete rep[key];
  for (const [key, value] of entries) {
    if (key === 'config_template') continue;
    if (key === 'local_context_data') rep.config_template = entries.find(([k]) => k === 'config_template')![1];
    rep[key] = value;
  }
}


/** A write-only yes or no of a module's create. */
function componentsFlag(byDefault: boolean, helpText: string) {
  const flag = boolean();
  return input((value) => flag.parse(value), { type: 'boolean', default: byDefault, writeOnly: true }, { writeOnly: true, default: byDefault, helpText });
}

/** What a module's create asked of its type's templates; NetBox's defaults where it did not say. */
function moduleComponents(given: Row | undefined): ModuleComponents {
  return { replicate: given?.replicate_components ?? true, adopt: given?.adopt_components ?? false };
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
    asset_tag: text({ max: 50, nullable: true, blank: true, unique: true, verboseName: 'Asset tag' }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
    // 4.x's choice, when the module is created, of what becomes of its type's templates: never shown, nor kept.
    replicate_components: componentsFlag(true, 'Automatically populate components associated with this module type (default: true)'),
    adopt_components: componentsFlag(false, 'Adopt already existing components'),
  },
  brief: ['id', 'url', 'display', 'device', 'module_bay', 'module_type'],
  relatedObject: 'device',
  filterset: { fields: ['id', 'status', 'asset_tag', 'serial'], related: ['module_type_id', 'module_type', 'module_bay_id', 'device_id'] },
  filters: {
    manufacturer_id: pathFilter(() => Module, 'module_type.manufacturer', 'id'),
    manufacturer: pathFilter(() => Module, 'module_type.manufacturer'),
    profile_id: pathFilter(() => Module, 'module_type.profile', 'id'),
    profile: pathFilter(() => Module, 'module_type.profile', 'name'),
    serial: iexact('serial'),
    // NetBox searches the module's device's name, and not its description.
    q: searchFilter((like) => [
      `t.device_id IN (SELECT d.id FROM ${q('dcim_device')} d WHERE ${like('d.name')})`,
      like('t.serial'),
      like('t.asset_tag'),
      like('t.comments'),
    ]),
  },
  async validate(row, previous, ctx) {
    const bay = await loadRow(ctx, registry.get('dcim.modulebay')!, row.module_bay_id);
    if (bay && bay.device_id !== row.device_id) {
      const device = await loadRow(ctx, Device, row.device_id);
      throw new FieldError([`Module must be installed within a module bay belonging to the assigned device (${device && (await labelOf(Device, device, ctx))}).`]);
    }
    // A disabled bay keeps the module it holds, but takes no other.
    if (bay && !bay.enabled && (!previous || previous.module_bay_id !== row.module_bay_id)) {
      throw new FieldError({ module_bay: ['Cannot install a module in a disabled module bay.'] });
    }
    if (previous && previous.device_id !== row.device_id) throw new FieldError({ device: ['Components cannot be moved to a different device.'] });
    const problem = !previous && bay && ctx?.em && ctx.driver ? await moduleComponentProblem(ctx.em, ctx.driver, row, bay, moduleComponents(ctx.input)) : null;
    // NetBox's serializer checks these, not the model: its message is not the model's.
    if (problem) throw new FieldError({ non_field_errors: [problem] });
  },
  async afterWrite(em, row, previous, ctx) {
    if (row && !previous) await instantiateTemplates(em, row, ctx, 'module', moduleComponents(ctx.input));
  },
  // NetBox labels a module by its bay and type.
  async labels(rows, ctx) {
    const types = await new ModelQuery(ctx.em, registry.get('dcim.moduletype')!, ctx.driver).whereIdIn([...new Set(rows.map((r) => r.module_type_id))]).rows({ order: ['id'] });
    const bays = await new ModelQuery(ctx.em, registry.get('dcim.modulebay')!, ctx.driver).whereIdIn([...new Set(rows.map((r) => r.module_bay_id))]).rows({ order: ['id'] });
    const model = new Map(types.map((t) => [t.id, t.model]));
    const bayName = new Map(bays.map((b) => [b.id, b.name]));
    return rows.map((row) => `${bayName.get(row.module_bay_id)}: ${model.get(row.module_type_id)} (${row.id})`);
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
  filterset: { fields: ['id', 'device', 'name', 'status'], related: ['device_id', 'tenant_id', 'tenant'] },
  filters: {
    ...tenancyFilters(() => VirtualDeviceContext),
    has_primary_ip: hasPrimaryIp,
    // NetBox's search: the name, or the identifier when the value is a number.
    q: {
      apply(values, ctx) {
        const value = values[values.length - 1]?.trim();
        if (!value) return;
        const like = `LOWER(t.name) LIKE ${ctx.param(`%${escapeLike(value.toLowerCase())}%`)} ESCAPE '\\'`;
        ctx.where(/^-?\d+$/.test(value) ? `(${like} OR t.identifier = ${ctx.param(Number(value))})` : like);
      },
    },
  },
  async validate(row, _previous, ctx) {
    await validatePrimaryIps(row, row.device_id, ctx, () => 'Primary IP address must belong to an interface on the assigned device.', false);
  },
  async augment(ctx, _rows, reps) {
    for (const rep of reps) if ('primary_ip' in rep) rep.primary_ip = primaryIp(rep, ctx.config?.preferIpv4);
  },
});

/** NetBox's `primary_ip`: the IPv6 address unless PREFER_IPV4 asks for the IPv4 one, then whichever there is. */
function primaryIp(rep: Record<string, unknown>, preferIpv4 = false): unknown {
  return (preferIpv4 && rep.primary_ip4) || rep.primary_ip6 || rep.primary_ip4 || null;
}

/**
 * A primary address has the right family and sits on one of the device's interfaces, or on any
 * non-management interface of its virtual chassis; a device may also name the outside address of a NAT pair,
 * and so its out-of-band address (4.1), of either family.
 */
async function validatePrimaryIps(row: Row, deviceId: number, ctx: WriteContext | undefined, notAssigned: (ip: Row) => string, viaNat: boolean): Promise<void> {
  const addresses = registry.get('ipam.ipaddress');
  if (!addresses) return;
  const onDevice = async (ip: Row | null): Promise<boolean> => {
    if (!ip || ip.assigned_object_type !== 'dcim.interface') return false;
    // Read only for an address to check: a device being created has no row yet.
    const device = await loadRow(ctx, Device, deviceId);
    const iface = await loadRow(ctx, registry.get('dcim.interface'), ip.assigned_object_id);
    if (!iface || !device) return false;
    if (iface.device_id === device.id) return true;
    if (device.virtual_chassis_id === null || iface.mgmt_only) return false;
    return (await loadRow(ctx, Device, iface.device_id))?.virtual_chassis_id === device.virtual_chassis_id;
  };
  const assigned = async (ip: Row) => (await onDevice(ip)) || (viaNat && (await onDevice(await loadRow(ctx, addresses, ip.nat_inside_id))));
  for (const family of [4, 6]) {
    const ip = await loadRow(ctx, addresses, row[`primary_ip${family}_id`]);
    if (!ip) continue;
    if (ip.family !== family) throw new FieldError({ [`primary_ip${family}`]: [`${ip.address} is not an IPv${family} address.`] });
    if (!(await assigned(ip))) throw new FieldError({ [`primary_ip${family}`]: [notAssigned(ip)] });
  }
  const oob = 'oob_ip_id' in row ? await loadRow(ctx, addresses, row.oob_ip_id) : null;
  if (oob && !(await assigned(oob))) throw new FieldError({ oob_ip: [notAssigned(oob)] });
}
