import { Field, FieldError, INT32_MAX, TextField, TextOptions, choice, integer, text } from '../core/model/fields';
import { CustomFilter, FilterContext, Row } from '../core/model/model';
import { escapeLike } from '../core/query/filters';
import { q } from '../core/query/model-query';
import { IpFormatError, IpNetwork, coveringStarts, parseInterface, parsePrefix, valueOf } from './ip';

export const FAMILIES = [
  { value: 4, label: 'IPv4' },
  { value: 6, label: 'IPv6' },
] as const;

/** A prefix or an address, written as text and stored as netaddr writes it. */
export class IpField extends TextField {
  readonly lookups: readonly string[] = [];
  constructor(
    private readonly read: (text: string) => IpNetwork,
    opts: TextOptions = {},
  ) {
    super(opts);
  }
  protected parseValue(input: unknown): string {
    const text = super.parseValue(input);
    try {
      return this.read(text).text;
    } catch (e) {
      if (e instanceof IpFormatError) throw new FieldError([`Invalid IP address format: ${text}`]);
      throw e;
    }
  }
}

/** A network: host bits are cleared on write. */
export const prefixField = (opts?: TextOptions) => new IpField(parsePrefix, opts);
/** An address with its mask; a bare address is a host (`/32`, `/128`). */
export const addressField = (opts?: TextOptions) => new IpField(parseInterface, opts);

/**
 * Columns kept beside an address's text so that containment is an index range scan on either
 * database: its family, its first and last address as fixed-width hex keys, and its mask length.
 */
export function networkColumns(): Record<string, Field<any>> {
  return {
    family: choice(FAMILIES, { readOnly: true }),
    ip_start: text({ readOnly: true, max: 32 }),
    ip_end: text({ readOnly: true, max: 32 }),
    mask_length: integer({ readOnly: true }),
  };
}

/** Fills the network columns: a network spans its addresses, a host (or a range's ends) only itself. */
export function setNetworkColumns(row: Row, first: IpNetwork, last: IpNetwork = first, whole = false): void {
  row.family = first.family;
  row.ip_start = whole ? first.startHex : first.hex;
  row.ip_end = whole ? last.endHex : last.hex;
  row.mask_length = first.prefixLength;
}

/** A filter value as a network, as netaddr's `IPNetwork(value).cidr` reads it; null when it is not one. */
export function networkOrNull(value: string): IpNetwork | null {
  try {
    return parsePrefix(value.trim());
  } catch {
    return null;
  }
}

/** Rows of alias `a` whose first and last addresses lie in a span; both bounds on the first make it an index range. */
function spanSql(ctx: Pick<FilterContext, 'param'>, family: number, first: string, last: string, a: string): string {
  const end = ctx.param(last);
  return `${a}.family = ${ctx.param(family)} AND ${a}.ip_start BETWEEN ${ctx.param(first)} AND ${end} AND ${a}.ip_end <= ${end}`;
}

/** SQL for rows of alias `a` lying within `net`: strictly below it, or also equal to it. */
export function withinSql(ctx: Pick<FilterContext, 'param'>, net: IpNetwork, orEqual: boolean, a = 't'): string {
  return `(${spanSql(ctx, net.family, net.startHex, net.endHex, a)} AND ${a}.mask_length ${orEqual ? '>=' : '>'} ${ctx.param(net.prefixLength)})`;
}

/**
 * SQL for networks of alias `a` that hold `net` (or equal it, with `orEqual`). Only the networks
 * whose first address is `net`'s own masked to some shorter length can: an IN list of at most 129 keys.
 */
export function containingSql(ctx: Pick<FilterContext, 'param'>, net: IpNetwork, orEqual: boolean, a = 't'): string {
  const longest = orEqual ? net.prefixLength : net.prefixLength - 1;
  if (longest < 0) return '1 = 0';
  const starts = [...new Set(coveringStarts(net.family, valueOf(net.startHex), longest))];
  return (
    `(${a}.family = ${ctx.param(net.family)} AND ${a}.ip_start IN (${starts.map((s) => ctx.param(s)).join(', ')})` +
    ` AND ${a}.ip_end >= ${ctx.param(net.endHex)} AND ${a}.mask_length <= ${ctx.param(longest)})`
  );
}

/** `?family=4`. */
export const familyFilter: CustomFilter = {
  apply(values, ctx) {
    const value = values[values.length - 1];
    if (!/^-?\d+$/.test(value.trim())) throw new FieldError(['Enter a number.']);
    ctx.where(`t.family = ${ctx.param(Number(value))}`);
  },
};

/** A filter by one network (`?within=10.0.0.0/8`); a value that is not one matches nothing, as NetBox. */
export function networkFilter(condition: (ctx: FilterContext, net: IpNetwork) => string): CustomFilter {
  return {
    apply(values, ctx) {
      const value = values[values.length - 1];
      if (!value.trim()) return;
      const net = networkOrNull(value);
      ctx.where(net ? condition(ctx, net) : '1 = 0');
    },
  };
}

/** Networks holding a network (`10.0.0.0/24`, itself included) or an address (`10.0.0.1`, strictly), as NetBox's `contains`. */
export const containsFilter: CustomFilter = {
  apply(values, ctx) {
    const value = values[values.length - 1].trim();
    if (!value) return;
    const net = networkOrNull(value);
    ctx.where(net ? containingSql(ctx, net, value.includes('/')) : '1 = 0');
  },
};

/** `?parent=<prefix>`, repeatable: rows whose addresses all lie in one of the prefixes, whatever their mask. */
export const parentFilter: CustomFilter = {
  apply(values, ctx) {
    const nets = values.map(networkOrNull);
    if (!values.length) return;
    if (nets.some((n) => n === null)) return ctx.where('1 = 0');
    ctx.where(`(${nets.map((n) => `(${spanSql(ctx, n!.family, n!.startHex, n!.endHex, 't')})`).join(' OR ')})`);
  },
};

/** `?mask_length=24` and its `__gte`/`__lte` forms. */
export function maskLengthFilters(lookups: Array<'gte' | 'lte'>): Record<string, CustomFilter> {
  const filter = (op: string): CustomFilter => ({
    apply(values, ctx) {
      const numbers = values.filter((v) => v.trim() !== '');
      if (!numbers.length) return;
      if (numbers.some((v) => !/^-?\d+$/.test(v.trim()))) throw new FieldError(['Enter a number.']);
      ctx.where(`(${numbers.map((v) => `t.mask_length ${op} ${ctx.param(Number(v))}`).join(' OR ')})`);
    },
  });
  return { mask_length: filter('='), ...Object.fromEntries(lookups.map((l) => [`mask_length__${l}`, filter(l === 'gte' ? '>=' : '<=')])) };
}

/** Number filters with NetBox's lookups over an SQL expression the API names otherwise (`?depth=` over `_depth`). */
export function numberFilters(name: string, expression: string): Record<string, CustomFilter> {
  const ops: Record<string, string> = { '': 'IN', n: 'NOT IN', gt: '>', gte: '>=', lt: '<', lte: '<=' };
  return Object.fromEntries(
    Object.entries(ops).map(([lookup, op]) => [
      lookup ? `${name}__${lookup}` : name,
      {
        schema: { type: 'integer' },
        apply(values, ctx) {
          if (values.some((v) => !/^-?\d+$/.test(v.trim()))) throw new FieldError(['Enter a number.']);
          const numbers = values.map((v) => ctx.param(Number(v)));
          ctx.where(
            op.endsWith('IN') ? `${expression} ${op} (${numbers.join(', ')})` : `(${numbers.map((n) => `${expression} ${op} ${n}`).join(' OR ')})`,
          );
        },
      } satisfies CustomFilter,
    ]),
  );
}

/** `?prefix=` / `?address=`: exact networks, or for a bare address any row whose own address it is. */
export function exactFilter(column: string, hostsToo: boolean, hostColumn = 'ip_start'): CustomFilter {
  return {
    apply(values, ctx) {
      const terms: string[] = [];
      for (const value of values) {
        try {
          if (hostsToo && !value.includes('/')) {
            const host = parseInterface(value.trim());
            terms.push(`(t.family = ${ctx.param(host.family)} AND t.${hostColumn} = ${ctx.param(host.hex)})`);
          } else {
            terms.push(`t.${q(column)} = ${ctx.param((hostsToo ? parseInterface : parsePrefix)(value.trim()).text)}`);
          }
        } catch {
          // NetBox skips values it cannot read.
        }
      }
      ctx.where(terms.length ? `(${terms.join(' OR ')})` : '1 = 0');
    },
  };
}

/** Case-insensitive "contains" on text columns, as `q` searches. */
export function likeSql(ctx: Pick<FilterContext, 'param'>, column: string, value: string, anchored = false): string {
  return `LOWER(t.${q(column)}) LIKE ${ctx.param(`${anchored ? '' : '%'}${escapeLike(value.toLowerCase())}%`)} ESCAPE '\\'`;
}

/** Rows in the given VRF, or in any VRF exporting a route target that it imports (`?present_in_vrf_id=`). */
export function presentInVrfFilter(by: 'id' | 'rd'): CustomFilter {
  return {
    async apply(values, ctx) {
      const value = values[values.length - 1];
      const [vrf] = await ctx.em.query(
        `SELECT id FROM ${q('ipam_vrf')} WHERE ${by === 'id' ? 'id' : 'rd'} = ${ctx.driver === 'postgres' ? '$1' : '?'}`,
        // An id beyond the column's range names no VRF (PostgreSQL would refuse the comparison).
        [by === 'id' ? (/^\d+$/.test(value) && Number(value) <= INT32_MAX ? Number(value) : -1) : value],
      );
      if (!vrf) throw new FieldError(['Select a valid choice. That choice is not one of the available choices.']);
      const id = ctx.param(Number(vrf.id));
      ctx.where(
        `(t.vrf_id = ${id} OR t.vrf_id IN (SELECT e.vrf_id FROM ${q('ipam_vrf_export_targets')} e WHERE e.routetarget_id IN ` +
          `(SELECT i.routetarget_id FROM ${q('ipam_vrf_import_targets')} i WHERE i.vrf_id = ${id})))`,
      );
    },
  };
}
