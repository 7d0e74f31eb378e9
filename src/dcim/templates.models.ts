import { applyFrontMappings, frontMappingFields, presentFrontMappings, presentRearMappings, rearMappingFields } from './port-mappings';
import { loadRow } from '../core/query/model-query';
import { Field, FieldError, boolean, choice, contentType, foreignKey, genericRelation, integer, text } from '../core/model/fields';
import { CustomFilter, FilterSetSpec, ModelDef, ModelSpec, Row, WriteContext, defineModel, registry } from '../core/model/model';
import { contentTypeFilter } from '../extras/content-type-filter';
import { pathFilter } from '../core/query/filters';
import { CONSOLE_PORT_TYPES, INTERFACE_TYPES, POE_MODES, POE_TYPES, PORT_TYPES, POWER_OUTLET_FEED_LEGS, POWER_OUTLET_TYPES, POWER_PORT_TYPES, WIRELESS_ROLES } from './choices';
import { componentDisplay, naturalizeInterface } from './components.models';
import { naturalize } from './naturalize';

const COLOR = /^[0-9a-f]{6}$/;
const COLOR_MESSAGE = 'Enter a valid hexadecimal RGB color code.';

/**
 * `?devicetype_id=` and `?moduletype_id=` (NetBox's names for a template's owner), with `__n`: every
 * id must exist, `null` selects templates without one.
 */
function ownerFilter(model: () => ModelDef, field: string): CustomFilter {
  return { ...pathFilter(model, field, 'id'), schema: { type: 'integer', nullable: true } };
}

export interface TemplateSpec extends Omit<ModelSpec, 'app' | 'fields' | 'brief'> {
  fields: Record<string, Field<any>>;
  /** NetBox's Meta.fields and the template's own relation filters; the owner's are added. */
  filterset: FilterSetSpec;
  /** Belongs to a device type or a module type; otherwise to a device type only (bays). */
  modular?: boolean;
  /** May move to another device type: NetBox's device bay template skips that check. */
  movable?: boolean;
  brief?: string[];
}

/**
 * A component template of a device type (or module type): the component each new device (or
 * module) of that type is given, with the template's name, label and own fields.
 */
export function defineTemplate(spec: TemplateSpec): ModelDef {
  const { modular = true, movable = false, fields, validate, filterset, filters, ...rest } = spec;
  const base: Record<string, Field<any>> = {
    device_type: foreignKey('dcim.devicetype', { nullable: modular, onDelete: 'CASCADE' }),
    ...(modular ? { module_type: foreignKey('dcim.moduletype', { nullable: true, onDelete: 'CASCADE' }) } : {}),
    name: text({ max: 64 }),
    _name: text({ max: 100, readOnly: true, blank: true }),
    label: text({ max: 64, blank: true }),
    ...fields,
    description: text({ max: 200, blank: true }),
  };
  const model: ModelDef = defineModel({
    app: 'dcim',
    display: componentDisplay,
    ordering: modular ? ['device_type', 'module_type', '_name', 'id'] : ['device_type', '_name', 'id'],
    constraints: [{ fields: ['device_type', 'name'] }, ...(modular ? [{ fields: ['module_type', 'name'] }] : [])],
    features: { tags: false, customFields: false },
    brief: ['id', 'url', 'display', 'name'],
    // NetBox's template filter sets search the name only.
    search: ['name'],
    relatedObject: 'device_type',
    ...rest,
    fields: base,
    // ChangeLoggedModelFilterSet: no tags.
    filterset: { base: 'changelog', ...filterset },
    filters: {
      devicetype_id: ownerFilter(() => model, 'device_type'),
      ...(modular ? { moduletype_id: ownerFilter(() => model, 'module_type') } : {}),
      ...filters,
    },
    async validate(row, previous, ctx) {
      row._name = naturalize(row.name);
      if (previous && !movable && previous.device_type_id !== row.device_type_id) {
        throw new FieldError({ device_type: ['Component templates cannot be moved to a different device type.'] });
      }
      if (modular && row.device_type_id !== null && row.module_type_id !== null) {
        throw new FieldError(['A component template cannot be associated with both a device type and a module type.']);
      }
      if (modular && row.device_type_id === null && row.module_type_id === null) {
        throw new FieldError(['A component template must be associated with either a device type or a module type.']);
      }
      await validate?.(row, previous, ctx);
    },
  });
  return model;
}

/** The keys of a template's full form. */
function templateKeys(own: string[], modular = true): string[] {
  return ['id', 'url', 'display', 'device_type', ...(modular ? ['module_type'] : []), 'name', 'label', ...own, 'description', 'created', 'last_updated'];
}

/** A template referring to another template (a front port's rear port) must share its owner. */
async function sameOwner(ctx: WriteContext | undefined, row: Row, field: string, model: ModelDef): Promise<Row | null> {
  const other = await loadRow(ctx, model, row[`${field}_id`]);
  if (!other) return null;
  return other.device_type_id !== row.device_type_id || other.module_type_id !== row.module_type_id ? other : null;
}

const owner = (row: Row) => (row.device_type_id !== null ? 'device type' : 'module type');

export const ConsolePortTemplate = defineTemplate({
  name: 'consoleporttemplate',
  plural: 'console-port-templates',
  verboseName: 'console port template',
  fields: { type: choice(CONSOLE_PORT_TYPES, { blank: true }) },
  full: templateKeys(['type']),
  filterset: { fields: ['id', 'name', 'type'] },
});

export const ConsoleServerPortTemplate = defineTemplate({
  name: 'consoleserverporttemplate',
  plural: 'console-server-port-templates',
  verboseName: 'console server port template',
  fields: { type: choice(CONSOLE_PORT_TYPES, { blank: true }) },
  full: templateKeys(['type']),
  filterset: { fields: ['id', 'name', 'type'] },
});

export const PowerPortTemplate = defineTemplate({
  name: 'powerporttemplate',
  plural: 'power-port-templates',
  verboseName: 'power port template',
  fields: {
    type: choice(POWER_PORT_TYPES, { blank: true }),
    maximum_draw: integer({ min: 1, max: 32767, nullable: true }),
    allocated_draw: integer({ min: 1, max: 32767, nullable: true }),
  },
  full: templateKeys(['type', 'maximum_draw', 'allocated_draw']),
  filterset: { fields: ['id', 'name', 'type', 'maximum_draw', 'allocated_draw'] },
  validate(row) {
    if (row.maximum_draw !== null && row.allocated_draw !== null && row.allocated_draw > row.maximum_draw) {
      throw new FieldError({ allocated_draw: [`Allocated draw cannot exceed the maximum draw (${row.maximum_draw}W).`] });
    }
  },
});

export const PowerOutletTemplate = defineTemplate({
  name: 'poweroutlettemplate',
  plural: 'power-outlet-templates',
  verboseName: 'power outlet template',
  fields: {
    type: choice(POWER_OUTLET_TYPES, { blank: true }),
    color: text({ max: 6, blank: true, pattern: COLOR, patternMessage: COLOR_MESSAGE }),
    power_port: foreignKey('dcim.powerporttemplate', { nullable: true, onDelete: 'SET NULL' }),
    feed_leg: choice(POWER_OUTLET_FEED_LEGS, { blank: true }),
  },
  full: templateKeys(['type', 'color', 'power_port', 'feed_leg']),
  filterset: { fields: ['id', 'name', 'type', 'color', 'feed_leg'] },
  async validate(row, _previous, ctx) {
    const port = await sameOwner(ctx, row, 'power_port', PowerPortTemplate);
    if (port) throw new FieldError([`Parent power port (${componentDisplay(port)}) must belong to the same ${owner(row)}`]);
  },
});

export const InterfaceTemplate = defineTemplate({
  name: 'interfacetemplate',
  plural: 'interface-templates',
  verboseName: 'interface template',
  fields: {
    type: choice(INTERFACE_TYPES),
    enabled: boolean({ default: true }),
    mgmt_only: boolean({ default: false }),
    bridge: foreignKey('dcim.interfacetemplate', { nullable: true, onDelete: 'SET NULL' }),
    poe_mode: choice(POE_MODES, { blank: true }),
    poe_type: choice(POE_TYPES, { blank: true }),
    rf_role: choice(WIRELESS_ROLES, { nullable: true, blank: true }),
  },
  full: [
    'id', 'url', 'display', 'device_type', 'module_type', 'name', 'label', 'type', 'enabled', 'mgmt_only', 'description', 'bridge', 'poe_mode',
    'poe_type', 'rf_role', 'created', 'last_updated',
  ],
  filterset: { fields: ['id', 'name', 'type', 'enabled', 'mgmt_only', 'poe_mode', 'poe_type', 'rf_role'], related: ['bridge_id'] },
  async validate(row, previous, ctx) {
    // Interface names sort by slot and port before type, as NetBox's naturalize_interface.
    row._name = naturalizeInterface(row.name);
    if (previous && row.bridge_id === row.id) throw new FieldError({ bridge: ['An interface cannot be bridged to itself.'] });
    const bridge = await sameOwner(ctx, row, 'bridge', InterfaceTemplate);
    if (bridge) throw new FieldError({ bridge: [`Bridge interface (${componentDisplay(bridge)}) must belong to the same ${owner(row)}`] });
  },
});

export const RearPortTemplate = defineTemplate({
  name: 'rearporttemplate',
  plural: 'rear-port-templates',
  verboseName: 'rear port template',
  fields: {
    type: choice(PORT_TYPES),
    color: text({ max: 6, blank: true, pattern: COLOR, patternMessage: COLOR_MESSAGE }),
    positions: integer({ min: 1, max: 1024, default: 1 }),
    ...rearMappingFields(),
  },
  full: templateKeys(['type', 'color', 'positions']),
  filterset: { fields: ['id', 'name', 'type', 'color', 'positions'] },
  augment: (ctx, rows, reps) => presentRearMappings(ctx, FrontPortTemplate, rows, reps),
});

export const FrontPortTemplate = defineTemplate({
  name: 'frontporttemplate',
  plural: 'front-port-templates',
  verboseName: 'front port template',
  fields: {
    type: choice(PORT_TYPES),
    color: text({ max: 6, blank: true, pattern: COLOR, patternMessage: COLOR_MESSAGE }),
    rear_port: foreignKey('dcim.rearporttemplate', { nullable: true, onDelete: 'CASCADE' }),
    rear_port_position: integer({ min: 1, max: 1024, default: 1 }),
    ...frontMappingFields(),
  },
  full: templateKeys(['type', 'color', 'rear_port', 'rear_port_position']),
  filterset: { fields: ['id', 'name', 'type', 'color'] },
  constraints: [{ fields: ['device_type', 'name'] }, { fields: ['module_type', 'name'] }, { fields: ['rear_port', 'rear_port_position'] }],
  augment: async (_ctx, rows, reps) => reps.forEach((rep, i) => presentFrontMappings(rep, rows[i])),
  async validate(row, previous, ctx) {
    await applyFrontMappings(row, previous, ctx, RearPortTemplate);
    const rear = await loadRow(ctx, RearPortTemplate, row.rear_port_id);
    if (!rear) return;
    if (await sameOwner(ctx, row, 'rear_port', RearPortTemplate)) throw new FieldError([`Rear port (${componentDisplay(rear)}) must belong to the same ${owner(row)}`]);
    if (row.rear_port_position > rear.positions) {
      throw new FieldError([`Invalid rear port position (${row.rear_port_position}); rear port ${rear.name} has only ${rear.positions} positions`]);
    }
  },
});

export const ModuleBayTemplate = defineTemplate({
  name: 'modulebaytemplate',
  plural: 'module-bay-templates',
  verboseName: 'module bay template',
  fields: { position: text({ max: 30, blank: true }), enabled: boolean({ default: true }) },
  full: templateKeys(['position', 'enabled']),
  filterset: { fields: ['id', 'name', 'enabled'] },
});

export const DeviceBayTemplate = defineTemplate({
  name: 'devicebaytemplate',
  plural: 'device-bay-templates',
  verboseName: 'device bay template',
  modular: false,
  movable: true,
  fields: { enabled: boolean({ default: true }) },
  full: templateKeys(['enabled'], false),
  filterset: { fields: ['id', 'name', 'enabled'] },
  async validate(row, _previous, ctx) {
    const type = await loadRow(ctx, registry.get('dcim.devicetype')!, row.device_type_id);
    if (type && type.subdevice_role !== 'parent') {
      throw new FieldError([`Subdevice role of device type (${type.model}) must be set to "parent" to allow device bays.`]);
    }
  },
});

export const InventoryItemTemplate = defineTemplate({
  name: 'inventoryitemtemplate',
  plural: 'inventory-item-templates',
  verboseName: 'inventory item template',
  modular: false,
  tree: true,
  // MPTT's tree order: trees in the order they were started, children in the order they were added.
  ordering: ['tree_path', 'id'],
  fields: {
    parent: foreignKey('dcim.inventoryitemtemplate', { nullable: true, onDelete: 'CASCADE', flat: true }),
    role: foreignKey('dcim.inventoryitemrole', { nullable: true, onDelete: 'PROTECT' }),
    manufacturer: foreignKey('dcim.manufacturer', { nullable: true, onDelete: 'PROTECT' }),
    part_id: text({ max: 50, blank: true }),
    component_type: contentType({
      nullable: true,
      blank: true,
      allowed: () => [
        'dcim.consoleporttemplate', 'dcim.consoleserverporttemplate', 'dcim.frontporttemplate', 'dcim.interfacetemplate',
        'dcim.poweroutlettemplate', 'dcim.powerporttemplate', 'dcim.rearporttemplate',
      ],
    }),
    component_id: integer({ min: 0, nullable: true }),
    component: genericRelation('component_type', 'component_id'),
  },
  constraints: [{ fields: ['device_type', 'parent', 'name'] }],
  full: [
    'id', 'url', 'display', 'device_type', 'parent', 'name', 'label', 'role', 'manufacturer', 'part_id', 'description', 'component_type',
    'component_id', 'component', 'created', 'last_updated', '_depth',
  ],
  brief: ['id', 'url', 'display', 'name', '_depth'],
  search: ['name', 'part_id', 'description'],
  filterset: {
    fields: ['id', 'name', 'label', 'part_id', 'component_id'],
    related: ['parent_id', 'manufacturer_id', 'manufacturer', 'role_id', 'role'],
  },
  filters: { component_type: contentTypeFilter('component_type') },
});
