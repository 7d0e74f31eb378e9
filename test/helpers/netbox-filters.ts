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
 * Filters NetBox v3.5.9's source has that the recorded document (taken from an earlier 3.5 release) lacks,
 * each with the file it comes from. `recorded` is the list's recorded filters.
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
  return false;
}

/** What a list declares beyond NetBox 3.5.9's filter set, and what it lacks of it. */
export function compareFilters(listPath: string, declared: Iterable<string>): { missing: string[]; extra: string[] } {
  const recorded = new Set(RECORDED_FILTERS[listPath]);
  const ours = new Set(declared);
  return {
    missing: [...recorded].filter((name) => !ours.has(name)).sort(),
    extra: [...ours].filter((name) => !recorded.has(name) && !addedIn359(listPath, name, recorded)).sort(),
  };
}
