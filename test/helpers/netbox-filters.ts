import * as fs from 'fs';
import * as path from 'path';

/**
 * Each list's filter parameters in NetBox 3.5's recorded OpenAPI document, by path (without `limit`,
 * `offset` and `ordering`), extracted from `netbox-3.5-openapi.json`.
 */
export const RECORDED_FILTERS: Record<string, string[]> = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'netbox-3.5-filters.json'), 'utf8'));

const COMPONENT_LISTS = [
  'console-ports', 'console-server-ports', 'power-ports', 'power-outlets', 'interfaces', 'front-ports', 'rear-ports', 'device-bays',
  'module-bays', 'inventory-items',
].map((plural) => `/api/dcim/${plural}/`);

/**
 * Filters NetBox v3.5.9's source has that the recorded document lacks (it was taken from an earlier 3.5
 * release, and misses filters a few mixins declare), each with the file it comes from. `recorded` is the
 * list's recorded filters.
 */
export function addedIn359(listPath: string, name: string, recorded: Set<string>): boolean {
  // netbox/netbox/filtersets.py, ChangeLoggedModelFilterSet: modified_by_request (3.5.9).
  if (name === 'modified_by_request') return recorded.has('created_by_request');
  // netbox/utilities/constants.py, FILTER_NUMERIC_BASED_LOOKUP_MAP: `empty` for every number and date filter (#13585, 3.5.9).
  const empty = /^(.+)__empty$/.exec(name);
  if (empty && recorded.has(`${empty[1]}__gte`)) return true;
  // netbox/dcim/filtersets.py, DeviceComponentFilterSet: the device's type and role (#12504, 3.5.3).
  if (COMPONENT_LISTS.includes(listPath) && /^device_(type|role)(_id)?(__n)?$/.test(name)) return true;
  // netbox/ipam/filtersets.py, IPAddressFilterSet.assigned (#13301, 3.5.8).
  if (listPath === '/api/ipam/ip-addresses/' && name === 'assigned') return true;
  // netbox/ipam/filtersets.py, IPRangeFilterSet.parent (#13568, 3.5.9).
  if (listPath === '/api/ipam/ip-ranges/' && name === 'parent') return true;
  // netbox/dcim/filtersets.py, CommonInterfaceFilterSet.vlan and vlan_id, which VMInterfaceFilterSet inherits.
  if (listPath === '/api/virtualization/interfaces/' && ['vlan', 'vlan_id'].includes(name)) return true;
  // netbox/extras/filtersets.py, ObjectChangeFilterSet.time and JournalEntryFilterSet.created: date-time range
  // filters, which django-filter's range widget reads as `<name>_after` and `<name>_before`.
  if (listPath === '/api/extras/object-changes/' && ['time_after', 'time_before'].includes(name)) return true;
  if (listPath === '/api/extras/journal-entries/' && ['created_after', 'created_before'].includes(name)) return true;
  // netbox/dcim/filtersets.py, PlatformFilterSet: Meta.fields names napalm_driver at every 3.5 tag; the document omits it.
  if (listPath === '/api/dcim/platforms/' && /^napalm_driver(__[a-z]+)?$/.test(name)) return recorded.has('slug__ic');
  return false;
}

/**
 * Filters the recorded document lists that v3.5.9's source does not have, with the reason. The cable filters
 * `termination_a_id` and `termination_b_id` call a method since 3.4.8 (netbox/dcim/filtersets.py,
 * CableFilterSet), and BaseFilterSet.get_additional_lookups gives a method filter no lookups.
 */
export function absentIn359(listPath: string, name: string): boolean {
  return listPath === '/api/dcim/cables/' && /^termination_[ab]_id__(n|lt|lte|gt|gte)$/.test(name);
}

/** What a list declares beyond NetBox 3.5.9's filter set, and what it lacks of it. */
export function compareFilters(listPath: string, declared: Iterable<string>): { missing: string[]; extra: string[] } {
  const recorded = new Set(RECORDED_FILTERS[listPath]);
  const ours = new Set(declared);
  return {
    missing: [...recorded].filter((name) => !ours.has(name) && !absentIn359(listPath, name)).sort(),
    extra: [...ours].filter((name) => !recorded.has(name) && !addedIn359(listPath, name, recorded)).sort(),
  };
}
