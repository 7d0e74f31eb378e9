import { FieldError, boolean, choice, decimal, foreignKey, integer, json, slug, text } from '../core/model/fields';
import { ModelDef, Row, WriteContext, defineModel, registry } from '../core/model/model';
import { iexact, pathFilter, tenancyFilters } from '../core/query/filters';
import { ModelQuery, loadRow, q } from '../core/query/model-query';
import { Location, Site } from './organisation.models';
import { WEIGHT_UNITS } from './types.models';

export const RackRole = defineModel({
  app: 'dcim',
  name: 'rackrole',
  plural: 'rack-roles',
  verboseName: 'rack role',
  fields: {
    name: text({ max: 100, unique: true }),
    slug: slug({ max: 100, unique: true }),
    color: text({ max: 6, default: '9e9e9e', pattern: /^[0-9a-f]{6}$/, patternMessage: 'Enter a valid hexadecimal RGB color code.' }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  counts: { rack_count: { model: 'dcim.rack', field: 'role' } },
  brief: ['id', 'url', 'display', 'name', 'slug', 'rack_count'],
  search: ['name', 'slug', 'description'],
  filterset: { fields: ['id', 'name', 'slug', 'color', 'description'] },
});

const RACK_STATUSES = [
  { value: 'reserved', label: 'Reserved' },
  { value: 'available', label: 'Available' },
  { value: 'planned', label: 'Planned' },
  { value: 'active', label: 'Active' },
  { value: 'deprecated', label: 'Deprecated' },
] as const;

const RACK_TYPES = [
  { value: '2-post-frame', label: '2-post frame' },
  { value: '4-post-frame', label: '4-post frame' },
  { value: '4-post-cabinet', label: '4-post cabinet' },
  { value: 'wall-frame', label: 'Wall-mounted frame' },
  { value: 'wall-frame-vertical', label: 'Wall-mounted frame (vertical)' },
  { value: 'wall-cabinet', label: 'Wall-mounted cabinet' },
  { value: 'wall-cabinet-vertical', label: 'Wall-mounted cabinet (vertical)' },
] as const;

const RACK_WIDTHS = [
  { value: 10, label: '10 inches' },
  { value: 19, label: '19 inches' },
  { value: 21, label: '21 inches' },
  { value: 23, label: '23 inches' },
] as const;

const RACK_AIRFLOWS = [
  { value: 'front-to-rear', label: 'Front to rear' },
  { value: 'rear-to-front', label: 'Rear to front' },
] as const;

const RESERVATION_STATUSES = [
  { value: 'pending', label: 'Pending' },
  { value: 'active', label: 'Active' },
  { value: 'stale', label: 'Stale' },
] as const;

const LENGTH_UNITS = [
  { value: 'mm', label: 'Millimeters' },
  { value: 'in', label: 'Inches' },
] as const;

/** Filters every model placed in a site has: by the site's region and group (trees), as NetBox. */
export function siteFilters(model: () => ModelDef, sitePath = 'site') {
  return {
    region_id: pathFilter(model, `${sitePath}.region`, 'id'),
    region: pathFilter(model, `${sitePath}.region`),
    site_group_id: pathFilter(model, `${sitePath}.group`, 'id'),
    site_group: pathFilter(model, `${sitePath}.group`),
  };
}

/** A location given with a site must be in that site. */
export async function requireLocationInSite(row: Row, ctx?: WriteContext): Promise<void> {
  if (row.location_id === null || row.location_id === undefined || !ctx?.em || !ctx.driver) return;
  const [location] = await new ModelQuery(ctx.em, Location, ctx.driver).whereIdIn([row.location_id]).rows({ order: ['id'] });
  if (location && location.site_id !== row.site_id) {
    const [site] = await new ModelQuery(ctx.em, Site, ctx.driver).whereIdIn([row.site_id]).rows({ order: ['id'] });
    throw new FieldError({ location: [`Location must be from the same site, ${site?.name}.`] });
  }
}

/** NetBox 4.6's rack groups: racks grouped by physical placement, flat (not 2.x's groups that 2.11 made locations). */
export const RackGroup = defineModel({
  app: 'dcim',
  name: 'rackgroup',
  plural: 'rack-groups',
  verboseName: 'rack group',
  fields: {
    name: text({ max: 100, unique: true }),
    slug: slug({ max: 100, unique: true }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  counts: { rack_count: { model: 'dcim.rack', field: 'group' } },
  brief: ['id', 'url', 'display', 'name', 'slug', 'description', 'rack_count'],
  search: ['name', 'slug', 'description'],
  filterset: { fields: ['id', 'name', 'slug', 'description'] },
});

/** A rack's physical attributes a rack type gives it (NetBox's RACKTYPE_FIELDS), by stored name: the form factor is stored as 3.5's `type`. */
const RACK_TYPE_ATTRIBUTES: Record<string, string> = {
  type: 'form_factor',
  width: 'width',
  u_height: 'u_height',
  starting_unit: 'starting_unit',
  desc_units: 'desc_units',
  outer_width: 'outer_width',
  outer_height: 'outer_height',
  outer_depth: 'outer_depth',
  outer_unit: 'outer_unit',
  mounting_depth: 'mounting_depth',
  weight: 'weight',
  weight_unit: 'weight_unit',
  max_weight: 'max_weight',
};

/** The dimensions and weight a rack and a rack type share (NetBox's RackBase). */
const rackBase = () => ({
  width: choice(RACK_WIDTHS, { default: 19, helpText: 'Rail-to-rail width' }),
  u_height: integer({ min: 1, max: 100, default: 42, label: 'Height (U)', helpText: 'Height in rack units' }),
  starting_unit: integer({ min: 1, max: 32767, default: 1, helpText: 'Starting unit for rack' }),
  desc_units: boolean({ default: false, label: 'Descending units', helpText: 'Units are numbered top-to-bottom' }),
  outer_width: integer({ min: 0, max: 32767, nullable: true, helpText: 'Outer dimension of rack (width)' }),
  outer_height: integer({ min: 0, max: 32767, nullable: true, helpText: 'Outer dimension of rack (height)' }),
  outer_depth: integer({ min: 0, max: 32767, nullable: true, helpText: 'Outer dimension of rack (depth)' }),
  outer_unit: choice(LENGTH_UNITS, { nullable: true, blank: true }),
  weight: decimal({ digits: 8, places: 2, nullable: true }),
  max_weight: integer({ min: 0, max: 2147483647, nullable: true, helpText: 'Maximum load capacity for the rack' }),
  weight_unit: choice(WEIGHT_UNITS, { nullable: true, blank: true }),
  mounting_depth: integer({ min: 0, max: 32767, nullable: true, helpText: 'Maximum depth of a mounted device, in millimeters.' }),
});

/** Whether any outer dimension is set: a unit is then needed, and without one the unit is dropped. */
const hasOuterDimension = (row: Row) => [row.outer_width, row.outer_height, row.outer_depth].some((v) => v !== null && v !== undefined && v !== 0);

/** NetBox 4.1's rack types: a manufacturer's model of rack, whose physical attributes its racks take (and keep in step with it). */
export const RackType = defineModel({
  app: 'dcim',
  name: 'racktype',
  plural: 'rack-types',
  verboseName: 'rack type',
  display: (t) => t.model,
  ordering: ['manufacturer', 'model', 'id'],
  lookupField: 'slug',
  fields: {
    manufacturer: foreignKey('dcim.manufacturer', { onDelete: 'PROTECT' }),
    model: text({ max: 100 }),
    slug: slug({ max: 100, unique: true }),
    description: text({ max: 200, blank: true }),
    // NetBox's model requires it, though its serializer does not ask for it: a write without one is refused by the model.
    form_factor: choice(RACK_TYPES, { nullable: true, blank: true }),
    ...rackBase(),
    comments: text({ blank: true }),
  },
  constraints: [
    { fields: ['manufacturer', 'model'], name: 'dcim_racktype_unique_manufacturer_model' },
    { fields: ['manufacturer', 'slug'], name: 'dcim_racktype_unique_manufacturer_slug' },
  ],
  counts: { rack_count: { model: 'dcim.rack', field: 'rack_type' } },
  brief: ['id', 'url', 'display', 'manufacturer', 'model', 'slug', 'description', 'rack_count'],
  search: ['model', 'description', 'comments'],
  filterset: {
    fields: [
      'id', 'model', 'slug', 'u_height', 'starting_unit', 'desc_units', 'outer_width', 'outer_height', 'outer_depth', 'outer_unit', 'mounting_depth', 'weight',
      'max_weight', 'weight_unit', 'description', 'rack_count', 'form_factor', 'width',
    ],
    related: ['manufacturer_id', 'manufacturer'],
  },
  validate(row, _previous, ctx) {
    if (!row.form_factor) throw new FieldError({ form_factor: [row.form_factor === null && 'form_factor' in (ctx?.input ?? {}) ? 'This field cannot be null.' : 'This field cannot be blank.'] });
    if (hasOuterDimension(row) && !row.outer_unit) throw new FieldError(['Must specify a unit when setting an outer dimension']);
    if (row.max_weight && !row.weight_unit) throw new FieldError(['Must specify a unit when setting a maximum weight']);
    // NetBox's save(): no unit without a dimension.
    if (!hasOuterDimension(row)) row.outer_unit = null;
  },
  // NetBox's save(): each of its racks takes the type's attributes again, with a change record.
  async afterWrite(em, row, previous, { driver, writer }) {
    if (!row || !previous) return;
    const racks = await new ModelQuery(em, Rack, driver).where('t.rack_type_id = :type', { type: row.id }).select({ id: 't.id' });
    for (const rack of racks) await writer.update(Rack, Number(rack.id), {}, true);
  },
});

/**
 * A rack holds its mounted devices: it is tall enough for the highest and numbered from at most the lowest one's unit
 * (NetBox's clean), measured by the type's height and starting unit where it has a type.
 */
async function checkMountedDevices(row: Row, type: Row | null, ctx?: WriteContext): Promise<void> {
  const devices = registry.get('dcim.device');
  const deviceTypes = registry.get('dcim.devicetype');
  if (row.id === undefined || !devices || !deviceTypes || !ctx?.em || !ctx.driver) return;
  const height = type ? type.u_height : row.u_height;
  const start = type ? type.starting_unit : row.starting_unit;
  const [bounds] = await new ModelQuery(ctx.em, devices, ctx.driver)
    .where('t.rack_id = :rack AND t.position IS NOT NULL', { rack: row.id })
    .select({ lowest: 'MIN(t.position)', top: `MAX(t.position + (SELECT d.u_height FROM ${q(deviceTypes.table)} d WHERE d.id = t.device_type_id))` });
  if (bounds?.lowest === null || bounds?.lowest === undefined) return;
  const minHeight = Number(bounds.top) - start;
  if (height < minHeight) throw new FieldError({ [type ? 'rack_type' : 'u_height']: [`Rack must be at least ${minHeight}U tall to house currently installed devices.`] });
  if (start > Number(bounds.lowest)) {
    throw new FieldError({ [type ? 'rack_type' : 'starting_unit']: [`Rack unit numbering must begin at ${Number(bounds.lowest)} or less to house currently installed devices.`] });
  }
}

/** NetBox's `Rack.__str__`: the name, with the facility id when there is one. */
function rackDisplay(rack: Row): string {
  return rack.facility_id ? `${rack.name} (${rack.facility_id})` : rack.name;
}

export const Rack = defineModel({
  app: 'dcim',
  name: 'rack',
  plural: 'racks',
  display: rackDisplay,
  ordering: ['site', 'location', 'name', 'id'],
  fields: {
    name: text({ max: 100 }),
    facility_id: text({ max: 50, nullable: true, blank: true, label: 'Facility ID' }),
    site: foreignKey('dcim.site', { onDelete: 'PROTECT' }),
    location: foreignKey('dcim.location', { nullable: true, onDelete: 'SET NULL' }),
    group: foreignKey(() => RackGroup, { nullable: true, onDelete: 'PROTECT', helpText: 'physical grouping' }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    status: choice(RACK_STATUSES, { default: 'active' }),
    role: foreignKey('dcim.rackrole', { nullable: true, onDelete: 'PROTECT' }),
    serial: text({ max: 50, blank: true }),
    asset_tag: text({ max: 50, nullable: true, blank: true, unique: true, verboseName: 'Asset tag' }),
    rack_type: foreignKey(() => RackType, { nullable: true, onDelete: 'PROTECT' }),
    type: choice(RACK_TYPES, { nullable: true, blank: true }),
    width: choice(RACK_WIDTHS, { default: 19 }),
    u_height: integer({ min: 1, max: 100, default: 42 }),
    starting_unit: integer({ min: 1, max: 32767, default: 1 }),
    weight: decimal({ digits: 8, places: 2, nullable: true }),
    max_weight: integer({ min: 0, max: 2147483647, nullable: true }),
    weight_unit: choice(WEIGHT_UNITS, { nullable: true, blank: true }),
    desc_units: boolean({ default: false }),
    outer_width: integer({ min: 0, max: 32767, nullable: true }),
    outer_height: integer({ min: 0, max: 32767, nullable: true }),
    outer_depth: integer({ min: 0, max: 32767, nullable: true }),
    outer_unit: choice(LENGTH_UNITS, { nullable: true, blank: true }),
    mounting_depth: integer({ min: 0, max: 32767, nullable: true }),
    airflow: choice(RACK_AIRFLOWS, { nullable: true, blank: true }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  constraints: [{ fields: ['location', 'name'] }, { fields: ['location', 'facility_id'] }],
  counts: {
    device_count: { model: 'dcim.device', field: 'rack' },
    powerfeed_count: { model: 'dcim.powerfeed', field: 'rack' },
  },
  brief: ['id', 'url', 'display', 'name', 'device_count'],
  search: ['name', 'facility_id', 'serial', 'asset_tag', 'description', 'comments'],
  filterset: {
    fields: [
      'id', 'name', 'facility_id', 'asset_tag', 'u_height', 'starting_unit', 'desc_units', 'outer_width', 'outer_height', 'outer_depth', 'outer_unit',
      'mounting_depth', 'airflow', 'weight', 'max_weight', 'weight_unit', 'status', 'type', 'width', 'serial',
    ],
    related: ['site_id', 'site', 'location_id', 'location', 'role_id', 'role', 'tenant_id', 'tenant', 'group_id', 'group', 'rack_type_id', 'rack_type'],
  },
  filters: {
    ...tenancyFilters(() => Rack),
    ...siteFilters(() => Rack),
    serial: iexact('serial'),
    manufacturer_id: pathFilter(() => Rack, 'rack_type.manufacturer', 'id'),
    manufacturer: pathFilter(() => Rack, 'rack_type.manufacturer'),
  },
  // NetBox's signal: the rack's devices follow its site and location, in one update without change records.
  async afterWrite(em, row, previous) {
    if (!row || !previous || (row.site_id === previous.site_id && row.location_id === previous.location_id)) return;
    const devices = registry.get('dcim.device')!;
    await em.createQueryBuilder().update(devices.table).set({ site_id: row.site_id, location_id: row.location_id }).where('rack_id = :rack', { rack: row.id }).execute();
  },
  async validate(row, _previous, ctx) {
    if ((row.outer_width !== null || row.outer_depth !== null || (row.outer_height ?? null) !== null) && !row.outer_unit) {
      throw new FieldError({ outer_unit: ['Must specify a unit when setting an outer width/depth'] });
    }
    if (row.max_weight !== null && !row.weight_unit) {
      throw new FieldError({ weight_unit: ['Must specify a unit when setting a maximum weight'] });
    }
    await requireLocationInSite(row, ctx);
    const type = await loadRow(ctx, RackType, row.rack_type_id);
    // Only a write that moves the rack's units asks whether its devices still fit (a type's changes reach its racks regardless).
    const moved = ['rack_type_id', 'u_height', 'starting_unit'].some((column) => column in (ctx?.input ?? row));
    if (moved) await checkMountedDevices(row, type, ctx);
    // NetBox's save(): a rack with a type takes its physical attributes.
    if (type) for (const [column, attribute] of Object.entries(RACK_TYPE_ATTRIBUTES)) row[column] = type[attribute];
  },
});

export const RackReservation = defineModel({
  app: 'dcim',
  name: 'rackreservation',
  plural: 'rack-reservations',
  verboseName: 'rack reservation',
  async labels(rows, ctx) {
    const racks = await new ModelQuery(ctx.em, Rack, ctx.driver).whereIdIn([...new Set(rows.map((r) => r.rack_id))]).rows({ order: ['id'] });
    const label = new Map(racks.map((r) => [r.id, rackDisplay(r)]));
    return rows.map((row) => `Reservation for rack ${label.get(row.rack_id)}`);
  },
  ordering: ['created', 'id'],
  fields: {
    rack: foreignKey('dcim.rack', { onDelete: 'CASCADE' }),
    units: json(),
    user: foreignKey('users.user', { onDelete: 'PROTECT' }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    status: choice(RESERVATION_STATUSES, { default: 'active' }),
    description: text({ max: 200 }),
    comments: text({ blank: true }),
  },
  full: ['id', 'url', 'display', 'rack', 'units', 'unit_count', 'created', 'last_updated', 'user', 'tenant', 'description', 'comments', 'tags', 'custom_fields'],
  brief: ['id', 'url', 'display', 'user', 'units'],
  search: ['description', 'comments'],
  filterset: { fields: ['id', 'created', 'description', 'status'], related: ['rack_id', 'user_id', 'user', 'tenant_id', 'tenant'] },
  filters: {
    ...tenancyFilters(() => RackReservation),
    group_id: pathFilter(() => RackReservation, 'rack.group', 'id'),
    group: pathFilter(() => RackReservation, 'rack.group'),
    site_id: pathFilter(() => RackReservation, 'rack.site', 'id'),
    site: pathFilter(() => RackReservation, 'rack.site'),
    location_id: pathFilter(() => RackReservation, 'rack.location', 'id'),
    location: pathFilter(() => RackReservation, 'rack.location'),
    ...siteFilters(() => RackReservation, 'rack.site'),
  },
  // 4.x's number of units reserved.
  present(rep, row) {
    if ('unit_count' in rep) rep.unit_count = Array.isArray(row.units) ? row.units.length : 0;
  },
  // Units must exist in the rack and not be reserved already.
  async validate(row, previous, ctx) {
    const units = row.units;
    if (!Array.isArray(units) || units.length === 0 || units.some((u) => !Number.isInteger(u))) {
      throw new FieldError({ units: ['Expected a list of unit numbers.'] });
    }
    row.units = [...new Set(units as number[])].sort((a, b) => a - b);
    if (!ctx?.em || !ctx.driver) return;
    const [rack] = await new ModelQuery(ctx.em, Rack, ctx.driver).whereIdIn([row.rack_id]).rows({ order: ['id'] });
    if (!rack) return;
    const invalid = (row.units as number[]).filter((u) => u < 1 || u > rack.u_height);
    if (invalid.length) throw new FieldError({ units: [`Invalid unit(s) for ${rack.u_height}U rack: ${invalid.join(', ')}`] });
    const others = await new ModelQuery(ctx.em, RackReservation, ctx.driver)
      .where('t.rack_id = :rack', { rack: rack.id })
      .where('t.id <> :self', { self: previous?.id ?? 0 })
      .rows({ order: ['id'] });
    const taken = new Set(others.flatMap((o) => o.units as number[]));
    const conflicts = (row.units as number[]).filter((u) => taken.has(u));
    if (conflicts.length) throw new FieldError({ units: [`The following units have already been reserved: ${conflicts.join(', ')}`] });
  },
});
