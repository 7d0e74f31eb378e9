import { DialectFilterSet } from '../core/dialect/dialect';
import { ForeignKeyField } from '../core/model/fields';
import { ModelDef } from '../core/model/model';
import { pathFilter, tagFilter } from '../core/query/filters';
import { contactFilters } from '../tenancy/contacts.models';

/** NetBox 4.3's tag filters take `__any` (any of the tags) beside `__n`. */
const TAG_LOOKUPS = ['n', 'any'];

/** Models whose 4.6 filter set is a ContactModelFilterSet: 3.5's and those 4.x gave contacts (IP space, services, L2VPNs). */
const CONTACT_MODELS = [
  'circuits.circuit', 'circuits.provider', 'circuits.provideraccount', 'dcim.device', 'dcim.location', 'dcim.manufacturer', 'dcim.powerpanel',
  'dcim.rack', 'dcim.region', 'dcim.site', 'dcim.sitegroup', 'ipam.aggregate', 'ipam.ipaddress', 'ipam.iprange', 'ipam.prefix', 'ipam.service',
  'ipam.l2vpn', 'tenancy.tenant', 'virtualization.cluster', 'virtualization.clustergroup', 'virtualization.virtualmachine',
];

/** The device components (`dcim.<name>`, whose 4.6 filter sets are DeviceComponentFilterSets), each with its template (`dcim.<name>template`). */
export const COMPONENTS = ['consoleport', 'consoleserverport', 'powerport', 'poweroutlet', 'interface', 'rearport', 'frontport', 'modulebay', 'devicebay', 'inventoryitem'];

/** What NetBox 4.6's filter sets give every model of a kind, from what the model stores. */
export function filtersOfKind(model: ModelDef): DialectFilterSet[] {
  const sets: DialectFilterSet[] = [];
  // NetBoxModelFilterSet: `tag_id` (4.3), and both tag filters take `__any`.
  if (model.features.tags) sets.push({ replaces: ['tag'], filters: { tag: tagFilter(model, 'slug', TAG_LOOKUPS), tag_id: tagFilter(model, 'id', TAG_LOOKUPS) } });
  // Every change-logged model's filter set is a ChangeLoggedModelFilterSet in 4.x, where 3.5's were bare for some (custom fields, webhooks).
  if (model.features.changeLog) sets.push({ base: 'changelog' });
  // 4.x's filter sets list every model's description.
  if (model.fields.description) sets.push({ fields: ['description'] });
  if (CONTACT_MODELS.includes(model.label)) sets.push({ filters: contactFilters(() => model) });
  // NestedGroupModelFilterSet (4.0, #15383): `parent` is the immediate parent, `ancestor` any one above.
  if (model.tree && model.fields.slug) sets.push({ filters: { ancestor_id: pathFilter(() => model, 'parent', 'id'), ancestor: pathFilter(() => model, 'parent') } });
  if (COMPONENTS.some((name) => model.label === `dcim.${name}`)) {
    sets.push({
      filters: { tenant_id: pathFilter(() => model, 'device.tenant', 'id'), tenant: pathFilter(() => model, 'device.tenant') },
      through: { device_status: 'device.status' },
    });
  }
  // 4.x's template filter sets list each one's label.
  if (COMPONENTS.some((name) => model.label === `dcim.${name}template`)) sets.push({ fields: ['label'] });
  // CabledObjectFilterSet: the cable by id, and whether marked connected.
  if (model.fields.cable instanceof ForeignKeyField && model.fields.mark_connected) sets.push({ fields: ['mark_connected'], related: ['cable_id'] });
  return sets;
}
