import { FieldError, FieldOptions, JsonField, pythonType } from '../core/model/fields';
import type { FilterContext } from '../core/model/model';

/** An inclusive range of VLAN IDs, `[low, high]`, as NetBox 4.1+ reads and writes a VLAN group's `vid_ranges`. */
export type VidRange = [number, number];

export const VID_MIN = 1;
export const VID_MAX = 4094;

/**
 * NetBox 4.1's `vid_ranges`: a list of `[low, high]` pairs, checked item by item with DRF's messages for a list of
 * IntegerRangeSerializer (each item's errors at its place). The ranges' own rules are `vidRangesError`'s.
 */
export class VidRangesField extends JsonField {
  readonly optionsType: string = 'field';
  constructor(opts: FieldOptions = {}) {
    super({ default: () => [[VID_MIN, VID_MAX]], label: 'VLAN ID ranges', ...opts });
  }
  emptyValue(): VidRange[] {
    return [];
  }
  protected parseValue(input: unknown): VidRange[] {
    if (!Array.isArray(input)) throw new FieldError({ non_field_errors: [`Expected a list of items but got type "${pythonType(input)}".`] });
    const errors = input.map((item): unknown => {
      if (item === null) return ['This field may not be null.'];
      if (!Array.isArray(item) || item.length !== 2) return { non_field_errors: ['Ranges must be specified in the form (lower, upper).'] };
      if (!item.every((bound) => typeof bound === 'number' && Number.isInteger(bound))) return { non_field_errors: ['Range boundaries must be defined as integers.'] };
      return {};
    });
    if (errors.some((e) => Array.isArray(e) || Object.keys(e as object).length)) throw new FieldError(errors as string[]);
    return input as VidRange[];
  }
  openapi(): Record<string, unknown> {
    return { type: 'array', items: { type: 'array', items: { type: 'integer' }, minItems: 2, maxItems: 2 } };
  }
}

/** NetBox's VLANGroup.clean() of its ranges: the first range out of bounds or reversed, then any overlap; null when they hold. */
export function vidRangesError(ranges: VidRange[]): string | null {
  if (!ranges.length) return 'This field cannot be blank.';
  for (const [low, high] of ranges) {
    if (low < VID_MIN) return `Starting VLAN ID in range (${low}) cannot be less than ${VID_MIN}`;
    if (high > VID_MAX) return `Ending VLAN ID in range (${high}) cannot exceed ${VID_MAX}`;
    if (low > high) return `Ending VLAN ID in range must be greater than or equal to the starting VLAN ID (${low}-${high})`;
  }
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  if (sorted.some(([low], i) => i > 0 && sorted[i - 1][1] >= low)) return 'Ranges cannot overlap.';
  return null;
}

/** The outer bounds of the ranges and how many VIDs they hold: 3.5's `min_vid` and `max_vid`, 4.6's `total_vlan_ids`. */
export function vidRangesSummary(ranges: VidRange[]): { min_vid: number; max_vid: number; total_vlan_ids: number } {
  return {
    min_vid: Math.min(...ranges.map(([low]) => low)),
    max_vid: Math.max(...ranges.map(([, high]) => high)),
    total_vlan_ids: ranges.reduce((sum, [low, high]) => sum + high - low + 1, 0),
  };
}

export function inVidRanges(vid: number, ranges: VidRange[]): boolean {
  return ranges.some(([low, high]) => vid >= low && vid <= high);
}

/** `100-199,300`: NetBox's ranges_to_string, a singleton as its one VID. */
export function vidRangesText(ranges: VidRange[]): string {
  return ranges.map(([low, high]) => (low === high ? `${low}` : `${low}-${high}`)).join(',');
}

/** Every VID of the ranges, in order. */
export function vidsOf(ranges: VidRange[]): number[] {
  const vids = new Set<number>();
  for (const [low, high] of ranges) for (let vid = low; vid <= high; vid++) vids.add(vid);
  return [...vids].sort((a, b) => a - b);
}

/** SQL: whether a range of the row's `vid_ranges` (alias `t`) holds the VID placeholder `vid`. */
export function vidRangesHoldSql(ctx: Pick<FilterContext, 'driver'>, vid: string): string {
  return ctx.driver === 'postgres'
    ? `EXISTS (SELECT 1 FROM jsonb_array_elements(t.vid_ranges) r WHERE CAST(r ->> 0 AS INTEGER) <= ${vid} AND CAST(r ->> 1 AS INTEGER) >= ${vid})`
    : `EXISTS (SELECT 1 FROM json_each(t.vid_ranges) r WHERE CAST(r.value ->> 0 AS INTEGER) <= ${vid} AND CAST(r.value ->> 1 AS INTEGER) >= ${vid})`;
}

/**
 * NetBox 4.6's `utilization` of a group: the share of its VIDs in use, rounded to two places (PostgreSQL's ROUND of
 * a numeric, half away from zero), as the string DRF makes of the float; null for a group without VIDs.
 */
export function utilizationText(used: number, total: number): string | null {
  if (!total) return null;
  const hundredths = Math.floor((used * 10000) / total) + (2 * ((used * 10000) % total) >= total ? 1 : 0);
  const value = hundredths / 100;
  return Number.isInteger(value) ? `${value}.0` : String(value);
}
