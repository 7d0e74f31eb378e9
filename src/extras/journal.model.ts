import { choice, contentType, foreignKey, genericRelation, integer, text } from '../core/model/fields';
import { Row, defineModel, registry } from '../core/model/model';
import { ModelQuery } from '../core/query/model-query';
import { RenderContext } from '../core/serialize/serializer';
import { contentTypeFilter, contentTypeIdFilter } from './content-type-filter';
import { dateTimeRangeFilters } from './range-filter';

export const JOURNAL_KINDS = [
  { value: 'info', label: 'Info' },
  { value: 'success', label: 'Success' },
  { value: 'warning', label: 'Warning' },
  { value: 'danger', label: 'Danger' },
] as const;

const kindLabel = (kind: string) => JOURNAL_KINDS.find((k) => k.value === kind)?.label ?? kind;

/**
 * NetBox shows an entry as `<created, 'Y-m-d H:i'> (<kind>)`. Only the date of `created` is stored: the minute
 * comes from the entry's creation record, for the whole page in one query; without one it stays the date.
 */
async function showCreationMinute(ctx: RenderContext, rows: Row[], reps: Record<string, unknown>[]): Promise<void> {
  if (!reps.some((r) => 'display' in r) || !rows.length) return;
  const changes = registry.get('extras.objectchange')!;
  const created = await new ModelQuery(ctx.em, changes, ctx.driver)
    .where(`t.changed_object_type = :type AND t.action = 'create' AND t.changed_object_id IN (:...ids)`, { type: 'extras.journalentry', ids: rows.map((r) => r.id) })
    .rows({ order: ['id'] });
  const minute = new Map(created.map((c) => [c.changed_object_id, (c.time as Date).toISOString().slice(0, 16).replace('T', ' ')]));
  rows.forEach((row, i) => {
    const at = minute.get(row.id);
    if (at && 'display' in reps[i]) reps[i].display = `${at} (${kindLabel(row.kind)})`;
  });
}

/** Notes kept on any object; deleted with it. */
export const JournalEntry = defineModel({
  app: 'extras',
  name: 'journalentry',
  plural: 'journal-entries',
  verboseName: 'journal entry',
  verboseNamePlural: 'journal entries',
  // What change records name it by: the creation date; responses carry NetBox's minute, as augment finds it.
  display: (j) => `${j.created} (${kindLabel(j.kind)})`,
  ordering: ['-created', '-id'],
  fields: {
    // Any object that keeps a change log may carry a journal.
    assigned_object_type: contentType({ allowed: () => registry.served().filter((m) => m.features.changeLog).map((m) => m.label) }),
    assigned_object_id: integer({ min: 0 }),
    assigned_object: genericRelation('assigned_object_type', 'assigned_object_id', { cascade: true }),
    created_by: foreignKey('users.user', { nullable: true, onDelete: 'SET NULL', flat: true }),
    kind: choice(JOURNAL_KINDS, { default: 'info' }),
    comments: text(),
  },
  full: ['id', 'url', 'display', 'assigned_object_type', 'assigned_object_id', 'assigned_object', 'created', 'created_by', 'kind', 'comments', 'tags', 'custom_fields', 'last_updated'],
  brief: ['id', 'url', 'display', 'created'],
  search: ['comments'],
  indexes: [['assigned_object_type', 'assigned_object_id']],
  filterset: { fields: ['id', 'assigned_object_id', 'kind'], related: ['created_by_id', 'created_by'], base: 'netbox' },
  filters: {
    ...dateTimeRangeFilters('created', () => JournalEntry.storedFields.created),
    assigned_object_type: contentTypeFilter('assigned_object_type'),
    assigned_object_type_id: contentTypeIdFilter('assigned_object_type'),
  },
  augment: showCreationMinute,
  // The author is the requesting user unless the body names one.
  validate(row, previous, ctx) {
    if (!previous && row.created_by_id === null && ctx?.user) row.created_by_id = ctx.user.id;
  },
});
