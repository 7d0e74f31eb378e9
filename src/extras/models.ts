import { FieldError, choice, contentTypes, datetime, foreignKey, genericRelation, input, integer, json, slug, text } from '../core/model/fields';
import { CustomFilter, defineModel, registry } from '../core/model/model';
import { searchFilter } from '../core/query/filters';
import { ModelQuery, q } from '../core/query/model-query';
import { referencedDisplays } from '../core/serialize/referrers';
import { anyContentTypeFilter, contentTypeFilter, contentTypeIdFilter } from './content-type-filter';
import { appName, presentObjectType } from './object-types';
import { dateTimeRangeFilters } from './range-filter';

export const CHANGE_ACTIONS = [
  { value: 'create', label: 'Created' },
  { value: 'update', label: 'Updated' },
  { value: 'delete', label: 'Deleted' },
] as const;

/** A content type as Django prints it: `<app's verbose name> | <model's verbose name>`, or the bare model when none is installed. */
export function contentTypeName(appLabel: string, model: string): string {
  const installed = registry.get(`${appLabel}.${model}`);
  if (!installed) return model;
  return `${appName(appLabel)} | ${installed.verboseName}`;
}

/** A filter of Django's plain FilterSet: exact, one value (the last given), no lookups. */
function exactFilter(column: string, parse: (raw: string) => unknown = (raw) => raw): CustomFilter {
  return {
    apply(values, ctx) {
      const value = values[values.length - 1];
      if (value !== '') ctx.where(`t.${column} = ${ctx.param(parse(value))}`);
    },
  };
}

/** A NumberFilter's value: Django's DecimalField reads it. */
function decimalValue(raw: string): number {
  const n = Number(raw.trim());
  if (raw.trim() === '' || !Number.isFinite(n)) throw new FieldError(['Enter a number.']);
  return n;
}

/** A read-only key with no column, whose value the model's `present` gives. */
const presented = (schema: Record<string, unknown>) => input(() => null, { ...schema, readOnly: true }, { readOnly: true });

/** Every installed model as an object type with a stable id, as NetBox's content types. */
export const ContentType = defineModel({
  app: 'extras',
  name: 'contenttype',
  plural: 'content-types',
  verboseName: 'content type',
  table: 'core_contenttype',
  readOnlyApi: true,
  display: (c) => contentTypeName(c.app_label, c.model),
  ordering: ['app_label', 'model'],
  fields: {
    app_label: text({ max: 100 }),
    model: text({ max: 100 }),
    // What NetBox 4.4's object types add, from the model itself (`presentObjectType`); 3.5's content types have none of it.
    app_name: presented({ type: 'string' }),
    model_name: presented({ type: 'string' }),
    model_name_plural: presented({ type: 'string' }),
    public: presented({ type: 'boolean' }),
    features: presented({ type: 'array', items: { type: 'string' } }),
    is_plugin_model: presented({ type: 'boolean' }),
    rest_api_endpoint: presented({ type: 'string', nullable: true }),
    description: presented({ type: 'string', nullable: true }),
  },
  constraints: [{ fields: ['app_label', 'model'] }],
  full: ['id', 'url', 'display', 'app_label', 'model'],
  brief: ['id', 'url', 'display', 'app_label', 'model'],
  present: presentObjectType,
  search: ['app_label', 'model'],
  features: { tags: false, customFields: false, created: false, lastUpdated: false, changeLog: false },
  // Django's plain filter set: each field exact, without NetBox's lookups.
  filterset: { fields: [], base: 'none' },
  filters: { id: exactFilter('id', decimalValue), app_label: exactFilter('app_label'), model: exactFilter('model') },
});

/** A record of one create, update or delete, written in the transaction of the change itself. */
export const ObjectChange = defineModel({
  app: 'extras',
  name: 'objectchange',
  plural: 'object-changes',
  verboseName: 'object change',
  table: 'extras_objectchange',
  readOnlyApi: true,
  display: (c) => {
    const [app, model] = String(c.changed_object_type).split('.');
    return `${contentTypeName(app, model)} ${c.object_repr} ${c.action}d by ${c.user_name}`;
  },
  ordering: ['-time', '-id'],
  fields: {
    time: datetime({ readOnly: true, index: true }),
    user: foreignKey('users.user', { nullable: true, onDelete: 'SET NULL', readOnly: true }),
    user_name: text({ max: 150, readOnly: true }),
    request_id: text({ max: 36, readOnly: true, index: true }),
    action: choice(CHANGE_ACTIONS, { readOnly: true }),
    changed_object_type: text({ max: 100, readOnly: true }),
    changed_object_id: integer({ readOnly: true }),
    changed_object: genericRelation('changed_object_type', 'changed_object_id', { relatedName: 'changelog' }),
    related_object_type: text({ max: 100, readOnly: true, nullable: true }),
    related_object_id: integer({ readOnly: true, nullable: true }),
    related_object: genericRelation('related_object_type', 'related_object_id'),
    object_repr: text({ max: 200, readOnly: true }),
    // The write's own note (`changelog_message`, NetBox 4.4): 4.6 shows it, 3.5's full form does not list it.
    message: text({ max: 200, readOnly: true, blank: true }),
    prechange_data: json({ readOnly: true, nullable: true }),
    postchange_data: json({ readOnly: true, nullable: true }),
  },
  full: [
    'id', 'url', 'display', 'time', 'user', 'user_name', 'request_id', 'action', 'changed_object_type', 'changed_object_id',
    'changed_object', 'related_object', 'prechange_data', 'postchange_data',
  ],
  brief: ['id', 'url', 'display', 'time', 'user', 'user_name', 'request_id', 'action', 'changed_object_type', 'changed_object_id'],
  search: ['user_name', 'object_repr'],
  features: { tags: false, customFields: false, created: false, lastUpdated: false, changeLog: false },
  indexes: [['changed_object_type', 'changed_object_id']],
  filterset: { fields: ['id', 'user_name', 'action', 'changed_object_id', 'object_repr'], related: ['user_id', 'user'], base: 'none' },
  filters: {
    ...dateTimeRangeFilters('time', () => ObjectChange.fields.time),
    request_id: {
      apply(values, ctx) {
        const value = values[values.length - 1].trim();
        if (!value) return;
        const uuid = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.exec(value);
        if (!uuid) throw new FieldError(['Enter a valid UUID.']);
        const canonical = value.toLowerCase().replace(/-/g, '').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
        ctx.where(`t.request_id = ${ctx.param(canonical)}`);
      },
    },
    changed_object_type: contentTypeFilter('changed_object_type'),
    changed_object_type_id: contentTypeIdFilter('changed_object_type'),
  },
  // The data kept under stored names, in the request's generation's words (4.x's `role` for 3.5's `device_role`).
  present(rep, row, ctx) {
    const model = registry.get(row.changed_object_type);
    if (!ctx.dialect || !model) return;
    for (const key of ['prechange_data', 'postchange_data'] as const) {
      const data = rep[key];
      if (data && typeof data === 'object' && !Array.isArray(data)) rep[key] = ctx.dialect.dataOut(model, data as Record<string, unknown>);
    }
  },
});

export const Tag = defineModel({
  app: 'extras',
  name: 'tag',
  plural: 'tags',
  // 4.0's weight sorts first; every tag 3.5 wrote weighs the same.
  ordering: ['weight', 'name'],
  indexes: [['weight', 'name']],
  fields: {
    name: text({ max: 100, unique: true }),
    slug: slug({ max: 100, unique: true }),
    color: text({ max: 6, default: '9e9e9e', pattern: /^[0-9a-f]{6}$/, patternMessage: 'Enter a valid hexadecimal RGB color code.' }),
    description: text({ max: 200, blank: true }),
    weight: integer({ min: 0, max: 32767, default: 1000 }),
    // The object types the tag may be applied to; any when empty.
    object_types: contentTypes({ blank: true, default: () => [] }),
  },
  counts: { tagged_items: { model: 'extras.taggeditem', field: 'tag' } },
  full: ['id', 'url', 'display', 'name', 'slug', 'color', 'description', 'object_types', 'tagged_items', 'created', 'last_updated'],
  brief: ['id', 'url', 'display', 'name', 'slug', 'color'],
  search: ['name', 'slug', 'description'],
  features: { tags: false, customFields: false },
  filterset: { fields: ['id', 'name', 'slug', 'color', 'weight', 'description'], base: 'changelog' },
  filters: { content_type: taggedTypesFilter('label'), content_type_id: taggedTypesFilter('id') },
});

/**
 * Tags applied to objects of the given types: `content_type` by label (those not `<app>.<model>` left out,
 * none left meaning any type), `content_type_id` by content type id.
 */
function taggedTypesFilter(by: 'label' | 'id'): CustomFilter {
  return {
    apply(values, ctx) {
      const items = q(TaggedItem.table);
      let types: string;
      if (by === 'id') {
        if (values.some((v) => !/^-?\d+$/.test(v.trim()))) throw new FieldError(['Enter a whole number.']);
        const ids = values.map((v) => ctx.param(Number(v))).join(', ');
        types = `SELECT ct.app_label || '.' || ct.model FROM ${q(ContentType.table)} ct WHERE ct.id IN (${ids})`;
      } else {
        const labels = values.map((v) => v.toLowerCase()).filter((v) => v.split('.').length === 2);
        types = labels.length ? labels.map((v) => ctx.param(v)).join(', ') : `SELECT ct.app_label || '.' || ct.model FROM ${q(ContentType.table)} ct`;
      }
      ctx.where(`t.id IN (SELECT x.tag_id FROM ${items} x WHERE x.content_type IN (${types}))`);
    },
  };
}

/** One tag on one object of any taggable model; served read-only from 4.3 (`extras/tagged-objects`). */
export const TaggedItem = defineModel({
  app: 'extras',
  name: 'taggeditem',
  plural: 'tagged-objects',
  verboseName: 'tagged item',
  readOnlyApi: true,
  display: (i) => `${i.content_type} ${i.object_id}`,
  // By tag (its weight, then name), as NetBox's view orders them.
  ordering: ['tag', 'id'],
  fields: {
    tag: foreignKey('extras.tag', { onDelete: 'CASCADE' }),
    content_type: text({ max: 100 }),
    object_id: integer(),
    object: genericRelation('content_type', 'object_id'),
  },
  brief: ['id', 'url', 'display', 'content_type', 'object_id', 'object', 'tag'],
  features: { tags: false, customFields: false, created: false, lastUpdated: false, changeLog: false },
  indexes: [['content_type', 'object_id']],
  filterset: { fields: ['id', 'object_id'], related: ['tag_id', 'tag'], base: 'none' },
  filters: {
    content_type: anyContentTypeFilter('content_type'),
    content_type_id: contentTypeIdFilter('content_type'),
    q: searchFilter((like) => [`t.tag_id IN (SELECT g.id FROM ${q(Tag.table)} g WHERE ${like('g.name')} OR ${like('g.slug')} OR ${like('g.description')})`]),
  },
  // Taggit's str(): the object, then its tag.
  async labels(rows, ctx) {
    const objects = await referencedDisplays(ctx, rows.map((r) => ({ type: r.content_type, id: r.object_id })));
    const tags = await new ModelQuery(ctx.em, Tag, ctx.driver).whereIdIn([...new Set(rows.map((r) => r.tag_id as number))]).rows({ order: ['id'], columns: ['id', 'name'] });
    const names = new Map(tags.map((t) => [t.id, t.name]));
    return rows.map((row) => `${objects.get(`${row.content_type}:${row.object_id}`) ?? 'None'} tagged with ${names.get(row.tag_id)}`);
  },
});
