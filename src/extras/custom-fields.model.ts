import type { EntityManager } from 'typeorm';
import { CustomFieldDef, CustomFieldValueError, checkCustomFieldValue, customFieldRegex, speaksChoiceSets, syncCustomFieldData } from '../core/custom-fields';
import { ComputedField, FieldError, JsonField, boolean, choice, contentType, contentTypes, foreignKey, integer, json, pythonType, text } from '../core/model/fields';
import type { Dialect } from '../core/dialect/dialect';
import { AfterWriteContext, Row, WriteContext, defineModel, registry } from '../core/model/model';
import { ModelQuery, loadRow, q } from '../core/query/model-query';
import { pythonStr } from '../core/util/python-repr';
import { contentTypeFilter, contentTypeIdsFilter } from './content-type-filter';
import { ChoicePair, CustomFieldChoiceSet, choicesOf } from './custom-field-choice-sets.model';

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

/** 3.5's `choices` of a selection field: its choice set's extra values, read from the set's `[value, label]` pairs. */
class ChoiceValuesField extends JsonField {
  fromDb(raw: unknown): unknown {
    const pairs = super.fromDb(raw);
    return Array.isArray(pairs) ? pairs.map((pair) => (Array.isArray(pair) ? pair[0] : pair)) : null;
  }
  openapi(): Record<string, unknown> {
    return { type: 'array', items: { type: 'string', maxLength: 100, minLength: 1 }, nullable: true };
  }
}

const choiceValues = new ChoiceValuesField({ nullable: true });

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
  // 4.5's OwnerMixin, which its serializer shows.
  owner: true,
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
    // 4.x's storage of a selection field's choices (NetBox 3.6).
    choice_set: foreignKey(() => CustomFieldChoiceSet, { nullable: true, onDelete: 'PROTECT' }),
    // 3.5's list of choices: its set's extra values, read with the row; written, it becomes the field's own set (`writeOwnChoiceSet`).
    choices: new ComputedField(
      () => choiceValues,
      (alias) => `(SELECT s.extra_choices FROM ${q(CustomFieldChoiceSet.table)} s WHERE s.id = ${alias}.choice_set_id)`,
      { readOnly: false, helpText: 'Comma-separated list of available choices (for selection fields)' },
    ),
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
    related: ['choice_set_id', 'choice_set'],
    base: 'none',
  },
  filters: { content_types: contentTypeFilter('content_types', { list: true }), content_type_id: contentTypeIdsFilter('content_types') },
  validate: validateCustomField,
  async afterWrite(em, row, previous, ctx) {
    await syncCustomFieldData(em, row, previous);
    await writeOwnChoiceSet(em, row, ctx);
  },
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
async function validateCustomField(row: Row, previous: Row | null, ctx?: WriteContext): Promise<void> {
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
  const legacy = !speaksChoiceSets(ctx?.dialect);
  const selection = SELECT_TYPES.includes(row.type);
  // 3.5's list, where its dialect wrote one: it becomes the field's own set once the field is stored.
  const given = ctx?.input && 'choices' in ctx.input ? (ctx.input.choices as unknown) : undefined;
  if (given !== undefined && given !== null && !Array.isArray(given)) fail('choices', `Expected a list of items but got type "${pythonType(given)}".`);
  if (Array.isArray(given)) {
    if (given.some((c) => typeof c !== 'string')) fail('choices', 'Not a valid string.');
    if (given.some((c: string) => c.trim() === '')) fail('choices', 'This field may not be blank.');
    if (given.some((c: string) => c.length > 100)) fail('choices', 'Ensure this field has no more than 100 characters.');
    const twice = given.find((c, i) => given.indexOf(c) !== i);
    if (twice !== undefined) fail('choices', `Duplicate value '${twice}' found in extra choices.`);
  }
  const set = await loadRow(ctx, CustomFieldChoiceSet, row.choice_set_id);
  const choices: string[] | null = given !== undefined ? (given as string[] | null) : set ? choicesOf(set).map(([value]) => value) : null;
  if (legacy && selection && !choices?.length) fail('choices', 'Selection fields must specify at least one choice.');
  if (!legacy && selection && row.choice_set_id === null) fail('choice_set', 'Selection fields must specify a set of choices.');
  if (!legacy && !selection && row.choice_set_id !== null) fail('choice_set', 'Choices may be set only on selection fields.');

  if (row.default !== null) {
    const value = TEXT_DEFAULTS.includes(row.type) ? pythonStr(row.default) : row.default;
    try {
      checkCustomFieldValue({ ...(row as CustomFieldSettings), choices, choice_set_name: set?.name ?? null, required: false }, value, legacy);
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
  if (Array.isArray(given) && given.length && !selection) fail('choices', 'Choices may be set only for custom selection fields.');
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

/**
 * A selection field's choices written as 3.5's list are its own choice set's extra choices, each value its own label:
 * the set only this field uses is rewritten, otherwise one is created for it (named as NetBox's 3.6 migration named them).
 */
async function writeOwnChoiceSet(em: EntityManager, row: Row | null, { input, writer, driver }: AfterWriteContext): Promise<void> {
  const values = input.choices as string[] | null | undefined;
  if (!row || !Array.isArray(values) || !values.length || !SELECT_TYPES.includes(row.type)) return;
  const pairs: ChoicePair[] = values.map((value) => [value, value]);
  const current: number | null = row.choice_set_id;
  const shared = current !== null && (await new ModelQuery(em, CustomField, driver).where('t.choice_set_id = :set AND t.id <> :self', { set: current, self: row.id }).count()) > 0;
  if (current !== null && !shared) {
    await writer.update(CustomFieldChoiceSet, current, { extra_choices: pairs }, true);
  } else {
    row.choice_set_id = await writer.create(CustomFieldChoiceSet, { name: await freeSetName(em, driver, `${row.name} Choices`), extra_choices: pairs });
    await em.createQueryBuilder().update(CustomField.table).set({ choice_set_id: row.choice_set_id }).where('id = :id', { id: row.id }).execute();
  }
  row.choices = values;
}

/** A choice set name no set has: the one wanted, else it numbered. */
async function freeSetName(em: EntityManager, driver: 'sqlite' | 'postgres', wanted: string): Promise<string> {
  for (let n = 1; ; n++) {
    const name = n === 1 ? wanted : `${wanted} (${n})`;
    if (!(await new ModelQuery(em, CustomFieldChoiceSet, driver).where('t.name = :name', { name }).count())) return name;
  }
}
