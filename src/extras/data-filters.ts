import { DateTimeField, FieldError, NUMBER_LOOKUPS } from '../core/model/fields';
import { CustomFilter } from '../core/model/model';
import { parseNullBoolean } from '../core/query/filters';

/** A ModelMultipleChoiceFilter over a model without rows: every id given is not one of the choices. */
function noChoicesFilter(): CustomFilter {
  return {
    negatable: true,
    apply(values) {
      const invalid = values.find((v) => !/^\d+$/.test(v));
      if (invalid !== undefined) throw new FieldError([`“${invalid}” is not a valid value.`]);
      throw new FieldError([`Select a valid choice. ${values[0]} is not one of the available choices.`]);
    },
  };
}

const timestamp = new DateTimeField();

/**
 * NetBox's filters of objects synced from a data source (config contexts, export templates). There are
 * no data sources here, so these behave as on a NetBox without any: no id is valid, and `data_synced` is never set.
 */
export function dataSourceFilters(): Record<string, CustomFilter> {
  return {
    data_source_id: noChoicesFilter(),
    data_file_id: noChoicesFilter(),
    data_synced: {
      lookups: NUMBER_LOOKUPS,
      apply(values, ctx) {
        if (ctx.lookup === 'empty') {
          const empty = parseNullBoolean(values[values.length - 1]);
          if (empty === false) ctx.where('1 = 0');
          return;
        }
        values.forEach((v) => timestamp.parseFilter(v));
        // A null never equals nor compares; excluding a value keeps every row.
        if (ctx.lookup !== 'n') ctx.where('1 = 0');
      },
    },
  };
}
