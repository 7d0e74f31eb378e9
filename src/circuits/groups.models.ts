import { FieldError, INT32_MAX, choice, contentType, foreignKey, genericRelation, integer, slug, text } from '../core/model/fields';
import { CustomFilter, FilterContext, defineModel, registry } from '../core/model/model';
import { escapeLike, tenancyFilters } from '../core/query/filters';
import { ModelQuery, q } from '../core/query/model-query';

/*
 * NetBox 4.1's circuit groups, and 4.2's assignments of circuits and virtual circuits to them with a priority. Only 4.x
 * speaks them; the 3.5 dialect lacks both.
 */

export const CIRCUIT_PRIORITIES = [
  { value: 'primary', label: 'Primary' },
  { value: 'secondary', label: 'Secondary' },
  { value: 'tertiary', label: 'Tertiary' },
  { value: 'inactive', label: 'Inactive' },
];

/** What a group may hold: circuits, and (4.2) virtual circuits. */
const MEMBER_TYPES = ['circuits.circuit', 'circuits.virtualcircuit'];

export const CircuitGroup = defineModel({
  app: 'circuits',
  name: 'circuitgroup',
  plural: 'circuit-groups',
  verboseName: 'circuit group',
  fields: {
    name: text({ max: 100, unique: true }),
    slug: slug({ max: 100, unique: true }),
    description: text({ max: 200, blank: true }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    comments: text({ blank: true }),
  },
  // NetBox counts a group's assignments, whatever their members.
  counts: { circuit_count: { model: 'circuits.circuitgroupassignment', field: 'group' } },
  brief: ['id', 'url', 'display', 'name'],
  search: ['name', 'slug', 'description'],
  filterset: { fields: ['id', 'name', 'slug', 'description'], related: ['tenant_id', 'tenant'] },
  filters: tenancyFilters(() => CircuitGroup),
});

/** NetBox's MultiValueNumberFilter: whole numbers; one beyond an id column's range names nothing. */
function wholeNumbers(values: string[]): number[] {
  const given = values.filter((v) => v.trim() !== '');
  if (given.some((v) => !/^\s*-?\d+\s*$/.test(v))) throw new FieldError(['Enter a whole number.']);
  return given.map(Number).filter((n) => Math.abs(n) <= INT32_MAX);
}

/**
 * Assignments whose member is one of the circuits (or virtual circuits) `select` picks from the member's table (alias `m`),
 * as NetBox's method filters: values naming nothing select nothing.
 */
function memberFilter(type: string, select: (values: string[], ctx: FilterContext) => string | null): CustomFilter {
  return {
    apply(values, ctx) {
      const members = registry.get(type);
      const where = select(values, ctx);
      if (where === null) return;
      if (!members) return ctx.where('1 = 0');
      ctx.where(`t.member_type = ${ctx.param(type)} AND t.member_id IN (SELECT m.id FROM ${q(members.table)} m WHERE ${where})`);
    },
  };
}

const byId = (values: string[], ctx: FilterContext) => {
  const ids = wholeNumbers(values);
  if (!values.some((v) => v.trim() !== '')) return null;
  return ids.length ? `m.id IN (${ids.map((id) => ctx.param(id)).join(', ')})` : '1 = 0';
};
const byCid = (values: string[], ctx: FilterContext) => {
  const given = values.filter((v) => v !== '');
  return given.length ? `m.cid IN (${given.map((v) => ctx.param(v)).join(', ')})` : null;
};

/** Assignments of a provider's circuits, and of the virtual circuits in its networks. */
function providerFilter(by: 'id' | 'slug'): CustomFilter {
  return {
    apply(values, ctx) {
      const given = values.filter((v) => v.trim() !== '');
      if (!given.length) return;
      const list = by === 'id' ? wholeNumbers(given) : given;
      // Ids beyond the column's range name no provider.
      if (!list.length) return ctx.where('1 = 0');
      const providers = `SELECT p.id FROM ${q('circuits_provider')} p WHERE p.${by} IN (${list.map((v) => ctx.param(v)).join(', ')})`;
      const terms = [`(t.member_type = ${ctx.param('circuits.circuit')} AND t.member_id IN (SELECT c.id FROM ${q('circuits_circuit')} c WHERE c.provider_id IN (${providers})))`];
      const virtual = registry.get('circuits.virtualcircuit');
      if (virtual) {
        terms.push(
          `(t.member_type = ${ctx.param(virtual.label)} AND t.member_id IN (SELECT v.id FROM ${q(virtual.table)} v JOIN ${q('circuits_providernetwork')} n ON n.id = v.provider_network_id WHERE n.provider_id IN (${providers})))`,
        );
      }
      ctx.where(`(${terms.join(' OR ')})`);
    },
  };
}

/** A group's member, with its priority there: `<group> (<priority>)`, or the group alone. */
export const CircuitGroupAssignment = defineModel({
  app: 'circuits',
  name: 'circuitgroupassignment',
  plural: 'circuit-group-assignments',
  verboseName: 'Circuit group assignment',
  // What needs no other table; responses and change records carry NetBox's `<group> (<priority>)` (labels).
  display: (a) => `Assignment ${a.id}`,
  ordering: ['group', 'member_type', 'member_id', 'priority', 'id'],
  fields: {
    member_type: contentType({ allowed: () => MEMBER_TYPES.filter((type) => registry.has(type)), label: 'Member type' }),
    member_id: integer({ min: 0, max: Number.MAX_SAFE_INTEGER, big: true, label: 'Member ID' }),
    // A circuit takes its assignments with it, as NetBox's generic relation does.
    member: genericRelation('member_type', 'member_id', { cascade: true, relatedName: 'group_assignments' }),
    group: foreignKey(() => CircuitGroup, { onDelete: 'CASCADE' }),
    priority: choice(CIRCUIT_PRIORITIES, { nullable: true, blank: true }),
  },
  constraints: [{ fields: ['member_type', 'member_id', 'group'], name: 'circuits_circuitgroupassignment_unique_member_group' }],
  indexes: [['group', 'member_type', 'member_id', 'priority', 'id']],
  brief: ['id', 'url', 'display', 'group', 'member_type', 'member_id', 'member', 'priority'],
  filterset: { fields: ['id', 'member_id', 'priority'], related: ['group_id', 'group'] },
  filters: {
    circuit_id: memberFilter('circuits.circuit', byId),
    circuit: memberFilter('circuits.circuit', byCid),
    virtual_circuit_id: memberFilter('circuits.virtualcircuit', byId),
    virtual_circuit: memberFilter('circuits.virtualcircuit', byCid),
    provider_id: providerFilter('id'),
    provider: providerFilter('slug'),
    // The member's circuit ID, or the group's name.
    q: {
      apply(values, ctx) {
        const value = values[values.length - 1]?.trim();
        if (!value) return;
        const like = ctx.param(`%${escapeLike(value.toLowerCase())}%`);
        const members = MEMBER_TYPES.flatMap((type) => {
          const model = registry.get(type);
          return model ? [`(t.member_type = ${ctx.param(type)} AND t.member_id IN (SELECT m.id FROM ${q(model.table)} m WHERE LOWER(m.cid) LIKE ${like} ESCAPE '\\'))`] : [];
        });
        ctx.where(`(${[...members, `t.group_id IN (SELECT g.id FROM ${q(CircuitGroup.table)} g WHERE LOWER(g.name) LIKE ${like} ESCAPE '\\')`].join(' OR ')})`);
      },
    },
  },
  async labels(rows, ctx) {
    const groups = await new ModelQuery(ctx.em, CircuitGroup, ctx.driver).whereIdIn([...new Set(rows.map((r) => r.group_id as number))]).rows({ order: ['id'] });
    const names = new Map(groups.map((g) => [g.id, g.name]));
    return rows.map((row) => assignmentLabel(names.get(row.group_id), row.priority));
  },
});

/** NetBox's `__str__` of an assignment: the group's name, with the priority's label when it has one. */
export function assignmentLabel(group: string, priority: string | null): string {
  const label = CIRCUIT_PRIORITIES.find((p) => p.value === priority)?.label;
  return label ? `${group} (${label})` : group;
}
