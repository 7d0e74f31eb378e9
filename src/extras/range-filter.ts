import { DateField, DateTimeField, Field } from '../core/model/fields';
import { CustomFilter } from '../core/model/model';
import { q } from '../core/query/model-query';

const timestamp = new DateTimeField();

/**
 * NetBox's DateTimeFromToRangeFilter on a timestamp (or date) field: the filter `<name>` reads its bounds
 * from `<name>_after` and `<name>_before` (inclusive), never from `<name>` itself, which is ignored.
 */
export function dateTimeRangeFilters(name: string, field: () => Field<any>): Record<string, CustomFilter> {
  const bound = (op: '>=' | '<='): CustomFilter => ({
    apply(values, ctx) {
      const column = field();
      const raw = values[values.length - 1];
      if (!raw) return;
      const when = timestamp.parseFilter(raw);
      // A date column (`created`) compares with the timestamp's UTC date.
      const value = column instanceof DateField ? when.toISOString().slice(0, 10) : column.toParam(when, ctx.driver);
      ctx.where(`t.${q(column.column)} ${op} ${ctx.param(value)}`);
    },
  });
  return {
    [name]: { apply: () => undefined },
    [`${name}_after`]: bound('>='),
    [`${name}_before`]: bound('<='),
  };
}

/**
 * NetBox's pair of DateTimeFilters on a timestamp (a job's `created`): `<name>` exact, and `<name>__before` and
 * `<name>__after` as inclusive bounds, named with the double underscore as the filter set declares them.
 */
export function dateTimeBoundFilters(name: string, field: () => Field<any>): Record<string, CustomFilter> {
  const compare = (op: '=' | '>=' | '<='): CustomFilter => ({
    apply(values, ctx) {
      const raw = values[values.length - 1];
      if (!raw) return;
      const column = field();
      ctx.where(`t.${q(column.column)} ${op} ${ctx.param(column.toParam(timestamp.parseFilter(raw), ctx.driver))}`);
    },
  });
  return { [name]: compare('='), [`${name}__before`]: compare('<='), [`${name}__after`]: compare('>=') };
}
