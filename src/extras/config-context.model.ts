import { FieldError, JsonField, boolean, foreignKey, integer, json, manyToMany, text } from '../core/model/fields';
import { defineModel } from '../core/model/model';
import { searchFilter } from '../core/query/filters';
import { loadRow } from '../core/query/model-query';
import { describeViolation, schemaError, schemaViolation } from '../core/util/json-schema';
import * as yaml from 'js-yaml';
import { SYNCED_DATA_FILTERS, SyncData, fileText, syncFromFile, syncedDataFields } from './synced-data';

/** NetBox's DataFile.get_data(): the file read as YAML (of which JSON is a part), into the object's `column`. */
const syncFileData =
  (column: string): SyncData =>
  (row, data) => {
    const text = fileText(data);
    try {
      row[column] = yaml.load(text) ?? null;
    } catch (e) {
      throw new FieldError({ data_file: [`The file is not valid JSON or YAML: ${(e as Error).message.split('\n')[0]}`] });
    }
  };
const syncContextData = syncFileData('data');

/** NetBox's JSONField with `validate_schema`: empty, or a JSON Schema `jsonschema` can check data against. */
class JsonSchemaField extends JsonField {
  protected parseValue(input: unknown): unknown {
    if (input === '') return input;
    if (typeof input !== 'object' || Array.isArray(input)) throw new FieldError(['Invalid JSON schema definition']);
    const error = schemaError(input);
    if (error) throw new FieldError([`Invalid JSON schema definition: ${error}`]);
    return input;
  }
}

/** NetBox 4.4's profile of config contexts: the JSON Schema their data must follow. */
export const ConfigContextProfile = defineModel({
  app: 'extras',
  name: 'configcontextprofile',
  plural: 'config-context-profiles',
  verboseName: 'config context profile',
  ordering: ['name'],
  fields: {
    name: text({ max: 100, unique: true }),
    description: text({ max: 200, blank: true }),
    schema: new JsonSchemaField({ nullable: true, blank: true, helpText: 'A JSON schema specifying the structure of the context data for this profile' }),
    comments: text({ blank: true }),
    ...syncedDataFields(),
  },
  brief: ['id', 'url', 'display', 'name', 'description'],
  search: ['name', 'description', 'comments'],
  filterset: { fields: ['id', 'name', 'description', 'data_synced'], related: SYNCED_DATA_FILTERS },
  // With a data file, the schema is the file's, as NetBox's sync_data() reads it; it must be one as any written.
  async validate(row, _previous, ctx) {
    await syncFromFile(row, ctx, syncFileData('schema'));
    if (row.data_file_id !== null && row.schema !== null && row.schema !== '') {
      if (typeof row.schema !== 'object' || Array.isArray(row.schema)) throw new FieldError({ data_file: ['Invalid JSON schema definition'] });
      const error = schemaError(row.schema);
      if (error) throw new FieldError({ data_file: [`Invalid JSON schema definition: ${error}`] });
    }
  },
});

/**
 * Configuration data for devices and virtual machines, chosen by the criteria below. A relation
 * to a model not installed yet (regions, sites... before the dcim app) reads as an empty list.
 */
export const ConfigContext = defineModel({
  app: 'extras',
  name: 'configcontext',
  plural: 'config-contexts',
  // 4.5's OwnerMixin, which its serializer shows.
  owner: true,
  verboseName: 'config context',
  ordering: ['weight', 'name'],
  fields: {
    name: text({ max: 100, unique: true }),
    weight: integer({ min: 0, max: 32767, default: 1000 }),
    // 4.4's profile, whose schema the data must follow.
    profile: foreignKey(() => ConfigContextProfile, { nullable: true, onDelete: 'PROTECT' }),
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
      'tenant_group', 'tenant_id', 'tenant', 'tag_id', 'tag', 'profile_id', 'profile', ...SYNCED_DATA_FILTERS,
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
    const profile = await loadRow(ctx, ConfigContextProfile, row.profile_id);
    const violation = profile?.schema && typeof profile.schema === 'object' ? schemaViolation(profile.schema, data) : null;
    if (violation) throw new FieldError([`Data does not conform to profile schema: ${describeViolation(violation)}`]);
  },
  present(rep) {
    if (Array.isArray(rep.tags)) rep.tags = (rep.tags as Array<{ slug: string }>).map((t) => t.slug);
  },
});
