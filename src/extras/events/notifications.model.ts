import { FieldError, choice, contentType, datetime, foreignKey, genericRelation, integer, manyToMany, text } from '../../core/model/fields';
import { LabelContext, ModelDef, Row, WriteContext, defineModel, labelOf, labelsOf, registry } from '../../core/model/model';
import { ModelQuery, loadRow } from '../../core/query/model-query';
import { objectTypeFacts } from '../object-types';
import { EVENT_TYPES } from './event-rule.model';

/** Whether objects of a model may be subscribed to and notified of: NetBox 4.1's `notifications` feature (its NetBoxModels'). */
export function takesNotifications(model: ModelDef): boolean {
  return !model.internal && !model.objectTypeOnly && objectTypeFacts(model, model.label).features.includes('notifications');
}

const notifiable = () => registry.served().filter(takesNotifications).map((m) => m.label);

/** Fields of what a user is told of: an object of a type that takes notifications, and the user. */
function aboutAnObject() {
  return {
    object_type: contentType({ allowed: notifiable, verboseName: 'object type' }),
    object_id: integer({ min: 0, big: true, verboseName: 'object id' }),
    object: genericRelation('object_type', 'object_id', { missingKey: 'object_id' }),
    user: foreignKey('users.user', { onDelete: 'CASCADE' }),
  };
}

/** Users other than superusers see and handle only their own (NetBox's DEFAULT_PERMISSIONS grant them that much). */
const ownOnly = (user: Row) => (user.is_superuser ? null : { user: user.id });

/** One per object and user, as NetBox's constraints have it. */
const perObjectAndUser = (name: string) => [{ fields: ['object_type', 'object_id', 'user'], name }];

/**
 * NetBox 4.1's group of users (named, and through their groups) that an event rule notifies. Only 4.x has it.
 */
export const NotificationGroup = defineModel({
  app: 'extras',
  name: 'notificationgroup',
  plural: 'notification-groups',
  verboseName: 'notification group',
  ordering: ['name'],
  fields: {
    name: text({ max: 100, unique: true }),
    description: text({ max: 200, blank: true }),
    groups: manyToMany('users.group', { filterName: 'group' }),
    users: manyToMany('users.user', { filterName: 'user' }),
  },
  brief: ['id', 'url', 'display', 'name', 'description'],
  search: ['name', 'description'],
  features: { tags: false, customFields: false, created: true, lastUpdated: true, changeLog: true },
  filterset: { fields: ['id', 'name', 'description'], related: ['user_id', 'user', 'group_id', 'group'] },
});

/**
 * What a user is told of an object (NetBox 4.1): an event of it, by an event rule's group or a subscription. The user
 * marks it read (`read`, a time); each user other than a superuser sees only their own.
 */
export const Notification = defineModel({
  app: 'extras',
  name: 'notification',
  plural: 'notifications',
  verboseName: 'notification',
  display: (n) => n.object_repr,
  ordering: ['-created', 'id'],
  fields: {
    ...aboutAnObject(),
    created: datetime({ readOnly: true, default: () => new Date() }),
    read: datetime({ nullable: true, blank: true }),
    event_type: choice(EVENT_TYPES, { flat: true, verboseName: 'event' }),
    // The object's name when it was told of: it may be gone since.
    object_repr: text({ max: 200, readOnly: true, blank: true }),
  },
  full: ['id', 'url', 'display', 'object_type', 'object_id', 'object', 'user', 'created', 'read', 'event_type'],
  brief: ['id', 'url', 'display', 'object_type', 'object_id', 'user', 'read', 'event_type'],
  indexes: [['object_type', 'object_id']],
  constraints: perObjectAndUser('extras_notification_unique_per_object_and_user'),
  features: { tags: false, customFields: false, created: false, lastUpdated: false, changeLog: false },
  filterset: { fields: ['id'], base: 'none' },
  restrict: ownOnly,
  async validate(row, previous, ctx) {
    if (previous && row.object_type === previous.object_type && row.object_id === previous.object_id) return;
    row.object_repr = (await objectLabel(row, ctx)).slice(0, 200);
  },
});

/** A user's subscription to an object (NetBox 4.1): they are notified when it changes or is deleted. */
export const Subscription = defineModel({
  app: 'extras',
  name: 'subscription',
  plural: 'subscriptions',
  verboseName: 'subscription',
  ordering: ['-created', 'user'],
  fields: {
    ...aboutAnObject(),
    created: datetime({ readOnly: true, default: () => new Date() }),
  },
  full: ['id', 'url', 'display', 'object_type', 'object_id', 'object', 'user', 'created'],
  brief: ['id', 'url', 'display', 'object_type', 'object_id', 'user'],
  indexes: [['object_type', 'object_id']],
  constraints: perObjectAndUser('extras_subscription_unique_per_object_and_user'),
  features: { tags: false, customFields: false, created: false, lastUpdated: false, changeLog: false },
  filterset: { fields: ['id'], base: 'none' },
  restrict: ownOnly,
  labels: subscribedLabels,
});

/** The label of the object a notification is about, as it is now. */
async function objectLabel(row: Row, ctx?: WriteContext): Promise<string> {
  const model = registry.get(row.object_type);
  const object = await loadRow(ctx, model, row.object_id);
  if (!model || !object) throw new FieldError({ object_id: [`Related object not found using the provided numeric ID: ${row.object_id}`] });
  return labelOf(model, object, ctx);
}

/** A subscription is named as its object; one whose object is gone, as Django names a model's row. For a page: a statement per type of object. */
async function subscribedLabels(rows: Row[], ctx: LabelContext): Promise<string[]> {
  const byType = new Map<string, number[]>();
  for (const row of rows) byType.set(row.object_type, [...(byType.get(row.object_type) ?? []), row.object_id]);
  const labels = new Map<string, string>();
  for (const [type, ids] of byType) {
    const model = registry.get(type);
    if (!model) continue;
    const objects = await new ModelQuery(ctx.em, model, ctx.driver).whereIdIn([...new Set(ids)]).rows({ order: ['id'] });
    (await labelsOf(model, objects, ctx)).forEach((label, i) => labels.set(`${type}:${objects[i].id}`, label));
  }
  return rows.map((row) => labels.get(`${row.object_type}:${row.object_id}`) ?? `Subscription object (${row.id})`);
}
