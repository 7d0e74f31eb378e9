import { BooleanField, FieldError, IntegerField } from '../core/model/fields';
import { Row } from '../core/model/model';
import { ValidationError } from '../core/http/errors';

/** NetBox's default drawing sizes, in pixels (RACK_ELEVATION_DEFAULT_* and the margin constant). */
export const ELEVATION_DEFAULTS = { unitWidth: 220, unitHeight: 22, legendWidth: 30, marginWidth: 15 };

/** The query string of an elevation, checked as NetBox's RackElevationDetailFilterSerializer checks it. */
export interface ElevationQuery {
  face: 'front' | 'rear';
  render: 'json' | 'svg';
  q: string | null;
  exclude: number | null;
  expandDevices: boolean;
  includeImages: boolean;
  unitWidth: number;
  unitHeight: number;
  legendWidth: number;
}

export function parseElevationQuery(params: Record<string, unknown>): ElevationQuery {
  const errors: Record<string, string[]> = {};
  // DRF reads the last of repeated values; an empty one counts as absent.
  const last = (key: string): string | undefined => {
    const v = params[key];
    const value = Array.isArray(v) ? v[v.length - 1] : v;
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const parse = <T>(key: string, fallback: T, read: (raw: string) => T): T => {
    const raw = last(key);
    if (raw === undefined) return fallback;
    try {
      return read(raw);
    } catch (e) {
      if (!(e instanceof FieldError) || !Array.isArray(e.messages)) throw e;
      errors[key] = e.messages;
      return fallback;
    }
  };
  const oneOf = <T extends string>(allowed: readonly T[]) => (raw: string): T => {
    if (!allowed.includes(raw as T)) throw new FieldError([`"${raw}" is not a valid choice.`]);
    return raw as T;
  };
  const integer = (raw: string) => new IntegerField().parse(raw) as number;
  const flag = (raw: string) => new BooleanField().parse(raw) as boolean;
  const text = (raw: string) => {
    if (!raw.trim()) throw new FieldError(['This field may not be blank.']);
    return raw.trim();
  };
  // In the serializer's order, which is the order of its errors.
  const q = parse('q', null, text);
  const face = parse('face', 'front', oneOf(['front', 'rear'] as const));
  const render = parse('render', 'json', oneOf(['json', 'svg'] as const));
  const unitWidth = parse('unit_width', ELEVATION_DEFAULTS.unitWidth, integer);
  const unitHeight = parse('unit_height', ELEVATION_DEFAULTS.unitHeight, integer);
  const legendWidth = parse('legend_width', ELEVATION_DEFAULTS.legendWidth, integer);
  // Checked, though NetBox never hands it to the drawing: the margin keeps its default.
  parse('margin_width', ELEVATION_DEFAULTS.marginWidth, integer);
  const exclude = parse<number | null>('exclude', null, integer);
  const expandDevices = parse('expand_devices', true, flag);
  const includeImages = parse('include_images', true, flag);
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return { q, face, render, unitWidth, unitHeight, legendWidth, exclude, expandDevices, includeImages };
}

/** A rack's unit numbers, top to bottom as drawn: half units included, the top half-unit first. */
export function rackUnits(rack: Row): number[] {
  const units: number[] = [];
  if (rack.desc_units) for (let u = 1; u < rack.u_height + 1; u += 0.5) units.push(u);
  else for (let u = rack.u_height + 0.5; u > 0.5; u -= 0.5) units.push(u);
  return units;
}

/**
 * A unit number as NetBox's `q` sees it, Python's str() of a Decimal: whole units read `6.0`,
 * except the first unit of a descending rack, which starts from a plain `1`.
 */
export function unitIdText(rack: Row, unit: number): string {
  if (!Number.isInteger(unit) || (rack.desc_units && unit === 1)) return String(unit);
  return `${unit}.0`;
}

/** A placed device as the elevation needs it: where, how tall, and what to call it. */
export interface PlacedDevice {
  row: Row;
  height: number;
  /** Shown in full to this user; otherwise only its space is marked. */
  visible: boolean;
  label: string;
  description: string;
  /** Its role's colour (`rrggbb`). */
  color: string | null;
}

export interface RackUnit {
  id: number;
  name: string;
  device: PlacedDevice | null;
  occupied: boolean;
  /** Set on a device's lowest unit when devices are not expanded. */
  height?: number;
}

/**
 * NetBox's rack units for one face: devices mounted on it, and full-depth devices on either face.
 * Expanded, each unit a device covers names it; otherwise only its lowest unit does, carrying the
 * device's height, and the units above it stay listed as free (NetBox keeps them).
 */
export function unitsOf(rack: Row, devices: PlacedDevice[], expand: boolean): RackUnit[] {
  const byId = new Map<number, RackUnit>();
  for (const u of rackUnits(rack)) byId.set(u, { id: u, name: `U${u}`, device: null, occupied: false });
  for (const device of devices) {
    const position = device.row.position as number;
    const covered: number[] = [];
    for (let u = position; u < position + device.height; u += 0.5) covered.push(u);
    for (const u of expand ? covered : [position]) {
      const unit = byId.get(u);
      if (!unit) continue;
      if (device.visible) unit.device = device;
      unit.occupied = true;
      if (!expand) unit.height = device.height;
    }
  }
  return [...byId.values()];
}

/** NetBox's `q`: units whose number or name contains the text, case-sensitively. */
export function matchingUnits(rack: Row, units: RackUnit[], q: string | null): RackUnit[] {
  if (!q) return units;
  return units.filter((u) => unitIdText(rack, u.id).includes(q) || u.name.includes(q));
}
