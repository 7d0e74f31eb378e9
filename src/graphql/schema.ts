import {
  GraphQLBoolean,
  GraphQLError,
  GraphQLFieldConfig,
  GraphQLFieldConfigArgumentMap,
  GraphQLFieldConfigMap,
  GraphQLFloat,
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLOutputType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLString,
  GraphQLUnionType,
} from 'graphql';
import {
  BooleanField,
  ChoiceField,
  ComputedField,
  ContentTypeListField,
  DateField,
  DateTimeField,
  DecimalField,
  Field,
  ForeignKeyField,
  GenericRelationField,
  InputField,
  IntegerField,
  IntegerListField,
  JsonField,
  ManyToManyField,
  formatTimestamp,
} from '../core/model/fields';
import type { Dialect } from '../core/dialect/dialect';
import { nativeDialect } from '../core/dialect/registry';
import { ModelDef, registry } from '../core/model/model';
import { filterValueSchema } from '../core/openapi/openapi';
import { FilterError, QueryParams, applyFilters, filtersFor } from '../core/query/filters';
import type { ModelQuery } from '../core/query/model-query';
import { keysFor } from '../core/serialize/serializer';
import { DerivedRelation } from '../ipam/derived-relation';
import { reads } from './columns';
import { GraphqlContext, GraphqlRow, ListShape, MODEL_OF } from './context';
import { ModelNames, Referrer, genericTargets, graphqlModels, isGraphqlName, referrersOf } from './names';
import { BigIntScalar, DateScalar, DateTimeScalar, DecimalScalar, GenericScalar, JsonScalar } from './scalars';
import { FilterValue, StrawberryFilters } from './strawberry-filters';

export { BigIntScalar, GenericScalar, JsonScalar };

/** Extra top-level queries a plugin adds (`graphql_schema`), given the types the service derived. */
export type GraphqlQueries = (schema: { typeOf(model: ModelDef): GraphQLObjectType }) => GraphQLFieldConfigMap<unknown, GraphqlContext>;

type Fields = GraphQLFieldConfigMap<GraphqlRow, GraphqlContext>;

/** How a dialect's GraphQL lists take filters and pages: NetBox 3.5's (graphene) or 4.x's (strawberry). */
export function speaksStrawberry(dialect: Dialect): boolean {
  return Number(dialect.version.split('.')[0]) >= 4;
}

/**
 * The read-only schema a dialect's NetBox serves, derived from the model declarations: for each model the dialect has
 * a type (`DeviceType`) with the fields it shows, under its names, relations both ways and generic relations as
 * unions, and two queries, `device(id)` and `device_list`: with the REST filters as arguments in 3.5, with 4.x's
 * `filters` and `pagination` inputs in 4.x.
 */
export function buildSchema(extraQueries: GraphqlQueries[] = [], dialect: Dialect = nativeDialect(), opts: { maxPageSize?: number } = {}): GraphQLSchema {
  const models = graphqlModels(dialect);
  const names = new ModelNames(models);
  const types = new Map<ModelDef, GraphQLObjectType>();
  const unions = new Map<string, GraphQLUnionType>();
  const typeOf = (model: ModelDef) => types.get(model)!;

  const unionFor = (model: ModelDef, field: GenericRelationField): GraphQLOutputType | null => {
    const members = genericTargets(model, field, models);
    if (!members.length) return null;
    const name = names.union(model, field.name);
    let union = unions.get(name);
    if (!union) {
      union = new GraphQLUnionType({
        name,
        types: () => members.map(typeOf),
        resolveType: (row: GraphqlRow) => (row[MODEL_OF] ? names.type(row[MODEL_OF]) : undefined),
      });
      unions.set(name, union);
    }
    return union;
  };

  const strawberry = speaksStrawberry(dialect);
  const filters = strawberry ? new StrawberryFilters(dialect, names) : null;
  const maxPageSize = opts.maxPageSize ?? 0;
  const lookup: TypeLookup = {
    typeOf,
    unionFor,
    served: names,
    dialect,
    json: strawberry ? JsonScalar : GenericScalar,
    lists: filters ? { filters, maxPageSize } : undefined,
  };
  // Worked out once the types exist: a list of referrers takes no name a model's own field has.
  let referrers: Map<ModelDef, Map<string, Referrer>> | undefined;
  const referrerListsOf = (model: ModelDef) => (referrers ??= referrersOf(models, (target) => new Set(Object.keys(ownFieldsOf(target, lookup))))).get(model)!;

  for (const model of models) {
    types.set(
      model,
      new GraphQLObjectType<GraphqlRow, GraphqlContext>({
        name: names.type(model),
        extensions: { model },
        fields: () => ({
          ...ownFieldsOf(model, lookup),
          ...referrerFields(referrerListsOf(model), model, lookup),
        }),
      }),
    );
  }

  const query: GraphQLFieldConfigMap<unknown, GraphqlContext> = {};
  for (const model of models) {
    query[names.query(model)] = filters ? objectQuery(model, typeOf(model)) : {
      type: typeOf(model),
      args: { id: { type: new GraphQLNonNull(GraphQLInt) } },
      resolve: (_root, args: { id: number }, ctx) => ctx.byId(model).load(args.id),
    };
    query[`${names.query(model)}_list`] = filters ? strawberryListQuery(model, typeOf(model), filters, maxPageSize) : listQuery(model, typeOf(model));
  }
  for (const extra of extraQueries) Object.assign(query, extra({ typeOf }));
  return new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields: query }) });
}

interface TypeLookup {
  typeOf(model: ModelDef): GraphQLObjectType;
  unionFor(model: ModelDef, field: GenericRelationField): GraphQLOutputType | null;
  served: ModelNames;
  dialect: Dialect;
  /** The scalar of JSON values: GenericScalar in 3.5, JSON in 4.x. */
  json: GraphQLScalarType;
  /** 4.x's `filters` and `pagination` on every list of related objects; 3.5's lists take none. */
  lists?: { filters: StrawberryFilters; maxPageSize: number };
}

type ListArgs = { filters?: FilterValue | null; pagination?: OffsetPagination | null };

/**
 * A list of related objects of `target`: in 4.x it takes the target's filters and a page of each parent's list, as
 * strawberry-django's relation fields do; `load` reads the lists of a level's parents together, one loader per shape.
 */
function relatedList(target: ModelDef, types: TypeLookup, load: (row: GraphqlRow, ctx: GraphqlContext, shape?: ListShape) => Promise<GraphqlRow[]>): GraphQLFieldConfig<GraphqlRow, GraphqlContext> {
  const type = new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(types.typeOf(target))));
  const { lists } = types;
  if (!lists) return { type, resolve: (row, _args, ctx) => load(row, ctx), ...reads('id') };
  return {
    type,
    args: { filters: { type: lists.filters.inputOf(target) }, pagination: { type: lists.filters.lookups.pagination() } },
    resolve: (row, args: ListArgs, ctx) => load(row, ctx, listShape(target, lists.filters, args, lists.maxPageSize)),
    ...reads('id'),
  };
}

/** The shape of a nested list its arguments ask for; the whole list where they ask nothing and no MAX_PAGE_SIZE bounds it. */
function listShape(model: ModelDef, filters: StrawberryFilters, args: ListArgs, maxPageSize: number): ListShape | undefined {
  const page = pageOf(args.pagination, maxPageSize);
  if (!args.filters && page.limit === undefined && !page.offset && page.start === undefined) return undefined;
  return {
    key: JSON.stringify([args.filters ?? null, page]),
    narrow: (query) => {
      const condition = filters.condition(query, model, args.filters);
      if (condition) query.where(condition);
    },
    ...page,
  };
}

/**
 * A model's own fields: those its REST representation shows (secrets, such as a password, never are), with
 * choices read as their values, foreign keys as the related object and many-to-many relations as lists.
 */
function ownFieldsOf(model: ModelDef, types: TypeLookup): Fields {
  // What the dialect's REST API shows, under its names (3.5's: no 4.x fields the models store; 4.6's: its serializers' fields).
  const { dialect } = types;
  const shown = new Set(keysFor(model, 'full', dialect));
  const fields: Fields = {
    id: { type: new GraphQLNonNull(GraphQLID), resolve: (row) => row.id, ...reads('id') },
    // Labels may read any column: the row is read whole.
    display: { type: GraphQLString, resolve: (row, _args, ctx) => ctx.display(model).load(row) },
    class_type: { type: GraphQLString, resolve: () => model.className, ...reads() },
  };
  for (const [name, field] of Object.entries(model.storedFields)) {
    const spoken = dialect.nameOf(model, name);
    if (!shown.has(name) || spoken in fields || !isGraphqlName(spoken)) continue;
    const config = fieldConfig(model, field, types);
    if (config) fields[spoken] = config;
  }
  if (model.features.customFields) fields.custom_fields = { type: types.json, resolve: (row) => row.custom_field_data ?? {}, ...reads('custom_field_data') };
  if (model.configContext && shown.has('config_context')) {
    fields.config_context = { type: types.json, resolve: (row, _args, ctx) => ctx.configContext(model).load(row) };
  }
  const tag = registry.get('extras.tag');
  if (model.features.tags && types.served.has(tag)) {
    fields.tags = relatedList(tag, types, (row, ctx, shape) => ctx.tags(model, shape).load(row.id));
  }
  return fields;
}

function fieldConfig(model: ModelDef, field: Field<any>, types: TypeLookup): GraphQLFieldConfig<GraphqlRow, GraphqlContext> | null {
  if (field instanceof ForeignKeyField) return field.installed ? relationConfig(field.target, field.column, types) : null;
  // 3.5's foreign keys that 4.x replaced (a service's device) read as they did.
  if (field instanceof DerivedRelation) return relationConfig(field.target(), field.column, types);
  if (field instanceof ManyToManyField) {
    if (!field.installed || !types.served.has(field.target)) return null;
    return relatedList(field.target, types, (row, ctx, shape) => ctx.members(field, shape).load(row.id));
  }
  if (field instanceof GenericRelationField) {
    const union = types.unionFor(model, field);
    if (!union) return null;
    const typeColumn = model.storedFields[field.typeField].column;
    const idColumn = model.storedFields[field.idField].column;
    return {
      type: union,
      ...reads(typeColumn, idColumn),
      resolve: (row, _args, ctx) => {
        const type = row[typeColumn];
        const id = row[idColumn];
        if (typeof type !== 'string' || id === null || id === undefined) return null;
        // An object of a model GraphQL does not serve (a token) reads as none.
        return ctx.generic().load(`${type}:${id}`).then((row) => (row && types.served.has(row[MODEL_OF]) ? row : null));
      },
    };
  }
  if (field instanceof InputField) return null;
  const column = field.column;
  if (field instanceof DateTimeField && !types.lists) return { type: GraphQLString, resolve: (row) => (row[column] ? formatTimestamp(row[column]) : null), ...reads(column) };
  // A value stored as one dialect stores it reads as the other speaks it (3.5's unit of a machine's disk).
  const convert = types.dialect.conversion(model, field.name);
  if (convert) return { type: scalarType(field, types), resolve: (row) => (row[column] === null || row[column] === undefined ? null : convert.out(row[column])), ...reads(column) };
  // strawberry's Decimal reads as Django's, with the column's decimal places.
  const decimal = types.lists ? decimalOf(field) : undefined;
  if (decimal) return { type: DecimalScalar, resolve: (row) => (row[column] === null || row[column] === undefined ? null : Number(row[column]).toFixed(decimal.opts.places)), ...reads(column) };
  return { type: scalarType(field, types), resolve: (row) => row[column] ?? null, ...reads(column) };
}

function decimalOf(field: Field<any>): DecimalField | undefined {
  if (field instanceof ComputedField) return decimalOf(field.valueField);
  return field instanceof DecimalField ? field : undefined;
}

/** A field naming one object by its id in `column`: that object, or null. */
function relationConfig(target: ModelDef, column: string, types: TypeLookup): GraphQLFieldConfig<GraphqlRow, GraphqlContext> | null {
  if (!types.served.has(target)) return null;
  return {
    type: types.typeOf(target),
    resolve: (row, _args, ctx) => (row[column] === null || row[column] === undefined ? null : ctx.byId(target).load(Number(row[column]))),
    ...reads(column),
  };
}

/** A value's type: graphene's in 3.5; strawberry-django's in 4.x, which reads timestamps, dates and decimals as scalars of their own and choices as their values. */
function scalarType(field: Field<any>, types: TypeLookup): GraphQLOutputType {
  const { json } = types;
  const strawberry = !!types.lists;
  if (field instanceof ComputedField) return scalarType(field.valueField, types);
  if (field instanceof ChoiceField) return field.numeric ? GraphQLInt : GraphQLString;
  if (field instanceof IntegerField) return field.opts.big ? BigIntScalar : GraphQLInt;
  if (field instanceof DecimalField) return strawberry ? DecimalScalar : GraphQLFloat;
  if (field instanceof DateTimeField && strawberry) return DateTimeScalar;
  if (field instanceof DateField && strawberry) return DateScalar;
  if (field instanceof BooleanField) return GraphQLBoolean;
  if (field instanceof IntegerListField) return new GraphQLList(GraphQLInt);
  if (field instanceof ContentTypeListField) return new GraphQLList(GraphQLString);
  if (field instanceof JsonField) return json;
  return GraphQLString;
}

/** The lists of objects pointing at a model (`devices` on a site, `ip_addresses` on an interface). */
function referrerFields(lists: Map<string, Referrer>, model: ModelDef, types: TypeLookup): Fields {
  const fields: Fields = {};
  for (const [name, referrer] of lists) {
    if (referrer.kind === 'foreignKey') {
      const fk = referrer.field;
      fields[name] = relatedList(fk.model, types, (row, ctx, shape) => ctx.referrers(fk, shape).load(row.id));
    } else {
      const { source, field } = referrer;
      fields[name] = relatedList(source, types, (row, ctx, shape) => ctx.genericReferrers(source, field, model, shape).load(row.id));
    }
  }
  return fields;
}

/** `<model>_list`: the REST list's filters under the same names and lookups, with NetBox's value types; every object unless `limit`/`offset`. */
function listQuery(model: ModelDef, type: GraphQLObjectType): GraphQLFieldConfig<unknown, GraphqlContext> {
  const args: GraphQLFieldConfigArgumentMap = {};
  for (const [name, spec] of filtersFor(model)) {
    for (const lookup of [null, ...spec.lookups]) {
      const arg = lookup ? `${name}__${lookup}` : name;
      if (!isGraphqlName(arg) || arg === 'limit' || arg === 'offset') continue;
      args[arg] = { type: filterArgType(model, name, lookup) };
    }
  }
  args.limit = { type: GraphQLInt, description: 'At most this many objects; all when absent.' };
  args.offset = { type: GraphQLInt, description: 'Skip this many objects first.' };
  return {
    type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(type))),
    args,
    resolve: async (_root, args: Record<string, unknown>, ctx, info) => {
      const { limit, offset, ...filters } = args as { limit?: number | null; offset?: number | null } & Record<string, unknown>;
      if ((limit ?? 0) < 0 || (offset ?? 0) < 0) throw new GraphQLError('limit and offset must not be negative.');
      const params = filterParams(filters);
      const narrow = (query: ModelQuery) => applyFilters(query, params);
      try {
        // The operation's only field, unbounded: read a chunk at a time.
        if (ctx.streaming && limit == null && !info.path.prev) return await ctx.streaming.take(ctx, model, narrow, offset ?? undefined);
        return await ctx.rows(model, narrow, { limit: limit ?? undefined, offset: offset ?? undefined });
      } catch (e) {
        if (e instanceof FilterError) throw new GraphQLError(`Invalid filter: ${filterMessage(e)}`, { extensions: { code: 'BAD_FILTER', filters: e.errors } });
        throw e;
      }
    },
  };
}

/** NetBox's filter argument types: booleans as Boolean, `q` as one String, every other filter a list of Strings (one value is taken as a list of one). */
function filterArgType(model: ModelDef, name: string, lookup: string | null) {
  if (name === 'q') return GraphQLString;
  const schema = filterValueSchema(model, name, lookup);
  if (schema.type === 'boolean') return GraphQLBoolean;
  return new GraphQLList(GraphQLString);
}

/** GraphQL argument values as the query string the REST list would have had. */
function filterParams(args: Record<string, unknown>): QueryParams {
  const params: QueryParams = {};
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined) continue;
    const values = (Array.isArray(value) ? value : [value]).map((v) => (v === null ? 'null' : String(v)));
    params[name] = values;
  }
  return params;
}

function filterMessage(e: FilterError): string {
  return Object.entries(e.errors)
    .map(([name, messages]) => `${name}: ${messages.join(' ')}`)
    .join('; ');
}

/** 4.x's `<model>(id: ID!)`: the object, or null where there is none the user may view. */
function objectQuery(model: ModelDef, type: GraphQLObjectType): GraphQLFieldConfig<unknown, GraphqlContext> {
  return {
    type,
    args: { id: { type: new GraphQLNonNull(GraphQLID) } },
    resolve: (_root, args: { id: string }, ctx) => {
      if (!/^\d+$/.test(args.id)) throw new GraphQLError(`Invalid id: ${args.id}`, { extensions: { code: 'BAD_USER_INPUT' } });
      return ctx.byId(model).load(Number(args.id));
    },
  };
}

interface OffsetPagination {
  offset?: number | null;
  limit?: number | null;
  start?: number | null;
}

/**
 * The page 4.x's list reads, as NetBox's apply_pagination sets it: `start` (an id to read from, in id order) or `offset`,
 * and a limit of at most MAX_PAGE_SIZE, which is also the limit when none is given. Without a MAX_PAGE_SIZE every
 * object is read unless `pagination` is given, which then defaults to strawberry-django's 100.
 */
function pageOf(pagination: OffsetPagination | null | undefined, maxPageSize: number): { limit?: number; offset?: number; start?: number } {
  const { offset, limit, start } = pagination ?? {};
  if (start !== null && start !== undefined) {
    if (offset) throw new GraphQLError('Cannot specify both `start` and `offset` in pagination.');
    if (start < 0) throw new GraphQLError('`start` must be greater than or equal to zero.');
  }
  if ((offset ?? 0) < 0) throw new GraphQLError('`offset` must be greater than or equal to zero.');
  const page = { offset: start === null || start === undefined ? offset ?? undefined : undefined, start: start ?? undefined };
  if (maxPageSize) return { ...page, limit: limit === null || limit === undefined || limit <= 0 || limit > maxPageSize ? maxPageSize : limit };
  if (!pagination) return page;
  return { ...page, limit: Math.max(0, limit ?? STRAWBERRY_DEFAULT_LIMIT) };
}

/** strawberry-django's PAGINATION_DEFAULT_LIMIT, as NetBox sets it. */
const STRAWBERRY_DEFAULT_LIMIT = 100;

/** 4.x's `<model>_list(filters: <Model>Filter, pagination: OffsetPaginationInput)`. */
function strawberryListQuery(model: ModelDef, type: GraphQLObjectType, filters: StrawberryFilters, maxPageSize: number): GraphQLFieldConfig<unknown, GraphqlContext> {
  return {
    type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(type))),
    args: { filters: { type: filters.inputOf(model) }, pagination: { type: filters.lookups.pagination() } },
    resolve: async (_root, args: { filters?: FilterValue | null; pagination?: OffsetPagination | null }, ctx, info) => {
      const { limit, offset, start } = pageOf(args.pagination, maxPageSize);
      const narrow = (query: ModelQuery) => {
        const condition = filters.condition(query, model, args.filters);
        if (condition) query.where(condition);
        if (start !== undefined) query.where(`t.id >= ${query.param(start)}`);
      };
      // SQLite's snapshot connection for streaming does not know the regular expression function.
      const streams = ctx.streaming && limit === undefined && !info.path.prev && !(ctx.driver === 'sqlite' && filters.usesRegex(args.filters));
      if (streams) return ctx.streaming!.take(ctx, model, narrow, offset);
      return ctx.rows(model, narrow, { limit, offset, order: start === undefined ? undefined : ['id'] });
    },
  };
}
