import { choice, datetime, foreignKey, genericRelation, integer, json, text } from '../core/model/fields';
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

/** Whom a job's end notifies (4.1): NetBox's JobNotificationChoices. Notifications themselves are not sent here. */
export const JOB_NOTIFICATIONS = [
  { value: 'always', label: 'Always' },
  { value: 'on_failure', label: 'On failure' },
  { value: 'never', label: 'Never' },
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
    // 4.x's: the object nested, or null once it is gone.
    object: genericRelation('object_type', 'object_id'),
    name: text({ max: 200, readOnly: true }),
    status: choice(JOB_STATUSES, { default: 'pending', readOnly: true }),
    created: datetime({ readOnly: true, index: true }),
    scheduled: datetime({ nullable: true, readOnly: true }),
    interval: integer({ min: 1, nullable: true, readOnly: true, helpText: 'Recurrence interval (in minutes)' }),
    started: datetime({ nullable: true, readOnly: true }),
    completed: datetime({ nullable: true, readOnly: true }),
    user: foreignKey('users.user', { nullable: true, onDelete: 'SET NULL', readOnly: true }),
    data: json({ nullable: true, readOnly: true }),
    // 4.x's: what the failure that errored the job was (Python's repr of its exception).
    error: text({ long: true, blank: true, readOnly: true }),
    job_id: text({ max: 36, unique: true, readOnly: true }),
    queue_name: text({ max: 100, blank: true, readOnly: true, helpText: 'Name of the queue in which this job was enqueued' }),
    notifications: choice(JOB_NOTIFICATIONS, { default: 'always', readOnly: true }),
    // 4.2's log: `{level, message, timestamp}` entries (JobLog).
    log_entries: json({ readOnly: true, default: () => [] }),
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
