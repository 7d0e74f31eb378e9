import { FieldError, boolean, choice, contentType, decimal, foreignKey, genericRelation, input, integer, json, pythonType, text } from '../core/model/fields';
import { CustomFilter, Row, WriteContext, defineModel, registry } from '../core/model/model';
import { tenancyFilters } from '../core/query/filters';
import { contentTypeFilter } from '../extras/content-type-filter';
import { loadRow, ModelQuery, q } from '../core/query/model-query';
import { referencedDisplays } from '../core/serialize/referrers';
import { CABLE_LENGTH_UNITS, CABLE_STATUSES, CABLE_TYPES, INTERFACE_TYPES } from './choices';
import { COMPATIBLE_TERMINATIONS, Node, deferringRetrace, loadNodes, nodeOf, pathsThrough, retrace, retraceDeferred, terminationTypes } from './cabling';
import { NONCONNECTABLE_INTERFACE_TYPES } from './components.models';

const COLOR = /^[0-9a-f]{6}$/;
type End = 'A' | 'B';
interface Termination {
  type: string;
  id: number;
}

/**
 * A cable end as written: `[{"object_type": "dcim.interface", "object_id": 1}, ...]`. Errors take DRF's
 * shapes for a list of nested objects: one entry per item, `{}` for the valid ones.
 */
function parseTerminations(value: unknown): Termination[] {
  if (!Array.isArray(value)) throw new FieldError({ non_field_errors: [`Expected a list of items but got type "${pythonType(value)}".`] });
  const errors: Record<string, string[]>[] = [];
  const terms = value.map((item) => {
    const problems: Record<string, string[]> = {};
    errors.push(problems);
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.non_field_errors = [`Invalid data. Expected a dictionary, but got ${pythonType(item)}.`];
      return null;
    }
    const { object_type: type, object_id: id } = item as Record<string, unknown>;
    if (type === undefined) problems.object_type = ['This field is required.'];
    else if (type === null) problems.object_type = ['This field may not be null.'];
    else if (typeof type !== 'string' || type.split('.').length !== 2) problems.object_type = ["Invalid value. Specify a content type as '<app_label>.<model_name>'."];
    else if (!terminationTypes().includes(type)) problems.object_type = [`Invalid content type: ${type}`];
    const n = typeof id === 'string' && /^\s*\d+\s*$/.test(id) ? Number(id) : id;
    if (id === undefined) problems.object_id = ['This field is required.'];
    else if (id === null) problems.object_id = ['This field may not be null.'];
    else if (typeof n !== 'number' || !Number.isInteger(n)) problems.object_id = ['A valid integer is required.'];
    return Object.keys(problems).length ? null : { type: type as string, id: n as number };
  });
  // FieldError's type knows flat lists and dicts; the writer passes any JSON through as the field's errors.
  if (errors.some((e) => Object.keys(e).length)) throw new FieldError(errors as unknown as string[]);
  // The same object named twice is one termination.
  return (terms as Termination[]).filter((t, i, all) => all.findIndex((u) => u.type === t.type && u.id === t.id) === i);
}

const GENERIC_OBJECT = {
  type: 'array',
  items: {
    type: 'object',
    properties: { object_type: { type: 'string' }, object_id: { type: 'integer' }, object: { type: 'object', readOnly: true } },
    required: ['object_type', 'object_id'],
  },
};

/** The terminations currently on each end of a cable. */
async function currentEnds(ctx: WriteContext, cableId: number): Promise<Record<End, Termination[]>> {
  const rows = await new ModelQuery(ctx.em!, CableTermination, ctx.driver!).where('t.cable_id = :cable', { cable: cableId }).rows({ order: ['id'] });
  const of = (end: End) => rows.filter((r) => r.cable_end === end).map((r) => ({ type: r.termination_type, id: r.termination_id }));
  return { A: of('A'), B: of('B') };
}

/** NetBox's checks of one termination: it exists, is free, and (an interface) takes cables. */
async function checkTermination(ctx: WriteContext, cableId: number | null, t: Termination, field: string): Promise<Row> {
  const model = registry.get(t.type)!;
  const target = await loadRow(ctx, model, t.id);
  if (!target) throw new FieldError({ [field]: [`Related object not found using the provided numeric ID: ${t.id}`] });
  const taken = await new ModelQuery(ctx.em!, CableTermination, ctx.driver!)
    .where('t.termination_type = :type AND t.termination_id = :id', { type: t.type, id: t.id })
    .rows({ order: ['id'] });
  const other = taken.find((x) => x.cable_id !== cableId);
  if (other) throw new FieldError([`Duplicate termination found for ${t.type} ${t.id}: cable ${other.cable_id}`]);
  if (t.type === 'dcim.interface' && NONCONNECTABLE_INTERFACE_TYPES.has(target.type)) {
    const label = INTERFACE_TYPES.find((c) => c.value === target.type)?.label ?? target.type;
    throw new FieldError([`Cables cannot be terminated to ${label} interfaces`]);
  }
  if (t.type === 'circuits.circuittermination' && target.provider_network_id !== null) {
    throw new FieldError(['Circuit terminations attached to a provider network may not be cabled.']);
  }
  return target;
}

/** NetBox's ColorChoices: a cable's `color` filter takes only these. */
const COLOR_CHOICES = [
  'aa1409', 'f44336', 'e91e63', 'ffe4e1', 'ff66ff', '9c27b0', '673ab7', '3f51b5', '2196f3', '03a9f4', '00bcd4', '009688', '00ffff', '2f6a31',
  '4caf50', '8bc34a', 'cddc39', 'ffeb3b', 'ffc107', 'ff9800', 'ff5722', '795548', 'c0c0c0', '9e9e9e', '607d8b', '111111', 'ffffff',
];

const colorFilter: CustomFilter = {
  negatable: true,
  apply(values, ctx) {
    const invalid = values.find((v) => !COLOR_CHOICES.includes(v));
    if (invalid !== undefined) throw new FieldError([`Select a valid choice. ${invalid} is not one of the available choices.`]);
    ctx.where(`t.color IN (${values.map((v) => ctx.param(v)).join(', ')})`);
  },
};

/** NetBox 4.6's cable bundles: cables grouped logically (a trunk, a loom). */
export const CableBundle = defineModel({
  app: 'dcim',
  name: 'cablebundle',
  plural: 'cable-bundles',
  verboseName: 'cable bundle',
  fields: {
    name: text({ max: 100, unique: true }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  counts: { cable_count: { model: 'dcim.cable', field: 'bundle' } },
  brief: ['id', 'url', 'display', 'name', 'description'],
  search: ['name', 'description', 'comments'],
  filterset: { fields: ['id', 'name', 'description'] },
});

export const Cable = defineModel({
  app: 'dcim',
  name: 'cable',
  plural: 'cables',
  display: (c) => c.label || `#${c.id}`,
  ordering: ['id'],
  // `?cable=<id>` on cable terminations, as NetBox's filter takes a primary key.
  lookupField: 'id',
  fields: {
    type: choice(CABLE_TYPES, { blank: true, flat: true }),
    a_terminations: input(parseTerminations, GENERIC_OBJECT),
    b_terminations: input(parseTerminations, GENERIC_OBJECT),
    status: choice(CABLE_STATUSES, { default: 'connected' }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    bundle: foreignKey(() => CableBundle, { nullable: true, onDelete: 'SET NULL' }),
    label: text({ max: 100, blank: true }),
    color: text({ max: 6, blank: true, pattern: COLOR, patternMessage: 'Enter a valid hexadecimal RGB color code.' }),
    length: decimal({ digits: 8, places: 2, nullable: true }),
    length_unit: choice(CABLE_LENGTH_UNITS, { blank: true }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  brief: ['id', 'url', 'display', 'label'],
  // NetBox's cable search looks at the label only.
  search: ['label'],
  filterset: { fields: ['id', 'label', 'length', 'length_unit', 'type', 'status'], related: ['tenant_id', 'tenant', 'bundle_id', 'bundle'] },
  filters: {
    ...tenancyFilters(() => Cable),
    ...terminationFilters(),
    color: colorFilter,
  },
  async validate(row, previous, ctx) {
    if (row.length !== null && !row.length_unit) throw new FieldError(['Must specify a unit when setting a cable length']);
    if (row.length === null) row.length_unit = '';
    const given = { A: ctx?.input?.a_terminations as Termination[] | undefined, B: ctx?.input?.b_terminations as Termination[] | undefined };
    if (!previous && (!given.A?.length || !given.B?.length)) throw new FieldError(['Must define A and B terminations when creating a new cable.']);
    if (!given.A && !given.B) return;
    const current = previous ? await currentEnds(ctx!, previous.id) : { A: [], B: [] };
    const ends = { A: given.A ?? current.A, B: given.B ?? current.B };
    for (const terms of [ends.A, ends.B]) {
      if (terms.some((t) => t.type !== terms[0].type)) throw new FieldError(['Cannot connect different termination types to same end of cable.']);
    }
    if (ends.A.length && ends.B.length) {
      const [a, b] = [ends.A[0].type.split('.')[1], ends.B[0].type.split('.')[1]];
      if (!COMPATIBLE_TERMINATIONS[a]?.includes(b)) throw new FieldError([`Incompatible termination types: ${a} and ${b}`]);
      if (a === b && ends.A.some((x) => ends.B.some((y) => x.id === y.id))) throw new FieldError(['A and B terminations cannot connect to the same object.']);
    }
    for (const [end, terms] of Object.entries(ends)) {
      for (const t of terms) await checkTermination(ctx!, previous?.id ?? null, t, `${end.toLowerCase()}_terminations`);
    }
  },
  async afterWrite(em, row, previous, { driver, input, writer }) {
    if (!row) return;
    // Ends given in the body replace what was there; the terminations carry the components' side.
    // Stale ones go first on both ends, so that an object may move from one end to the other.
    const ends = (['A', 'B'] as const).map((end) => ({ end, wanted: input[end === 'A' ? 'a_terminations' : 'b_terminations'] as Termination[] | undefined }));
    const existing = await new ModelQuery(em, CableTermination, driver).where('t.cable_id = :cable', { cable: row.id }).rows({ order: ['id'] });
    const kept = (end: End, t: Termination) => existing.some((old) => old.cable_end === end && old.termination_type === t.type && old.termination_id === t.id);
    const stale = ends.flatMap(({ end, wanted }) =>
      wanted ? existing.filter((old) => old.cable_end === end && !wanted.some((t) => t.type === old.termination_type && t.id === old.termination_id)) : [],
    );
    const added = ends.flatMap(({ end, wanted }) => (wanted ?? []).filter((t) => !kept(end, t)).map((t) => ({ end, ...t })));
    const cable = nodeOf('dcim.cable', row.id);
    const touched = [cable, ...stale.map((x) => nodeOf(x.termination_type, x.termination_id)), ...added.map((t) => nodeOf(t.type, t.id))];
    if (stale.length || added.length) {
      // Paths through the ends as they were: the new ends may not lead back to them until all are written.
      const before = await pathsThrough(em, driver, touched);
      await deferringRetrace(em, row.id, async () => {
        for (const old of stale) await writer.remove(CableTermination, old.id);
        for (const t of added) await writer.create(CableTermination, { cable: row.id, cable_end: t.end, termination_type: t.type, termination_id: t.id });
      });
      await retrace(em, driver, touched, before);
    } else if (previous && previous.status !== row.status) {
      // A change of status makes the paths through it active or not.
      await retrace(em, driver, [cable]);
    }
  },
  async augment(ctx, rows, reps) {
    if (!reps.some((r) => 'a_terminations' in r)) return;
    const terms = await new ModelQuery(ctx.em, CableTermination, ctx.driver).where('t.cable_id IN (:...ids)', { ids: rows.map((r) => r.id) }).rows({ order: ['id'] });
    const nested = await loadNodes(ctx, terms.map((t) => nodeOf(t.termination_type, t.termination_id)));
    const side = (cable: number, end: End) =>
      terms
        .filter((t) => t.cable_id === cable && t.cable_end === end)
        .map((t) => ({ object_type: t.termination_type, object_id: t.termination_id, object: nested.get(nodeOf(t.termination_type, t.termination_id)) ?? null }));
    rows.forEach((row, i) => {
      if ('a_terminations' in reps[i]) reps[i].a_terminations = side(row.id, 'A');
      if ('b_terminations' in reps[i]) reps[i].b_terminations = side(row.id, 'B');
    });
  },
});

/** The whole numbers of a MultiValueNumberFilter, empty values left out; anything else is its 400. */
function wholeNumbers(values: string[]): number[] {
  const given = values.filter((v) => v !== '');
  if (given.some((v) => !/^\s*[-+]?\d+\s*$/.test(v))) throw new FieldError(['Enter a whole number.']);
  return given.map(Number);
}

/**
 * Cables by what their ends are attached to (CableFilterSet's method filters, which take no lookups): the
 * terminations' cached placement, by id or by the object's name (slug for sites), and the objects on each end.
 */
function terminationFilters(): Record<string, CustomFilter> {
  const cablesWhere = (condition: string) => `t.id IN (SELECT ct.cable_id FROM ${q(CableTermination.table)} ct WHERE ${condition})`;
  const byId = (column: string): CustomFilter => ({
    apply(values, ctx) {
      const ids = wholeNumbers(values);
      if (ids.length) ctx.where(cablesWhere(`ct.${q(column)} IN (${ids.map((id) => ctx.param(id)).join(', ')})`));
    },
  });
  const byAttr = (column: string, target: string, attr: string): CustomFilter => ({
    apply(values, ctx) {
      const given = values.filter((v) => v !== '');
      if (!given.length) return;
      const ids = `SELECT x.id FROM ${q(registry.get(target)!.table)} x WHERE x.${q(attr)} IN (${given.map((v) => ctx.param(v)).join(', ')})`;
      ctx.where(cablesWhere(`ct.${q(column)} IN (${ids})`));
    },
  });
  // A ContentTypeFilter on the terminations: it matches either end whatever its name says, and ignores `__n`.
  const byType: CustomFilter = {
    lookups: ['n'],
    apply(values, ctx) {
      const type = values[values.length - 1].toLowerCase();
      if (!type) return;
      ctx.where(cablesWhere(`ct.termination_type = ${ctx.param(type)}`));
    },
  };
  const onEnd = (end: End): CustomFilter => ({
    apply(values, ctx) {
      const ids = wholeNumbers(values);
      if (ids.length) ctx.where(cablesWhere(`ct.cable_end = ${ctx.param(end)} AND ct.termination_id IN (${ids.map((id) => ctx.param(id)).join(', ')})`));
    },
  });
  return {
    device_id: byId('_device'),
    device: byAttr('_device', 'dcim.device', 'name'),
    rack_id: byId('_rack'),
    rack: byAttr('_rack', 'dcim.rack', 'name'),
    location_id: byId('_location'),
    location: byAttr('_location', 'dcim.location', 'name'),
    site_id: byId('_site'),
    site: byAttr('_site', 'dcim.site', 'slug'),
    termination_a_type: byType,
    termination_b_type: byType,
    termination_a_id: onEnd('A'),
    termination_b_id: onEnd('B'),
  };
}

/** Where a termination's object is: its device, and the device's rack, location and site (a power feed's rack and its site, a circuit termination's site). */
async function placementOf(ctx: WriteContext, type: string, id: number): Promise<Row> {
  const target = await loadRow(ctx, registry.get(type)!, id);
  const devices = registry.get('dcim.device')!;
  const device = target?.device_id ? await loadRow(ctx, devices, target.device_id) : null;
  if (device) return { _device: device.id, _rack: device.rack_id, _location: device.location_id, _site: device.site_id };
  const rack = target?.rack_id ? await loadRow(ctx, registry.get('dcim.rack')!, target.rack_id) : null;
  return { _device: null, _rack: rack?.id ?? null, _location: rack?.location_id ?? null, _site: rack?.site_id ?? target?.site_id ?? null };
}

export const CableTermination = defineModel({
  app: 'dcim',
  name: 'cabletermination',
  plural: 'cable-terminations',
  verboseName: 'cable termination',
  display: (t) => `Cable termination ${t.id}`,
  ordering: ['cable', 'cable_end', 'id'],
  features: { tags: false, customFields: false },
  fields: {
    cable: foreignKey('dcim.cable', { onDelete: 'CASCADE', flat: true }),
    cable_end: choice(
      [
        { value: 'A', label: 'A' },
        { value: 'B', label: 'B' },
      ],
      { flat: true },
    ),
    termination_type: contentType({ allowed: terminationTypes }),
    termination_id: integer({ min: 0 }),
    termination: genericRelation('termination_type', 'termination_id', { cascade: true }),
    _device: integer({ nullable: true, readOnly: true }),
    _rack: integer({ nullable: true, readOnly: true }),
    _location: integer({ nullable: true, readOnly: true }),
    _site: integer({ nullable: true, readOnly: true }),
  },
  full: ['id', 'url', 'display', 'cable', 'cable_end', 'termination_type', 'termination_id', 'termination', 'created', 'last_updated'],
  brief: ['id', 'url', 'display', 'cable', 'cable_end', 'termination_type', 'termination_id'],
  // A BaseFilterSet: no change-logged filters.
  filterset: { fields: ['id', 'cable', 'cable_end', 'termination_id'], base: 'none' },
  filters: { termination_type: contentTypeFilter('termination_type') },
  constraints: [{ fields: ['termination_type', 'termination_id'], name: 'dcim_cabletermination_unique_termination' }],
  async validate(row, _previous, ctx) {
    await checkTermination(ctx!, row.cable_id, { type: row.termination_type, id: row.termination_id }, 'termination_id');
    Object.assign(row, await placementOf(ctx!, row.termination_type, row.termination_id));
  },
  // The component's own record of its cable, then every path this end changes.
  async afterWrite(em, row, previous, { driver }) {
    const touched: Node[] = [];
    if (previous && (!row || nodeOf(previous.termination_type, previous.termination_id) !== nodeOf(row.termination_type, row.termination_id))) {
      const old = registry.get(previous.termination_type);
      if (old) await em.createQueryBuilder().update(old.table).set({ cable_id: null, cable_end: '' }).where('id = :id', { id: previous.termination_id }).execute();
      touched.push(nodeOf(previous.termination_type, previous.termination_id));
    }
    if (row) {
      const model = registry.get(row.termination_type)!;
      await em.createQueryBuilder().update(model.table).set({ cable_id: row.cable_id, cable_end: row.cable_end }).where('id = :id', { id: row.termination_id }).execute();
      touched.push(nodeOf(row.termination_type, row.termination_id));
    }
    const cable = row?.cable_id ?? previous?.cable_id;
    if (cable !== undefined) touched.push(nodeOf('dcim.cable', cable));
    if (!retraceDeferred(em, cable)) await retrace(em, driver, touched);
  },
  async labels(rows, ctx) {
    const targets = await referencedDisplays(ctx, rows.map((r) => ({ type: r.termination_type, id: r.termination_id })));
    const cables = await new ModelQuery(ctx.em, Cable, ctx.driver).whereIdIn([...new Set(rows.map((r) => r.cable_id))]).rows({ order: ['id'] });
    const cableLabel = new Map(cables.map((c) => [c.id, Cable.display(c)]));
    return rows.map((row) => `Cable ${cableLabel.get(row.cable_id)} to ${targets.get(`${row.termination_type}:${row.termination_id}`) ?? row.termination_id}`);
  },
});

/** A traced path from an endpoint: the hops as lists of nodes, and whether it is active, complete or split. */
export const CablePath = defineModel({
  app: 'dcim',
  name: 'cablepath',
  plural: 'cable-paths',
  internal: true,
  features: { tags: false, customFields: false, created: false, lastUpdated: false, changeLog: false },
  ordering: ['id'],
  fields: {
    origin_type: text({ max: 100 }),
    origin_id: integer(),
    path: json(),
    nodes: text(),
    is_active: boolean({ default: false }),
    is_complete: boolean({ default: false }),
    is_split: boolean({ default: false }),
  },
  indexes: [['origin_type', 'origin_id']],
  brief: ['id'],
});
