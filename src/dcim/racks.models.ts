import { FieldError, boolean, choice, decimal, foreignKey, integer, json, slug, text } from '../core/model/fields';
import { ModelDef, Row, WriteContext, defineModel, registry } from '../core/model/model';
import { iexact, pathFilter, tenancyFilters } from '../core/query/filters';
import { ModelQuery } from '../core/query/model-query';
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
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    status: choice(RACK_STATUSES, { default: 'active' }),
    role: foreignKey('dcim.rackrole', { nullable: true, onDelete: 'PROTECT' }),
    serial: text({ max: 50, blank: true }),
    asset_tag: text({ max: 50, nullable: true, blank: true, unique: true, verboseName: 'Asset tag' }),
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
    related: ['site_id', 'site', 'location_id', 'location', 'role_id', 'role', 'tenant_id', 'tenant'],
  },
  filters: { ...tenancyFilters(() => Rack), ...siteFilters(() => Rack), serial: iexact('serial') },
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
