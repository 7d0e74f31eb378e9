import { FieldError, choice, decimal, foreignKey, manyToMany, slug, text } from '../core/model/fields';
import { ModelDef, Row, defineModel, registry } from '../core/model/model';
import { pathFilter, tenancyFilters } from '../core/query/filters';
import { ModelQuery, q } from '../core/query/model-query';

export const LOCATION_STATUSES = [
  { value: 'planned', label: 'Planned' },
  { value: 'staging', label: 'Staging' },
  { value: 'active', label: 'Active' },
  { value: 'decommissioning', label: 'Decommissioning' },
  { value: 'retired', label: 'Retired' },
] as const;

/** 4.x's prefix_count: prefixes whose cached place is this one itself, not counted through the tree (NetBox's `prefix_set`). */
const prefixCount = (cache: string) => ({ model: 'ipam.prefix', where: `c.${q(cache)} = t.id` });

/** Regions and site groups: trees of sites, counted cumulatively. */
function siteTree(name: string, plural: string, verboseName: string, siteField: string, cache: string): ModelDef {
  return defineModel({
    app: 'dcim',
    name,
    plural,
    verboseName,
    tree: true,
    fields: {
      name: text({ max: 100, unique: true }),
      slug: slug({ max: 100, unique: true }),
      parent: foreignKey(`dcim.${name}`, { nullable: true, onDelete: 'CASCADE' }),
      description: text({ max: 200, blank: true }),
      comments: text({ blank: true }),
    },
    counts: { site_count: { model: 'dcim.site', field: siteField }, prefix_count: prefixCount(cache) },
    brief: ['id', 'url', 'display', 'name', 'slug', 'site_count', '_depth'],
    search: ['name', 'slug', 'description', 'comments'],
    filterset: { fields: ['id', 'name', 'slug', 'description'], related: ['parent_id', 'parent'] },
  });
}

export const Region = siteTree('region', 'regions', 'region', 'region', '_region_id');
export const SiteGroup = siteTree('sitegroup', 'site-groups', 'site group', 'group', '_site_group_id');

/** IANA time zone names, as the runtime knows them. */
function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const Site = defineModel({
  app: 'dcim',
  name: 'site',
  plural: 'sites',
  fields: {
    name: text({ max: 100, unique: true }),
    slug: slug({ max: 100, unique: true }),
    status: choice(LOCATION_STATUSES, { default: 'active' }),
    region: foreignKey('dcim.region', { nullable: true, onDelete: 'SET NULL' }),
    group: foreignKey('dcim.sitegroup', { nullable: true, onDelete: 'SET NULL' }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    facility: text({ max: 50, blank: true }),
    time_zone: text({ max: 63, nullable: true, blank: true }),
    description: text({ max: 200, blank: true }),
    physical_address: text({ max: 200, blank: true }),
    shipping_address: text({ max: 200, blank: true }),
    latitude: decimal({ digits: 8, places: 6, nullable: true }),
    longitude: decimal({ digits: 9, places: 6, nullable: true }),
    comments: text({ blank: true }),
    asns: manyToMany('ipam.asn', { filterName: 'asn' }),
  },
  // Each count appears once its model is installed.
  counts: {
    circuit_count: { model: 'circuits.circuittermination', field: 'site' },
    device_count: { model: 'dcim.device', field: 'site' },
    prefix_count: { model: 'ipam.prefix', field: 'site' },
    rack_count: { model: 'dcim.rack', field: 'site' },
    virtualmachine_count: { model: 'virtualization.virtualmachine', field: 'site' },
    vlan_count: { model: 'ipam.vlan', field: 'site' },
  },
  brief: ['id', 'url', 'display', 'name', 'slug'],
  search: ['name', 'slug', 'facility', 'description', 'physical_address', 'shipping_address', 'comments'],
  filterset: {
    fields: ['id', 'name', 'slug', 'facility', 'latitude', 'longitude', 'description', 'status'],
    related: ['region_id', 'region', 'group_id', 'group', 'asn', 'asn_id', 'tenant_id', 'tenant'],
  },
  filters: tenancyFilters(() => Site),
  validate(row: Row) {
    if (row.time_zone && !validTimeZone(row.time_zone)) throw new FieldError({ time_zone: ['A valid timezone is required.'] });
    if (row.time_zone === '') row.time_zone = null;
  },
});

/** Rooms, floors, cages: a tree inside one site. */
export const Location = defineModel({
  app: 'dcim',
  name: 'location',
  plural: 'locations',
  tree: true,
  fields: {
    name: text({ max: 100 }),
    slug: slug({ max: 100 }),
    site: foreignKey('dcim.site', { onDelete: 'CASCADE' }),
    parent: foreignKey('dcim.location', { nullable: true, onDelete: 'CASCADE' }),
    status: choice(LOCATION_STATUSES, { default: 'active' }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    facility: text({ max: 50, blank: true }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  constraints: [
    { fields: ['site', 'parent', 'name'] },
    { fields: ['site', 'name'], when: { parent: null }, name: 'dcim_location_name' },
    { fields: ['site', 'parent', 'slug'] },
    { fields: ['site', 'slug'], when: { parent: null }, name: 'dcim_location_slug' },
  ],
  counts: {
    rack_count: { model: 'dcim.rack', field: 'location' },
    device_count: { model: 'dcim.device', field: 'location' },
    prefix_count: prefixCount('_location_id'),
  },
  /**
   * NetBox's signal: what lies in the location and below follows it to another site (its locations, racks,
   * devices, power panels and cable ends), in updates without change records.
   */
  async afterWrite(em, row, previous) {
    if (!row || !previous || row.site_id === previous.site_id) return;
    const below = `SELECT l.id FROM ${q(Location.table)} l WHERE l.tree_path LIKE :path`;
    const params = { site: row.site_id, path: `${row.tree_path}%` };
    const move = (label: string, column: string, siteColumn = 'site_id') =>
      em.createQueryBuilder().update(registry.get(label)!.table).set({ [siteColumn]: () => ':site' }).where(`${q(column)} IN (${below})`).setParameters(params).execute();
    await move('dcim.location', 'id');
    for (const label of ['dcim.rack', 'dcim.device', 'dcim.powerpanel']) if (registry.has(label)) await move(label, 'location_id');
    if (registry.has('dcim.cabletermination')) await move('dcim.cabletermination', '_location', '_site');
  },
  brief: ['id', 'url', 'display', 'name', 'slug', 'rack_count', '_depth'],
  search: ['name', 'slug', 'description', 'comments', 'facility'],
  filterset: { fields: ['id', 'name', 'slug', 'status', 'facility', 'description'], related: ['site_id', 'site', 'parent_id', 'parent', 'tenant_id', 'tenant'] },
  filters: {
    ...tenancyFilters(() => Location),
    region_id: pathFilter(() => Location, 'site.region', 'id'),
    region: pathFilter(() => Location, 'site.region'),
    site_group_id: pathFilter(() => Location, 'site.group', 'id'),
    site_group: pathFilter(() => Location, 'site.group'),
  },
  async validate(row, _previous, ctx) {
    if (row.parent_id === null || !ctx?.em || !ctx.driver) return;
    const [parent] = await new ModelQuery(ctx.em, Location, ctx.driver).whereIdIn([row.parent_id]).rows({ order: ['id'] });
    if (parent && parent.site_id !== row.site_id) {
      const [site] = await new ModelQuery(ctx.em, Site, ctx.driver).whereIdIn([row.site_id]).rows({ order: ['id'] });
      throw new FieldError([`Parent location (${parent.name}) must belong to the same site (${site?.name}).`]);
    }
  },
});
