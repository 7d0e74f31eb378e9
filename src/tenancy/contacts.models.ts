import { FieldError, choice, contentType, foreignKey, genericRelation, integer, manyToMany, slug, text } from '../core/model/fields';
import { CustomFilter, FilterContext, ModelDef, Row, WriteContext, defineModel, registry } from '../core/model/model';
import { existingIds, provideFilters, searchFilter } from '../core/query/filters';
import { ModelQuery, q, selectSql } from '../core/query/model-query';
import { DerivedRelation, nestDerived, resolveDerived } from '../ipam/derived-relation';
import { contentTypeFilter, contentTypeIdFilter } from '../extras/content-type-filter';
import { referencedDisplays } from '../core/serialize/referrers';

/** The models NetBox 3.5 gives contacts (its ContactsMixin), 3.7's tunnels and tunnel groups and 4.2's virtual circuits; those installed here take assignments. */
export const CONTACT_MODELS = [
  'circuits.circuit', 'circuits.provider', 'circuits.provideraccount', 'dcim.device', 'dcim.location', 'dcim.manufacturer', 'dcim.powerpanel',
  'dcim.rack', 'dcim.region', 'dcim.site', 'dcim.sitegroup', 'ipam.l2vpn', 'tenancy.tenant', 'virtualization.cluster', 'virtualization.clustergroup',
  'virtualization.virtualmachine', 'vpn.tunnel', 'vpn.tunnelgroup', 'circuits.virtualcircuit',
];

const PRIORITIES = [
  { value: 'primary', label: 'Primary' },
  { value: 'secondary', label: 'Secondary' },
  { value: 'tertiary', label: 'Tertiary' },
  { value: 'inactive', label: 'Inactive' },
];

/** Where a contact's groups are kept (4.3's many-to-many). */
const MEMBERSHIPS = 'tenancy_contact_groups';

/** SQL: the ids of the contact groups `ids` (SQL of ids) and of every group below them. */
function subtreeSql(ids: string): string {
  const groups = q('tenancy_contactgroup');
  return `SELECT d.id FROM ${groups} d INNER JOIN ${groups} g ON d.tree_path LIKE g.tree_path || '%' WHERE g.id IN (${ids})`;
}

/**
 * 3.5's `group` of the contact aliased `alias`: the first of its groups as NetBox lists them (its TreeManager's order:
 * the tree depth first, siblings by name), by the database's collation of names.
 */
function firstGroupSql(alias: string): string {
  return (
    `(SELECT x.contactgroup_id FROM ${q(MEMBERSHIPS)} x INNER JOIN ${q('tenancy_contactgroup')} g ON g.id = x.contactgroup_id ` +
    `WHERE x.contact_id = ${alias}.id ORDER BY g.tree_sort, g.id LIMIT 1)`
  );
}

/**
 * `?group_id=<id>`, `?group=<slug>` (repeatable, `null` for none): contacts whose group (`match`, SQL over the ids of
 * the groups named and those below them) lies there, as NetBox's TreeNodeMultipleChoiceFilter; a value that names no
 * group is refused.
 */
function groupFilter(by: 'id' | 'slug', match: (groups: string) => string): CustomFilter {
  return {
    negatable: true,
    async apply(values, ctx) {
      const given = values.filter((v) => v !== 'null');
      const terms = given.length ? [match(subtreeSql((await namedGroups(given, by, ctx)).map((id) => ctx.param(id)).join(', ')))] : [];
      if (values.includes('null')) terms.push(`NOT EXISTS (SELECT 1 FROM ${q(MEMBERSHIPS)} x WHERE x.contact_id = t.id)`);
      ctx.where(`(${terms.join(' OR ')})`);
    },
  };
}

/** The ids of the groups these ids or slugs name, or NetBox's 400 for the first that names none. */
async function namedGroups(values: string[], by: 'id' | 'slug', ctx: FilterContext): Promise<number[]> {
  if (by === 'id') return existingIds(ContactGroup, values, ctx);
  const rows = await new ModelQuery(ctx.em, ContactGroup, ctx.driver).where('t.slug IN (:...slugs)', { slugs: values }).select({ id: 't.id', slug: 't.slug' });
  const found = new Set(rows.map((r) => r.slug));
  const missing = values.find((v) => !found.has(v));
  if (missing !== undefined) throw new FieldError([`Select a valid choice. ${missing} is not one of the available choices.`]);
  return rows.map((r) => Number(r.id));
}

/** 3.5's rule that a group's contacts have different names (4.3 dropped it with the single group). */
async function uniqueInGroup(row: Row, previous: Row | null, ctx?: WriteContext): Promise<void> {
  if (row.group === null || row.group === undefined || !ctx?.em || (previous && row.group === previous.group && row.name === previous.name)) return;
  const others = new ModelQuery(ctx.em, Contact, ctx.driver!).where(`t.name = :name AND ${firstGroupSql('t')} = :group`, { name: row.name, group: row.group });
  if (previous) others.where('t.id <> :self', { self: previous.id });
  if (await others.count()) throw new FieldError(['Contact with this Group and Name already exists.']);
}

export const ContactGroup = defineModel({
  app: 'tenancy',
  name: 'contactgroup',
  plural: 'contact-groups',
  verboseName: 'contact group',
  tree: true,
  fields: {
    name: text({ max: 100 }),
    slug: slug({ max: 100 }),
    parent: foreignKey('tenancy.contactgroup', { nullable: true, onDelete: 'CASCADE' }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  constraints: [{ fields: ['parent', 'name'], name: 'tenancy_contactgroup_unique_parent_name' }],
  // Contacts in the group or below it, each once, as NetBox 4.3's annotate_contacts counts them.
  counts: { contact_count: { model: 'tenancy.contact', where: `c.id IN (SELECT x.contact_id FROM ${q(MEMBERSHIPS)} x WHERE x.contactgroup_id IN (${subtreeSql('t.id')}))` } },
  brief: ['id', 'url', 'display', 'name', 'slug', 'contact_count', '_depth'],
  search: ['name', 'slug', 'description', 'comments'],
  filterset: { fields: ['id', 'name', 'slug', 'description'], related: ['parent_id', 'parent'] },
});

export const ContactRole = defineModel({
  app: 'tenancy',
  name: 'contactrole',
  plural: 'contact-roles',
  verboseName: 'contact role',
  fields: {
    name: text({ max: 100, unique: true }),
    slug: slug({ max: 100, unique: true }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  brief: ['id', 'url', 'display', 'name', 'slug'],
  search: ['name', 'slug'],
  filterset: { fields: ['id', 'name', 'slug', 'description'] },
});

export const Contact = defineModel({
  app: 'tenancy',
  name: 'contact',
  plural: 'contacts',
  fields: {
    // 4.3's groups; 3.5's group is the first of them (see firstGroupSql), and writing it makes them that one.
    groups: manyToMany(() => ContactGroup, { label: 'Groups' }),
    group: new DerivedRelation(() => ContactGroup, firstGroupSql, { relatedName: 'contacts' }),
    name: text({ max: 100 }),
    title: text({ max: 100, blank: true }),
    phone: text({ max: 50, blank: true }),
    email: text({ max: 254, blank: true, format: 'email' }),
    address: text({ max: 200, blank: true }),
    link: text({ max: 200, blank: true, format: 'uri' }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  full: [
    'id', 'url', 'display', 'group', 'name', 'title', 'phone', 'email', 'address', 'link', 'description', 'comments', 'tags', 'custom_fields', 'created',
    'last_updated',
  ],
  brief: ['id', 'url', 'display', 'name'],
  search: ['name', 'title', 'phone', 'email', 'address', 'link', 'comments'],
  filterset: { fields: ['id', 'name', 'title', 'phone', 'email', 'address', 'link', 'description'] },
  filters: {
    // 3.5's: the contact's group (its first) lies in the tree below one given.
    group_id: groupFilter('id', (groups) => `(${firstGroupSql('t')}) IN (${groups})`),
    group: groupFilter('slug', (groups) => `(${firstGroupSql('t')}) IN (${groups})`),
    // 4.3's: one of its groups does; its dialect speaks them as group_id and group.
    any_group_id: groupFilter('id', (groups) => `t.id IN (SELECT x.contact_id FROM ${q(MEMBERSHIPS)} x WHERE x.contactgroup_id IN (${groups}))`),
    any_group: groupFilter('slug', (groups) => `t.id IN (SELECT x.contact_id FROM ${q(MEMBERSHIPS)} x WHERE x.contactgroup_id IN (${groups}))`),
  },
  async validate(row, previous, ctx) {
    const input = ctx?.input ?? row;
    if ('group' in input && !('groups' in input)) {
      let group: number | null;
      try {
        group = await resolveDerived(ctx, Contact.fields.group as DerivedRelation, input.group);
      } catch (e) {
        if (e instanceof FieldError) throw new FieldError({ group: e.messages });
        throw e;
      }
      // 3.5's group is 4.3's groups of one (the writer sets the groups the input gives); the first written back as read keeps them.
      if (!previous || group !== previous.group) input.groups = group === null ? [] : [group];
      row.group = group;
    }
    if (!ctx?.dialect || ctx.dialect.shows(Contact, 'group')) await uniqueInGroup(row, previous, ctx);
  },
  async afterWrite(em, row, _previous, { input }) {
    // The change record keeps 3.5's group as the groups now make it.
    if (!row || !('groups' in input)) return;
    const [first] = await selectSql<{ group: number | null }>(em, `SELECT ${firstGroupSql('c')} AS ${q('group')} FROM ${q(Contact.table)} c WHERE c.id = :id`, { id: row.id });
    row.group = first?.group === null || first?.group === undefined ? null : Number(first.group);
  },
  augment: (ctx, _rows, reps) => nestDerived(ctx, Contact, reps),
});

export const ContactAssignment = defineModel({
  app: 'tenancy',
  name: 'contactassignment',
  plural: 'contact-assignments',
  verboseName: 'contact assignment',
  // What change records name it by; responses carry NetBox's `<contact> (<priority>) -> <object>`.
  display: (a) => `Contact assignment ${a.id}`,
  ordering: ['priority', 'contact', 'id'],
  fields: {
    content_type: contentType({ allowed: () => CONTACT_MODELS.filter((m) => registry.has(m)) }),
    object_id: integer({ min: 0, max: Number.MAX_SAFE_INTEGER, big: true }),
    object: genericRelation('content_type', 'object_id', { cascade: true, relatedName: 'contacts' }),
    contact: foreignKey(() => Contact, { onDelete: 'PROTECT' }),
    role: foreignKey(() => ContactRole, { onDelete: 'PROTECT' }),
    priority: choice(PRIORITIES, { blank: true }),
  },
  constraints: [
    {
      fields: ['content_type', 'object_id', 'contact', 'role'],
      name: 'tenancy_contactassignment_unique_object_contact_role',
      message: 'Contact assignment with this Content type, Object id, Contact and Role already exists.',
    },
  ],
  relatedObject: 'object',
  brief: ['id', 'url', 'display', 'contact', 'role', 'priority'],
  filterset: { fields: ['id', 'object_id', 'priority'], related: ['contact_id', 'role_id', 'role'], base: 'changelog' },
  filters: {
    content_type: contentTypeFilter('content_type'),
    content_type_id: contentTypeIdFilter('content_type'),
    q: searchFilter((like) => [
      `t.contact_id IN (SELECT c.id FROM ${q(Contact.table)} c WHERE ${like('c.name')})`,
      `t.role_id IN (SELECT r.id FROM ${q(ContactRole.table)} r WHERE ${like('r.name')})`,
    ]),
  },
  async labels(rows, ctx) {
    const contacts = await new ModelQuery(ctx.em, Contact, ctx.driver).whereIdIn([...new Set(rows.map((r) => r.contact_id))]).rows({ order: ['id'] });
    const names = new Map(contacts.map((c) => [c.id, c.name]));
    const objects = await referencedDisplays(ctx, rows.map((r) => ({ type: r.content_type, id: r.object_id })));
    return rows.map((row) => {
      const priority = PRIORITIES.find((p) => p.value === row.priority)?.label;
      const object = objects.get(`${row.content_type}:${row.object_id}`) ?? 'None';
      return `${names.get(row.contact_id)}${priority ? ` (${priority})` : ''} -> ${object}`;
    });
  },
});

/**
 * `?contact=<id>`, `?contact_role=<id>`, `?contact_group=<id>` (and `__n`) on a model that takes contacts: objects
 * with an assignment of that contact, in that role, or of a contact in that group or below it.
 */
export function contactFilters(model: () => ModelDef): Record<string, CustomFilter> {
  const filter = (target: ModelDef, condition: (ids: string) => string): CustomFilter => ({
    negatable: true,
    async apply(values, ctx) {
      const ids = (await existingIds(target, values, ctx)).map((id) => ctx.param(id)).join(', ');
      ctx.where(
        `t.id IN (SELECT a.object_id FROM ${q(ContactAssignment.table)} a WHERE a.content_type = ${ctx.param(model().label)} AND ${condition(ids)})`,
      );
    },
  });
  return {
    contact: filter(Contact, (ids) => `a.contact_id IN (${ids})`),
    contact_role: filter(ContactRole, (ids) => `a.role_id IN (${ids})`),
    // A contact of any of the groups (4.3's, and 3.5's one group).
    contact_group: filter(ContactGroup, (ids) => `a.contact_id IN (SELECT x.contact_id FROM ${q(MEMBERSHIPS)} x WHERE x.contactgroup_id IN (${subtreeSql(ids)}))`),
  };
}

/** Models whose NetBox filter set takes the contact filters (its ContactModelFilterSet): not every model with contacts. */
const CONTACT_FILTERED_MODELS = CONTACT_MODELS.filter((m) => !['circuits.provideraccount', 'ipam.l2vpn', 'circuits.virtualcircuit'].includes(m));

provideFilters((model) => (CONTACT_FILTERED_MODELS.includes(model.label) ? contactFilters(() => model) : {}));
