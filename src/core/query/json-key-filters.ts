import { FieldError } from '../model/fields';
import { ModelQuery, q } from './model-query';

/*
 * Filters over the keys of a JSON field, as NetBox 4.3's AttributeFiltersMixin builds them from any parameter with its
 * prefix: `attr_speed=10` is Django's `attribute_data__speed=10`, `attr_speed__gte=10` its `__gte`, `attr_a__b` the key
 * `b` inside `a`. The value is read as JSON where it parses (`10`, `true`, `"10"`), else as the string given.
 */

/** Django's lookups a key transform takes here; any other last part names a key. */
const LOOKUPS = new Set(['exact', 'iexact', 'contains', 'icontains', 'startswith', 'istartswith', 'endswith', 'iendswith', 'gt', 'gte', 'lt', 'lte', 'isnull']);
const OPERATORS: Record<string, string> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function parsed(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** `a__b__gte` → the keys `a`, `b` and the lookup `gte`. */
function pathOf(spec: string): { keys: string[]; lookup: string } {
  const parts = spec.split('__');
  const lookup = parts.length > 1 && LOOKUPS.has(parts[parts.length - 1]) ? parts.pop()! : 'exact';
  return { keys: parts, lookup };
}

/** Narrows `query` by one `<prefix><path>` parameter over the JSON column `column`; its last value counts, as NetBox reads it. */
export function applyJsonKeyFilter(query: ModelQuery, column: string, spec: string, values: string[]): void {
  const { keys, lookup } = pathOf(spec);
  if (!keys.length || keys.some((k) => k === '')) throw new FieldError(['Enter a valid key.']);
  const value = parsed(values[values.length - 1]);
  const postgres = query.driver === 'postgres';
  const col = `t.${q(column)}`;
  const pathParam = postgres ? query.param(`{${keys.map((k) => `"${k.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`) : query.param(`$${keys.map((k) => `."${k.replace(/"/g, '""')}"`).join('')}`);
  // The key's value as JSON (PostgreSQL) or as SQLite reads it, and as text.
  const json = postgres ? `(${col} #> CAST(${pathParam} AS text[]))` : `json_extract(${col}, ${pathParam})`;
  const text = postgres ? `(${col} #>> CAST(${pathParam} AS text[]))` : `CAST(json_extract(${col}, ${pathParam}) AS TEXT)`;
  if (lookup === 'isnull') {
    const wanted = value === true || value === 'True' || value === 1;
    query.where(postgres ? `${json} IS ${wanted ? '' : 'NOT '}NULL` : `json_type(${col}, ${pathParam}) IS ${wanted ? '' : 'NOT '}NULL`);
    return;
  }
  if (lookup === 'exact') {
    if (postgres) query.where(`${json} = CAST(${query.param(JSON.stringify(value))} AS jsonb)`);
    else if (value === null) query.where(`json_type(${col}, ${pathParam}) = 'null'`);
    else if (typeof value === 'object') query.where(`json(${json}) = json(${query.param(JSON.stringify(value))})`);
    else query.where(`${json} = ${query.param(typeof value === 'boolean' ? (value ? 1 : 0) : value)}`);
    return;
  }
  if (lookup in OPERATORS) {
    const operand = postgres ? `CAST(${query.param(JSON.stringify(value))} AS jsonb)` : query.param(typeof value === 'object' ? JSON.stringify(value) : value);
    query.where(`${json} ${OPERATORS[lookup]} ${operand}`);
    return;
  }
  const needle = typeof value === 'string' ? value : JSON.stringify(value);
  if (lookup.startsWith('i')) {
    const kind = lookup.slice(1);
    const s = escapeLike(needle.toLowerCase());
    const pattern = kind === 'exact' ? s : kind === 'contains' ? `%${s}%` : kind === 'startswith' ? `${s}%` : `%${s}`;
    query.where(`LOWER(${text}) LIKE ${query.param(pattern)} ESCAPE '\\'`);
    return;
  }
  // Case-sensitive, without LIKE (which SQLite compares case-insensitively).
  const p = `CAST(${query.param(needle)} AS TEXT)`;
  if (lookup === 'contains') query.where(`${postgres ? 'strpos' : 'instr'}(${text}, ${p}) > 0`);
  else if (lookup === 'startswith') query.where(`substr(${text}, 1, length(${p})) = ${p}`);
  else query.where(`substr(${text}, length(${text}) - length(${p}) + 1) = ${p}`);
}
