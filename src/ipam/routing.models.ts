import { boolean, foreignKey, integer, manyToMany, reverseManyToMany, slug, text } from '../core/model/fields';
import { CustomFilter, defineModel } from '../core/model/model';
import { tenancyFilters } from '../core/query/filters';
import { q } from '../core/query/model-query';

/** Regional Internet Registries, and private address spaces (RFC 1918). */
export const RIR = defineModel({
  app: 'ipam',
  name: 'rir',
  plural: 'rirs',
  filterset: { fields: ['id', 'name', 'slug', 'is_private', 'description'] },
  verboseName: 'RIR',
  fields: {
    name: text({ max: 100, unique: true }),
    slug: slug({ max: 100, unique: true }),
    is_private: boolean({ default: false, label: 'Private' }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  counts: { aggregate_count: { model: 'ipam.aggregate', field: 'rir' } },
  brief: ['id', 'url', 'display', 'name', 'slug', 'aggregate_count'],
  search: ['name', 'slug', 'description'],
});

/** What a prefix or VLAN is for; lists follow its weight, then its name. */
export const Role = defineModel({
  app: 'ipam',
  name: 'role',
  plural: 'roles',
  filterset: { fields: ['id', 'name', 'slug', 'description'] },
  ordering: ['weight', 'name'],
  fields: {
    name: text({ max: 100, unique: true }),
    slug: slug({ max: 100, unique: true }),
    weight: integer({ min: 0, max: 32767, default: 1000 }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  counts: {
    prefix_count: { model: 'ipam.prefix', field: 'role' },
    vlan_count: { model: 'ipam.vlan', field: 'role' },
    asn_count: { model: 'ipam.asn', field: 'role' },
  },
  brief: ['id', 'url', 'display', 'name', 'slug', 'prefix_count', 'vlan_count'],
  search: ['name', 'slug', 'description'],
});

export const RouteTarget = defineModel({
  app: 'ipam',
  name: 'routetarget',
  plural: 'route-targets',
  filterset: { fields: ['id', 'name', 'description'], related: ['tenant_id', 'tenant'] },
  verboseName: 'route target',
  fields: {
    name: text({ max: 21, unique: true, helpText: 'Route target value (formatted in accordance with RFC 4360)' }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  brief: ['id', 'url', 'display', 'name'],
  search: ['name', 'description', 'comments'],
  filters: {
    ...tenancyFilters(() => RouteTarget),
    importing_vrf_id: vrfTargets('import_targets', 'id'),
    importing_vrf: vrfTargets('import_targets', 'rd'),
    exporting_vrf_id: vrfTargets('export_targets', 'id'),
    exporting_vrf: vrfTargets('export_targets', 'rd'),
  },
});

/** Route targets a VRF imports or exports, by the VRF's id or route distinguisher. */
function vrfTargets(relation: 'import_targets' | 'export_targets', by: 'id' | 'rd'): CustomFilter {
  return {
    negatable: true,
    apply(values, ctx) {
      const through = q(`ipam_vrf_${relation}`);
      const match = by === 'id' ? values.map((v) => ctx.param(/^\d+$/.test(v) ? Number(v) : -1)) : values.map((v) => ctx.param(v));
      const vrfs = by === 'id' ? match.join(', ') : `SELECT v.id FROM ${q('ipam_vrf')} v WHERE v.rd IN (${match.join(', ')})`;
      ctx.where(`t.id IN (SELECT x.routetarget_id FROM ${through} x WHERE x.vrf_id IN (${vrfs}))`);
    },
  };
}

/** A routing table; `display` carries its route distinguisher, as NetBox writes it. */
export const VRF = defineModel({
  app: 'ipam',
  name: 'vrf',
  plural: 'vrfs',
  filterset: {
    fields: ['id', 'name', 'rd', 'enforce_unique', 'description'],
    related: ['import_target_id', 'import_target', 'export_target_id', 'export_target', 'tenant_id', 'tenant'],
  },
  verboseName: 'VRF',
  display: (v) => (v.rd ? `${v.name} (${v.rd})` : v.name),
  ordering: ['name', 'rd', 'id'],
  fields: {
    name: text({ max: 100 }),
    rd: text({ max: 21, nullable: true, blank: true, unique: true, label: 'Route distinguisher' }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    enforce_unique: boolean({ default: true }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
    import_targets: manyToMany('ipam.routetarget', { filterName: 'import_target' }),
    export_targets: manyToMany('ipam.routetarget', { filterName: 'export_target' }),
  },
  counts: {
    ipaddress_count: { model: 'ipam.ipaddress', field: 'vrf' },
    prefix_count: { model: 'ipam.prefix', field: 'vrf' },
  },
  brief: ['id', 'url', 'display', 'name', 'rd', 'prefix_count'],
  lookupField: 'rd',
  search: ['name', 'rd', 'description', 'comments'],
  filters: { ...tenancyFilters(() => VRF) },
  validate(row) {
    if (row.rd === '') row.rd = null;
  },
});

/** `AS65000`, and asdot notation beside a 32-bit number: `AS4200000000 (64086.59904)`. */
export function asnDisplay(asn: number): string {
  return asn > 65535 ? `AS${asn} (${Math.floor(asn / 65536)}.${asn % 65536})` : `AS${asn}`;
}

export const ASN = defineModel({
  app: 'ipam',
  name: 'asn',
  plural: 'asns',
  filterset: { fields: ['id', 'asn', 'description'], related: ['rir_id', 'rir', 'role_id', 'role', 'tenant_id', 'tenant'] },
  verboseName: 'ASN',
  display: (a) => asnDisplay(a.asn),
  ordering: ['asn'],
  lookupField: 'asn',
  fields: {
    asn: integer({ min: 1, max: 4294967295, unique: true, big: true, label: 'ASN' }),
    rir: foreignKey('ipam.rir', { onDelete: 'PROTECT' }),
    role: foreignKey('ipam.role', { nullable: true, onDelete: 'SET NULL' }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
    // 4.x lists (and sets) the sites the ASN is assigned to: the other side of their `asns`.
    sites: reverseManyToMany('dcim.site', 'asns'),
  },
  counts: {
    site_count: { model: 'dcim.site', field: 'asns' },
    provider_count: { model: 'circuits.provider', field: 'asns' },
  },
  brief: ['id', 'url', 'display', 'asn'],
  search: ['description', 'comments'],
  filters: {
    ...tenancyFilters(() => ASN),
    site_id: {
      negatable: true,
      apply(values, ctx) {
        const ids = values.map((v) => ctx.param(/^\d+$/.test(v) ? Number(v) : -1)).join(', ');
        ctx.where(`t.id IN (SELECT x.asn_id FROM ${q('dcim_site_asns')} x WHERE x.site_id IN (${ids}))`);
      },
    },
    site: {
      negatable: true,
      apply(values, ctx) {
        const slugs = values.map((v) => ctx.param(v)).join(', ');
        ctx.where(`t.id IN (SELECT x.asn_id FROM ${q('dcim_site_asns')} x JOIN ${q('dcim_site')} s ON s.id = x.site_id WHERE s.slug IN (${slugs}))`);
      },
    },
  },
});
