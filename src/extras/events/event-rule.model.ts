import { FieldError, boolean, choice, choiceList, contentType, contentTypes, genericRelation, integer, json, text } from '../../core/model/fields';
import { defineModel } from '../../core/model/model';
import { conditionsError } from '../webhooks/conditions';

/** NetBox's registered event types (core/events.py), in its order. */
export const EVENT_TYPES = [
  { value: 'object_created', label: 'Object created' },
  { value: 'object_updated', label: 'Object updated' },
  { value: 'object_deleted', label: 'Object deleted' },
  { value: 'job_started', label: 'Job started' },
  { value: 'job_completed', label: 'Job completed' },
  { value: 'job_failed', label: 'Job failed' },
  { value: 'job_errored', label: 'Job errored' },
] as const;
export type EventType = (typeof EVENT_TYPES)[number]['value'];

/** What an event rule does, and the object type each action names. */
export const ACTIONS = {
  webhook: { label: 'Webhook', objectType: 'extras.webhook' },
  script: { label: 'Script', objectType: 'extras.script' },
  notification: { label: 'Notification', objectType: 'extras.notificationgroup' },
} as const;
export type ActionType = keyof typeof ACTIONS;
const ACTION_TYPES = Object.entries(ACTIONS).map(([value, { label }]) => ({ value, label }));

/**
 * NetBox 3.7's event rule: on events of some types (a create, update or delete, a job's start or end) of objects of
 * some types, whose data meets its conditions, it sends a webhook, runs a script or (4.1) notifies a group. 3.5's
 * webhook carried its own triggers; it is now a view of its webhook and the rule that fires it (webhook.model.ts).
 */
export const EventRule = defineModel({
  app: 'extras',
  name: 'eventrule',
  plural: 'event-rules',
  verboseName: 'event rule',
  ordering: ['name'],
  fields: {
    object_types: contentTypes({ verboseName: 'object types' }),
    name: text({ max: 150, unique: true }),
    enabled: boolean({ default: true }),
    event_types: choiceList(EVENT_TYPES, { verboseName: 'event types' }),
    conditions: json({ nullable: true, blank: true }),
    action_type: choice(ACTION_TYPES, { default: 'webhook', verboseName: 'action type' }),
    action_object_type: contentType({ allowed: () => Object.values(ACTIONS).map((a) => a.objectType), verboseName: 'action object type' }),
    action_object_id: integer({ min: 0, big: true, nullable: true, blank: true, verboseName: 'action object id' }),
    // Deleted with the webhook, script or group it names, as NetBox's generic relations of those models delete it.
    action_object: genericRelation('action_object_type', 'action_object_id', { cascade: true, missingKey: 'action_object_id' }),
    action_data: json({ nullable: true, blank: true, verboseName: 'data' }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true, long: true }),
  },
  indexes: [['action_object_type', 'action_object_id']],
  brief: ['id', 'url', 'display', 'name', 'description'],
  search: ['name', 'description', 'comments'],
  filterset: { fields: ['id', 'name', 'enabled', 'action_type', 'description', 'action_object_id'] },
  validate(row) {
    const errors: Record<string, string[]> = {};
    const conditions = conditionsError(row.conditions);
    if (conditions) errors.conditions = [conditions];
    if (row.action_data !== null && (typeof row.action_data !== 'object' || Array.isArray(row.action_data))) {
      errors.action_data = ['Action data must be a JSON object or null.'];
    }
    const action = ACTIONS[row.action_type as ActionType];
    if (row.action_object_type !== action.objectType) {
      errors.action_object_type = [`An event rule whose action is a ${action.label.toLowerCase()} names an object of type ${action.objectType}.`];
    }
    if (row.action_object_id === null) errors.action_object_id = [`An event rule names the ${action.label.toLowerCase()} it runs.`];
    if (Object.keys(errors).length) throw new FieldError(errors);
  },
});
