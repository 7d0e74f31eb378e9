import { boolean, contentType, foreignKey, integer, text, texts } from '../core/model/fields';
import { defineModel, registry } from '../core/model/model';
import { anyContentTypeFilter, contentTypeIdFilter } from './content-type-filter';
import { usableFilter } from './saved-filters.model';

/**
 * NetBox 4.3's saved layout of a table of the UI: its columns and ordering. Its table and columns are not checked
 * against NetBox's tables, which this service has none of.
 */
export const TableConfig = defineModel({
  app: 'extras',
  name: 'tableconfig',
  plural: 'table-configs',
  verboseName: 'table config',
  ordering: ['weight', 'name'],
  indexes: [['weight', 'name']],
  fields: {
    object_type: contentType({ allowed: () => registry.served().map((m) => m.label), helpText: "The table's object type" }),
    table: text({ max: 100 }),
    name: text({ max: 100 }),
    description: text({ max: 200, blank: true }),
    user: foreignKey('users.user', { nullable: true, onDelete: 'SET NULL', flat: true }),
    weight: integer({ min: 0, max: 32767, default: 1000 }),
    enabled: boolean({ default: true }),
    shared: boolean({ default: true }),
    columns: texts({ max: 100, nonEmpty: true }),
    ordering: texts({ max: 100, nullable: true }),
  },
  brief: ['id', 'url', 'display', 'name', 'description', 'object_type', 'table'],
  search: ['name', 'description', 'table'],
  features: { tags: false, customFields: false },
  filterset: { fields: ['id', 'name', 'description', 'table', 'enabled', 'shared', 'weight'], related: ['user_id', 'user'], base: 'changelog' },
  filters: { object_type: anyContentTypeFilter('object_type'), object_type_id: contentTypeIdFilter('object_type'), usable: usableFilter },
  // Shared ones, and one's own, as NetBox's SharedObjectQuerySet: a superuser sees every one.
  restrict: (user) => (user.is_superuser ? null : [{ shared: true }, { user: user.id }]),
});
