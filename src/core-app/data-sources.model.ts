import { FieldError, binary, boolean, choice, datetime, foreignKey, integer, json, text } from '../core/model/fields';
import { defineModel } from '../core/model/model';

export const DATA_SOURCE_TYPES = [
  { value: 'local', label: 'Local' },
  { value: 'git', label: 'Git' },
  { value: 'amazon-s3', label: 'Amazon S3' },
] as const;

export const DATA_SOURCE_STATUSES = [
  { value: 'new', label: 'New' },
  { value: 'queued', label: 'Queued' },
  { value: 'syncing', label: 'Syncing' },
  { value: 'completed', label: 'Completed' },
  { value: 'failed', label: 'Failed' },
] as const;

/** A URL's scheme as Python's urlparse reads it: empty for a bare path. */
export function urlScheme(url: string): string {
  return /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(url)?.[1].toLowerCase() ?? '';
}

/** NetBox's JobIntervalChoices, in minutes. */
const SYNC_INTERVALS = [
  { value: 1, label: 'Minutely' },
  { value: 60, label: 'Hourly' },
  { value: 720, label: '12 hours' },
  { value: 1440, label: 'Daily' },
  { value: 10080, label: 'Weekly' },
  { value: 43200, label: '30 days' },
] as const;

/** Where files come from (a directory, a git repository), synced into data files by a job. */
export const DataSource = defineModel({
  app: 'core',
  name: 'datasource',
  plural: 'data-sources',
  verboseName: 'data source',
  fields: {
    name: text({ max: 100, unique: true }),
    type: choice(DATA_SOURCE_TYPES, { default: 'local' }),
    source_url: text({ max: 200, verboseName: 'URL' }),
    enabled: boolean({ default: true }),
    status: choice(DATA_SOURCE_STATUSES, { default: 'new', readOnly: true }),
    description: text({ max: 200, blank: true }),
    comments: text({ long: true, blank: true }),
    parameters: json({ nullable: true, blank: true }),
    // Stored (4.0); syncing on this schedule is not done yet.
    sync_interval: choice(SYNC_INTERVALS, { nullable: true, blank: true }),
    ignore_rules: text({ long: true, blank: true, helpText: 'Patterns (one per line) matching files to ignore when syncing' }),
    // Kept, as NetBox keeps it, though 3.5's API does not show it.
    last_synced: datetime({ nullable: true, readOnly: true }),
  },
  full: [
    'id', 'url', 'display', 'name', 'type', 'source_url', 'enabled', 'status', 'description', 'comments', 'parameters', 'ignore_rules',
    'created', 'last_updated', 'file_count',
  ],
  brief: ['id', 'url', 'display', 'name'],
  counts: { file_count: { model: 'core.datafile', field: 'source' } },
  search: ['name', 'description', 'comments'],
  features: { tags: true, customFields: true },
  filterset: { fields: ['id', 'name', 'enabled', 'type', 'status', 'sync_interval'] },
  validate(row) {
    if (row.type === 'local' && !['file', ''].includes(urlScheme(String(row.source_url)))) {
      throw new FieldError({ source_url: ['URLs for local sources must start with file:// (or specify no scheme)'] });
    }
    const params = row.parameters;
    if (params !== null && (typeof params !== 'object' || Array.isArray(params))) {
      throw new FieldError({ parameters: ['Parameters must be a JSON object.'] });
    }
  },
});

/** A file as its data source's last sync found it; written only by syncs. */
export const DataFile = defineModel({
  app: 'core',
  name: 'datafile',
  plural: 'data-files',
  verboseName: 'data file',
  readOnlyApi: true,
  display: (f) => String(f.path),
  ordering: ['source', 'path'],
  fields: {
    source: foreignKey(() => DataSource, { readOnly: true }),
    path: text({ max: 1000, readOnly: true, helpText: "File path relative to the data source's root" }),
    last_updated: datetime({ readOnly: true }),
    size: integer({ min: 0, readOnly: true }),
    hash: text({ max: 64, readOnly: true, helpText: 'SHA256 hash of the file data' }),
    data: binary({ readOnly: true, deferred: true }),
  },
  full: ['id', 'url', 'display', 'source', 'path', 'last_updated', 'size', 'hash'],
  brief: ['id', 'url', 'display', 'path'],
  constraints: [{ fields: ['source', 'path'] }],
  search: ['path'],
  features: { tags: false, customFields: false, lastUpdated: false, changeLog: false },
  filterset: { fields: ['id', 'path', 'last_updated', 'size', 'hash'], related: ['source_id', 'source'], base: 'changelog' },
});
