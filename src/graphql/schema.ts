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
  Kind,
  ValueNode,
} from 'graphql';
import {
  BooleanField,
  ChoiceField,
  ComputedField,
  ContentTypeListField,
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
import { nativeDialect } from '../core/dialect/registry';
import { ModelDef, registry } from '../core/model/model';
import { filterValueSchema } from '../core/openapi/openapi';
import { FilterError, QueryParams, applyFilters, filtersFor } from '../core/query/filters';
import type { ModelQuery } from '../core/query/model-query';
import { DerivedRelation } from '../ipam/derived-relation';
import { reads } from './columns';
import { GraphqlContext, GraphqlRow, MODEL_OF } from './context';
import { ModelNames, Referrer, genericTargets, graphqlModels, isGraphqlName, referrersOf } from './names';

/** Any JSON value: custom fields, config contexts, JSON columns (NetBox's GenericScalar). */
export const GenericScalar = new GraphQLScalarType({
  name: 'GenericScalar',
  description: 'Any JSON value.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: function literal(node: ValueNode): unknown {
    switch (node.kind) {
      case Kind.STRING:
      case Kind.BOOLEAN:
        return node.value;
      case Kind.INT:
      case Kind.FLOAT:
        return Number(node.value);
      case Kind.LIST:
        return node.values.map(literal);
      case Kind.OBJECT:
        return Object.fromEntries(node.fields.map((f) => [f.name.value, literal(f.value)]));
      default:
        return null;
    }
  },
});

/** Integers beyond 32 bits (a 4-byte ASN), as NetBox's BigInt. */
export const BigIntScalar = new GraphQLScalarType({
  name: 'BigInt',
  description: 'An integer that may exceed 32 bits.',
  serialize: (value) => (value === null || value === undefined ? null : Number(value)),
  parseValue: (value) => Number(value),
  parseLiteral: (node) => (node.kind === Kind.INT ? Number(node.value) : undefined),
});

/** Extra top-level queries a plugin adds (`graphql_schema`), given the types the service derived. */
export type GraphqlQueries = (schema: { typeOf(model: ModelDef): GraphQLObjectType }) => GraphQLFieldConfigMap<unknown, GraphqlContext>;

type Fields = GraphQLFieldConfigMap<GraphqlRow, GraphqlContext>;

/**
 * The read-only schema NetBox 3.5 serves, derived from the model declarations: for each model a type
 * (`DeviceType`) with its fields, relations both ways and generic relations as unions, and two queries,
 * `device(id)` and `device_list(<its REST filters>)`.
 */
export function buildSchema(extraQueries: GraphqlQueries[] = []): GraphQLSchema {
  const models = graphqlModels();
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

  const lookup: TypeLookup = { typeOf, unionFor, served: names };
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
          ...referrerFields(referrerListsOf(model), model, typeOf),
        }),
      }),
    );
  }

  const query: GraphQLFieldConfigMap<unknown, GraphqlContext> = {};
  for (const model of models) {
    query[names.query(model)] = {
      type: typeOf(model),
      args: { id: { type: new GraphQLNonNull(GraphQLInt) } },
      resolve: (_root, args: { id: number }, ctx) => ctx.byId(model).load(args.id),
    };
    query[`${names.query(model)}_list`] = listQuery(model, typeOf(model));
  }
  for (const extra of extraQueries) Object.assign(query, extra({ typeOf }));
  return new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields: query }) });
}

interface TypeLookup {
  typeOf(model: ModelDef): GraphQLObjectType;
  unionFor(model: ModelDef, field: GenericRelationField): GraphQLOutputType | null;
  served: ModelNames;
}

/**
 * A model's own fields: those its REST representation shows (secrets, such as a password, never are), with
 * choices read as their values, foreign keys as the related object and many-to-many relations as lists.
 */
function ownFieldsOf(model: ModelDef, types: TypeLookup): Fields {
  // 3.5's GraphQL: what its REST dialect shows (no 4.x fields the models store).
  const dialect = nativeDialect();
  const shown = new Set(model.full.filter((name) => dialect.shows(model, name)));
  const fields: Fields = {
    id: { type: new GraphQLNonNull(GraphQLID), resolve: (row) => row.id, ...reads('id') },
    // Labels may read any column: the row is read whole.
    display: { type: GraphQLString, resolve: (row, _args, ctx) => ctx.display(model).load(row) },
    class_type: { type: GraphQLString, resolve: () => model.className, ...reads() },
  };
  for (const [name, field] of Object.entries(model.storedFields)) {
    if (!shown.has(name) || name in fields || !isGraphqlName(name)) continue;
    const config = fieldConfig(model, field, types);
    if (config) fields[name] = config;
  }
  if (model.features.customFields) fields.custom_fields = { type: GenericScalar, resolve: (row) => row.custom_field_data ?? {}, ...reads('custom_field_data') };
  if (model.configContext && shown.has('config_context')) {
    fields.config_context = { type: GenericScalar, resolve: (row, _args, ctx) => ctx.configContext(model).load(row) };
  }
  const tag = registry.get('extras.tag');
  if (model.features.tags && types.served.has(tag)) {
    fields.tags = { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(types.typeOf(tag)))), resolve: (row, _args, ctx) => ctx.tags(model).load(row.id), ...reads('id') };
  }
  return fields;
}

function fieldConfig(model: ModelDef, field: Field<any>, types: TypeLookup): GraphQLFieldConfig<GraphqlRow, GraphqlContext> | null {
  if (field instanceof ForeignKeyField) return field.installed ? relationConfig(field.target, field.column, types) : null;
  // 3.5's foreign keys that 4.x replaced (a service's device) read as they did.
  if (field instanceof DerivedRelation) return relationConfig(field.target(), field.column, types);
  if (field instanceof ManyToManyField) {
    if (!field.installed || !types.served.has(field.target)) return null;
    return {
      type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(types.typeOf(field.target)))),
      resolve: (row, _args, ctx) => ctx.members(field).load(row.id),
      ...reads('id'),
    };
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
  if (field instanceof DateTimeField) return { type: GraphQLString, resolve: (row) => (row[column] ? formatTimestamp(row[column]) : null), ...reads(column) };
  // `/graphql/` speaks 3.5: a value stored as 4.x stores it reads in 3.5's unit (a machine's disk).
  const convert = nativeDialect().conversion(model, field.name);
  if (convert) return { type: scalarType(field), resolve: (row) => (row[column] === null || row[column] === undefined ? null : convert.out(row[column])), ...reads(column) };
  return { type: scalarType(field), resolve: (row) => row[column] ?? null, ...reads(column) };
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

function scalarType(field: Field<any>): GraphQLOutputType {
  if (field instanceof ComputedField) return scalarType(field.valueField);
  if (field instanceof ChoiceField) return field.numeric ? GraphQLInt : GraphQLString;
  if (field instanceof IntegerField) return field.opts.big ? BigIntScalar : GraphQLInt;
  if (field instanceof DecimalField) return GraphQLFloat;
  if (field instanceof BooleanField) return GraphQLBoolean;
  if (field instanceof IntegerListField) return new GraphQLList(GraphQLInt);
  if (field instanceof ContentTypeListField) return new GraphQLList(GraphQLString);
  if (field instanceof JsonField) return GenericScalar;
  return GraphQLString;
}

/** The lists of objects pointing at a model (`devices` on a site, `ip_addresses` on an interface). */
function referrerFields(lists: Map<string, Referrer>, model: ModelDef, typeOf: (model: ModelDef) => GraphQLObjectType): Fields {
  const fields: Fields = {};
  for (const [name, referrer] of lists) {
    if (referrer.kind === 'foreignKey') {
      const fk = referrer.field;
      fields[name] = { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(typeOf(fk.model)))), resolve: (row, _args, ctx) => ctx.referrers(fk).load(row.id), ...reads('id') };
    } else {
      const { source, field } = referrer;
      fields[name] = {
        type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(typeOf(source)))),
        resolve: (row, _args, ctx) => ctx.genericReferrers(source, field, model).load(row.id),
        ...reads('id'),
      };
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
