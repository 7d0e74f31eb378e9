import { contentType, datetime, foreignKey, genericRelation, integer } from '../core/model/fields';
import { defineModel, registry } from '../core/model/model';
import { dialectOfVersion } from '../core/dialect/registry';
import { referencedDisplays } from '../core/serialize/referrers';
import { anyContentTypeFilter, contentTypeNumberFilter } from './content-type-filter';
import { objectTypeFacts } from './object-types';

/** Models whose objects may be bookmarked: those NetBox 4.6 gives the bookmarks feature. */
function bookmarkable(): string[] {
  const v4 = dialectOfVersion('4.6');
  return registry
    .served()
    .filter((m) => objectTypeFacts(m, v4.objectTypeOf(m)).features.includes('bookmarks'))
    .map((m) => m.label);
}

/** NetBox 3.6's bookmark: one object a user keeps at hand, once per user. */
export const Bookmark = defineModel({
  app: 'extras',
  name: 'bookmark',
  plural: 'bookmarks',
  // NetBox's str(): the object's, else Django's default.
  display: (b) => `Bookmark object (${b.id})`,
  ordering: ['created', 'id'],
  fields: {
    object_type: contentType({ allowed: bookmarkable }),
    // Ids here are 32-bit: a larger one names nothing (and PostgreSQL would refuse to compare it).
    object_id: integer({ min: 0, max: 2_147_483_647 }),
    object: genericRelation('object_type', 'object_id', { cascade: true }),
    user: foreignKey('users.user', { onDelete: 'CASCADE' }),
    // A timestamp, where change-logged models keep the date.
    created: datetime({ readOnly: true, default: () => new Date() }),
  },
  constraints: [{ fields: ['object_type', 'object_id', 'user'], name: 'extras_bookmark_unique_per_object_and_user' }],
  indexes: [['object_type', 'object_id'], ['created', 'id']],
  brief: ['id', 'url', 'display', 'object_id', 'object_type'],
  features: { tags: false, customFields: false, created: false, lastUpdated: false, changeLog: false },
  filterset: { fields: ['id', 'object_id', 'created'], related: ['user_id', 'user'], base: 'none' },
  filters: { object_type: anyContentTypeFilter('object_type'), object_type_id: contentTypeNumberFilter('object_type') },
  async labels(rows, ctx) {
    const objects = await referencedDisplays(ctx, rows.map((r) => ({ type: r.object_type, id: r.object_id })));
    return rows.map((row) => objects.get(`${row.object_type}:${row.object_id}`) ?? `Bookmark object (${row.id})`);
  },
});
