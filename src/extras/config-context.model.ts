import { FieldError, boolean, integer, json, manyToMany, text } from '../core/model/fields';
import { defineModel } from '../core/model/model';
import { searchFilter } from '../core/query/filters';
import * as yaml from 'js-yaml';
import { SYNCED_DATA_FILTERS, SyncData, fileText, syncFromFile, syncedDataFields } from './synced-data';

/** NetBox's DataFile.get_data(): the file read as YAML (of which JSON is a part). */
const syncContextData: SyncData = (row, data) => {
  const text = fileText(data);
  try {
    row.data = yaml.load(text) ?? null;
  } catch (e) {
    throw new FieldError({ data_file: [`The file is not valid JSON or YAML: ${(e as Error).message.split('\n')[0]}`] });
  }
};

/**
 * Configuration data for devices and virtual machines, chosen by the criteria below. A relation
 * to a model not installed yet (regions, sites... before the dcim app) reads as an empty list.
 */
export const ConfigContext = defineModel({
  app: 'extras',
  name: 'configcontext',
  plural: 'config-contexts',
  verboseName: 'config context',
  ordering: ['weight', 'name'],
  fields: {
    name: text({ max: 100, unique: true }),
    weight: integer({ min: 0, max: 32767, default: 1000 }),
    description: text({ max: 200, blank: true }),
    is_active: boolean({ default: true }),
    regions: manyToMany('dcim.region', { filterName: 'region' }),
    site_groups: manyToMany('dcim.sitegroup', { filterName: 'site_group' }),
    sites: manyToMany('dcim.site', { filterName: 'site' }),
    locations: manyToMany('dcim.location', { filterName: 'location' }),
    device_types: manyToMany('dcim.devicetype', { filterName: 'device_type' }),
    roles: manyToMany('dcim.devicerole', { filterName: 'role' }),
    platforms: manyToMany('dcim.platform', { filterName: 'platform' }),
    cluster_types: manyToMany('virtualization.clustertype', { filterName: 'cluster_type' }),
    cluster_groups: manyToMany('virtualization.clustergroup', { filterName: 'cluster_group' }),
    clusters: manyToMany('virtualization.cluster', { filterName: 'cluster' }),
    tenant_groups: manyToMany('tenancy.tenantgroup', { filterName: 'tenant_group' }),
    tenants: manyToMany('tenancy.tenant', { filterName: 'tenant' }),
    // Criteria tags, read as their slugs; not the context's own tagging.
    tags: manyToMany('extras.tag', { filterName: 'tag' }),
    data: json(),
    ...syncedDataFields(),
  },
  full: [
    'id', 'url', 'display', 'name', 'weight', 'description', 'is_active', 'regions', 'site_groups', 'sites', 'locations', 'device_types',
    'roles', 'platforms', 'cluster_types', 'cluster_groups', 'clusters', 'tenant_groups', 'tenants', 'tags',
    'data_source', 'data_path', 'data_file', 'data_synced', 'data', 'created', 'last_updated',
  ],
  brief: ['id', 'url', 'display', 'name'],
  features: { tags: false, customFields: false },
  filterset: {
    fields: ['id', 'name', 'is_active', 'data_synced'],
    related: [
      'region_id', 'region', 'site_group_id', 'site_group', 'site_id', 'site', 'location_id', 'location', 'device_type_id', 'role_id', 'role',
      'platform_id', 'platform', 'cluster_type_id', 'cluster_type', 'cluster_group_id', 'cluster_group', 'cluster_id', 'tenant_group_id',
      'tenant_group', 'tenant_id', 'tenant', 'tag_id', 'tag', ...SYNCED_DATA_FILTERS,
    ],
    base: 'changelog',
  },
  filters: {
    // NetBox also searches the data, as text.
    q: searchFilter((like) => [like('t.name'), like('t.description'), like('CAST(t.data AS TEXT)')]),
  },
  async validate(row, _previous, ctx) {
    await syncFromFile(row, ctx, syncContextData);
    const data = row.data;
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      throw new FieldError({ data: ['JSON data must be in object form. Example: {"foo": 123}'] });
    }
  },
  present(rep) {
    if (Array.isArray(rep.tags)) rep.tags = (rep.tags as Array<{ slug: string }>).map((t) => t.slug);
  },
});
