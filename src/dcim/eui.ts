import { FieldError, STRING_LOOKUPS, TextField, TextOptions } from '../core/model/fields';
import { CustomFilter } from '../core/model/model';
import { escapeLike } from '../core/query/filters';

/**
 * NetBox's MAC address and WWN filters over the values `where` reaches (`(column) => condition`): an exact value
 * in any notation, the string lookups case-insensitive on the stored form; a negation keeps rows without one.
 */
export function euiFilter(normalise: (value: string) => string | null, where: (condition: (column: string) => string) => string): CustomFilter {
  return {
    lookups: STRING_LOOKUPS.filter((l) => l !== 'empty'),
    apply(values, ctx) {
      const negate = ctx.lookup.startsWith('n');
      const kind = negate ? ctx.lookup.slice(1) || 'exact' : ctx.lookup;
      const patterns = values.map((v) => {
        if (kind === 'exact') return normalise(v) ?? v.toUpperCase();
        const s = escapeLike(v.toLowerCase());
        return kind === 'ic' ? `%${s}%` : kind === 'isw' ? `${s}%` : kind === 'iew' ? `%${s}` : s;
      });
      const matches = (column: string) =>
        `(${patterns.map((p) => (kind === 'exact' ? `${column} = ${ctx.param(p)}` : `LOWER(${column}) LIKE ${ctx.param(p)} ESCAPE '\\'`)).join(' OR ')})`;
      const selected = where(matches);
      ctx.where(negate ? `(${selected}) IS NOT TRUE` : selected);
    },
  };
}

/** Hex groups of an EUI written in one of netaddr's notations: the separator, how many groups and their widths. */
function euiGroups(value: string, notations: Array<[string, number, number, number]>): string[] | null {
  const v = value.replace(/ /g, '');
  for (const [sep, count, min, max] of notations) {
    const groups = sep ? v.split(sep) : [v];
    if (groups.length === count && groups.every((g) => new RegExp(`^[0-9a-fA-F]{${min},${max}}$`).test(g))) {
      return groups.map((g) => g.padStart(max, '0'));
    }
  }
  return null;
}

/** In upper-case colon form, two hex digits a group. */
const colonForm = (groups: string[]) => groups.join('').toUpperCase().match(/../g)!.join(':');

/** A MAC address in NetBox's form (`AA:BB:CC:DD:EE:FF`) from any notation netaddr reads (colon, hyphen, Cisco dots, PostgreSQL, bare). */
export function normaliseMac(value: string): string | null {
  const groups = euiGroups(value, [
    [':', 6, 1, 2], ['-', 6, 1, 2], [':', 3, 1, 4], ['-', 3, 1, 4], ['.', 3, 1, 4], ['-', 2, 5, 6], [':', 2, 5, 6], ['', 1, 11, 12],
  ]);
  return groups && colonForm(groups);
}

/** A WWN (EUI-64) in NetBox's form (`50:01:43:80:12:34:56:78`). */
export function normaliseWwn(value: string): string | null {
  const groups = euiGroups(value, [[':', 8, 1, 2], ['-', 8, 1, 2], ['', 1, 16, 16]]);
  return groups && colonForm(groups);
}

/** NetBox's MACAddressField: written in any notation netaddr reads, stored and read upper-case colon-separated. */
export class MacAddressField extends TextField {
  constructor(opts: TextOptions = {}) {
    super({ max: 17, ...opts });
  }
  protected parseValue(input: unknown): string {
    const value = super.parseValue(input);
    if (value === '') return value;
    const mac = normaliseMac(value);
    if (!mac) throw new FieldError([`Invalid MAC address format: ${value.replace(/ /g, '')}`]);
    return mac;
  }
  /** An exact match in any notation; what is not a MAC address matches none. */
  parseFilter(raw: string): string {
    return normaliseMac(raw) ?? raw.toUpperCase();
  }
}
