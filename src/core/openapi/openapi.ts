import { BooleanField, ChoiceField, Field, ForeignKeyField } from '../model/fields';
import { ModelDef, registry } from '../model/model';
import { FilterSpec, filtersFor } from '../query/filters';
import { takesCursor } from '../crud/pagination';
import { keysFor } from '../serialize/serializer';
import type { Dialect } from '../dialect/dialect';

type Schema = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A related object written as its id or as a dictionary of attributes identifying it. */
const RELATED_WRITE: Schema = {
  oneOf: [{ type: 'integer' }, { type: 'object', additionalProperties: {}, description: 'Attributes identifying the related object' }],
};

/** NetBox's NestedTag, for `tags` when no tag model is installed to generate it. */
const NESTED_TAG: Schema = {
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    url: { type: 'string', format: 'uri', readOnly: true },
    display: { type: 'string', readOnly: true },
    name: { type: 'string', maxLength: 100 },
    slug: { type: 'string', format: 'slug', maxLength: 100, pattern: '^[-a-zA-Z0-9_]+$' },
    color: { type: 'string', maxLength: 6, pattern: '^[0-9a-f]{6}$' },
  },
  required: ['id', 'url', 'display', 'name', 'slug'],
};

/** Keys a response keeps whatever the object: used for the `required` list of read schemas. */
const ALWAYS = ['id', 'url', 'display'];

/** How a key of a representation reads. */
function readSchema(model: ModelDef, key: string, dialect?: Dialect): Schema {
  switch (key) {
    case 'id':
      return { type: 'integer', readOnly: true };
    case 'url':
    case 'display_url':
      return { type: 'string', format: 'uri', readOnly: true };
    case 'display':
      return { type: 'string', readOnly: true };
    case 'tags':
      return { type: 'array', items: ref('NestedTag') };
    case 'custom_fields':
      return { type: 'object', additionalProperties: {} };
  }
  if (key in model.counts) return { type: 'integer', readOnly: true };
  const reverse = registry.reverseRelationsTo(model).get(key);
  if (reverse) return { type: 'array', items: ref(`Nested${reverse.model.className}`), readOnly: true };
  const field = spokenField(model, model.storedFields[key], dialect);
  if (!field) return { readOnly: true };
  return withMeta(field, readFieldSchema(field));
}

/** A field as a dialect describes it: a choice with the values the dialect speaks (4.x's VLAN status). */
function spokenField<F extends Field<any> | undefined>(model: ModelDef, field: F, dialect: Dialect | undefined): F | ChoiceField {
  const choices = field && dialect?.choicesOf(model, field.name);
  return choices ? Object.assign(new ChoiceField(choices, field.opts), { name: field.name, model }) : field;
}

function readFieldSchema(field: Field<any>): Schema {
  if (field instanceof ForeignKeyField && field.installed && !field.opts.flat) {
    const nested = ref(`Nested${field.target.className}`);
    return field.nullable ? { allOf: [nested], nullable: true } : nested;
  }
  if (field instanceof ChoiceField && !field.opts.flat) {
    return {
      type: 'object',
      properties: {
        value: { type: field.numeric ? 'integer' : 'string', enum: field.choices.map((c) => c.value) },
        label: { type: 'string', enum: field.choices.map((c) => c.label) },
      },
      required: ['value', 'label'],
      // Unset (null or blank) reads as null.
      nullable: field.nullable || !!field.opts.blank || undefined,
    };
  }
  // minLength is a constraint on what is written, not on what is read.
  const { minLength: _minLength, ...schema } = field.openapi();
  return schema;
}

function withMeta(field: Field<any>, schema: Schema): Schema {
  const out: Schema = { ...schema };
  if (field.readOnly) out.readOnly = true;
  if (field.nullable && !('allOf' in out) && !('$ref' in out)) out.nullable = true;
  if (field.opts.helpText && !('$ref' in out)) out.description = field.opts.helpText;
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out;
}

/** How a field is written: related objects by id or by a dictionary of attributes (a flat one by id), choices as the bare value. */
function writeSchema(field: Field<any>): Schema {
  if (field instanceof ForeignKeyField && !field.opts.flat) {
    const out: Schema = { ...RELATED_WRITE };
    if (field.nullable) out.nullable = true;
    if (field.opts.helpText) out.description = field.opts.helpText;
    return out;
  }
  return withMeta(field, field.openapi());
}

function objectSchema(properties: Record<string, Schema>, required: string[]): Schema {
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

/** A stored key as the dialect names it. */
const spokenName = (model: ModelDef, dialect: Dialect | undefined) => (key: string) => dialect?.nameOf(model, key) ?? key;

/**
 * The fields a dialect takes: those its full form shows, and those no form shows (a password). A field the dialect
 * reads without (a prefix's `site` in 4.6) is one it does not document taking either.
 */
function writableFieldsOf(model: ModelDef, dialect: Dialect | undefined): Field<any>[] {
  if (!dialect) return model.writableFields;
  const shown = new Set(keysFor(model, 'full', dialect));
  const readable = new Set(keysFor(model, 'full'));
  return model.writableFields.filter((f) => dialect.takes(model, f.name) && (shown.has(f.name) || !readable.has(f.name)));
}

function componentsFor(model: ModelDef, dialect: Dialect | undefined): Record<string, Schema> {
  const name = model.className;
  const spoken = spokenName(model, dialect);
  const full = keysFor(model, 'full', dialect);
  const brief = keysFor(model, 'brief', dialect);
  const writable = writableFieldsOf(model, dialect);
  const writeProps: Record<string, Schema> = Object.fromEntries(writable.map((f) => [spoken(f.name), writeSchema(spokenField(model, f, dialect))]));
  if (model.features.tags) writeProps.tags = { type: 'array', items: RELATED_WRITE };
  if (model.features.customFields) writeProps.custom_fields = { type: 'object', additionalProperties: {} };
  if (model.features.changeLog) for (const key of dialect?.writeOnly ?? []) writeProps[key] = { type: 'string' };
  const requiredWrite = writable.filter((f) => f.required).map((f) => f.name);
  const readProps = (keys: readonly string[]) => Object.fromEntries(keys.map((k) => [spoken(k), readSchema(model, k, dialect)]));
  // Every object has what it must be written with: typed clients may rely on those keys.
  const requiredRead = (keys: readonly string[]) => keys.filter((k) => ALWAYS.includes(k) || requiredWrite.includes(k)).map(spoken);
  return {
    [name]: objectSchema(readProps(full), requiredRead(full)),
    [`Nested${name}`]: objectSchema(readProps(brief), requiredRead(brief)),
    [`Writable${name}Request`]: objectSchema(writeProps, requiredWrite.map(spoken)),
    [`PatchedWritable${name}Request`]: objectSchema(writeProps, []),
    [`Paginated${name}List`]: {
      type: 'object',
      required: ['count', 'results'],
      properties: {
        count: { type: 'integer', example: 123 },
        next: { type: 'string', format: 'uri', nullable: true },
        previous: { type: 'string', format: 'uri', nullable: true },
        results: { type: 'array', items: ref(name) },
      },
    },
  };
}

/** The value type of one filter parameter, from the field it filters. */
export function filterValueSchema(model: ModelDef, name: string, lookup: string | null, dialect?: Dialect, spec?: FilterSpec): Schema {
  if (lookup === 'empty') return { type: 'boolean' };
  if (name === 'q') return { type: 'string' };
  const custom = model.filters[name];
  // A filter declared whole says its value's schema (a dialect's own, too).
  const declared = spec?.schema ?? custom?.schema;
  if (declared) return declared;
  if (custom) return { type: 'string' };
  const related = model.fields[name.replace(/_id$/, '')];
  if (related instanceof ForeignKeyField) {
    // `null` selects objects without one.
    return name.endsWith('_id') ? { type: 'integer', nullable: true } : { type: 'string', nullable: true };
  }
  const field = spokenField(model, model.storedFields[name], dialect);
  if (!field) return { type: 'string' };
  if (field instanceof ChoiceField) return { type: field.numeric ? 'integer' : 'string', enum: field.choices.map((c) => c.value) };
  if (field instanceof BooleanField) return { type: 'boolean' };
  const { type, format } = field.openapi() as { type?: string; format?: string };
  if (type === 'object' || type === undefined) return { type: 'string' };
  return format && format !== 'slug' ? { type, format } : { type };
}

/** A filter parameter, named as the dialect names it: repeatable (values OR'ed) except `q` and `__empty`. */
function filterParameter(model: ModelDef, spec: FilterSpec, base: string, spokenBase: string, lookup: string | null, dialect?: Dialect): Schema {
  const name = lookup ? `${spokenBase}__${lookup}` : spokenBase;
  const value = filterValueSchema(model, base, lookup, dialect, spec);
  if (base === 'q') return { name, in: 'query', description: 'Search', schema: value };
  if (lookup === 'empty' || value.type === 'boolean') return { name, in: 'query', schema: value };
  return { name, in: 'query', schema: { type: 'array', items: value }, explode: true, style: 'form' };
}

/**
 * The parameters of a GET that choose its answer's keys: `brief`, and in a dialect that takes them NetBox 4's `fields`
 * and `omit`, as its schema declares them on every list and detail.
 */
function keyParameters(dialect: Dialect | undefined): Schema[] {
  if (!dialect?.fieldSelection) return [{ name: 'brief', in: 'query', description: 'Return the brief (nested) representation.', schema: { type: 'boolean' } }];
  return [
    { name: 'fields', in: 'query', description: 'Comma-separated list of fields to include in the response. Example: `fields=id,name`.', schema: { type: 'string' } },
    { name: 'omit', in: 'query', description: 'Comma-separated list of fields to exclude from the response. Example: `omit=description,tags`.', schema: { type: 'string' } },
    { name: 'brief', in: 'query', description: 'Return only brief fields for each object.', schema: { type: 'boolean' } },
  ];
}

function listParameters(model: ModelDef, dialect: Dialect | undefined): Schema[] {
  const params: Schema[] = [
    { name: 'limit', in: 'query', description: 'Number of results to return per page.', schema: { type: 'integer' } },
    { name: 'offset', in: 'query', description: 'The initial index from which to return the results.', schema: { type: 'integer' } },
    { name: 'ordering', in: 'query', description: 'Which field to use when ordering the results.', schema: { type: 'string' } },
    ...keyParameters(dialect),
  ];
  // An extension ahead of NetBox 3.5: NetBox 4.6's cursor pagination, where `start` is not a filter.
  if (takesCursor(model, dialect)) {
    params.splice(2, 0, { name: 'start', in: 'query', description: 'Cursor-based pagination: return results with id >= start, ordered by id, uncounted. Mutually exclusive with offset.', schema: { type: 'integer' } });
  }
  for (const [name, spec] of filtersFor(model, dialect)) {
    // Left out where the dialect has no such filter (a 4.6 device's `device_role`).
    const spoken = dialect ? dialect.filterNameOf(model, name) : name;
    if (spoken === null) continue;
    params.push(filterParameter(model, spec, name, spoken, null, dialect));
    for (const lookup of spec.lookups) params.push(filterParameter(model, spec, name, spoken, lookup, dialect));
  }
  return params;
}

export const json = (schema: Schema) => ({ content: { 'application/json': { schema } } });

/** Routes an app adds beside its models' generic ones (a prefix's free addresses), by path. */
const documentedRoutes: Record<string, Schema> = {};

/** Documented routes of no model (the background tasks): in a dialect's document unless it lacks them. */
const standaloneRoutes = new Set<string>();

/**
 * Puts a route of an app's own into the OpenAPI document: where its model is served, or, `standalone`, where the
 * dialect does not lack it.
 */
export function documentRoute(path: string, operations: Record<string, Schema>, opts: { standalone?: boolean } = {}): void {
  documentedRoutes[path] = { ...documentedRoutes[path], ...operations };
  if (opts.standalone) standaloneRoutes.add(path);
  routePatterns = null;
}

let routePatterns: Array<[RegExp, string[]]> | null = null;

/** The methods of the documented route a request path falls on (`/api/…/5/sync/`), or null when it falls on none. */
export function documentedMethods(requestPath: string): string[] | null {
  routePatterns ??= Object.entries(documentedRoutes).map(([path, ops]) => [
    new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    Object.keys(ops).map((m) => m.toUpperCase()),
  ]);
  return routePatterns.find(([pattern]) => pattern.test(requestPath))?.[1] ?? null;
}
const idItem = (): Schema => ({ type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] });

/** A model's list path as the dialect routes it (`/api/vpn/l2vpns/` in 4.6). */
const listPathOf = (model: ModelDef, dialect: Dialect | undefined) => dialect?.pathOf(model) ?? model.path;

/** How the document speaks: the dialect's names, and the base its paths are under (`/v4`). */
interface Speech {
  dialect?: Dialect;
  base: string;
}

function pathsFor(model: ModelDef, speech: Speech): Record<string, Schema> {
  const paths = allPathsFor(model, speech);
  if (!model.readOnlyApi) return paths;
  // Read-only models (change records) answer GET only.
  return Object.fromEntries(Object.entries(paths).map(([path, ops]) => [path, { get: (ops as Schema).get }]));
}

function allPathsFor(model: ModelDef, { dialect, base }: Speech): Record<string, Schema> {
  const name = model.className;
  const listPath = listPathOf(model, dialect);
  // Named after the path, as drf-spectacular does: `/api/plugins/dns/zones/` is `plugins_dns_zones_list`, tagged `plugins`.
  const segments = listPath.split('/').filter(Boolean).slice(1);
  const tags = [segments[0]];
  const noun = model.verboseName;
  const op = (operationId: string, description: string, extra: Schema) => ({
    operationId: `${segments.join('_').replace(/-/g, '_')}_${operationId}`,
    description,
    tags,
    ...extra,
  });
  const idParam = { name: 'id', in: 'path', required: true, description: `A unique integer value identifying this ${noun}.`, schema: { type: 'integer' } };
  // Bulk updates: each item names its object by id; PUT needs the required fields, PATCH only what changes.
  const bulkPut = { allOf: [ref(`Writable${name}Request`), idItem()] };
  const bulkPatch = { allOf: [ref(`PatchedWritable${name}Request`), idItem()] };
  const many = { type: 'array', items: ref(name) };
  return {
    [`${base}${listPath}`]: {
      get: op('list', `Get a list of ${noun} objects.`, {
        parameters: listParameters(model, dialect),
        responses: { '200': { description: '', ...json(ref(`Paginated${name}List`)) } },
      }),
      // One object answers one object, as NetBox documents it; a list body (bulk create) answers the list.
      post: op('create', `Post a list of ${noun} objects.`, {
        requestBody: { required: true, ...json({ oneOf: [ref(`Writable${name}Request`), { type: 'array', items: ref(`Writable${name}Request`) }] }) },
        responses: { '201': { description: 'The created object; a list of them for a list body.', ...json(ref(name)) } },
      }),
      put: op('bulk_update', `Put a list of ${noun} objects.`, {
        requestBody: { required: true, ...json({ type: 'array', items: bulkPut }) },
        responses: { '200': { description: '', ...json(many) } },
      }),
      patch: op('bulk_partial_update', `Patch a list of ${noun} objects.`, {
        requestBody: { required: true, ...json({ type: 'array', items: bulkPatch }) },
        responses: { '200': { description: '', ...json(many) } },
      }),
      delete: op('bulk_destroy', `Delete a list of ${noun} objects.`, {
        requestBody: { required: true, ...json({ type: 'array', items: idItem() }) },
        responses: { '204': { description: 'No response body' } },
      }),
    },
    [`${base}${listPath}{id}/`]: {
      get: op('retrieve', `Get a ${noun} object.`, { parameters: [idParam, ...(dialect?.fieldSelection ? keyParameters(dialect) : [])], responses: { '200': { description: '', ...json(ref(name)) } } }),
      put: op('update', `Put a ${noun} object.`, {
        parameters: [idParam],
        requestBody: { required: true, ...json(ref(`Writable${name}Request`)) },
        responses: { '200': { description: '', ...json(ref(name)) } },
      }),
      patch: op('partial_update', `Patch a ${noun} object.`, {
        parameters: [idParam],
        requestBody: json(ref(`PatchedWritable${name}Request`)),
        responses: { '200': { description: '', ...json(ref(name)) } },
      }),
      delete: op('destroy', `Delete a ${noun} object.`, { parameters: [idParam], responses: { '204': { description: 'No response body' } } }),
    },
  };
}

const STATUS: Schema = {
  type: 'object',
  properties: {
    'framework-version': { type: 'string' },
    'installed-apps': { type: 'object', additionalProperties: { type: 'string' } },
    'service-version': { type: 'string' },
    plugins: { type: 'object', additionalProperties: { type: 'string' } },
    'python-version': { type: 'string' },
    'rq-workers-running': { type: 'integer' },
  },
};

export interface DocumentOptions {
  /** `info.version` where the dialect is the native one (or none is given); another dialect's is its release. */
  version: string;
  title?: string;
  /** The API generation described: its names, filters and routes; the stored ones when absent. */
  dialect?: Dialect;
  /** What every path is under: the base the document was asked for by (`/v4`), `''` below `/api/`. */
  base?: string;
}

/** The OpenAPI 3 document of every installed model as a dialect speaks it, derived from the same declarations as the routes. */
export function buildOpenApiDocument(installed: ModelDef[], opts: DocumentOptions): Schema {
  const { dialect, base = '' } = opts;
  const speech: Speech = { dialect, base };
  const models = installed.filter((m) => !dialect || dialect.serves(m));
  const paths: Record<string, Schema> = {
    [`${base}/api/status/`]: {
      get: {
        operationId: 'status_retrieve',
        tags: ['status'],
        description: "The service's status: versions, installed apps and plugins, workers.",
        responses: { '200': { description: '', ...json(STATUS) } },
      },
    },
  };
  const schemas: Record<string, Schema> = {};
  for (const model of [...models].sort((a, b) => listPathOf(a, dialect).localeCompare(listPathOf(b, dialect)))) {
    Object.assign(paths, pathsFor(model, speech));
    Object.assign(schemas, componentsFor(model, dialect));
  }
  if (!schemas.NestedTag && models.some((m) => m.features.tags)) schemas.NestedTag = NESTED_TAG;
  const lacked = dialect?.lackedPaths() ?? [];
  for (const [path, operations] of Object.entries(documentedRoutes)) {
    const shown = standaloneRoutes.has(path) ? !lacked.some((l) => path.startsWith(l)) : models.some((m) => path.startsWith(m.path));
    if (shown) paths[`${base}${dialect?.routeOut(path) ?? path}`] = operations;
  }
  const version = dialect && !dialect.isNative ? dialect.release : opts.version;
  return {
    openapi: '3.0.3',
    info: { title: opts.title ?? 'Inventory API', version, license: { name: 'Apache v2' } },
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: { tokenAuth: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token-based authentication with required prefix "Token"' } },
    },
    security: [{ tokenAuth: [] }],
  };
}
