import { ModelView, ValueConversion, defineDialect } from '../core/dialect/dialect';
import { DEVICE_COMPONENT_KINDS, MODULE_COMPONENT_KINDS, counterNames } from '../dcim/component-kinds';

/** A model NetBox 4.2 scoped: 3.5 knew its site only (the cached one), and filtered by neither location nor scope. */
const scoped: ModelView = {
  hide: ['scope_type', 'scope_id', 'scope', '_region', '_site_group', '_location'],
  filters: { location_id: null, location: null, scope_type: null },
};

/** Filters on a place's cached ancestors, by name and id: what 3.5 lacked where it named a site only. */
const unfiltered = (names: string[]) => Object.fromEntries(names.flatMap((f) => [[f, null], [`${f}_id`, null]]));

/**
 * An interface of 4.2's: 3.5 read and wrote its `mac_address` (the primary MAC's) and filtered by it, and knew no MAC
 * objects; nor Q-in-Q, its mode and service VLAN; nor VLAN translation policies.
 */
const interfaces: ModelView = {
  hide: ['primary_mac_address', 'mac_addresses', 'qinq_svlan', 'vlan_translation_policy'],
  filters: {
    any_mac_address: null, primary_mac_address: null, primary_mac_address_id: null, qinq_svlan: null, vlan_translation_policy: null, vlan_translation_policy_id: null,
  },
  lacksChoices: { mode: ['q-in-q'] },
};

/** NetBox's DISK_BASE_UNIT: megabytes in a gigabyte, as its 4.1 migration converted stored disks. */
const MB_PER_GB = 1000;
const wholeNumber = /^\s*\d+\s*$/;

/** 3.5's gigabytes over the megabytes stored: a whole number is converted, anything else left for the field to refuse. */
const gigabytes: ValueConversion = {
  out: (value) => (typeof value === 'number' ? Math.round(value / MB_PER_GB) : value),
  in: (value) => (typeof value === 'number' && Number.isInteger(value) ? value * MB_PER_GB : typeof value === 'string' && wholeNumber.test(value) ? Number(value) * MB_PER_GB : value),
  filter: (value) => (wholeNumber.test(value) ? String(Number(value) * MB_PER_GB) : value),
};

/** Fields (and counts) 4.x added to a model: 3.5 neither shows, takes nor filters them; `filters` are its other filters over them. */
const added = (fields: string[], filters: string[] = []): ModelView => ({ hide: fields, filters: Object.fromEntries([...fields, ...filters].map((f) => [f, null])) });

/** Plain fields and counts 4.x added to models 3.5 had. */
const ADDED: Record<string, ModelView> = {
  'dcim.region': added(['comments', 'prefix_count']),
  'dcim.sitegroup': added(['comments', 'prefix_count']),
  'dcim.location': added(['facility', 'comments', 'prefix_count']),
  'dcim.manufacturer': added(['comments', 'moduletype_count']),
  // 4.3 nested platforms and device roles.
  'dcim.platform': added(['parent', 'comments', '_depth'], ['parent_id']),
  'dcim.devicerole': added(['parent', 'comments', '_depth'], ['parent_id']),
  'dcim.devicetype': added(['exclude_from_utilization', ...counterNames(DEVICE_COMPONENT_KINDS, 'template')], ['device_count']),
  'dcim.moduletype': added(['profile', 'attributes', 'airflow', 'module_count', ...counterNames(MODULE_COMPONENT_KINDS, 'template')], ['module_bays', 'profile_id']),
  'dcim.rackrole': added(['comments']),
  'dcim.cable': added(['bundle'], ['bundle_id']),
  // 4.1's rack types and 4.6's rack groups; 4.3's module type profiles; 4.6's cable bundles.
  'dcim.rack': added(['starting_unit', 'outer_height', 'airflow', 'group', 'rack_type'], ['group_id', 'rack_type_id', 'manufacturer', 'manufacturer_id']),
  'dcim.rackreservation': added(['status', 'unit_count'], ['group', 'group_id']),
  'dcim.powerfeed': added(['tenant'], ['tenant_id', 'tenant_group', 'tenant_group_id']),
  'dcim.poweroutlet': added(['status', 'color']),
  'dcim.poweroutlettemplate': added(['color']),
  'dcim.interfacetemplate': added(['rf_role']),
  'dcim.inventoryitem': added(['status']),
  'dcim.inventoryitemrole': added(['comments']),
  // Read-only lists 4.x shows: an interface's bridged interfaces, a chassis' members.
  'dcim.virtualchassis': added(['members'], ['member_count']),
  // 3.5's module always made its type's components.
  'dcim.module': added(['replicate_components', 'adopt_components'], ['profile', 'profile_id']),
  'dcim.modulebay': added(['enabled', '_occupied']),
  'dcim.devicebay': added(['enabled', '_occupied']),
  // 4.x's module types have bays of their own.
  'dcim.modulebaytemplate': added(['module_type', 'enabled'], ['moduletype_id']),
  'dcim.devicebaytemplate': added(['enabled']),
  'ipam.rir': added(['comments']),
  'ipam.role': added(['comments', 'asn_count']),
  'ipam.asn': added(['role', 'sites'], ['role_id']),
  'ipam.asnrange': added(['comments']),
  'ipam.vlan': added(['qinq_role', 'qinq_svlan'], ['qinq_svlan_id', 'qinq_svlan_vid']),
  'ipam.iprange': added(['mark_populated']),
  'ipam.l2vpn': added(['status']),
  'tenancy.tenantgroup': added(['comments']),
  'tenancy.contactgroup': added(['comments']),
  'tenancy.contactrole': added(['comments']),
  'virtualization.clustertype': added(['comments']),
  'virtualization.clustergroup': added(['comments']),
  'wireless.wirelesslangroup': added(['comments']),
  'users.group': added(['description', 'permissions']),
  'users.user': added(['last_login', 'permissions']),
  'circuits.circuittype': added(['color', 'comments']),
  'circuits.circuit': added(['distance', 'distance_unit', 'assignments']),
  'wireless.wirelesslink': added(['distance', 'distance_unit']),
  'extras.tag': added(['weight']),
  // 3.7 split `ui_visibility` into `ui_visible` and `ui_editable`: the model keeps both in step.
  // 3.6's choice sets hold a selection field's choices, which 3.5 reads and writes as its list (`choices`).
  'extras.customfield': added(['unique', 'ui_visible', 'ui_editable', 'related_object_filter', 'validation_schema', 'comments', 'choice_set'], ['choice_set_id']),
  'extras.configcontext': added(['profile'], ['profile_id']),
  // 3.5 had an export template's other file fields, but did not filter by them.
  'extras.exporttemplate': added(['environment_params', 'file_name'], ['mime_type', 'file_extension', 'as_attachment']),
  'extras.configtemplate': added(['mime_type', 'file_name', 'file_extension', 'as_attachment', 'debug', 'auto_sync_enabled']),
  'extras.imageattachment': added(['description', 'image_size']),
  // 4.x made webhooks and contact assignments taggable and gave them custom fields.
  'extras.webhook': added(['description', 'tags', 'custom_fields']),
  'tenancy.contactassignment': added(['tags', 'custom_fields']),
  'core.datasource': added(['sync_interval']),
  'core.job': added(['object', 'error', 'queue_name', 'notifications', 'log_entries']),
  // 4.5.7 uploads script modules: 3.5's are the plugins'.
  'extras.scriptmodule': added(['file_path', 'created', 'last_updated']),
};

/** NetBox 3.5.9's API: mostly the names the models are stored under; what 4.x added to them is hidden. */
export const NetBox35 = defineDialect({
  version: '3.5',
  release: '3.5.9',
  base: '/v3',
  // 4.2's MAC addresses; 4.0's scripts as objects (3.5 lists script classes at the same route); 3.7's VPN app and event
  // rules; 3.6's choice sets and bookmarks; 4.1's notifications, circuit groups and rack types; 4.2's virtual circuits and
  // VLAN translation; 4.3's table configs, tagged objects and module type profiles; 4.4's config context profiles; 4.5's
  // owners and owner groups; 4.6's machine types, rack groups and cable bundles.
  lacks: [
    'dcim.macaddress', 'extras.script', 'virtualization.virtualdisk', 'extras.eventrule', 'extras.notificationgroup', 'extras.notification', 'extras.subscription',
    'vpn.ikeproposal', 'vpn.ikepolicy', 'vpn.ipsecproposal', 'vpn.ipsecpolicy', 'vpn.ipsecprofile', 'vpn.tunnelgroup', 'vpn.tunnel', 'vpn.tunneltermination',
    'extras.customfieldchoiceset', 'extras.bookmark', 'extras.tableconfig', 'extras.taggeditem', 'extras.configcontextprofile',
    'virtualization.virtualmachinetype', 'circuits.circuitgroup', 'circuits.circuitgroupassignment',
    'circuits.virtualcircuittype', 'circuits.virtualcircuit', 'circuits.virtualcircuittermination', 'dcim.racktype', 'dcim.rackgroup', 'dcim.moduletypeprofile', 'dcim.cablebundle',
    'ipam.vlantranslationpolicy', 'ipam.vlantranslationrule', 'users.ownergroup', 'users.owner',
  ],
  // 4.5's owner of most objects (whose filters are 4.x's filter sets' alone).
  hidesEverywhere: ['owner'],
  // 4.5's check of credentials; 4.2's background queues, workers and tasks; 4.5.7's upload of script modules.
  lacksRoutes: ['authentication-check', 'core/background-queues', 'core/background-workers', 'core/background-tasks', 'extras/scripts/upload'],
  models: {
    ...ADDED,
    // 3.5's terminations attached to a site or a provider network.
    'circuits.circuittermination': {
      hide: ['termination_type', 'termination_id', 'termination', '_region', '_site_group', '_location'],
      filters: { ...unfiltered(['region', 'site_group', 'location', 'provider']), termination_type: null },
    },
    'dcim.interface': { ...interfaces, hide: [...interfaces.hide!, 'bridge_interfaces'] },
    // 3.5's front ports name one rear port position; 4.5's list their mappings (port-mappings.ts).
    'dcim.frontport': { hide: ['positions', 'rear_ports'] },
    'dcim.frontporttemplate': { hide: ['positions', 'rear_ports'] },
    'dcim.rearport': { hide: ['front_ports'] },
    'dcim.rearporttemplate': { hide: ['front_ports'] },
    // 3.5's devices and machines matched their interfaces' MAC address, the primary one's; 4.x placed devices by coordinates.
    'dcim.device': added(['latitude', 'longitude', 'oob_ip', ...counterNames(DEVICE_COMPONENT_KINDS)], ['any_mac_address', 'oob_ip_id', 'has_oob_ip']),
    'ipam.prefix': scoped,
    // 4.3's service parents and 4.1's VLAN group ranges and tenancy are not 3.5's: it reads a service's device or virtual machine, a group's outer bounds.
    'ipam.service': {
      hide: ['parent_object_type', 'parent_object_id', 'parent'],
      filters: { ...unfiltered(['parent_device', 'parent_virtual_machine', 'parent_fhrpgroup']), parent_object_type: null, parent_object_id: null },
    },
    'ipam.vlangroup': {
      hide: ['vid_ranges', 'total_vlan_ids', 'tenant', 'comments'],
      filters: { ...unfiltered(['tenant', 'tenant_group']), contains_vid: null, total_vlan_ids: null, comments: null, rackgroup: null },
    },
    // 4.x sums a cluster's machines' resources.
    'virtualization.cluster': { ...scoped, hide: [...scoped.hide!, 'allocated_vcpus', 'allocated_memory', 'allocated_disk'] },
    // 4.3's groups of a contact: 3.5 reads the first as its group.
    'tenancy.contact': { hide: ['groups'], filters: { any_group: null, any_group_id: null, description: null } },
    // 4.1 stores a machine's disk in megabytes; 3.5 spoke gigabytes. Its 4.x fields are not 3.5's.
    'virtualization.virtualmachine': {
      convert: { disk: gigabytes },
      hide: ['serial', 'start_on_boot', 'config_template', 'virtual_machine_type'],
      filters: { any_mac_address: null, virtual_machine_type: null, virtual_machine_type_id: null },
    },
    'virtualization.vminterface': interfaces,
    // 4.5's v2 tokens: 3.5 neither shows nor takes nor filters what makes one.
    'users.token': {
      hide: ['version', 'enabled', 'pepper_id', 'hmac_digest', 'v2_key', 'token'],
      filters: { version: null, enabled: null, pepper_id: null, v2_key: null, last_used: null },
    },
    // 3.5's wireless LANs had no place at all.
    'wireless.wirelesslan': {
      hide: ['site', ...scoped.hide!],
      filters: { ...unfiltered(['region', 'site_group', 'site', 'location']), scope_type: null },
    },
  },
});
