import { FieldError, choice, foreignKey, integer, text } from '../core/model/fields';
import { CustomFilter, defineModel, registry } from '../core/model/model';
import { escapeLike, pathFilter, tenancyFilters } from '../core/query/filters';
import { loadRow, q } from '../core/query/model-query';
import { CABLED_KEYS, PATH_KEYS, augmentCabled, cabledFields, cabledFilters } from './cabling';
import { POWER_FEED_PHASES, POWER_FEED_STATUSES, POWER_FEED_SUPPLIES, POWER_FEED_TYPES } from './choices';
import { siteFilters } from './racks.models';

export const PowerPanel = defineModel({
  app: 'dcim',
  name: 'powerpanel',
  plural: 'power-panels',
  verboseName: 'power panel',
  ordering: ['site', 'name', 'id'],
  fields: {
    site: foreignKey('dcim.site', { onDelete: 'PROTECT' }),
    location: foreignKey('dcim.location', { nullable: true, onDelete: 'PROTECT' }),
    name: text({ max: 100 }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  full: ['id', 'url', 'display', 'site', 'location', 'name', 'description', 'comments', 'tags', 'custom_fields', 'powerfeed_count', 'created', 'last_updated'],
  counts: { powerfeed_count: { model: 'dcim.powerfeed', field: 'power_panel' } },
  constraints: [{ fields: ['site', 'name'] }],
  brief: ['id', 'url', 'display', 'name', 'powerfeed_count'],
  search: ['name', 'description', 'comments'],
  filterset: { fields: ['id', 'name'], related: ['site_id', 'site', 'location_id'] },
  filters: { ...siteFilters(() => PowerPanel) },
  async validate(row, _previous, ctx) {
    const location = await loadRow(ctx, registry.get('dcim.location')!, row.location_id);
    if (location && location.site_id !== row.site_id) {
      const sites = registry.get('dcim.site')!;
      const [own, theirs] = [await loadRow(ctx, sites, row.site_id), await loadRow(ctx, sites, location.site_id)];
      throw new FieldError([`Location ${location.name} (${theirs?.name}) is in a different site than ${own?.name}`]);
    }
  },
});

export const PowerFeed = defineModel({
  app: 'dcim',
  name: 'powerfeed',
  plural: 'power-feeds',
  verboseName: 'power feed',
  ordering: ['power_panel', 'name', 'id'],
  fields: {
    power_panel: foreignKey('dcim.powerpanel', { onDelete: 'PROTECT' }),
    rack: foreignKey('dcim.rack', { nullable: true, onDelete: 'PROTECT' }),
    name: text({ max: 100 }),
    status: choice(POWER_FEED_STATUSES, { default: 'active' }),
    type: choice(POWER_FEED_TYPES, { default: 'primary' }),
    supply: choice(POWER_FEED_SUPPLIES, { default: 'ac' }),
    phase: choice(POWER_FEED_PHASES, { default: 'single-phase' }),
    voltage: integer({ min: -32768, max: 32767, default: 120 }),
    amperage: integer({ min: 1, max: 32767, default: 15 }),
    max_utilization: integer({ min: 1, max: 100, default: 80 }),
    available_power: integer({ min: 0, readOnly: true, default: 0 }),
    ...cabledFields(true),
    description: text({ max: 200, blank: true }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    comments: text({ blank: true }),
  },
  full: [
    'id', 'url', 'display', 'power_panel', 'rack', 'name', 'status', 'type', 'supply', 'phase', 'voltage', 'amperage', 'max_utilization',
    ...CABLED_KEYS, ...PATH_KEYS, 'description', 'comments', 'tags', 'custom_fields', 'created', 'last_updated', '_occupied',
  ],
  constraints: [{ fields: ['power_panel', 'name'] }],
  brief: ['id', 'url', 'display', 'name', 'cable', '_occupied'],
  search: ['name', 'comments'],
  filterset: {
    fields: ['id', 'name', 'status', 'type', 'supply', 'phase', 'voltage', 'amperage', 'max_utilization', 'cable_end'],
    related: ['power_panel_id', 'rack_id', 'tenant_id', 'tenant'],
  },
  filters: {
    ...tenancyFilters(() => PowerFeed),
    q: feedSearch(),
    ...cabledFilters(() => PowerFeed, true),
    site_id: pathFilter(() => PowerFeed, 'power_panel.site', 'id'),
    site: pathFilter(() => PowerFeed, 'power_panel.site'),
    ...siteFilters(() => PowerFeed, 'power_panel.site'),
  },
  async validate(row, _previous, ctx) {
    // NetBox's field validator (zero volts), then the cabled object's check, then the feed's own.
    if (row.voltage === 0) throw new FieldError({ voltage: ['This value may not be 0.'] });
    if (row.mark_connected && row.cable_id !== null) throw new FieldError({ mark_connected: ['Cannot mark as connected with a cable attached.'] });
    const rack = await loadRow(ctx, registry.get('dcim.rack')!, row.rack_id);
    const panel = await loadRow(ctx, PowerPanel, row.power_panel_id);
    if (rack && panel && rack.site_id !== panel.site_id) {
      const sites = registry.get('dcim.site')!;
      const [rackSite, panelSite] = [await loadRow(ctx, sites, rack.site_id), await loadRow(ctx, sites, panel.site_id)];
      throw new FieldError([`Rack ${rack.name} (${rackSite?.name}) and power panel ${panel.name} (${panelSite?.name}) are in different sites`]);
    }
    if (row.voltage < 0 && row.supply === 'ac') throw new FieldError({ voltage: ['Voltage cannot be negative for AC supply'] });
    const kva = Math.abs(row.voltage) * row.amperage * (row.max_utilization / 100);
    row.available_power = Math.round(row.phase === 'three-phase' ? kva * 1.732 : kva);
  },
  augment: (ctx, rows, reps) => augmentCabled(ctx, PowerFeed, rows, reps, true),
});

/** NetBox searches a feed's name, its panel's name and its comments. */
function feedSearch(): CustomFilter {
  return {
    apply(values, ctx) {
      const value = values[values.length - 1]?.trim();
      if (!value) return;
      const p = ctx.param(`%${escapeLike(value.toLowerCase())}%`);
      const like = (col: string) => `LOWER(${col}) LIKE ${p} ESCAPE '\\'`;
      ctx.where(`(${like('t.name')} OR ${like('t.comments')} OR t.power_panel_id IN (SELECT pp.id FROM ${q('dcim_powerpanel')} pp WHERE ${like('pp.name')}))`);
    },
  };
}
