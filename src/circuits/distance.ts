import { FieldError, choice, decimal } from '../core/model/fields';
import { Row } from '../core/model/model';

const DISTANCE_UNITS = [
  { value: 'km', label: 'Kilometers' },
  { value: 'm', label: 'Meters' },
  { value: 'mi', label: 'Miles' },
  { value: 'ft', label: 'Feet' },
] as const;

/** NetBox 4.1's DistanceMixin: a circuit's or wireless link's length and its unit. */
export function distanceFields() {
  return {
    distance: decimal({ digits: 8, places: 2, nullable: true }),
    distance_unit: choice(DISTANCE_UNITS, { nullable: true, blank: true }),
  };
}

/** DistanceMixin's clean and save: a distance needs its unit; without a distance the unit is cleared. */
export function checkDistance(row: Row): void {
  if (row.distance === null || row.distance === undefined) {
    if ('distance_unit' in row) row.distance_unit = null;
    return;
  }
  if (Number(row.distance) && !row.distance_unit) throw new FieldError({ distance_unit: ['Must specify a unit when setting a distance'] });
}
