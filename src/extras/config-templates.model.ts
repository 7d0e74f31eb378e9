import { FieldError, boolean, json, text } from '../core/model/fields';
import { Row, defineModel } from '../core/model/model';
import { TemplateOptions, templateError } from '../core/templates/jinja';
import { renderedFileFields } from './rendered-files';
import { SYNCED_DATA_FILTERS, syncFromFile, syncTemplateCode, syncedDataFields } from './synced-data';

/** The Jinja2 environment parameters a template may set that change how it renders here. */
const SUPPORTED_PARAMS: Record<string, keyof TemplateOptions> = { trim_blocks: 'trimBlocks', lstrip_blocks: 'lstripBlocks' };

/** A config template's `environment_params` as the engine's options. */
export function templateOptions(template: Row): TemplateOptions {
  const params = (template.environment_params ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(SUPPORTED_PARAMS).map(([param, option]) => [option, !!params[param]]));
}

/** A rendering template's `environment_params` (a config template's; an export template's since 4.3) are an object. */
export function checkEnvironmentParams(row: Row): void {
  const params = row.environment_params;
  if (params !== null && (typeof params !== 'object' || Array.isArray(params))) {
    throw new FieldError({ environment_params: ['Environment parameters must be a JSON object.'] });
  }
}

/** A Jinja2 template that renders a device's configuration (or any data posted to it). */
export const ConfigTemplate = defineModel({
  app: 'extras',
  name: 'configtemplate',
  plural: 'config-templates',
  // 4.5's OwnerMixin, which its serializer shows.
  owner: true,
  verboseName: 'config template',
  ordering: ['name'],
  fields: {
    name: text({ max: 100 }),
    description: text({ max: 200, blank: true }),
    template_code: text({ long: true, helpText: 'Jinja2 template code.' }),
    environment_params: json({ nullable: true, blank: true, default: () => ({}) }),
    ...renderedFileFields(),
    // 4.3's: NetBox renders with Jinja2's debug extension then (its `{% debug %}` tag); stored only here.
    debug: boolean({ default: false, helpText: 'Enable verbose error output when rendering this template. Not recommended for production use.' }),
    ...syncedDataFields(),
    // Stored as NetBox's SyncedDataMixin keeps it (off without a data file); a data source's sync does not sync templates here.
    auto_sync_enabled: boolean({ default: false, helpText: 'Enable automatic synchronization of data when the data file is updated' }),
  },
  full: [
    'id', 'url', 'display', 'name', 'description', 'environment_params', 'template_code', 'data_source', 'data_path', 'data_file', 'data_synced',
    'tags', 'created', 'last_updated',
  ],
  brief: ['id', 'url', 'display', 'name'],
  search: ['name', 'description'],
  features: { tags: true, customFields: false },
  filterset: {
    fields: ['id', 'name', 'description', 'mime_type', 'file_name', 'file_extension', 'as_attachment', 'data_synced'],
    related: SYNCED_DATA_FILTERS,
    base: 'none',
    tag: true,
  },
  async validate(row, _previous, ctx) {
    await syncFromFile(row, ctx, syncTemplateCode);
    if (row.data_file_id === null) row.auto_sync_enabled = false;
    checkEnvironmentParams(row);
    const error = templateError(row.template_code);
    if (error) throw new FieldError({ template_code: [error] });
  },
});
