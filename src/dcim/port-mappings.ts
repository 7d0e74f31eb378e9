import { FieldError, input, integer } from '../core/model/fields';
import { ModelDef, Row, WriteContext } from '../core/model/model';
import { ModelQuery, loadRow } from '../core/query/model-query';
import type { RenderContext, Representation } from '../core/serialize/serializer';

/**
 * NetBox 4.5's port mappings, where a front port lists the rear ports (and positions) it maps to and a rear port the
 * front ports mapped to it. A front port here maps to one rear port position at most: the mapping is its `rear_port`
 * and `rear_port_position`, NetBox 3.5's fields, which cable traces follow.
 */

/** One `rear_ports` item as a client wrote it, checked for shape. */
interface Mapping {
  position: number;
  rear_port: number;
  rear_port_position: number;
}

const MAX_POSITIONS = 1024;

function wholeNumber(value: unknown, min: number): number | string {
  if (typeof value === 'number' ? !Number.isInteger(value) : typeof value !== 'string' || !/^\s*-?\d+\s*$/.test(value)) return 'A valid integer is required.';
  const n = Number(value);
  if (n < min) return `Ensure this value is greater than or equal to ${min}.`;
  if (n > MAX_POSITIONS) return `Ensure this value is less than or equal to ${MAX_POSITIONS}.`;
  return n;
}

/** A `rear_ports` list as DRF's many=True serializer checks it: each item's errors at its place. */
function parseMappings(value: unknown): Mapping[] {
  if (!Array.isArray(value)) throw new FieldError({ non_field_errors: [`Expected a list of items but got type "${value === null ? 'NoneType' : typeof value === 'object' ? 'dict' : typeof value}".`] });
  const errors: Array<Record<string, string[]>> = [];
  const mappings = value.map((item, i) => {
    errors[i] = {};
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      errors[i] = { non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] };
      return null;
    }
    const fields: Record<string, [unknown, number]> = { position: [(item as Row).position, 1], rear_port: [(item as Row).rear_port, 0], rear_port_position: [(item as Row).rear_port_position, 1] };
    const parsed: Record<string, number> = {};
    for (const [name, [raw, min]] of Object.entries(fields)) {
      if (raw === undefined || raw === null) errors[i][name] = [raw === null ? 'This field may not be null.' : 'This field is required.'];
      else {
        const n = name === 'rear_port' && typeof raw === 'number' && Number.isInteger(raw) ? raw : wholeNumber(raw, min);
        if (typeof n === 'string') errors[i][name] = [name === 'rear_port' ? `Incorrect type. Expected pk value, received ${typeof raw === 'string' ? 'str' : typeof raw}.` : n];
        else parsed[name] = n;
      }
    }
    return parsed as unknown as Mapping;
  });
  if (errors.some((e) => Object.keys(e).length)) throw new FieldError(errors as unknown as Record<string, unknown>);
  return mappings as Mapping[];
}

/** A front port's (or template's) positions and its 4.5 `rear_ports`, written through its rear port fields. */
export function frontMappingFields() {
  return {
    positions: integer({ min: 1, max: MAX_POSITIONS, default: 1 }),
    rear_ports: input(parseMappings, { type: 'array', items: { type: 'object', properties: { position: { type: 'integer' }, rear_port: { type: 'integer' }, rear_port_position: { type: 'integer' } } } }),
  };
}

/**
 * Sets a front port's rear port from the `rear_ports` a write gave, checked as NetBox checks each mapping; 3.5 writes
 * `rear_port` itself, and requires it.
 */
export async function applyFrontMappings(row: Row, previous: Row | null, ctx: WriteContext | undefined, rear: ModelDef): Promise<void> {
  const given = ctx?.input ?? {};
  if ('rear_ports' in given) {
    const mappings = given.rear_ports as Mapping[];
    if (mappings.length > 1) throw new FieldError({ rear_ports: ['A front port maps to one rear port position here; more than one mapping is not supported.'] });
    const [mapping] = mappings;
    if (mapping && mapping.position > (row.positions ?? 1)) {
      throw new FieldError({ rear_ports: [`Invalid front port position (${mapping.position}): front port ${row.name} has only ${row.positions ?? 1} positions.`] });
    }
    if (mapping && !(await loadRow(ctx, rear, mapping.rear_port))) {
      throw new FieldError({ rear_ports: [{ rear_port: [`Invalid pk "${mapping.rear_port}" - object does not exist.`] }] });
    }
    row.rear_port_id = mapping?.rear_port ?? null;
    row.rear_port_position = mapping?.rear_port_position ?? 1;
  } else if (!previous && (row.rear_port_id === null || row.rear_port_id === undefined) && (ctx?.dialect?.isNative ?? true)) {
    // 3.5's front port always names its rear port; 4.5's may map to none.
    throw new FieldError({ rear_port: ['This field is required.'] });
  }
  row.rear_port_id ??= null;
}

/** `rear_ports` of a page of front ports, from their rear port fields. */
export function presentFrontMappings(rep: Representation, row: Row): void {
  if ('rear_ports' in rep) rep.rear_ports = row.rear_port_id === null ? [] : [{ position: 1, rear_port: row.rear_port_id, rear_port_position: row.rear_port_position }];
}

/** A rear port's (or template's) 4.5 `front_ports`: shown from the front ports that map to it. */
export function rearMappingFields() {
  return {
    front_ports: input(() => null, { type: 'array', readOnly: true, items: { type: 'object' } }, { readOnly: true }),
  };
}

/** `front_ports` of a page of rear ports: the front ports mapped to each, in one statement. */
export async function presentRearMappings(ctx: RenderContext, front: ModelDef, rows: Row[], reps: Representation[]): Promise<void> {
  if (!reps.some((rep) => 'front_ports' in rep)) return;
  const ids = rows.map((r) => r.id as number);
  const fronts = ids.length ? await new ModelQuery(ctx.em, front, ctx.driver).where('t.rear_port_id IN (:...ids)', { ids }).rows({ order: ['rear_port_position', 'id'] }) : [];
  reps.forEach((rep, i) => {
    if (!('front_ports' in rep)) return;
    rep.front_ports = fronts.filter((f) => f.rear_port_id === rows[i].id).map((f) => ({ position: f.rear_port_position, front_port: f.id, front_port_position: 1 }));
  });
}
