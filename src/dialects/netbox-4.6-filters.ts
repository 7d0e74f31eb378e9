import { DialectFilterSet, ModelView } from '../core/dialect/dialect';
import { FieldError, ForeignKeyField, INT32_MAX, ManyToManyField } from '../core/model/fields';
import { CustomFilter, FilterContext, ModelDef, registry } from '../core/model/model';
import { booleanFilter, byAttr, escapeLike, existingIds, listHolds, pathFilter, referrerFilter, relatedByFilter, tagFilter } from '../core/query/filters';
import { q } from '../core/query/model-query';
import { carriedVlanFilter } from '../dcim/components.models';
import { contentTypeIdFilter } from '../extras/content-type-filter';
import { objectTypeFacts } from '../extras/object-types';
import { maskLengthFilters } from '../ipam/networks';
import { chassisInterfacesWhere } from '../dcim/components.models';
import { contactFilters } from '../tenancy/contacts.models';

/** A model by its stored object type, once the registry holds it. */
const model = (label: string) => () => registry.get(label)!;

/** A filter a model declares itself, by its stored name, once the registry holds the model. */
const storedFilter = (label: string, name: string): CustomFilter => ({ apply: (values, ctx) => model(label)().filters[name].apply(values, ctx) });

/** Stored object type → 4.x's, where a model moved app. */
export const MOVED_OBJECT_TYPES: Record<string, string> = {
  'ipam.l2vpn': 'vpn.l2vpn',
  'ipam.l2vpntermination': 'vpn.l2vpntermination',
  'extras.objectchange': 'core.objectchange',
  'extras.contenttype': 'core.objecttype',
};
const STORED_OBJECT_TYPES = new Map(Object.entries(MOVED_OBJECT_TYPES).map(([stored, spoken]) => [spoken, stored]));

/**
 * An object type as 4.x names it, as stored. A filter over a field of object types has its value converted by the
 * dialect's view before it gets here (a moved-away label no longer names a type then): a stored label stays as it is.
 */
function storedObjectType(label: string): string {
  return STORED_OBJECT_TYPES.get(label) ?? label;
}

/** Object types (`extras.contenttype` rows) whose model `test` holds, as 4.6 knows it; none: no row. */
function objectTypesWhere(test: (model: ModelDef, spoken: string) => boolean): (ctx: FilterContext) => string {
  return (ctx) => {
    const labels = registry.all().filter((m) => test(m, MOVED_OBJECT_TYPES[m.label] ?? m.label)).map((m) => ctx.param(m.label));
    return labels.length ? `(t.app_label || '.' || t.model) IN (${labels.join(', ')})` : '1 = 0';
  };
}

/** NetBox 4.3's tag filters take `__any` (any of the tags) beside `__n`. */
const TAG_LOOKUPS = ['n', 'any'];

/** Models whose 4.6 filter set is a ContactModelFilterSet: 3.5's and those 4.x gave contacts (IP space, services, L2VPNs, tunnels). */
const CONTACT_MODELS = [
  'circuits.circuit', 'circuits.provider', 'circuits.provideraccount', 'dcim.device', 'dcim.location', 'dcim.manufacturer', 'dcim.powerpanel',
  'dcim.rack', 'dcim.region', 'dcim.site', 'dcim.sitegroup', 'ipam.aggregate', 'ipam.ipaddress', 'ipam.iprange', 'ipam.prefix', 'ipam.service',
  'ipam.l2vpn', 'tenancy.tenant', 'virtualization.cluster', 'virtualization.clustergroup', 'virtualization.virtualmachine', 'vpn.tunnel',
  'vpn.tunnelgroup',
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
  if (model.fields.description?.stored) sets.push({ fields: ['description'] });
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
  // 4.5's OwnerFilterMixin: the owner, and its group, each by id and by name.
  if (model.fields.owner instanceof ForeignKeyField && model.fields.owner.installed) {
    sets.push({
      related: ['owner_id', 'owner'],
      filters: { owner_group_id: pathFilter(() => model, 'owner.group', 'id', { exact: true }), owner_group: pathFilter(() => model, 'owner.group', undefined, { exact: true }) },
    });
  }
  // CabledObjectFilterSet: the cable by id, and whether marked connected.
  if (model.fields.cable instanceof ForeignKeyField && model.fields.mark_connected) sets.push({ fields: ['mark_connected'], related: ['cable_id'] });
  return sets;
}

/** The values given, blank ones left out as NetBox's multi-value filters leave them (a filter given none does not apply). */
const given = (values: string[]) => values.filter((v) => v.trim() !== '');

/** NetBox's MultiValueNumberFilter with a method: whole numbers, with no lookups; one beyond an id column's range names nothing. */
function wholeNumbers(values: string[]): number[] {
  if (values.some((v) => !/^\s*-?\d+\s*$/.test(v))) throw new FieldError(['Enter a whole number.']);
  return values.map(Number).filter((n) => Math.abs(n) <= INT32_MAX);
}

/** Ids as an SQL list, or one that matches nothing when none is in range. */
const idList = (ids: number[], ctx: FilterContext) => (ids.length ? ids.map((id) => ctx.param(id)).join(', ') : 'NULL');

/** A filter by content type ids that refuses one beyond an id column's range, as NetBox finds no such type. */
function objectTypeIds(column: string, opts: { list?: boolean } = {}): CustomFilter {
  const filter = contentTypeIdFilter(column, opts);
  return {
    ...filter,
    apply(values, ctx) {
      const beyond = values.find((v) => /^\d+$/.test(v) && Number(v) > INT32_MAX);
      if (beyond !== undefined) throw new FieldError([`Select a valid choice. ${beyond} is not one of the available choices.`]);
      return filter.apply(values, ctx);
    },
  };
}

/**
 * NetBox's MultiValueContentTypeFilter (`?assigned_object_type=dcim.interface`): any of the named types, in a column of
 * labels (or a list of them); a value naming no type matches nothing. Its `__n` matches as the plain filter does: the
 * filter ignores negation.
 */
function objectTypesFilter(column: string, opts: { list?: boolean } = {}): CustomFilter {
  return {
    lookups: ['n'],
    apply(values, ctx) {
      if (!given(values).length) return;
      const labels = values.filter((v) => v.split('.').length === 2).map((v) => storedObjectType(v.toLowerCase()));
      const holds = (label: string) => (opts.list ? `CAST(t.${q(column)} AS TEXT) LIKE ${ctx.param(`%${JSON.stringify(label)}%`)}` : `t.${q(column)} = ${ctx.param(label)}`);
      ctx.where(labels.length ? `(${labels.map(holds).join(' OR ')})` : '1 = 0');
    },
  };
}

/**
 * Interfaces of the devices named, and (as Device.vc_interfaces() has them) their virtual chassis peers' but for management
 * interfaces: every member's, or only where the named device is the chassis master (`ifMaster`).
 */
function chassisInterfaces(by: 'id' | 'name', ifMaster: boolean): CustomFilter {
  return {
    apply(values, ctx) {
      if (!given(values).length) return;
      const list = by === 'id' ? idList(wholeNumbers(given(values)), ctx) : given(values).map((v) => ctx.param(v)).join(', ');
      ctx.where(chassisInterfacesWhere(ctx.driver, by, list, ifMaster));
    },
  };
}

/** The termination object filters of cables and their terminations (`?interface_id=`), by each type a cable connects. */
function terminationFilters(where: (type: string, ids: string) => string): Record<string, CustomFilter> {
  const types = ['consoleport', 'consoleserverport', 'powerport', 'poweroutlet', 'interface', 'frontport', 'rearport', 'powerfeed'].map((n) => `dcim.${n}`);
  return Object.fromEntries(
    [...types, 'circuits.circuittermination'].map((type) => [
      `${type.split('.')[1]}_id`,
      {
        apply: (values, ctx) => void (given(values).length && ctx.where(where(ctx.param(type), idList(wholeNumbers(given(values)), ctx)))),
      } as CustomFilter,
    ]),
  );
}

/** A ModelChoiceFilter's one object by id (the last given), or the 400 its field gives for any other value. */
async function oneObject(target: ModelDef, values: string[], ctx: Parameters<CustomFilter['apply']>[1]): Promise<number> {
  const value = values[values.length - 1];
  const invalid = new FieldError(['Select a valid choice. That choice is not one of the available choices.']);
  if (!/^\d+$/.test(value)) throw invalid;
  const [id] = await existingIds(target, [value], ctx).catch(() => {
    throw invalid;
  });
  return id;
}

/** A mask length filter given a number past any mask length: as far past it as a column holds (PostgreSQL compares no further). */
function withinMaskLengths(filter: CustomFilter): CustomFilter {
  return { ...filter, apply: (values, ctx) => filter.apply(values.map((v) => (/^\s*-?\d+\s*$/.test(v) && Math.abs(Number(v)) > 999 ? String(Math.sign(Number(v)) * 999) : v)), ctx) };
}

/** VLANs tagged or untagged on one interface (`?interface_id=`), of a device's or a virtual machine's. */
function vlansOf(interfaceType: string): CustomFilter {
  return {
    async apply(values, ctx) {
      const interfaces = registry.get(interfaceType)!;
      const id = ctx.param(await oneObject(interfaces, values, ctx));
      const tagged = interfaces.fields.tagged_vlans as ManyToManyField;
      ctx.where(
        `(t.id IN (SELECT i.untagged_vlan_id FROM ${q(interfaces.table)} i WHERE i.id = ${id}) OR ` +
          `t.id IN (SELECT x.${q(tagged.targetColumn)} FROM ${q(tagged.throughTable)} x WHERE x.${q(tagged.sourceColumn)} = ${id}))`,
      );
    },
  };
}

/** The ids of the nodes of a tree at or above the one a subquery names (NetBox's `get_ancestors(include_self=True)`). */
function atOrAbove(label: string, node: string): string {
  const table = q(registry.get(label)!.table);
  return `SELECT a.id FROM ${table} a JOIN ${table} n ON n.tree_path LIKE a.tree_path || '%' WHERE n.id IN (${node})`;
}

/**
 * VLANs available at a site (or site group), as NetBox's `get_for_site`: those of groups scoped to it, or to the regions and
 * site groups at or above its own; the site's own; and global ones.
 */
function availableAt(label: 'dcim.site' | 'dcim.sitegroup'): CustomFilter {
  return {
    async apply(values, ctx) {
      const id = ctx.param(await oneObject(registry.get(label)!, values, ctx));
      const groups = q(registry.get('ipam.vlangroup')!.table);
      const scoped = (type: string, ids: string) => `(g.scope_type = ${ctx.param(type)} AND g.scope_id IN (${ids}))`;
      const sites = q(registry.get('dcim.site')!.table);
      const scopes =
        label === 'dcim.site'
          ? [
              scoped('dcim.site', id),
              scoped('dcim.region', atOrAbove('dcim.region', `SELECT s.region_id FROM ${sites} s WHERE s.id = ${id}`)),
              scoped('dcim.sitegroup', atOrAbove('dcim.sitegroup', `SELECT s.group_id FROM ${sites} s WHERE s.id = ${id}`)),
            ]
          : [scoped('dcim.sitegroup', atOrAbove('dcim.sitegroup', id))];
      const terms = [
        `t.group_id IN (SELECT g.id FROM ${groups} g WHERE ${scopes.join(' OR ')})`,
        ...(label === 'dcim.site' ? [`t.site_id = ${id}`] : []),
        `(t.site_id IS NULL AND t.group_id IN (SELECT g.id FROM ${groups} g WHERE g.scope_id IS NULL))`,
        '(t.group_id IS NULL AND t.site_id IS NULL)',
      ];
      ctx.where(`(${terms.join(' OR ')})`);
    },
  };
}

/** Circuits whose termination on one side is among the given ids (4.x's cached `termination_a`/`termination_z`). */
function circuitSide(side: 'A' | 'Z'): CustomFilter {
  return referrerFilter(model('circuits.circuittermination'), 'circuit', {
    async apply(values, ctx) {
      const ids = await existingIds(registry.get('circuits.circuittermination')!, values, ctx);
      ctx.where(`t.id IN (${ids.map((id) => ctx.param(id)).join(', ')}) AND t.term_side = ${ctx.param(side)}`);
    },
  });
}

/** A cable terminated at both ends. */
const cableEnds = ['A', 'B'].map((end) => `EXISTS (SELECT 1 FROM ${q('dcim_cabletermination')} c WHERE c.cable_id = t.id AND c.cable_end = '${end}')`).join(' AND ');

/** What an object permission allows (`?can_view=true`): its actions hold the action. */
const canFilters = Object.fromEntries(['view', 'add', 'change', 'delete'].map((action) => [`can_${action}`, booleanFilter((ctx) => listHolds(ctx, 'actions', action))]));

/** 4.5's filters of users and groups by the owners they belong to (the owner's relation `members`), by id and by name. */
const ownersOf = (members: string): Record<string, CustomFilter> => ({
  owner_id: referrerFilter(model('users.owner'), members),
  owner: referrerFilter(model('users.owner'), members, byAttr(model('users.owner'), 'name')),
});

/** NetBox 4.6.8's filters beyond 3.5's, model by model, where the model stores what they filter. */
export const FILTER_VIEWS: Record<string, ModelView> = {
  // 4.1's notification groups a user or group is in.
  'users.group': {
    filterset: {
      filters: {
        user_id: referrerFilter(model('users.user'), 'groups'),
        permission_id: referrerFilter(model('users.objectpermission'), 'groups'),
        notification_group_id: referrerFilter(model('extras.notificationgroup'), 'groups'),
        ...ownersOf('user_groups'),
      },
    },
  },
  // 4.x's filter set has no is_staff.
  'users.user': {
    filters: { is_staff: null },
    filterset: {
      fields: ['date_joined', 'is_superuser', 'last_login'],
      filters: {
        permission_id: referrerFilter(model('users.objectpermission'), 'users'),
        notification_group_id: referrerFilter(model('extras.notificationgroup'), 'users'),
        ...ownersOf('users'),
      },
    },
  },
  'users.objectpermission': {
    filterset: { filters: { ...canFilters, object_type: objectTypesFilter('object_types', { list: true }), object_type_id: objectTypeIds('object_types', { list: true }) } },
  },
  // 4.4's object types: whether public, and a substring of their features, as NetBox 4.6 lists them.
  'extras.contenttype': {
    filterset: {
      filters: {
        public: booleanFilter(objectTypesWhere((m, spoken) => objectTypeFacts(m, spoken).public)),
        features: {
          apply(values, ctx) {
            const wanted = values[values.length - 1].toLowerCase();
            if (wanted === '') return;
            ctx.where(objectTypesWhere((m, spoken) => objectTypeFacts(m, spoken).features.join(',').includes(wanted))(ctx));
          },
        },
      },
    },
  },
  'extras.objectchange': { filterset: { fields: ['related_object_id'], filters: { related_object_type: objectTypesFilter('related_object_type') } } },
  'extras.tag': {
    filterset: {
      filters: {
        object_types: objectTypeIds('object_types', { list: true }),
        // Tags that apply to any of these object types: those listing one, and those listing none.
        for_object_type_id: {
          apply(values, ctx) {
            if (!given(values).length) return;
            const ids = idList(wholeNumbers(given(values)), ctx);
            const types = q(registry.get('extras.contenttype')!.table);
            ctx.where(
              `(CAST(t.object_types AS TEXT) IN ('[]', 'null') OR t.object_types IS NULL OR EXISTS (SELECT 1 FROM ${types} ct WHERE ct.id IN (${ids}) ` +
                `AND CAST(t.object_types AS TEXT) LIKE '%"' || ct.app_label || '.' || ct.model || '"%'))`,
            );
          },
        },
      },
    },
  },
  'extras.customfield': {
    filterset: {
      fields: ['label', 'validation_minimum', 'validation_maximum', 'validation_regex'],
      // The stored `object_type`, which 4.x names `related_object_type`.
      filters: { object_type: objectTypesFilter('object_type'), related_object_type_id: objectTypeIds('object_type') },
    },
  },
  'core.datasource': { filterset: { fields: ['source_url', 'last_synced'] } },
  'extras.exporttemplate': { filterset: { fields: ['mime_type', 'file_extension', 'as_attachment'] } },
  'extras.configtemplate': { filterset: { fields: ['debug', 'auto_sync_enabled'] } },
  // 4.x names the roles criterion by the device's role.
  'extras.configcontext': { filters: { role: 'device_role', role_id: 'device_role_id' }, filterset: { fields: ['weight'] } },
  'extras.customlink': { filterset: { fields: ['button_class'] } },
  // 4.0's event rules took over what a webhook fires on.
  'extras.webhook': {
    filters: Object.fromEntries(['type_create', 'type_update', 'type_delete', 'type_job_start', 'type_job_end', 'enabled', 'content_types', 'content_type_id'].map((name) => [name, null])),
    filterset: {
      replaces: ['payload_url'],
      filters: {
        // 4.x's URL filter matches any part of the URL, case-insensitively.
        payload_url: {
          exactOnly: true,
          apply(values, ctx) {
            if (!given(values).length) return;
            ctx.where(`(${given(values).map((v) => `LOWER(t.payload_url) LIKE ${ctx.param(`%${escapeLike(v.toLowerCase())}%`)} ESCAPE '\\'`).join(' OR ')})`);
          },
        },
      },
    },
  },
  'extras.imageattachment': { filterset: { fields: ['image_width', 'image_height', 'image_size'] } },
  'extras.eventrule': {
    filterset: {
      filters: {
        object_type: objectTypesFilter('object_types', { list: true }),
        object_type_id: objectTypeIds('object_types', { list: true }),
        action_object_type: objectTypesFilter('action_object_type'),
        // Rules for any of the event types given (their lists overlap).
        event_type: {
          apply(values, ctx) {
            if (!given(values).length) return;
            ctx.where(`(${given(values).map((v) => `CAST(t.event_types AS TEXT) LIKE ${ctx.param(`%${JSON.stringify(v)}%`)}`).join(' OR ')})`);
          },
        },
      },
    },
  },
  'core.job': {
    filterset: {
      // 4.x's object_type is a MultiValueContentTypeFilter (`core.datasource`), where 3.5's took an id.
      replaces: ['object_type'],
      fields: ['queue_name', 'notifications'],
      related: ['user_id'],
      filters: {
        object_type: objectTypesFilter('object_type'),
        object_type_id: objectTypeIds('object_type'),
        // A UUIDFilter: one value, exactly.
        job_id: {
          apply(values, ctx) {
            const value = values[values.length - 1].trim();
            if (!value) return;
            if (!/^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(value)) throw new FieldError(['Enter a valid UUID.']);
            ctx.where(`LOWER(t.job_id) = ${ctx.param(value.toLowerCase().replace(/^(.{8})-?(.{4})-?(.{4})-?(.{4})-?(.{12})$/, '$1-$2-$3-$4-$5'))}`);
          },
        },
      },
    },
  },
  'dcim.site': { filterset: { fields: ['time_zone'] } },
  // 4.0 dropped NAPALM from platforms.
  'dcim.platform': {
    filters: { napalm_driver: null },
    filterset: {
      filters: {
        // Platforms of the device type's manufacturer, and those of none.
        available_for_device_type: {
          async apply(values, ctx) {
            const types = registry.get('dcim.devicetype')!;
            const type = await oneObject(types, values, ctx);
            ctx.where(`(t.manufacturer_id IS NULL OR t.manufacturer_id IN (SELECT dt.manufacturer_id FROM ${q(types.table)} dt WHERE dt.id = ${ctx.param(type)}))`);
          },
        },
      },
    },
  },
  'dcim.rackreservation': {
    filterset: {
      filters: {
        // A NumericArrayFilter: one unit, which the reservation holds.
        unit: {
          schema: { type: 'integer' },
          apply(values, ctx) {
            const value = values[values.length - 1].trim();
            if (!value) return;
            if (!/^-?\d+$/.test(value)) throw new FieldError(['Enter a number.']);
            ctx.where(listHolds(ctx, 'units', Number(value)));
          },
        },
        ...Object.fromEntries(
          (['min', 'max'] as const).map((end) => [
            `unit_count_${end}`,
            {
              schema: { type: 'integer' },
              apply(values, ctx) {
                const value = values[values.length - 1].trim();
                if (!value) return;
                if (!/^-?\d+(\.\d+)?$/.test(value)) throw new FieldError(['Enter a number.']);
                const count = ctx.driver === 'postgres' ? 'jsonb_array_length(t.units)' : 'json_array_length(t.units)';
                ctx.where(`${count} ${end === 'min' ? '>=' : '<='} CAST(${ctx.param(Number(value))} AS NUMERIC)`);
              },
            } as CustomFilter,
          ]),
        ),
      },
    },
  },
  'dcim.consoleport': { filterset: { fields: ['speed'] } },
  'dcim.consoleserverport': { filterset: { fields: ['speed'] } },
  'dcim.poweroutlet': { filterset: { related: ['power_port_id'] } },
  // 3.6 (#11478): `device` and `device_id` are the interface's own device; its chassis peers' are `virtual_chassis_member(_id)`.
  // 4.2: an interface carries a VLAN as its Q-in-Q service VLAN too.
  'dcim.interface': {
    filterset: {
      replaces: ['device', 'device_id', 'vlan_id', 'vlan'],
      related: ['device', 'device_id', 'wireless_link_id'],
      relations: { wireless_lan_id: 'wireless_lans' },
      filters: {
        virtual_chassis_member: chassisInterfaces('name', false),
        virtual_chassis_member_id: chassisInterfaces('id', false),
        virtual_chassis_member_or_master: chassisInterfaces('name', true),
        virtual_chassis_member_or_master_id: chassisInterfaces('id', true),
        vlan_id: carriedVlanFilter(model('dcim.interface'), 'id', true),
        vlan: carriedVlanFilter(model('dcim.interface'), 'vid', true),
        // 4.2's virtual circuits, through the interface's termination.
        virtual_circuit_termination_id: referrerFilter(model('circuits.virtualcircuittermination'), 'interface'),
        virtual_circuit_id: referrerFilter(model('circuits.virtualcircuittermination'), 'interface', pathFilter(model('circuits.virtualcircuittermination'), 'virtual_circuit', 'id')),
      },
    },
  },
  'dcim.frontport': { filterset: { fields: ['positions'], related: ['rear_port_id'] } },
  'dcim.rearport': { filterset: { filters: { front_port_id: referrerFilter(model('dcim.frontport'), 'rear_port') } } },
  'dcim.modulebay': { filterset: { fields: ['position'], related: ['module_id'], filters: { installed_module_id: referrerFilter(model('dcim.module'), 'module_bay') } } },
  'dcim.devicebay': { filterset: { related: ['installed_device_id', 'installed_device'] } },
  'dcim.device': {
    filterset: {
      related: ['location', 'primary_ip4', 'primary_ip6'],
      filters: {
        cluster_group_id: pathFilter(model('dcim.device'), 'cluster.group', 'id'),
        cluster_group: pathFilter(model('dcim.device'), 'cluster.group'),
        parent_bay_id: referrerFilter(model('dcim.devicebay'), 'installed_device'),
        has_virtual_device_context: booleanFilter(() => `EXISTS (SELECT 1 FROM ${q(registry.get('dcim.virtualdevicecontext')!.table)} v WHERE v.device_id = t.id)`),
      },
    },
  },
  // A module's place is its device's; a location is matched exactly.
  'dcim.module': {
    filterset: {
      related: ['device'],
      filters: {
        region_id: pathFilter(model('dcim.module'), 'device.site.region', 'id'),
        region: pathFilter(model('dcim.module'), 'device.site.region'),
        site_group_id: pathFilter(model('dcim.module'), 'device.site.group', 'id'),
        site_group: pathFilter(model('dcim.module'), 'device.site.group'),
        site_id: pathFilter(model('dcim.module'), 'device.site', 'id'),
        site: pathFilter(model('dcim.module'), 'device.site'),
        location_id: pathFilter(model('dcim.module'), 'device.location', 'id', { exact: true }),
        location: pathFilter(model('dcim.module'), 'device.location', undefined, { exact: true }),
        rack_id: pathFilter(model('dcim.module'), 'device.rack', 'id'),
        rack: pathFilter(model('dcim.module'), 'device.rack'),
      },
    },
  },
  'dcim.virtualdevicecontext': {
    filterset: {
      fields: ['identifier'],
      related: ['primary_ip4_id', 'primary_ip4', 'primary_ip6_id', 'primary_ip6'],
      filters: { interface_id: referrerFilter(model('dcim.interface'), 'vdcs') },
    },
  },
  'dcim.cable': {
    filterset: {
      filters: {
        ...terminationFilters((type, ids) => `t.id IN (SELECT c.cable_id FROM ${q('dcim_cabletermination')} c WHERE c.termination_type = ${type} AND c.termination_id IN (${ids}))`),
        // Without a termination at one end (or, false, with both).
        unterminated: booleanFilter(
          () => `NOT (${cableEnds})`,
          () => cableEnds,
        ),
      },
    },
  },
  'dcim.cabletermination': {
    filterset: { related: ['cable_id'], filters: terminationFilters((type, ids) => `(t.termination_type = ${type} AND t.termination_id IN (${ids}))`) },
  },
  'dcim.powerfeed': { filterset: { fields: ['available_power'] } },
  'dcim.poweroutlettemplate': { filterset: { related: ['power_port_id'] } },
  'dcim.frontporttemplate': { filterset: { fields: ['positions'], related: ['rear_port_id'] } },
  'dcim.rearporttemplate': { filterset: { filters: { front_port_id: referrerFilter(model('dcim.frontporttemplate'), 'rear_port') } } },
  'dcim.modulebaytemplate': { filterset: { fields: ['position'] } },
  'ipam.role': { filterset: { fields: ['weight'] } },
  'ipam.routetarget': {
    filterset: {
      filters: {
        importing_l2vpn_id: referrerFilter(model('ipam.l2vpn'), 'import_targets'),
        importing_l2vpn: referrerFilter(model('ipam.l2vpn'), 'import_targets', byAttr(model('ipam.l2vpn'), 'identifier')),
        exporting_l2vpn_id: referrerFilter(model('ipam.l2vpn'), 'export_targets'),
        exporting_l2vpn: referrerFilter(model('ipam.l2vpn'), 'export_targets', byAttr(model('ipam.l2vpn'), 'identifier')),
      },
    },
  },
  'ipam.asn': {
    filterset: {
      filters: {
        provider_id: referrerFilter(model('circuits.provider'), 'asns'),
        provider: referrerFilter(model('circuits.provider'), 'asns', byAttr(model('circuits.provider'), 'slug')),
        site_group_id: referrerFilter(model('dcim.site'), 'asns', pathFilter(model('dcim.site'), 'group', 'id')),
        site_group: referrerFilter(model('dcim.site'), 'asns', pathFilter(model('dcim.site'), 'group')),
      },
    },
  },
  'ipam.asnrange': { filterset: { fields: ['slug'] } },
  // 4.2's Q-in-Q: a VLAN's role, and its service VLAN by id or VID.
  'ipam.vlan': {
    filterset: {
      fields: ['qinq_role'],
      related: ['qinq_svlan_id'],
      through: { qinq_svlan_vid: 'qinq_svlan.vid' },
      filters: {
        interface_id: vlansOf('dcim.interface'),
        vminterface_id: vlansOf('virtualization.vminterface'),
        available_at_site: availableAt('dcim.site'),
        available_at_site_group: availableAt('dcim.sitegroup'),
      },
    },
  },
  'ipam.prefix': {
    filterset: { fields: ['scope_id'], filters: { vlan_group_id: pathFilter(model('ipam.prefix'), 'vlan.group', 'id'), vlan_group: pathFilter(model('ipam.prefix'), 'vlan.group') } },
  },
  'ipam.iprange': { filterset: { fields: ['size'] } },
  'ipam.ipaddress': {
    filterset: {
      fields: ['assigned_object_id'],
      related: ['nat_inside_id'],
      filters: {
        assigned_object_type: objectTypesFilter('assigned_object_type'),
        service_id: referrerFilter(model('ipam.service'), 'ipaddresses'),
        ...Object.fromEntries(Object.entries(maskLengthFilters(['gte', 'lte'])).map(([name, filter]) => [name, withinMaskLengths(filter)])),
      },
    },
  },
  'ipam.l2vpntermination': { filterset: { fields: ['assigned_object_id'] } },
  'vpn.tunneltermination': { filterset: { filters: { termination_type: objectTypesFilter('termination_type') } } },
  'circuits.circuitgroupassignment': { filterset: { filters: { member_type: objectTypesFilter('member_type'), member_type_id: objectTypeIds('member_type') } } },
  'virtualization.cluster': { filterset: { fields: ['scope_id'] } },
  'virtualization.virtualmachine': {
    filterset: { fields: ['serial', 'start_on_boot'], related: ['config_template_id', 'primary_ip4_id', 'primary_ip4', 'primary_ip6_id', 'primary_ip6'] },
  },
  'virtualization.vminterface': {
    filterset: {
      replaces: ['vlan_id', 'vlan'],
      fields: ['mode'],
      filters: { vlan_id: carriedVlanFilter(model('virtualization.vminterface'), 'id', true), vlan: carriedVlanFilter(model('virtualization.vminterface'), 'vid', true) },
    },
  },
  'tenancy.contactgroup': { filterset: { filters: { contact_id: referrerFilter(model('tenancy.contact'), 'groups') } } },
  // Assignments whose contact is in any of the groups or below them, as the contact's own group filters (4.3's) find it.
  'tenancy.contactassignment': {
    filterset: {
      filters: Object.fromEntries(
        ['group_id', 'group'].map((name) => [name, relatedByFilter(model('tenancy.contactassignment'), 'contact', storedFilter('tenancy.contact', `any_${name}`))]),
      ),
    },
  },
  'circuits.provider': { filterset: { relations: { asn: 'asns' } } },
  'circuits.circuit': {
    filterset: {
      filters: {
        provider_account: pathFilter(model('circuits.circuit'), 'provider_account', 'account'),
        location_id: referrerFilter(model('circuits.circuittermination'), 'circuit', pathFilter(model('circuits.circuittermination'), '_location', 'id', { exact: true })),
        termination_a_id: circuitSide('A'),
        termination_z_id: circuitSide('Z'),
      },
    },
  },
  'circuits.circuittermination': { filterset: { fields: ['termination_id', 'pp_info'] } },
  'wireless.wirelesslan': { filterset: { fields: ['scope_id'], filters: { interface_id: referrerFilter(model('dcim.interface'), 'wireless_lans') } } },
};
