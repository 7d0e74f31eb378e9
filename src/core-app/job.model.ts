import { choice, datetime, foreignKey, integer, json, text } from '../core/model/fields';
import { defineModel } from '../core/model/model';
import { contentTypeIdFilter } from '../extras/content-type-filter';
import { dateTimeBoundFilters } from '../extras/range-filter';

export const JOB_STATUSES = [
  { value: 'pending', label: 'Pending' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'running', label: 'Running' },
  { value: 'completed', label: 'Completed' },
  { value: 'errored', label: 'Errored' },
  { value: 'failed', label: 'Failed' },
] as const;

/** The states a job ends in. */
export const TERMINAL_STATUSES = ['completed', 'errored', 'failed'];

/** A background task's life (a script's run, a report's, a data source's sync), as NetBox's `core.Job`. */
export const Job = defineModel({
  app: 'core',
  name: 'job',
  plural: 'jobs',
  readOnlyApi: true,
  display: (j) => String(j.job_id),
  ordering: ['-created', '-id'],
  fields: {
    // What the job runs for, as `<app_label>.<model>` (`extras.scriptmodule`).
    object_type: text({ max: 100, readOnly: true }),
    object_id: integer({ min: 0, big: true, nullable: true, readOnly: true }),
    name: text({ max: 200, readOnly: true }),
    status: choice(JOB_STATUSES, { default: 'pending', readOnly: true }),
    created: datetime({ readOnly: true, index: true }),
    scheduled: datetime({ nullable: true, readOnly: true }),
    interval: integer({ min: 1, nullable: true, readOnly: true, helpText: 'Recurrence interval (in minutes)' }),
    started: datetime({ nullable: true, readOnly: true }),
    completed: datetime({ nullable: true, readOnly: true }),
    user: foreignKey('users.user', { nullable: true, onDelete: 'SET NULL', readOnly: true }),
    data: json({ nullable: true, readOnly: true }),
    job_id: text({ max: 36, unique: true, readOnly: true }),
  },
  full: ['id', 'url', 'display', 'object_type', 'object_id', 'name', 'status', 'created', 'scheduled', 'interval', 'started', 'completed', 'user', 'data', 'job_id'],
  brief: ['url', 'created', 'completed', 'user', 'status'],
  search: ['name'],
  features: { tags: false, customFields: false, created: false, lastUpdated: false, changeLog: false },
  indexes: [['object_type', 'name']],
  filterset: { fields: ['id', 'object_id', 'name', 'interval', 'status'], related: ['user'], base: 'none' },
  filters: {
    object_type: contentTypeIdFilter('object_type'),
    ...dateTimeBoundFilters('created', () => Job.storedFields.created),
    ...dateTimeBoundFilters('scheduled', () => Job.storedFields.scheduled),
    ...dateTimeBoundFilters('started', () => Job.storedFields.started),
    ...dateTimeBoundFilters('completed', () => Job.storedFields.completed),
  },
});
