import { CustomFieldDef, CustomFieldValueError, checkCustomFieldValue, customFieldRegex, syncCustomFieldData } from '../core/custom-fields';
import { FieldError, boolean, choice, contentType, contentTypes, integer, json, pythonType, text } from '../core/model/fields';
import type { Dialect } from '../core/dialect/dialect';
import { Row, WriteContext, defineModel, registry } from '../core/model/model';
import { pythonStr } from '../core/util/python-repr';
import { contentTypeFilter, contentTypeIdsFilter } from './content-type-filter';

export const CUSTOM_FIELD_TYPES = [
  { value: 'text', label: 'Text' },
  { value: 'longtext', label: 'Text (long)' },
  { value: 'integer', label: 'Integer' },
  { value: 'decimal', label: 'Decimal' },
  { value: 'boolean', label: 'Boolean (true/false)' },
  { value: 'date', label: 'Date' },
  { value: 'datetime', label: 'Date & time' },
  { value: 'url', label: 'URL' },
  { value: 'json', label: 'JSON' },
  { value: 'select', label: 'Selection' },
  { value: 'multiselect', label: 'Multiple selection' },
  { value: 'object', label: 'Object' },
  { value: 'multiobject', label: 'Multiple objects' },
] as const;

export const CUSTOM_FIELD_FILTER_LOGIC = [
  { value: 'disabled', label: 'Disabled' },
  { value: 'loose', label: 'Loose' },
  { value: 'exact', label: 'Exact' },
] as const;

/** 3.7 split 3.5's `ui_visibility` in two: whether the UI shows a field, and whether it edits it. */
export const CUSTOM_FIELD_UI_VISIBLE = [
  { value: 'always', label: 'Always' },
  { value: 'if-set', label: 'If set' },
  { value: 'hidden', label: 'Hidden' },
] as const;

export const CUSTOM_FIELD_UI_EDITABLE = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
  { value: 'hidden', label: 'Hidden' },
] as const;

export const CUSTOM_FIELD_VISIBILITY = [
  { value: 'read-write', label: 'Read/Write' },
  { value: 'read-only', label: 'Read-only' },
  { value: 'hidden', label: 'Hidden' },
] as const;

type CustomFieldSettings = Omit<CustomFieldDef, 'id' | 'content_types'>;

const SELECT_TYPES = ['select', 'multiselect'];
const OBJECT_TYPES = ['object', 'multiobject'];

/** Models whose objects carry custom fields: what a custom field may apply to. */
const customizable = () => registry.served().filter((m) => m.features.customFields).map((m) => m.label);

/** NetBox's serializer method field `data_type`: the JSON type of the field's values. */
function dataType(type: string): string {
  if (type === 'integer' || type === 'decimal' || type === 'boolean') return type;
  if (type === 'json' || type === 'object') return 'object';
  if (type === 'multiselect' || type === 'multiobject') return 'array';
  return 'string';
}

/** A custom field of objects of some types: its values live in their `custom_fields`. */
export const CustomField = defineModel({
  app: 'extras',
  name: 'customfield',
  plural: 'custom-fields',
  verboseName: 'custom field',
  // NetBox's str(): the label, else the name in words.
  display: (f) => f.label || capitalize(f.name.replace(/_/g, ' ')),
  ordering: ['group_name', 'weight', 'name'],
  fields: {
    content_types: contentTypes({ helpText: 'The object(s) to which this field applies.' }),
    type: choice(CUSTOM_FIELD_TYPES, { default: 'text', helpText: 'The type of data this custom field holds' }),
    object_type: contentType({ nullable: true, helpText: 'The type of NetBox object this field maps to (for object fields)' }),
    name: text({
      max: 50,
      unique: true,
      pattern: /^[a-z0-9_]+$/i,
      patternMessage: 'Only alphanumeric characters and underscores are allowed.',
      helpText: 'Internal field name',
    }),
    label: text({ max: 50, blank: true, helpText: "Name of the field as displayed to users (if not provided, the field's name will be used)" }),
    group_name: text({ max: 50, blank: true, helpText: 'Custom fields within the same group will be displayed together' }),
    description: text({ max: 200, blank: true }),
    required: boolean({ default: false, helpText: 'If true, this field is required when creating new objects or editing an existing object.' }),
    unique: boolean({ default: false, label: 'Must be unique', helpText: 'The value of this field must be unique for the assigned object' }),
    search_weight: integer({ min: 0, max: 32767, default: 1000, helpText: 'Weighting for search. Lower values are considered more important. Fields with a search weight of zero will be ignored.' }),
    filter_logic: choice(CUSTOM_FIELD_FILTER_LOGIC, { default: 'loose', helpText: 'Loose matches any instance of a given string; exact matches the entire field.' }),
    ui_visibility: choice(CUSTOM_FIELD_VISIBILITY, { default: 'read-write', label: 'UI visibility', helpText: 'Specifies the visibility of custom field in the UI' }),
    ui_visible: choice(CUSTOM_FIELD_UI_VISIBLE, { default: 'always', label: 'UI visible', helpText: 'Specifies whether the custom field is displayed in the UI' }),
    ui_editable: choice(CUSTOM_FIELD_UI_EDITABLE, { default: 'yes', label: 'UI editable', helpText: 'Specifies whether the custom field value can be edited in the UI' }),
    is_cloneable: boolean({ default: false, label: 'Cloneable', helpText: 'Replicate this value when cloning objects' }),
    default: json({ nullable: true, helpText: 'Default value for the field (must be a JSON value). Encapsulate strings with double quotes (e.g. "Foo").' }),
    related_object_filter: json({ nullable: true, helpText: 'Filter the object selection choices using a query_params dict (must be a JSON value).Encapsulate strings with double quotes (e.g. "Foo").' }),
    weight: integer({ min: 0, max: 32767, default: 100, label: 'Display weight', helpText: 'Fields with higher weights appear lower in a form.' }),
    validation_minimum: integer({ min: -2147483648, max: 2147483647, nullable: true, label: 'Minimum value', helpText: 'Minimum allowed value (for numeric fields)' }),
    validation_maximum: integer({ min: -2147483648, max: 2147483647, nullable: true, label: 'Maximum value', helpText: 'Maximum allowed value (for numeric fields)' }),
    validation_regex: text({ max: 500, blank: true, label: 'Validation regex', helpText: 'Regular expression to enforce on text field values. Use ^ and $ to force matching of entire string.' }),
    validation_schema: json({ nullable: true, label: 'Validation schema', helpText: 'A JSON schema definition for validating the custom field value' }),
    choices: json({ nullable: true, helpText: 'Comma-separated list of available choices (for selection fields)' }),
    comments: text({ blank: true }),
  },
  full: [
    'id', 'url', 'display', 'content_types', 'type', 'object_type', 'data_type', 'name', 'label', 'group_name', 'description', 'required',
    'search_weight', 'filter_logic', 'ui_visibility', 'is_cloneable', 'default', 'weight', 'validation_minimum', 'validation_maximum',
    'validation_regex', 'choices', 'created', 'last_updated',
  ],
  brief: ['id', 'url', 'display', 'name'],
  search: ['name', 'label', 'group_name', 'description'],
  features: { tags: false, customFields: false },
  filterset: {
    fields: [
      'id', 'name', 'group_name', 'required', 'unique', 'search_weight', 'filter_logic', 'ui_visibility', 'ui_visible', 'ui_editable', 'weight',
      'is_cloneable', 'description', 'type',
    ],
    base: 'none',
  },
  filters: { content_types: contentTypeFilter('content_types', { list: true }), content_type_id: contentTypeIdsFilter('content_types') },
  validate: validateCustomField,
  afterWrite: syncCustomFieldData,
  present(rep, row) {
    if ('data_type' in rep) rep.data_type = dataType(row.type);
  },
});

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
}

/** 3.5's `ui_visibility` as 3.7's pair, and back: a field hidden or not edited in the UI. */
const VISIBILITY_PAIRS: Record<string, [visible: string, editable: string]> = { 'read-write': ['always', 'yes'], 'read-only': ['always', 'no'], hidden: ['hidden', 'hidden'] };

function visibilityOf(visible: string, editable: string): string {
  if (visible === 'hidden' || editable === 'hidden') return 'hidden';
  return editable === 'no' ? 'read-only' : 'read-write';
}

/** Keeps 3.5's `ui_visibility` and 4.x's pair in step, from whichever the request's dialect speaks. */
function syncVisibility(row: Row, previous: Row | null, dialect?: Dialect): void {
  if (dialect && !dialect.shows(CustomField, 'ui_visibility')) row.ui_visibility = visibilityOf(row.ui_visible, row.ui_editable);
  else if (!previous || previous.ui_visibility !== row.ui_visibility) [row.ui_visible, row.ui_editable] = VISIBILITY_PAIRS[row.ui_visibility];
}

/** NetBox's CustomField.clean: the settings must fit the type, and the default must be a valid value. */
function validateCustomField(row: Row, previous: Row | null, ctx?: WriteContext): void {
  const fail = (field: string, message: string): never => {
    throw new FieldError({ [field]: [message] });
  };
  syncVisibility(row, previous, ctx?.dialect);
  if (row.name.includes('__')) fail('name', 'Double underscores are not permitted in custom field names.');
  if (previous && previous.type !== row.type) fail('type', 'Changing the type of custom fields is not supported.');
  const outside = (row.content_types as string[]).find((t) => !customizable().includes(t));
  if (outside) fail('content_types', `Invalid content type: ${outside}`);
  if (row.validation_regex) {
    try {
      customFieldRegex(row.validation_regex);
    } catch {
      fail('validation_regex', `${row.validation_regex} is not a valid regular expression.`);
    }
  }
  const choices = row.choices;
  if (choices !== null && !Array.isArray(choices)) fail('choices', `Expected a list of items but got type "${pythonType(choices)}".`);
  if (Array.isArray(choices)) {
    if (choices.some((c) => typeof c !== 'string')) fail('choices', 'Not a valid string.');
    if (choices.some((c: string) => c.length > 100)) fail('choices', 'Ensure this field has no more than 100 characters.');
  }
  if (SELECT_TYPES.includes(row.type) && !choices?.length) fail('choices', 'Selection fields must specify at least one choice.');

  if (row.default !== null) {
    const value = TEXT_DEFAULTS.includes(row.type) ? pythonStr(row.default) : row.default;
    try {
      checkCustomFieldValue({ ...(row as CustomFieldSettings), required: false }, value);
    } catch (e) {
      if (!(e instanceof CustomFieldValueError)) throw e;
      fail('default', `Invalid default value "${pythonStr(row.default)}": ${e.message}`);
    }
  }
  if (!['integer', 'decimal'].includes(row.type)) {
    if (row.validation_minimum) fail('validation_minimum', 'A minimum value may be set only for numeric fields');
    if (row.validation_maximum) fail('validation_maximum', 'A maximum value may be set only for numeric fields');
  }
  if (row.validation_regex && !['text', 'longtext', 'url'].includes(row.type)) {
    fail('validation_regex', 'Regular expression validation is supported only for text and URL fields');
  }
  if (choices?.length && !SELECT_TYPES.includes(row.type)) fail('choices', 'Choices may be set only for custom selection fields.');
  if (OBJECT_TYPES.includes(row.type)) {
    if (!row.object_type) fail('object_type', 'Object fields must define an object type.');
  } else if (row.object_type) {
    fail('object_type', `${CUSTOM_FIELD_TYPES.find((t) => t.value === row.type)?.label} fields may not define an object type.`);
  }
  const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (row.validation_schema !== null && row.validation_schema !== '' && !isObject(row.validation_schema)) fail('validation_schema', 'Invalid JSON schema definition');
  if (row.validation_schema && row.type !== 'json') fail('validation_schema', 'JSON schema validation is supported only for JSON fields');
  if (row.unique && row.type === 'boolean') fail('unique', 'Uniqueness cannot be enforced for boolean fields');
  if (row.related_object_filter !== null) {
    if (!OBJECT_TYPES.includes(row.type)) fail('related_object_filter', 'A related object filter can be defined only for object fields.');
    if (!isObject(row.related_object_filter)) fail('related_object_filter', 'Filter must be defined as a dictionary mapping attributes to values.');
  }
}

/** NetBox validates a text field's default as str(default). */
const TEXT_DEFAULTS = ['text', 'longtext'];
