import { FieldError, INT32_MAX, choice, contentType, genericRelation, integer, integers, manyToMany, text } from '../core/model/fields';
import { CustomFilter, PresentContext, Row, WriteContext, defineModel, registry } from '../core/model/model';
import { ModelQuery, q } from '../core/query/model-query';
import { listHolds } from '../core/query/filters';
import { contentTypeFilter } from '../extras/content-type-filter';
import { DerivedRelation, nestDerived, resolveDerived } from './derived-relation';

const SERVICE_PROTOCOLS = [
  { value: 'tcp', label: 'TCP' },
  { value: 'udp', label: 'UDP' },
  { value: 'sctp', label: 'SCTP' },
] as const;

/** NetBox's short form of a port list: sorted, consecutive ports as one run (`22, 80-81, 443`). */
export function portList(ports: number[]): string {
  const runs: number[][] = [];
  for (const port of [...ports].sort((a, b) => a - b)) {
    const run = runs[runs.length - 1];
    if (run && port === run[run.length - 1] + 1) run.push(port);
    else runs.push([port]);
  }
  return runs.map((run) => (run.length === 1 ? `${run[0]}` : `${run[0]}-${run[run.length - 1]}`)).join(', ');
}

/** `SSH (TCP/22)`, as NetBox labels services and their templates. */
function serviceDisplay(row: Row): string {
  const protocol = SERVICE_PROTOCOLS.find((p) => p.value === row.protocol)?.label ?? row.protocol;
  return `${row.name} (${protocol}/${portList(row.ports ?? [])})`;
}

/**
 * A key that sorts as the port list does in NetBox (PostgreSQL compares integer arrays item by item):
 * each port as five digits, one after the other, so that a list sorts before its own extensions.
 */
function portsSortKey(ports: number[]): string {
  return ports.map((p) => String(p).padStart(5, '0')).join('');
}

/** NetBox's serializers take the protocol as optional, and the model then refuses it empty. */
function blankProtocol(row: Row): Record<string, string[]> {
  return row.protocol ? {} : { protocol: ['This field cannot be blank.'] };
}

/** Nested services and templates carry the bare protocol value, as NetBox's nested serializers do. */
function presentProtocol(rep: Record<string, unknown>, row: Row, ctx: PresentContext): void {
  if (ctx.mode === 'brief' && 'protocol' in rep) rep.protocol = row.protocol;
}

/** `?port=<n>`: services listening on that port among others. */
const portFilter: CustomFilter = {
  schema: { type: 'number' },
  apply(values, ctx) {
    const raw = values[values.length - 1].trim();
    if (raw === '') return;
    const port = Number(raw);
    if (!Number.isFinite(port)) throw new FieldError(['Enter a number.']);
    ctx.where(listHolds(ctx, 'ports', port));
  },
};

const serviceFields = () => ({
  ports: integers({ min: 1, max: 65535, label: 'Port numbers' }),
  protocol: choice(SERVICE_PROTOCOLS, { blank: true }),
  description: text({ max: 200, blank: true }),
  comments: text({ blank: true }),
});

/** A service to be applied to devices and virtual machines. */
export const ServiceTemplate = defineModel({
  app: 'ipam',
  name: 'servicetemplate',
  plural: 'service-templates',
  filterset: { fields: ['id', 'name', 'protocol'] },
  verboseName: 'service template',
  display: serviceDisplay,
  ordering: ['name'],
  fields: {
    name: text({ max: 100, unique: true }),
    ...serviceFields(),
  },
  brief: ['id', 'url', 'display', 'name', 'protocol', 'ports'],
  search: ['name', 'description'],
  filters: { port: portFilter },
  validate(row) {
    const errors = blankProtocol(row);
    if (Object.keys(errors).length) throw new FieldError(errors);
  },
  present: presentProtocol,
});

/** What NetBox 4.6 lets a service run on; 3.5 knew devices and virtual machines only. */
const SERVICE_PARENTS = ['dcim.device', 'ipam.fhrpgroup', 'virtualization.virtualmachine'];

/** 3.5's fields that named a service's parent, and the type each names. */
const LEGACY_PARENTS: Record<string, string> = { device: 'dcim.device', virtual_machine: 'virtualization.virtualmachine' };

/** 3.5's `device` (or `virtual_machine`): the service's parent when it is one. */
const parentOfType = (type: string) =>
  new DerivedRelation(
    () => registry.get(type)!,
    (alias) => `(CASE WHEN ${alias}.${q('parent_object_type')} = '${type}' THEN ${alias}.${q('parent_object_id')} END)`,
  );

/**
 * `?device=<name>`, `?device_id=<id>`, `?fhrpgroup=<name>`...: services whose parent is one of these objects. 3.5's
 * filters (`strict`) refuse a value that names none and take `null` (services with no such parent); 4.6's find nothing.
 */
function parentFilter(type: string, by: 'id' | 'name', strict: boolean): CustomFilter {
  return {
    negatable: true,
    async apply(values, ctx) {
      const target = registry.get(type);
      const wantNull = strict && values.includes('null');
      const given = strict ? values.filter((v) => v !== 'null') : values;
      if (by === 'id') {
        const invalid = given.find((v) => !/^\d+$/.test(v.trim()));
        if (invalid !== undefined) throw new FieldError([strict ? `“${invalid}” is not a valid value.` : 'Enter a number.']);
      }
      // An id beyond what an id column holds names nothing (and PostgreSQL would refuse to compare it).
      const wanted = by === 'id' ? given.map(Number).filter((id) => id <= INT32_MAX) : given;
      const found = wanted.length && target
        ? await new ModelQuery(ctx.em, target, ctx.driver).where(`t.${q(by)} IN (:...wanted)`, { wanted }).select({ id: 't.id', attr: `t.${q(by)}` })
        : [];
      const seen = new Set(found.map((r) => String(r.attr)));
      const missing = given.find((v) => !seen.has(by === 'id' ? String(Number(v)) : v));
      if (strict && missing !== undefined) throw new FieldError([`Select a valid choice. ${missing} is not one of the available choices.`]);
      const terms: string[] = [];
      if (given.length) {
        const ids = found.map((r) => ctx.param(Number(r.id)));
        terms.push(ids.length ? `(t.parent_object_type = ${ctx.param(type)} AND t.parent_object_id IN (${ids.join(', ')}))` : '1 = 0');
      }
      if (wantNull) terms.push(`t.parent_object_type <> ${ctx.param(type)}`);
      ctx.where(`(${terms.join(' OR ')})`);
    },
  };
}

/** Each type of parent's filters by name and by id, under `<prefix><name>` and `<prefix><name>_id`. */
function parentFilters(names: Record<string, string>, strict: boolean, prefix = ''): Record<string, CustomFilter> {
  return Object.fromEntries(
    Object.entries(names).flatMap(([name, type]) => [
      [`${prefix}${name}`, parentFilter(type, 'name', strict)],
      [`${prefix}${name}_id`, parentFilter(type, 'id', strict)],
    ]),
  );
}

/** Whether a write speaks 3.5's services (a device or virtual machine) rather than 4.3's (a parent); without a dialect, the native one. */
function speaksLegacyParent(ctx?: WriteContext): boolean {
  return !ctx?.dialect || ctx.dialect.shows(Service, 'device');
}

/**
 * A service's parent from what the write gives: 4.3's `parent_object_type`/`parent_object_id`, or 3.5's `device` or
 * `virtual_machine` with 3.5's rules (one of them, and not both). What 3.5 writes back as it read it keeps the parent
 * (an FHRP group's service reads neither). Then 3.5's fields are the parent's, for the answer and the change record.
 */
async function placeService(row: Row, previous: Row | null, errors: Record<string, string[]>, ctx?: WriteContext): Promise<void> {
  const input = ctx?.input ?? row;
  const legacy = Object.keys(LEGACY_PARENTS).filter((name) => name in input);
  const given = 'parent_object_type' in input || 'parent_object_id' in input;
  if (!given && (legacy.length || !previous) && speaksLegacyParent(ctx)) {
    const named: Record<string, number | null> = {};
    const refused: Record<string, unknown> = {};
    for (const name of Object.keys(LEGACY_PARENTS)) {
      try {
        named[name] = name in input ? await resolveDerived(ctx, Service.fields[name] as DerivedRelation, input[name]) : (previous?.[name] ?? null);
      } catch (e) {
        if (!(e instanceof FieldError)) throw e;
        refused[name] = e.messages;
      }
    }
    // Like DRF, a field's own error stops the write before the model's rules.
    if (Object.keys(refused).length) throw new FieldError(refused);
    const parents = Object.entries(named).filter(([, id]) => id !== null);
    const unchanged = previous && Object.keys(named).every((name) => named[name] === previous[name]);
    if (parents.length > 1) errors.__all__ = ['A service cannot be associated with both a device and a virtual machine.'];
    else if (!parents.length && !unchanged) errors.__all__ = ['A service must be associated with either a device or a virtual machine.'];
    else if (!unchanged) [row.parent_object_type, row.parent_object_id] = [LEGACY_PARENTS[parents[0][0]], parents[0][1]];
  } else {
    if (!row.parent_object_type) errors.parent_object_type = ['This field is required.'];
    if (row.parent_object_id === null || row.parent_object_id === undefined) errors.parent_object_id = ['This field is required.'];
  }
  legacyParents(row);
}

/** 3.5's device and virtual machine of a service: its parent, where it is one. */
function legacyParents(row: Row): void {
  for (const [name, type] of Object.entries(LEGACY_PARENTS)) row[name] = row.parent_object_type === type ? row.parent_object_id : null;
}

/** A layer-four service (SSH, HTTP...) on a device, a virtual machine or an FHRP group, optionally bound to some of its addresses. */
export const Service = defineModel({
  app: 'ipam',
  name: 'service',
  plural: 'services',
  filterset: {
    fields: ['id', 'name', 'protocol', 'description', 'parent_object_id'],
    related: ['ipaddress_id', 'ipaddress'],
  },
  display: serviceDisplay,
  ordering: ['protocol', 'ports', 'id'],
  // Port lists sort as PostgreSQL compares arrays, through a key kept beside them.
  sortAs: { ports: ['_ports_sort'] },
  fields: {
    // 4.3's parent; required, which its rules check (3.5 names it otherwise).
    parent_object_type: contentType({ blank: true, allowed: () => SERVICE_PARENTS.filter((t) => registry.has(t)) }),
    parent_object_id: integer({ min: 0, max: Number.MAX_SAFE_INTEGER, big: true, blank: true }),
    parent: genericRelation('parent_object_type', 'parent_object_id', { cascade: true, relatedName: 'services' }),
    device: parentOfType('dcim.device'),
    virtual_machine: parentOfType('virtualization.virtualmachine'),
    name: text({ max: 100 }),
    ...serviceFields(),
    ipaddresses: manyToMany('ipam.ipaddress', {
      filterName: 'ipaddress',
      label: 'IP addresses',
      helpText: 'The specific IP addresses (if any) to which this service is bound',
    }),
  },
  derived: { _ports_sort: text({ readOnly: true, blank: true }) },
  indexes: [['parent_object_type', 'parent_object_id']],
  full: [
    'id', 'url', 'display', 'device', 'virtual_machine', 'name', 'ports', 'protocol', 'ipaddresses', 'description', 'comments', 'tags', 'custom_fields',
    'created', 'last_updated',
  ],
  brief: ['id', 'url', 'display', 'name', 'protocol', 'ports'],
  search: ['name', 'description'],
  filters: {
    port: portFilter,
    parent_object_type: contentTypeFilter('parent_object_type'),
    ...parentFilters(LEGACY_PARENTS, true),
    // 4.6's: unknown names find nothing; its dialect speaks them as device, device_id...
    ...parentFilters({ ...LEGACY_PARENTS, fhrpgroup: 'ipam.fhrpgroup' }, false, 'parent_'),
  },
  async validate(row, previous, ctx) {
    row._ports_sort = portsSortKey(row.ports);
    // Django reports the fields' errors and the model's own together.
    const errors: Record<string, string[]> = blankProtocol(row);
    await placeService(row, previous, errors, ctx);
    if (Object.keys(errors).length) throw new FieldError(errors);
  },
  async afterWrite(_em, row) {
    // The change record of an update keeps 3.5's fields as the parent now makes them.
    if (row) legacyParents(row);
  },
  present: presentProtocol,
  augment: (ctx, _rows, reps) => nestDerived(ctx, Service, reps),
});
