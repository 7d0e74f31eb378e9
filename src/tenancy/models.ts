import { foreignKey, slug, text } from '../core/model/fields';
import { defineModel } from '../core/model/model';

export const TenantGroup = defineModel({
  app: 'tenancy',
  name: 'tenantgroup',
  plural: 'tenant-groups',
  verboseName: 'tenant group',
  tree: true,
  fields: {
    name: text({ max: 100, unique: true }),
    slug: slug({ max: 100, unique: true }),
    parent: foreignKey('tenancy.tenantgroup', { nullable: true, onDelete: 'CASCADE' }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  counts: { tenant_count: { model: 'tenancy.tenant', field: 'group' } },
  brief: ['id', 'url', 'display', 'name', 'slug', 'tenant_count', '_depth'],
  search: ['name', 'slug'],
  filterset: { fields: ['id', 'name', 'slug', 'description'], related: ['parent_id', 'parent'] },
});

export const Tenant = defineModel({
  app: 'tenancy',
  name: 'tenant',
  plural: 'tenants',
  fields: {
    name: text({ max: 100 }),
    slug: slug({ max: 100 }),
    group: foreignKey('tenancy.tenantgroup', { nullable: true, onDelete: 'SET NULL' }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  // Names and slugs are unique within a group, and among tenants without one.
  constraints: [
    { fields: ['group', 'name'] },
    { fields: ['name'], when: { group: null }, name: 'tenancy_tenant_unique_name' },
    { fields: ['group', 'slug'] },
    { fields: ['slug'], when: { group: null }, name: 'tenancy_tenant_unique_slug' },
  ],
  // Each count appears once its model is installed.
  counts: {
    circuit_count: { model: 'circuits.circuit', field: 'tenant' },
    device_count: { model: 'dcim.device', field: 'tenant' },
    ipaddress_count: { model: 'ipam.ipaddress', field: 'tenant' },
    prefix_count: { model: 'ipam.prefix', field: 'tenant' },
    rack_count: { model: 'dcim.rack', field: 'tenant' },
    site_count: { model: 'dcim.site', field: 'tenant' },
    virtualmachine_count: { model: 'virtualization.virtualmachine', field: 'tenant' },
    vlan_count: { model: 'ipam.vlan', field: 'tenant' },
    vrf_count: { model: 'ipam.vrf', field: 'tenant' },
    cluster_count: { model: 'virtualization.cluster', field: 'tenant' },
  },
  brief: ['id', 'url', 'display', 'name', 'slug'],
  search: ['name', 'slug', 'description', 'comments'],
  filterset: { fields: ['id', 'name', 'slug', 'description'], related: ['group_id', 'group'] },
});
