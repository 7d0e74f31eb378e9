import { FieldError, INT32_MAX, STRING_LOOKUPS } from '../core/model/fields';
import { CustomFilter, FilterContext, registry } from '../core/model/model';
import { parseNullBoolean } from '../core/query/filters';
import { q } from '../core/query/model-query';

/*
 * Object types are stored as `<app_label>.<model>` labels (one in a column, or a JSON list of them);
 * NetBox's filters name them by content type id, or by label: these map one to the other.
 */

const contentTypes = () => q(registry.get('extras.contenttype')!.table);
const labelOf = (alias: string) => `${alias}.app_label || '.' || ${alias}.model`;

/** Where the types are: a column of the row (`t`), or an SQL expression over it (a value read from another table). */
export type TypesAt = string | { sql: string };
const valueOf = (at: TypesAt) => (typeof at === 'string' ? `t.${q(at)}` : at.sql);

/** Whether the row's type column, or its list of types, holds the content type `ct`. */
function holds(column: TypesAt, list: boolean): string {
  return list ? `CAST(${valueOf(column)} AS TEXT) LIKE '%"' || ${labelOf('ct')} || '"%'` : `${valueOf(column)} = ${labelOf('ct')}`;
}

/**
 * NetBox's ContentTypeFilter (`?content_type=dcim.site`): one value, the last given. Its lookups,
 * `__n` included, match exactly as the plain filter does: NetBox's filter ignores both lookup and negation.
 */
export function contentTypeFilter(column: TypesAt, opts: { list?: boolean } = {}): CustomFilter {
  return {
    lookups: opts.list ? STRING_LOOKUPS.filter((l) => l !== 'empty') : ['n'],
    apply(values, ctx) {
      const label = values[values.length - 1].toLowerCase();
      if (!label) return;
      if (label.split('.').length !== 2) return ctx.where('1 = 0');
      const sql = opts.list ? `CAST(${valueOf(column)} AS TEXT) LIKE ${ctx.param(`%${JSON.stringify(label)}%`)}` : `${valueOf(column)} = ${ctx.param(label)}`;
      ctx.where(sql);
    },
  };
}

/** The content types with these ids, or a 400 naming the first id that is none, as a ModelMultipleChoiceFilter. */
async function existingContentTypeIds(values: string[], ctx: FilterContext): Promise<number[]> {
  const invalid = values.find((v) => !/^\d+$/.test(v));
  if (invalid !== undefined) throw new FieldError([`“${invalid}” is not a valid value.`]);
  // An id beyond an id column's range names no content type (and PostgreSQL refuses the comparison).
  const beyond = values.find((v) => Number(v) > INT32_MAX);
  if (beyond !== undefined) throw new FieldError([`Select a valid choice. ${beyond} is not one of the available choices.`]);
  const ids = values.map(Number);
  const rows = await ctx.em.createQueryBuilder().select('ct.id', 'id').from(registry.get('extras.contenttype')!.table, 'ct').where('ct.id IN (:...ids)', { ids }).getRawMany();
  const found = new Set(rows.map((r) => Number(r.id)));
  const missing = values.find((v) => !found.has(Number(v)));
  if (missing !== undefined) throw new FieldError([`Select a valid choice. ${missing} is not one of the available choices.`]);
  return ids;
}

/**
 * `?<type>_id=<content type id>` (and `__n`): objects whose type column, or list of types, names one of
 * those content types; every id must exist.
 */
export function contentTypeIdFilter(column: TypesAt, opts: { list?: boolean } = {}): CustomFilter {
  return {
    negatable: true,
    async apply(values, ctx) {
      const ids = await existingContentTypeIds(values, ctx);
      ctx.where(`EXISTS (SELECT 1 FROM ${contentTypes()} ct WHERE ct.id IN (${ids.map((id) => ctx.param(id)).join(', ')}) AND ${holds(column, !!opts.list)})`);
    },
  };
}

const COMPARISONS: Record<string, string> = { exact: '=', n: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' };

/**
 * NetBox's `content_type_id` of objects with a list of types (a MultiValueNumberFilter on `content_types__id`):
 * any listed type's id compared with any value; `__n` excludes objects with one of them, `__empty` selects those with none.
 */
export function contentTypeIdsFilter(column: TypesAt): CustomFilter {
  return {
    lookups: ['n', 'lte', 'lt', 'gte', 'gt', 'empty'],
    apply(values, ctx) {
      if (ctx.lookup === 'empty') {
        const empty = parseNullBoolean(values[values.length - 1]);
        const none = `CAST(${valueOf(column)} AS TEXT) IN ('[]', 'null') OR ${valueOf(column)} IS NULL`;
        if (empty !== null) ctx.where(empty ? `(${none})` : `NOT (${none})`);
        return;
      }
      if (values.some((v) => !/^-?\d+$/.test(v.trim()))) throw new FieldError(['Enter a whole number.']);
      const op = COMPARISONS[ctx.lookup];
      const any = values.map((v) => `ct.id ${op} ${ctx.param(Number(v))}`).join(' OR ');
      const listed = `EXISTS (SELECT 1 FROM ${contentTypes()} ct WHERE (${any}) AND ${holds(column, true)})`;
      ctx.where(ctx.lookup === 'n' ? `NOT ${listed}` : listed);
    },
  };
}

/**
 * NetBox's MultiValueContentTypeFilter (`?object_type=dcim.site&object_type=dcim.rack`): any of the named types; a value
 * naming no type (not `<app>.<model>`) matches nothing. Its `__n` matches as the plain filter does: the filter ignores negation.
 */
export function anyContentTypeFilter(column: string): CustomFilter {
  return {
    lookups: ['n'],
    apply(values, ctx) {
      const given = values.filter((v) => v.trim() !== '').map((v) => v.toLowerCase());
      if (!given.length) return;
      const labels = given.filter((v) => v.split('.').length === 2);
      ctx.where(labels.length ? `t.${q(column)} IN (${labels.map((label) => ctx.param(label)).join(', ')})` : '1 = 0');
    },
  };
}

/** NetBox's MultiValueNumberFilter over a content type id (`?object_type_id=`): numbers, none of which need name a type. */
export function contentTypeNumberFilter(column: string): CustomFilter {
  return {
    negatable: true,
    apply(values, ctx) {
      const given = values.filter((v) => v.trim() !== '');
      if (!given.length) return;
      if (given.some((v) => !/^\s*-?\d+(\.\d+)?\s*$/.test(v))) throw new FieldError(['Enter a number.']);
      const ids = given.map(Number).filter((n) => Number.isInteger(n) && Math.abs(n) <= INT32_MAX);
      const types = ids.length ? `EXISTS (SELECT 1 FROM ${contentTypes()} ct WHERE ct.id IN (${ids.map((id) => ctx.param(id)).join(', ')}) AND ${holds(column, false)})` : '1 = 0';
      ctx.where(types);
    },
  };
}
