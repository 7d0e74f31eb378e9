import { ModelView, defineDialect } from '../core/dialect/dialect';
import serializers from './netbox-4.6-serializers.json';
import { COMPONENTS, FILTER_VIEWS, MOVED_OBJECT_TYPES, filtersOfKind } from './netbox-4.6-filters';

/** Models that name the object types they apply to: 4.0's `object_types`, filtered as `object_type(_id)`. */
const objectTypesView: ModelView = {
  rename: { content_types: 'object_types' },
  filters: { content_types: 'object_type', content_type_id: 'object_type_id' },
};

/** Models that point at one object by type and id: 4.0's `object_type`. */
const objectTypeView: ModelView = {
  rename: { content_type: 'object_type' },
  filters: { content_type: 'object_type', content_type_id: 'object_type_id' },
};

/** The views with the 4.6 filter sets' own filters of each model, and their renames of stored ones, added. */
function withFilters(views: Record<string, ModelView>): Record<string, ModelView> {
  const merged = { ...views };
  for (const [label, { filters, ...view }] of Object.entries(FILTER_VIEWS)) {
    merged[label] = { ...merged[label], ...view, ...(filters ? { filters: { ...merged[label]?.filters, ...filters } } : {}) };
  }
  return merged;
}

/** 4.2's `mac_address` of an interface, device or machine matches any MAC address assigned to an interface, not only the primary one. */
const anyMac = { mac_address: null, any_mac_address: 'mac_address' };

/** An interface's `mac_address` is its primary MAC's, read-only since 4.2 (written as `primary_mac_address`). */
const macs: ModelView = { readOnly: ['mac_address'], filters: anyMac };

/** NetBox 4.6.8's API, as its serializers and filter sets name what the models store. */
export const NetBox46 = defineDialect({
  version: '4.6',
  release: '4.6.8',
  base: '/v4',
  // Reports became scripts in 4.0.
  lacks: ['extras.reportmodule'],
  briefDescription: true,
  displayUrl: true,
  writeOnly: ['changelog_message'],
  tagEdits: true,
  etags: true,
  fieldSelection: true,
  serializers,
  filtersets: filtersOfKind,
  objectTypes: MOVED_OBJECT_TYPES,
  paths: {
    'vpn/l2vpns': 'ipam/l2vpns',
    'vpn/l2vpn-terminations': 'ipam/l2vpn-terminations',
    'core/object-changes': 'extras/object-changes',
    'core/object-types': 'extras/content-types',
  },
  models: withFilters({
    'dcim.device': { rename: { device_role: 'role' }, filters: { device_role: null, device_role_id: null, ...anyMac } },
    'dcim.interface': macs,
    // 4.5 maps front ports to rear ports through `rear_ports` (and `front_ports` on the rear port).
    'dcim.frontport': { hide: ['rear_port', 'rear_port_position'] },
    'dcim.frontporttemplate': { hide: ['rear_port', 'rear_port_position'] },
    'virtualization.vminterface': macs,
    'virtualization.virtualmachine': { filters: anyMac },
    'dcim.rack': { rename: { type: 'form_factor' } },
    // The scope replaced 3.5's site, which stays a filter (the cached `_site`).
    'ipam.prefix': { hide: ['site'] },
    'virtualization.cluster': { hide: ['site'] },
    'circuits.circuittermination': { hide: ['site', 'provider_network'] },
    'wireless.wirelesslan': { hide: ['site'] },
    // 4.3's parent replaced 3.5's device and virtual machine, which stay filters (and 4.6 adds FHRP groups'); 4.1 named the address filters as fields are named.
    'ipam.service': {
      hide: ['device', 'virtual_machine'],
      filters: {
        ...Object.fromEntries(['device', 'virtual_machine', 'fhrpgroup'].flatMap((name) => [[name, null], [`${name}_id`, null], [`parent_${name}`, name], [`parent_${name}_id`, `${name}_id`]])),
        ipaddress: 'ip_address',
        ipaddress_id: 'ip_address_id',
      },
    },
    // 4.1's ranges replaced 3.5's bounds; 4.1 named two scope filters as the scopes' fields are named.
    'ipam.vlangroup': { hide: ['min_vid', 'max_vid'], filters: { min_vid: null, max_vid: null, sitegroup: 'site_group', rackgroup: 'rack_group', clustergroup: 'cluster_group' } },
    // 4.x's VLAN status is its string choice; the spec's integers are 3.5's.
    'ipam.vlan': { choices: { status: { 1: 'active', 2: 'reserved', 3: 'deprecated' } } },
    // 4.3's groups replaced 3.5's group, whose filters now match any of them.
    'tenancy.contact': { hide: ['group'], filters: { group: null, group_id: null, any_group: 'group', any_group_id: 'group_id' } },
    // 3.5's `ui_visibility` is 3.7's `ui_visible` and `ui_editable`, kept in step by the model; its `choices` are 3.6's choice set.
    'extras.customfield': {
      rename: { content_types: 'object_types', object_type: 'related_object_type' },
      hide: ['ui_visibility', 'choices'],
      filters: { content_types: 'object_type', content_type_id: 'object_type_id', ui_visibility: null },
    },
    // 3.7's event rules took over what fires a webhook: only 3.5 reads and writes it on the webhook.
    'extras.webhook': { hide: ['content_types', 'type_create', 'type_update', 'type_delete', 'type_job_start', 'type_job_end', 'enabled', 'conditions'] },
    'extras.customlink': objectTypesView,
    'extras.exporttemplate': objectTypesView,
    'extras.savedfilter': objectTypesView,
    'extras.imageattachment': objectTypeView,
    'extras.taggeditem': objectTypeView,
    'tenancy.contactassignment': objectTypeView,
    // 4.1 named a template's owner as its field: `device_type_id`, `module_type_id` (#15410).
    ...Object.fromEntries(COMPONENTS.map((name) => [`dcim.${name}template`, { filters: { devicetype_id: 'device_type_id', moduletype_id: 'module_type_id' } }])),
    // 4.5's `key` is a v2 token's id, read-only, and filters v2 tokens; the stored key (a v1 token's secret) is not spoken.
    'users.token': { rename: { v2_key: 'key' }, hide: ['key'], filters: { key: null } },
  }),
});
