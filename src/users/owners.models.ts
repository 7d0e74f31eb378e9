import { foreignKey, manyToMany, text } from '../core/model/fields';
import { defineModel } from '../core/model/model';

/*
 * NetBox 4.5's owners: a set of users and user groups that objects name as their `owner`, and groups of owners. Both are
 * AdminModels (no tags, custom fields, timestamps or change records). Only 4.x speaks them; the 3.5 dialect lacks both.
 */

/** Neither tags, custom fields, timestamps nor change records: NetBox's AdminModel. */
const ADMIN_MODEL = { tags: false, customFields: false, created: false, lastUpdated: false, changeLog: false };

export const OwnerGroup = defineModel({
  app: 'users',
  name: 'ownergroup',
  plural: 'owner-groups',
  verboseName: 'owner group',
  fields: {
    name: text({ max: 100, unique: true }),
    description: text({ max: 200, blank: true }),
  },
  counts: { member_count: { model: 'users.owner', field: 'group' } },
  brief: ['id', 'url', 'display', 'name', 'description'],
  search: ['name', 'description'],
  features: ADMIN_MODEL,
  filterset: { fields: ['id', 'name', 'description'], base: 'none' },
});

export const Owner = defineModel({
  app: 'users',
  name: 'owner',
  plural: 'owners',
  fields: {
    name: text({ max: 100, unique: true }),
    group: foreignKey(() => OwnerGroup, { nullable: true, onDelete: 'PROTECT' }),
    description: text({ max: 200, blank: true }),
    user_groups: manyToMany('users.group', { filterName: 'user_group', label: 'Groups' }),
    users: manyToMany('users.user', { filterName: 'user' }),
  },
  brief: ['id', 'url', 'display', 'name', 'description'],
  search: ['name', 'description'],
  features: ADMIN_MODEL,
  filterset: { fields: ['id', 'name', 'description'], related: ['group_id', 'group', 'user_group_id', 'user_group', 'user_id', 'user'], base: 'none' },
});
