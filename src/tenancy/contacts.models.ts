import { choice, contentType, foreignKey, genericRelation, integer, slug, text } from '../core/model/fields';
import { CustomFilter, ModelDef, defineModel, registry } from '../core/model/model';
import { existingIds, provideFilters, searchFilter } from '../core/query/filters';
import { ModelQuery, q } from '../core/query/model-query';
import { contentTypeFilter, contentTypeIdFilter } from '../extras/content-type-filter';
import { referencedDisplays } from '../core/serialize/referrers';

/** The models NetBox 3.5 gives contacts (its ContactsMixin); those installed here take assignments. */
export const CONTACT_MODELS = [
  'circuits.circuit', 'circuits.provider', 'circuits.provideraccount', 'dcim.device', 'dcim.location', 'dcim.manufacturer', 'dcim.powerpanel',
  'dcim.rack', 'dcim.region', 'dcim.site', 'dcim.sitegroup', 'ipam.l2vpn', 'tenancy.tenant', 'virtualization.cluster', 'virtualization.clustergroup',
  'virtualization.virtualmachine',
];

const PRIORITIES = [
  { value: 'primary', label: 'Primary' },
  { value: 'secondary', label: 'Secondary' },
  { value: 'tertiary', label: 'Tertiary' },
  { value: 'inactive', label: 'Inactive' },
];

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
  },
  constraints: [{ fields: ['parent', 'name'], name: 'tenancy_contactgroup_unique_parent_name' }],
  counts: { contact_count: { model: 'tenancy.contact', field: 'group' } },
  brief: ['id', 'url', 'display', 'name', 'slug', 'contact_count', '_depth'],
  search: ['name', 'slug'],
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
    group: foreignKey(() => ContactGroup, { nullable: true, onDelete: 'SET NULL' }),
    name: text({ max: 100 }),
    title: text({ max: 100, blank: true }),
    phone: text({ max: 50, blank: true }),
    email: text({ max: 254, blank: true, format: 'email' }),
    address: text({ max: 200, blank: true }),
    link: text({ max: 200, blank: true, format: 'uri' }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  constraints: [{ fields: ['group', 'name'], name: 'tenancy_contact_unique_group_name' }],
  brief: ['id', 'url', 'display', 'name'],
  search: ['name', 'title', 'phone', 'email', 'address', 'link', 'comments'],
  filterset: { fields: ['id', 'name', 'title', 'phone', 'email', 'address', 'link'], related: ['group_id', 'group'] },
});

export const ContactAssignment = defineModel({
  app: 'tenancy',
  name: 'contactassignment',
  plural: 'contact-assignments',
  verboseName: 'contact assignment',
  // What change records name it by; responses carry NetBox's `<contact> (<priority>) -> <object>`.
  display: (a) => `Contact assignment ${a.id}`,
  ordering: ['priority', 'contact', 'id'],
  features: { tags: false, customFields: false },
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
  const groups = q(ContactGroup.table);
  return {
    contact: filter(Contact, (ids) => `a.contact_id IN (${ids})`),
    contact_role: filter(ContactRole, (ids) => `a.role_id IN (${ids})`),
    contact_group: filter(
      ContactGroup,
      (ids) =>
        `a.contact_id IN (SELECT c.id FROM ${q(Contact.table)} c WHERE c.group_id IN ` +
        `(SELECT d.id FROM ${groups} d JOIN ${groups} g ON d.tree_path LIKE g.tree_path || '%' WHERE g.id IN (${ids})))`,
    ),
  };
}

/** Models whose NetBox filter set takes the contact filters (its ContactModelFilterSet): not every model with contacts. */
const CONTACT_FILTERED_MODELS = CONTACT_MODELS.filter((m) => !['circuits.provideraccount', 'ipam.l2vpn'].includes(m));

provideFilters((model) => (CONTACT_FILTERED_MODELS.includes(model.label) ? contactFilters(() => model) : {}));
