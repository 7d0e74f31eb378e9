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
