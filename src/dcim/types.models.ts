import { FieldError, boolean, choice, decimal, foreignKey, json, slug, text } from '../core/model/fields';
import { CountSpec, CustomFilter, Row, WriteContext, defineModel, registry } from '../core/model/model';
import { booleanFilter } from '../core/query/filters';
import { loadRow, q } from '../core/query/model-query';
import { schemaError, valueError } from '../core/util/json-schema';
import { DEVICE_COMPONENT_KINDS, MODULE_COMPONENT_KINDS, counterNames } from './component-kinds';

/**
 * NetBox's "has console ports", "has interfaces"... filters of devices and of device and module types: whether
 * the object has any of that kind of component (`dcim.consoleport`) or template (`dcim.consoleporttemplate`),
 * found by `owner` (`device_id`). Pass-through ports are front or rear ports; "without" means lacking either.
 */
export function componentPresenceFilters(owner: string, kinds: string[], suffix = ''): Record<string, CustomFilter> {
  const has = (model: string) => `EXISTS (SELECT 1 FROM ${q(registry.get(`dcim.${model}${suffix}`)!.table)} c WHERE c.${q(owner)} = t.id)`;
  const filters: Record<string, CustomFilter> = {};
  for (const kind of kinds) {
    filters[kind] =
      kind === 'pass_through_ports'
        ? booleanFilter(() => `${has('frontport')} OR ${has('rearport')}`, () => `NOT (${has('frontport')} AND ${has('rearport')})`)
        : booleanFilter(() => has(kind.replace(/_/g, '').replace(/s$/, '')));
  }
  return filters;
}

/** An image the service does not store yet reads as none: NetBox's `has_front_image` and `has_rear_image`. */
const noImage: CustomFilter = booleanFilter(() => '1 = 0', () => '1 = 1');

const TYPE_COMPONENTS = ['console_ports', 'console_server_ports', 'power_ports', 'power_outlets', 'interfaces', 'pass_through_ports'];

/**
 * 4.0's counter fields of a device (`interface_count`) or type (`interface_template_count`): its components or templates
 * of each kind (`interface`: `dcim.interface`), found by `owner` (`device`), counted as they are read.
 */
export function componentCounts(owner: string, kinds: string[], suffix = ''): Record<string, CountSpec> {
  const names = counterNames(kinds, suffix);
  return Object.fromEntries(kinds.map((kind, i) => [names[i], { model: `dcim.${kind.replace(/_/g, '')}${suffix}`, field: owner }]));
}

const COLOR = /^[0-9a-f]{6}$/;

export const Manufacturer = defineModel({
  app: 'dcim',
  name: 'manufacturer',
  plural: 'manufacturers',
  fields: {
    name: text({ max: 100, unique: true }),
    slug: slug({ max: 100, unique: true }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  counts: {
    devicetype_count: { model: 'dcim.devicetype', field: 'manufacturer' },
    moduletype_count: { model: 'dcim.moduletype', field: 'manufacturer' },
    inventoryitem_count: { model: 'dcim.inventoryitem', field: 'manufacturer' },
    platform_count: { model: 'dcim.platform', field: 'manufacturer' },
  },
  brief: ['id', 'url', 'display', 'name', 'slug', 'devicetype_count'],
  search: ['name', 'slug', 'description'],
  filterset: { fields: ['id', 'name', 'slug', 'description'] },
});

/** Software a device runs: since 4.3 a tree (Cisco IOS above IOS-XE), its names unique per manufacturer rather than per parent. */
export const Platform = defineModel({
  app: 'dcim',
  name: 'platform',
  plural: 'platforms',
  tree: true,
  fields: {
    name: text({ max: 100 }),
    slug: slug({ max: 100 }),
    parent: foreignKey('dcim.platform', { nullable: true, onDelete: 'CASCADE' }),
    manufacturer: foreignKey('dcim.manufacturer', { nullable: true, onDelete: 'PROTECT' }),
    config_template: foreignKey('extras.configtemplate', { nullable: true, onDelete: 'PROTECT' }),
    napalm_driver: text({ max: 50, blank: true }),
    napalm_args: json({ nullable: true }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  constraints: [
    { fields: ['manufacturer', 'name'] },
    { fields: ['name'], when: { manufacturer: null }, name: 'dcim_platform_name', message: 'Platform name must be unique.' },
    { fields: ['manufacturer', 'slug'] },
    { fields: ['slug'], when: { manufacturer: null }, name: 'dcim_platform_slug', message: 'Platform slug must be unique.' },
  ],
  full: [
    'id', 'url', 'display', 'parent', 'name', 'slug', 'manufacturer', 'config_template', 'napalm_driver', 'napalm_args', 'description', 'comments', 'tags',
    'custom_fields', 'created', 'last_updated', 'device_count', 'virtualmachine_count', '_depth',
  ],
  counts: {
    device_count: { model: 'dcim.device', field: 'platform' },
    virtualmachine_count: { model: 'virtualization.virtualmachine', field: 'platform' },
  },
  brief: ['id', 'url', 'display', 'name', 'slug', 'device_count', 'virtualmachine_count', '_depth'],
  search: ['name', 'slug', 'description', 'comments'],
  filterset: {
    fields: ['id', 'name', 'slug', 'napalm_driver', 'description'],
    related: ['parent_id', 'parent', 'manufacturer_id', 'manufacturer', 'config_template_id'],
  },
});

/** A device's function: since 4.3 a tree, its names and slugs unique among siblings (and among roots). */
export const DeviceRole = defineModel({
  app: 'dcim',
  name: 'devicerole',
  plural: 'device-roles',
  verboseName: 'device role',
  tree: true,
  fields: {
    name: text({ max: 100 }),
    slug: slug({ max: 100 }),
    color: text({ max: 6, default: '9e9e9e', pattern: COLOR, patternMessage: 'Enter a valid hexadecimal RGB color code.' }),
    vm_role: boolean({ default: true }),
    config_template: foreignKey('extras.configtemplate', { nullable: true, onDelete: 'PROTECT' }),
    parent: foreignKey('dcim.devicerole', { nullable: true, onDelete: 'CASCADE' }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  constraints: [
    { fields: ['parent', 'name'] },
    { fields: ['name'], when: { parent: null }, name: 'dcim_devicerole_name', message: 'A top-level device role with this name already exists.' },
    { fields: ['parent', 'slug'] },
    { fields: ['slug'], when: { parent: null }, name: 'dcim_devicerole_slug', message: 'A top-level device role with this slug already exists.' },
  ],
  full: [
    'id', 'url', 'display', 'name', 'slug', 'color', 'vm_role', 'config_template', 'parent', 'description', 'tags', 'custom_fields', 'created', 'last_updated',
    'device_count', 'virtualmachine_count', 'comments', '_depth',
  ],
  counts: {
    device_count: { model: 'dcim.device', field: 'device_role' },
    virtualmachine_count: { model: 'virtualization.virtualmachine', field: 'role' },
  },
  brief: ['id', 'url', 'display', 'name', 'slug', 'device_count', 'virtualmachine_count', '_depth'],
  search: ['name', 'slug', 'description', 'comments'],
  filterset: { fields: ['id', 'name', 'slug', 'color', 'vm_role', 'description'], related: ['parent_id', 'parent', 'config_template_id'] },
});

export const WEIGHT_UNITS = [
  { value: 'kg', label: 'Kilograms' },
  { value: 'g', label: 'Grams' },
  { value: 'lb', label: 'Pounds' },
  { value: 'oz', label: 'Ounces' },
] as const;

const SUBDEVICE_ROLES = [
  { value: 'parent', label: 'Parent' },
  { value: 'child', label: 'Child' },
] as const;

const AIRFLOWS = [
  { value: 'front-to-rear', label: 'Front to rear' },
  { value: 'rear-to-front', label: 'Rear to front' },
  { value: 'left-to-right', label: 'Left to right' },
  { value: 'right-to-left', label: 'Right to left' },
  { value: 'side-to-rear', label: 'Side to rear' },
  { value: 'passive', label: 'Passive' },
  { value: 'mixed', label: 'Mixed' },
] as const;

/** A module's airflow (4.4): a device's but mixed. */
const MODULE_AIRFLOWS = AIRFLOWS.filter((a) => a.value !== 'mixed');

/** NetBox's weight rule: a weight needs its unit. */
function requireWeightUnit(row: Row): void {
  if (row.weight !== null && row.weight !== undefined && !row.weight_unit) {
    throw new FieldError({ weight_unit: ['Must specify a unit when setting a weight'] });
  }
}

// Images are not stored here: `front_image` and `rear_image` read null.
export const DeviceType = defineModel({
  app: 'dcim',
  name: 'devicetype',
  plural: 'device-types',
  verboseName: 'device type',
  display: (d) => d.model,
  ordering: ['manufacturer', 'model', 'id'],
  lookupField: 'slug',
  fields: {
    manufacturer: foreignKey('dcim.manufacturer', { onDelete: 'PROTECT' }),
    default_platform: foreignKey('dcim.platform', { nullable: true, onDelete: 'SET NULL' }),
    model: text({ max: 100 }),
    slug: slug({ max: 100 }),
    part_number: text({ max: 50, blank: true }),
    u_height: decimal({ digits: 4, places: 1, default: 1 }),
    exclude_from_utilization: boolean({ default: false }),
    is_full_depth: boolean({ default: true }),
    subdevice_role: choice(SUBDEVICE_ROLES, { nullable: true, blank: true }),
    airflow: choice(AIRFLOWS, { nullable: true, blank: true }),
    weight: decimal({ digits: 8, places: 2, nullable: true }),
    weight_unit: choice(WEIGHT_UNITS, { nullable: true, blank: true }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  full: [
    'id', 'url', 'display', 'manufacturer', 'default_platform', 'model', 'slug', 'part_number', 'u_height', 'is_full_depth', 'subdevice_role',
    'airflow', 'weight', 'weight_unit', 'front_image', 'rear_image', 'description', 'comments', 'tags', 'custom_fields', 'created', 'last_updated',
    'device_count',
  ],
  constraints: [{ fields: ['manufacturer', 'model'] }, { fields: ['manufacturer', 'slug'] }],
  counts: { device_count: { model: 'dcim.device', field: 'device_type' }, ...componentCounts('device_type', DEVICE_COMPONENT_KINDS, 'template') },
  brief: ['id', 'url', 'display', 'manufacturer', 'model', 'slug', 'device_count'],
  search: ['model', 'part_number', 'description', 'comments'],
  filterset: {
    fields: [
      'id', 'model', 'slug', 'part_number', 'u_height', 'exclude_from_utilization', 'is_full_depth', 'subdevice_role', 'airflow', 'weight', 'weight_unit',
      'device_count', ...counterNames(DEVICE_COMPONENT_KINDS, 'template'),
    ],
    related: ['manufacturer_id', 'manufacturer', 'default_platform_id', 'default_platform'],
  },
  filters: {
    has_front_image: noImage,
    has_rear_image: noImage,
    ...componentPresenceFilters('device_type_id', [...TYPE_COMPONENTS, 'module_bays', 'device_bays', 'inventory_items'], 'template'),
  },
  validate(row) {
    if (row.u_height < 0) throw new FieldError({ u_height: ['Ensure this value is greater than or equal to 0.'] });
    if (row.u_height !== null && Math.round(row.u_height * 2) !== row.u_height * 2) {
      throw new FieldError({ u_height: ['U height must be in increments of 0.5 rack units.'] });
    }
    requireWeightUnit(row);
  },
});

/** NetBox 4.3's module type profiles: a JSON schema of the attributes their module types hold. */
export const ModuleTypeProfile = defineModel({
  app: 'dcim',
  name: 'moduletypeprofile',
  plural: 'module-type-profiles',
  verboseName: 'module type profile',
  fields: {
    name: text({ max: 100, unique: true }),
    description: text({ max: 200, blank: true }),
    schema: json({ nullable: true, blank: true, label: 'Schema' }),
    comments: text({ blank: true }),
  },
  brief: ['id', 'url', 'display', 'name', 'description'],
  search: ['name', 'description', 'comments'],
  filterset: { fields: ['id', 'name', 'description'] },
  // NetBox's validate_schema: a JSON object its draft's meta-schema accepts, or nothing.
  validate(row) {
    if (row.schema === null || row.schema === '') {
      row.schema = null;
      return;
    }
    if (typeof row.schema !== 'object' || Array.isArray(row.schema)) throw new FieldError({ schema: ['Invalid JSON schema definition'] });
    const error = schemaError(row.schema);
    if (error) throw new FieldError({ schema: [`Invalid JSON schema definition: ${error}`] });
  },
});

/**
 * A module type's attributes under its profile (NetBox's clean): valid under the profile's schema, and none without
 * one. An update's attributes are merged into those it had, as NetBox's AttributesField takes them.
 */
async function checkAttributes(row: Row, previous: Row | null, ctx?: WriteContext): Promise<void> {
  const given = ctx?.input?.attributes;
  if (previous && isPlainObject(given) && Object.keys(given).length && isPlainObject(previous.attributes)) row.attributes = { ...previous.attributes, ...given };
  const profile = await loadRow(ctx, ModuleTypeProfile, row.profile_id);
  if (!profile?.schema) {
    row.attributes = null;
    return;
  }
  const error = valueError(row.attributes, profile.schema);
  if (error) throw new FieldError([`Invalid schema: ${error}`]);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export const ModuleType = defineModel({
  app: 'dcim',
  name: 'moduletype',
  plural: 'module-types',
  verboseName: 'module type',
  display: (m) => m.model,
  ordering: ['profile', 'manufacturer', 'model', 'id'],
  lookupField: 'model',
  fields: {
    profile: foreignKey(() => ModuleTypeProfile, { nullable: true, onDelete: 'PROTECT' }),
    manufacturer: foreignKey('dcim.manufacturer', { onDelete: 'PROTECT' }),
    model: text({ max: 100 }),
    part_number: text({ max: 50, blank: true }),
    airflow: choice(MODULE_AIRFLOWS, { nullable: true, blank: true }),
    weight: decimal({ digits: 8, places: 2, nullable: true }),
    weight_unit: choice(WEIGHT_UNITS, { nullable: true, blank: true }),
    description: text({ max: 200, blank: true }),
    // NetBox's `attribute_data`, which its API names `attributes`.
    attributes: json({ nullable: true, label: 'Attributes' }),
    comments: text({ blank: true }),
  },
  counts: { module_count: { model: 'dcim.module', field: 'module_type' }, ...componentCounts('module_type', MODULE_COMPONENT_KINDS, 'template') },
  constraints: [{ fields: ['manufacturer', 'model'] }],
  brief: ['id', 'url', 'display', 'manufacturer', 'model'],
  search: ['model', 'part_number', 'description', 'comments'],
  filterset: {
    fields: ['id', 'model', 'part_number', 'airflow', 'weight', 'weight_unit', 'module_count', ...counterNames(MODULE_COMPONENT_KINDS, 'template')],
    related: ['manufacturer_id', 'manufacturer', 'profile_id', 'profile'],
  },
  filters: componentPresenceFilters('module_type_id', [...TYPE_COMPONENTS, 'module_bays'], 'template'),
  // 4.3's AttributeFiltersMixin: `attr_<key>` over the attributes.
  jsonKeyFilters: { prefix: 'attr_', field: 'attributes' },
  async validate(row, previous, ctx) {
    requireWeightUnit(row);
    await checkAttributes(row, previous, ctx);
  },
});
