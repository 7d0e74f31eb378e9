import { FieldError, boolean, contentTypes, foreignKey, integer, json, slug, text } from '../core/model/fields';
import { templateError } from '../core/templates/jinja';
import { CustomFilter, defineModel } from '../core/model/model';
import { parseNullBoolean } from '../core/query/filters';
import { contentTypeFilter, contentTypeIdsFilter } from './content-type-filter';
import { checkEnvironmentParams } from './config-templates.model';
import { renderedFileFields } from './rendered-files';
import { SYNCED_DATA_FILTERS, syncFromFile, syncTemplateCode, syncedDataFields } from './synced-data';

/** What NetBox's filter sets of models that apply to object types have: `content_types` by label, `content_type_id` by id. */
const objectTypeFilters = () => ({ content_types: contentTypeFilter('content_types', { list: true }), content_type_id: contentTypeIdsFilter('content_types') });

/** `?usable=`: enabled, and shared or the requesting user's own; `false` is the others (a saved filter's, a table config's). */
export const usableFilter: CustomFilter = {
  apply(values, ctx) {
    const wanted = parseNullBoolean(values[values.length - 1]);
    if (wanted === null) return;
    const yes = ctx.driver === 'sqlite' ? '1' : 'TRUE';
    const mine = ctx.user ? `t.user_id = ${ctx.param(ctx.user.id)}` : '1 = 0';
    // One without an owner is nobody's: `user_id <> me` is not known for it, and Django counts it as not mine.
    const notMine = ctx.user ? `(t.user_id IS NULL OR t.user_id <> ${ctx.param(ctx.user.id)})` : '1 = 1';
    ctx.where(wanted ? `(t.enabled = ${yes} AND (t.shared = ${yes} OR ${mine}))` : `(t.enabled <> ${yes} OR (t.shared <> ${yes} AND ${notMine}))`);
  },
};

/** A named set of list filters for some object types, private to its user unless shared. */
export const SavedFilter = defineModel({
  app: 'extras',
  name: 'savedfilter',
  plural: 'saved-filters',
  // 4.5's OwnerMixin, which its serializer shows.
  owner: true,
  verboseName: 'saved filter',
  ordering: ['weight', 'name'],
  fields: {
    content_types: contentTypes(),
    name: text({ max: 100, unique: true }),
    slug: slug({ max: 100, unique: true }),
    description: text({ max: 200, blank: true }),
    user: foreignKey('users.user', { nullable: true, onDelete: 'SET NULL', flat: true }),
    weight: integer({ min: 0, max: 32767, default: 100 }),
    enabled: boolean({ default: true }),
    shared: boolean({ default: true }),
    parameters: json(),
  },
  brief: ['id', 'url', 'display', 'name', 'slug'],
  search: ['name', 'description'],
  features: { tags: false, customFields: false },
  filterset: { fields: ['id', 'name', 'slug', 'description', 'enabled', 'shared', 'weight'], related: ['user_id', 'user'], base: 'none' },
  filters: {
    ...objectTypeFilters(),
    usable: usableFilter,
  },
});

/** A template that renders a list of objects for export. */
export const ExportTemplate = defineModel({
  app: 'extras',
  name: 'exporttemplate',
  plural: 'export-templates',
  // 4.5's OwnerMixin, which its serializer shows.
  owner: true,
  verboseName: 'export template',
  fields: {
    content_types: contentTypes(),
    name: text({ max: 100, unique: true }),
    description: text({ max: 200, blank: true }),
    template_code: text(),
    environment_params: json({ nullable: true, blank: true, default: () => ({}) }),
    ...renderedFileFields(),
    ...syncedDataFields(),
  },
  brief: ['id', 'url', 'display', 'name'],
  search: ['name', 'description'],
  features: { tags: false, customFields: false },
  filterset: {
    fields: ['id', 'name', 'description', 'mime_type', 'file_name', 'file_extension', 'as_attachment', 'data_synced'],
    related: SYNCED_DATA_FILTERS,
    base: 'none',
  },
  filters: objectTypeFilters(),
  async validate(row, _previous, ctx) {
    await syncFromFile(row, ctx, syncTemplateCode);
    checkEnvironmentParams(row);
    if (String(row.name).toLowerCase() === 'table') throw new FieldError({ name: [`"${row.name}" is a reserved name. Please choose a different name.`] });
    const error = templateError(row.template_code);
    if (error) throw new FieldError({ template_code: [error] });
  },
});
