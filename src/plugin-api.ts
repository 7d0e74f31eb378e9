/**
 * What a plugin builds with: the declarations the built-in apps use, and the services their own
 * routes use. Plugins in the service's tree import it; packages built apart get it as the argument
 * of the function their entry exports.
 */
import * as models from './models';

export { models };
export { definePlugin, Plugin, pluginSettings } from './core/plugins/plugin';
export type { PluginSpec } from './core/plugins/plugin';
export {
  FieldError,
  boolean,
  choice,
  contentType,
  contentTypes,
  date,
  datetime,
  decimal,
  foreignKey,
  genericRelation,
  input,
  integer,
  integers,
  json,
  manyToMany,
  slug,
  text,
} from './core/model/fields';
export type { Driver } from './core/model/fields';
export { ModelDef, defineModel, registry } from './core/model/model';
export type { AfterWriteContext, CustomFilter, FilterContext, ModelSpec, Row, WriteContext } from './core/model/model';
export type { QueryParams } from './core/query/filters';
export { booleanFilter, iexact, pathFilter, provideFilters, searchFilter, tenancyFilters } from './core/query/filters';
export { ModelQuery, loadRow, q } from './core/query/model-query';
export { loadNested, represent } from './core/serialize/serializer';
export type { Representation } from './core/serialize/serializer';
export { CrudService } from './core/crud/crud.service';
export type { RequestContext } from './core/crud/crud.service';
export { requestContext } from './core/crud/model.controller';
export { ModelRoute, PublicRoute } from './core/auth/auth.guard';
export { ConflictError, NotFoundError, PermissionDeniedError, ValidationError } from './core/http/errors';
export { Allow, READ_METHODS } from './core/http/allow';
export { documentRoute } from './core/openapi/openapi';
export { APP_CONFIG } from './core/config/config';
// Plugins build their own GraphQL queries with the service's copy of graphql-js: types of two copies do not mix.
export * as graphql from 'graphql';
export type { GraphqlContext } from './graphql/context';
export type { GraphqlQueries } from './graphql/schema';
export type { AppConfig } from './core/config/config';
export { AbortScript, Script, ScriptWriteError } from './extras/scripts/script';
export type { LogLevel, ObjectReader, ScriptClass, ScriptContext } from './extras/scripts/script';
export { Report } from './extras/scripts/report';
export type { LoggedObject, ReportClass, ReportLogEntry, TestResult } from './extras/scripts/report';
export {
  BooleanVar,
  ChoiceVar,
  IPAddressVar,
  IPAddressWithMaskVar,
  IPNetworkVar,
  IntegerVar,
  MultiChoiceVar,
  MultiObjectVar,
  ObjectVar,
  ScriptVariable,
  StringVar,
  TextVar,
} from './extras/scripts/variables';
export type { Choices, ScriptData, Vars } from './extras/scripts/variables';
