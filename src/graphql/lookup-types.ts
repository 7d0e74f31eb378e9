import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLID,
  GraphQLInputFieldConfigMap,
  GraphQLInputObjectType,
  GraphQLInputType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLString,
} from 'graphql';
import { DATETIME_PARTS, DATE_PARTS } from './lookup-sql';
import { DateScalar, DateTimeScalar } from './scalars';

/** NetBox's TreeNodeMatch, by value. */
export const TREE_MATCHES = ['exact', 'descendants', 'self_and_descendants', 'children', 'siblings', 'ancestors', 'parent'] as const;

/** The input types of strawberry-django's lookups, one of each per value type. */
export class LookupTypes {
  private readonly made = new Map<string, GraphQLInputObjectType>();

  private once(name: string, fields: () => GraphQLInputFieldConfigMap, opts: { oneOf?: boolean; description?: string } = {}): GraphQLInputObjectType {
    let type = this.made.get(name);
    if (!type) this.made.set(name, (type = new GraphQLInputObjectType({ name, fields, isOneOf: opts.oneOf, description: opts.description })));
    return type;
  }

  /** `StrFilterLookup`: the string lookups. */
  str(): GraphQLInputObjectType {
    return this.once('StrFilterLookup', () => ({
      exact: { type: GraphQLString },
      i_exact: { type: GraphQLString },
      contains: { type: GraphQLString },
      i_contains: { type: GraphQLString },
      in_list: { type: new GraphQLList(new GraphQLNonNull(GraphQLString)) },
      starts_with: { type: GraphQLString },
      i_starts_with: { type: GraphQLString },
      ends_with: { type: GraphQLString },
      i_ends_with: { type: GraphQLString },
      is_null: { type: GraphQLBoolean },
      regex: { type: GraphQLString },
      i_regex: { type: GraphQLString },
    }));
  }

  /** `<T>BaseFilterLookup`: exact, a list, or none (choices, booleans). */
  base(prefix: string, of: GraphQLInputType): GraphQLInputObjectType {
    return this.once(`${prefix}BaseFilterLookup`, () => ({
      exact: { type: of },
      in_list: { type: new GraphQLList(new GraphQLNonNull(of)) },
      is_null: { type: GraphQLBoolean },
    }));
  }

  /** `<T>RangeLookup`: between two values, both included. */
  range(prefix: string, of: GraphQLInputType): GraphQLInputObjectType {
    return this.once(`${prefix}RangeLookup`, () => ({ start: { type: of }, end: { type: of } }));
  }

  /** `<T>ComparisonFilterLookup`: exact, a list, none, the comparisons and a range. */
  comparison(prefix: string, of: GraphQLInputType, name = `${prefix}ComparisonFilterLookup`): GraphQLInputObjectType {
    return this.once(name, () => this.comparisonFields(prefix, of));
  }

  comparisonFields(prefix: string, of: GraphQLInputType): GraphQLInputFieldConfigMap {
    return {
      exact: { type: of },
      in_list: { type: new GraphQLList(new GraphQLNonNull(of)) },
      is_null: { type: GraphQLBoolean },
      gt: { type: of },
      gte: { type: of },
      lt: { type: of },
      lte: { type: of },
      range: { type: this.range(prefix, of) },
    };
  }

  /** strawberry-django's `DateFilterLookup` and `DatetimeFilterLookup`: comparisons of the value, and of its parts (`year`, `hour`) as integers. */
  date(withTime: boolean): GraphQLInputObjectType {
    const prefix = withTime ? 'Datetime' : 'Date';
    return this.once(`${prefix}FilterLookup`, () => {
      const fields = this.comparisonFields(prefix, withTime ? DateTimeScalar : DateScalar);
      for (const part of withTime ? DATETIME_PARTS : DATE_PARTS) fields[part] = { type: this.comparison('Int', GraphQLInt) };
      return fields;
    });
  }

  /** NetBox's `TreeNodeFilter`: a node of a tree and which of its relatives match. */
  treeNode(): GraphQLInputObjectType {
    return this.once('TreeNodeFilter', () => ({
      id: { type: new GraphQLNonNull(GraphQLID) },
      match_type: {
        type: new GraphQLNonNull(
          (this.treeMatch ??= new GraphQLEnumType({ name: 'TreeNodeMatch', values: Object.fromEntries(TREE_MATCHES.map((m) => [m.toUpperCase(), { value: m }])) })),
        ),
      },
    }));
  }
  private treeMatch?: GraphQLEnumType;

  /** NetBox's `IntegerLookup`, `BigIntegerLookup`, `FloatLookup`: one of a plain lookup, a range or comparisons. */
  numeric(name: string, prefix: string, of: GraphQLInputType): GraphQLInputObjectType {
    return this.once(
      name,
      () => ({
        filter_lookup: { type: this.comparison(prefix, of, `${prefix}FilterLookup`) },
        range_lookup: { type: this.range(prefix, of) },
        comparison_lookup: { type: this.comparison(prefix, of) },
      }),
      { oneOf: true, description: `Lookup for ${prefix} fields. Only one of the lookup fields can be set.` },
    );
  }

  /** NetBox's `<T>ArrayLookup` over a list: one of containing, contained by, overlapping the values given, or its length. */
  array(prefix: string, of: GraphQLInputType): GraphQLInputObjectType {
    return this.once(
      `${prefix}ArrayLookup`,
      () => ({
        contains: { type: new GraphQLList(new GraphQLNonNull(of)), description: 'Contains the value' },
        contained_by: { type: new GraphQLList(new GraphQLNonNull(of)), description: 'Contained by the value' },
        overlap: { type: new GraphQLList(new GraphQLNonNull(of)), description: 'Overlaps with the value' },
        length: { type: GraphQLInt, description: 'Length of the array' },
      }),
      { oneOf: true, description: 'Lookup for Array fields. Only one of the lookup fields can be set.' },
    );
  }

  /** NetBox's `IntegerRangeArrayLookup`: rows with a range holding the value. */
  rangeArray(): GraphQLInputObjectType {
    return this.once(
      'IntegerRangeArrayLookup',
      () => ({ contains: { type: GraphQLInt, description: 'Return rows where any stored range contains this value.' } }),
      { oneOf: true, description: 'Lookups for an ArrayField(IntegerRangeField). Only one may be set.' },
    );
  }

  /** NetBox's `JSONFilter`: a path into the document (`key__child`) and one lookup of the value there. */
  json(): GraphQLInputObjectType {
    return this.once('JSONFilter', () => ({ path: { type: new GraphQLNonNull(GraphQLString) }, lookup: { type: new GraphQLNonNull(this.jsonLookup()) } }));
  }

  private jsonLookup(): GraphQLInputObjectType {
    const strDate = (name: string, parts: readonly string[]) =>
      this.once(name, () => {
        const fields = this.comparisonFields('String', GraphQLString);
        for (const part of parts) fields[part] = { type: this.comparison('Int', GraphQLInt) };
        return fields;
      });
    return this.once(
      'JSONLookup',
      () => ({
        string_lookup: { type: this.jsonString() },
        int_range_lookup: { type: this.range('Int', GraphQLInt) },
        int_comparison_lookup: { type: this.comparison('Int', GraphQLInt) },
        float_range_lookup: { type: this.range('Float', GraphQLFloat) },
        float_comparison_lookup: { type: this.comparison('Float', GraphQLFloat) },
        date_lookup: { type: strDate('StrDateFilterLookup', DATE_PARTS) },
        datetime_lookup: { type: strDate('StrDatetimeFilterLookup', [...DATETIME_PARTS, 'date', 'time']) },
        time_lookup: { type: strDate('StrTimeFilterLookup', ['hour', 'minute', 'second', 'date', 'time']) },
        boolean_lookup: { type: this.base('Bool', GraphQLBoolean) },
      }),
      { oneOf: true, description: 'Lookup for JSON field. Only one of the lookup fields can be set.' },
    );
  }

  /** `JSONStringLookup`: the string lookups, with `in_` and `isnull` as NetBox names them there. */
  private jsonString(): GraphQLInputObjectType {
    return this.once(
      'JSONStringLookup',
      () => ({
        exact: { type: GraphQLString },
        i_exact: { type: GraphQLString },
        contains: { type: GraphQLString },
        i_contains: { type: GraphQLString },
        starts_with: { type: GraphQLString },
        i_starts_with: { type: GraphQLString },
        ends_with: { type: GraphQLString },
        i_ends_with: { type: GraphQLString },
        in_: { type: new GraphQLList(new GraphQLNonNull(GraphQLString)) },
        isnull: { type: GraphQLBoolean },
        regex: { type: GraphQLString },
        i_regex: { type: GraphQLString },
      }),
      { description: 'String lookups for JSON field values.' },
    );
  }

  /** `OffsetPaginationInput`. */
  pagination(): GraphQLInputObjectType {
    return this.once('OffsetPaginationInput', () => ({
      offset: { type: new GraphQLNonNull(GraphQLInt), defaultValue: 0 },
      limit: { type: GraphQLInt },
      start: { type: GraphQLInt },
    }));
  }
}
