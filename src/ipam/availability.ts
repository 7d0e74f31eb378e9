import { EntityManager } from 'typeorm';
import { Row } from '../core/model/model';
import { Family, IpNetwork, Span, bitsOf, formatAddress, freeSpans, hexOf, parseInterface, parsePrefix, spanToNetworks, valueOf } from './ip';

/** Free space under a prefix or range: runs of free addresses in order, and the mask new objects get. */
export interface FreeSpace {
  family: Family;
  spans: Span[];
  maskLength: number;
}

function vrfSql(vrfId: number | null, alias: string, params: unknown[], driver: 'sqlite' | 'postgres'): string {
  if (vrfId === null) return `${alias}.vrf_id IS NULL`;
  params.push(vrfId);
  return `${alias}.vrf_id = ${placeholder(params, driver)}`;
}

function placeholder(params: unknown[], driver: 'sqlite' | 'postgres'): string {
  return driver === 'postgres' ? `$${params.length}` : '?';
}

/** `family = ? AND ip_start BETWEEN ? AND ?` for the rows of one network or range. */
function inside(alias: string, family: Family, span: Span, params: unknown[], driver: 'sqlite' | 'postgres', endsToo = false): string {
  const p = (value: unknown) => (params.push(value), placeholder(params, driver));
  const first = hexOf(family, span.first);
  const last = hexOf(family, span.last);
  // Placeholders in the order they appear (SQLite's are positional); both bounds on ip_start keep it an index range.
  let sql = `${alias}.family = ${p(family)} AND ${alias}.ip_start >= ${p(first)} AND ${alias}.ip_start <= ${p(last)}`;
  // Ranges and prefixes also end inside.
  if (endsToo) sql += ` AND ${alias}.ip_end <= ${p(last)}`;
  return sql;
}

/** The statement for the addresses within a span (`ip_start` and `ip_end` alike), and its parameters. */
function addressesSql(driver: 'sqlite' | 'postgres', family: Family, span: Span, vrfId: number | null, anyVrf: boolean, params: unknown[]): string {
  const where = [inside('a', family, span, params, driver), ...(anyVrf ? [] : [vrfSql(vrfId, 'a', params, driver)])];
  return `SELECT DISTINCT a.ip_start AS ip_start, a.ip_start AS ip_end FROM ipam_ipaddress a WHERE ${where.join(' AND ')}`;
}

/** What the rows of `sql` take: each row's `ip_start` to its `ip_end`. */
async function usedSpans(em: EntityManager, sql: string, params: unknown[]): Promise<Span[]> {
  const rows: Array<{ ip_start: string; ip_end: string }> = await em.query(sql, params);
  return rows.map((r) => ({ first: valueOf(r.ip_start), last: valueOf(r.ip_end) }));
}

/**
 * Addresses of a prefix that no address or range of its VRF takes (any VRF's addresses, for a
 * global container), less the network and broadcast addresses of an IPv4 prefix and the
 * subnet-router anycast address of an IPv6 one, unless the prefix is a pool, a /31, /32, /127 or /128.
 */
export async function freeInPrefix(em: EntityManager, driver: 'sqlite' | 'postgres', prefix: Row): Promise<FreeSpace> {
  const net = parsePrefix(prefix.prefix);
  const whole = { first: valueOf(net.startHex), last: valueOf(net.endHex) };
  const result = { family: net.family, maskLength: net.prefixLength };
  if (prefix.mark_utilized) return { ...result, spans: [] };
  const anyVrf = prefix.vrf_id === null && prefix.status === 'container';
  // Its addresses and its ranges in one statement.
  const params: unknown[] = [];
  const addresses = addressesSql(driver, net.family, whole, prefix.vrf_id, anyVrf, params);
  const ranges = `SELECT r.ip_start AS ip_start, r.ip_end AS ip_end FROM ipam_iprange r WHERE ${inside('r', net.family, whole, params, driver, true)} AND ${vrfSql(prefix.vrf_id, 'r', params, driver)}`;
  const used = await usedSpans(em, `${addresses} UNION ALL ${ranges}`, params);
  const usable = prefix.is_pool || net.prefixLength >= bitsOf(net.family) - 1;
  if (!usable) {
    used.push({ first: whole.first, last: whole.first });
    if (net.family === 4) used.push({ first: whole.last, last: whole.last });
  }
  return { ...result, spans: freeSpans(whole, used) };
}

/** Addresses of a range that no address of its VRF takes. */
export async function freeInRange(em: EntityManager, driver: 'sqlite' | 'postgres', range: Row): Promise<FreeSpace> {
  const start = parseInterface(range.start_address);
  const whole = { first: valueOf(range.ip_start), last: valueOf(range.ip_end) };
  const params: unknown[] = [];
  const used = await usedSpans(em, addressesSql(driver, start.family, whole, range.vrf_id, false, params), params);
  return { family: start.family, maskLength: start.prefixLength, spans: freeSpans(whole, used) };
}

/** Parts of a prefix that no prefix below it in its VRF covers, as the fewest networks. */
export async function freePrefixes(em: EntityManager, driver: 'sqlite' | 'postgres', parent: Row): Promise<IpNetwork[]> {
  const net = parsePrefix(parent.prefix);
  const whole = { first: valueOf(net.startHex), last: valueOf(net.endHex) };
  const params: unknown[] = [];
  const where = [inside('p', net.family, whole, params, driver, true), `p.mask_length > ${Number(net.prefixLength)}`, vrfSql(parent.vrf_id, 'p', params, driver)];
  const children: Array<{ ip_start: string; ip_end: string }> = await em.query(`SELECT p.ip_start, p.ip_end FROM ipam_prefix p WHERE ${where.join(' AND ')}`, params);
  const used = children.map((c) => ({ first: valueOf(c.ip_start), last: valueOf(c.ip_end) }));
  return freeSpans(whole, used).flatMap((span) => spanToNetworks(net.family, span));
}

/** How many addresses the spans hold. */
export function sizeOf(spans: Span[]): bigint {
  return spans.reduce((sum, s) => sum + (s.last - s.first + 1n), 0n);
}

/** The first `count` free addresses, as `address/mask`. */
export function firstFree(space: FreeSpace, count: number): string[] {
  const out: string[] = [];
  for (const span of space.spans) {
    for (let v = span.first; v <= span.last && out.length < count; v++) out.push(`${formatAddress(space.family, v)}/${space.maskLength}`);
    if (out.length >= count) break;
  }
  return out;
}

/**
 * Takes a network of `length` from the first free network large enough to hold it, as NetBox
 * allocates: the chosen network's first address with the requested mask. Returns null when none is.
 */
export function takePrefix(free: IpNetwork[], length: number): IpNetwork | null {
  const at = free.findIndex((n) => length >= n.prefixLength);
  if (at < 0) return null;
  const host = free[at];
  const taken = parsePrefix(`${host.address}/${length}`);
  // What is left of the host network after the allocation, as networks again.
  const rest = freeSpans({ first: valueOf(host.startHex), last: valueOf(host.endHex) }, [{ first: valueOf(taken.startHex), last: valueOf(taken.endHex) }]);
  free.splice(at, 1, ...rest.flatMap((span) => spanToNetworks(host.family, span)));
  return taken;
}
