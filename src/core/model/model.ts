import type { EntityManager } from 'typeorm';
import type { AppConfig } from '../config/config';
import type { CachedReads } from '../db/read-cache';
import type { ConfigContextSpec } from '../config-context';
import type { Dialect } from '../dialect/dialect';
import type { ModelQuery, RememberedStatements } from '../query/model-query';
import type { RenderContext } from '../serialize/serializer';
import {
  ComputedField,
  DateField,
  Driver,
  DateTimeField,
  Field,
  FieldError,
  ForeignKeyField,
  GenericRelationField,
  IntegerField,
  ManyToManyField,
  JsonField,
  TextField,
  setModelLookup,
  titleCase,
} from './fields';

export type Row = Record<string, any>;

/** A count of other objects that point here, computed in the page's own query. */
export interface CountSpec {
  /** The counted model, `app.name`. Counts whose model is not installed are left out. */
  model: string;
  /** Its foreign key (or many-to-many relation, or generic relation) to this model. */
  field?: string;
  /** Instead of a relation, a condition between a counted row (alias `c`) and this one (`t`): ASNs within a range. */
  where?: string;
}

export interface FilterContext {
  /** Adds a WHERE condition; `:name` parameters as TypeORM takes them. */
  where(sql: string, params?: Record<string, unknown>): void;
  param(value: unknown): string;
  alias: string;
  driver: 'sqlite' | 'postgres';
  /** For filters that look values up first (a slug to ids). */
  em: EntityManager;
  /** The lookup asked for (`exact`, or one of the filter's own `lookups`). */
  lookup: string;
  /** The requesting user, for filters relative to them (a saved filter's `usable`); null when anonymous. */
  user: Row | null;
  /** The list's read cache for lookups of other tables, when it has one. */
  remembered?: RememberedStatements;
}

/** What a model's `labels` may read: the database, in the request's transaction. */
export interface LabelContext {
  em: EntityManager;
  driver: Driver;
  /**
   * When a page is being represented, its representations so far (nested relations included): labels may read
   * them instead of the database, and must then cost the same statements whatever the rows hold.
   */
  reps?: Record<string, unknown>[];
  /** When a page is being represented, how: labels may load related objects through it, and so through its cache. */
  render?: RenderContext;
}

/** Each row's NetBox `__str__`: its model's `labels` when it has them, else its `display`. */
export async function labelsOf(model: ModelDef, rows: Row[], ctx: LabelContext): Promise<string[]> {
  if (!rows.length) return [];
  return model.labels ? model.labels(rows, ctx) : rows.map((row) => model.display(row));
}

/**
 * Whether a write sets any of these columns anew: a create, or an update that changes one. A rule over
 * columns an update leaves as they were stood when they were written, as the writer's constraint checks assume.
 */
export function changedColumns(row: Row, previous: Row | null, columns: string[]): boolean {
  return !previous || columns.some((column) => row[column] !== previous[column]);
}

/** One row's NetBox `__str__`, for a message; without a database at hand, its `display`. */
export async function labelOf(model: ModelDef, row: Row, ctx?: Partial<LabelContext>): Promise<string> {
  if (!model.labels || !ctx?.em || !ctx.driver) return model.display(row);
  return (await model.labels([row], { em: ctx.em, driver: ctx.driver }))[0];
}

/** A filter no field declares: its name, lookups and how it narrows the query. */
export interface CustomFilter {
  schema?: Record<string, unknown>;
  /** Replaces only the plain match of the field of the same name; its lookups (`__ic`, `__n`...) stay (NetBox's `iexact` names). */
  exactOnly?: boolean;
  /** Also answers `<name>__n`: the rows the filter would not select, those without a value included. */
  negatable?: boolean;
  /** Lookups of the field of the same name it also answers (a declared `MultiValueCharFilter` on another path): the given ones are handed to `apply` with the lookup. */
  lookups?: readonly string[];
  apply(values: string[], ctx: FilterContext): void | Promise<void>;
}

/**
 * NetBox's filter set: `fields` is its `Meta.fields` (each filters under its own name with the lookups its
 * kind takes; a relation there matches by id; one of the model's `counts`, 4.x's counter fields, as a number),
 * `related` its declared relation filters (`<fk>_id` by id, `<fk>` by the related object's slug or name, both with `__n`). `base` is the filter set it extends:
 * `netbox` adds `q`, `tag` and the change-logged filters, `changelog` only `created`, `last_updated` and
 * `*_by_request`, `none` nothing; by default it follows the model's features.
 */
export interface FilterSetSpec {
  fields: string[];
  related?: string[];
  base?: 'netbox' | 'changelog' | 'none';
  /** The set declares NetBox's `tag` filter itself, whatever its base (a config template's). */
  tag?: boolean;
}

/** A uniqueness rule over several fields, NetBox's UniqueConstraint; `when` narrows it to rows where those fields are null. */
export interface UniqueConstraint {
  fields: string[];
  when?: Record<string, null>;
  /** Named in the error of a conditional constraint, as Django names it. */
  name?: string;
  /** The error when it is broken, where NetBox words its own (`Device name must be unique per site.`). */
  message?: string;
}

/** Who is writing, for rules that depend on it (granting a token to someone else). */
export interface WriteContext {
  user: Row | null;
  /** The request's X-Request-ID, stamped on its change records. */
  requestId?: string;
  /** Whether the writer holds a permission for this action on this object type. */
  can(objectType: string, action: string): Promise<boolean>;
  /** The transaction's manager and driver, for rules that read other objects. */
  em?: EntityManager;
  driver?: 'sqlite' | 'postgres';
  /** Values written to fields that have no column, for the model's rules to check (a cable's terminations). */
  input?: Row;
  /** Settings that change the rules (unique global IP space, the peppers v2 tokens are hashed with). */
  config?: Pick<AppConfig, 'enforceGlobalUnique' | 'pluginsConfig' | 'apiTokenPeppers'>;
  /** The API generation the body was written in, where a rule differs between them (a token's version); absent: the stored names'. */
  dialect?: Dialect;
  /** Rows one check has read by id (`loadRow`): its rules often ask for the same related object. */
  loaded?: Map<string, Promise<Row | null>>;
  /** Before an object is deleted, while what it refers to still exists (its representation for outbound events). */
  beforeDelete?(model: ModelDef, row: Row): Promise<void>;
  /** Reads as of the request's start, for what the write does not change itself: custom field definitions. */
  cache?: CachedReads;
}

/** What a write's side effects may use: the driver, and the values of fields that have no column (a cable's terminations). */
export interface AfterWriteContext {
  driver: 'sqlite' | 'postgres';
  input: Row;
  /** Writes of other objects in the same transaction, with their own checks and change records (a cable's terminations). */
  writer: {
    create(model: ModelDef, input: unknown): Promise<number>;
    update(model: ModelDef, id: number, input: unknown, partial: boolean): Promise<void>;
    remove(model: ModelDef, id: number): Promise<void>;
  };
  /** The row is not in its table yet (an import's batch, inserted after its rules ran): what they set on it goes in with it. */
  pending?: boolean;
}

/** What a model's own presentation rule may consult. */
export interface PresentContext {
  /** The object was created by this very request. */
  fresh?: boolean;
  mode?: 'full' | 'brief';
  config?: Pick<AppConfig, 'allowTokenRetrieval' | 'preferIpv4'>;
  /** The API generation the representation is for; absent: the stored names'. */
  dialect?: Dialect;
  /** Where the client reached the API (`https://host/v4`): links are below it. */
  baseUrl?: string;
}

export interface ModelSpec {
  app: string;
  /** Lower-case model name, as in NetBox's content types (`tenantgroup`). */
  name: string;
  /** The path segment (`tenant-groups`). */
  plural: string;
  verboseName?: string;
  verboseNamePlural?: string;
  /** Names its OpenAPI schemas when the verbose name would clash (a VM's `interface`: `VMInterface`). */
  schemaName?: string;
  table?: string;
  fields: Record<string, Field<any>>;
  /**
   * Columns the model's rules compute from its fields (an address's family and numeric bounds):
   * stored, indexed and filtered on, never written through the API nor kept in change records.
   */
  derived?: Record<string, Field<any>>;
  /** NetBox's `__str__` from the row alone; the default is its name, else its id. */
  display?: (row: Row) => string;
  /**
   * NetBox's `__str__` where it names related objects (a device's type, a termination's circuit): each row's label,
   * for a page of rows at once in a fixed number of statements. It replaces `display` in representations, change
   * records and messages.
   */
  labels?: (rows: Row[], ctx: LabelContext) => Promise<string[]>;
  /**
   * Terms as Django writes them: `name`, `-name`. A foreign key's field name (`vrf`) sorts by the
   * related model's ordering, its column name (`vrf_id`) by the id itself; ` nulls first` moves nulls ahead.
   */
  ordering?: string[];
  /** Fields that sort as other columns do (a prefix by family, network and mask length). */
  sortAs?: Record<string, string[]>;
  brief: string[];
  /** The full representation's keys, when they differ from the usual order. */
  full?: string[];
  /** A tree through its `parent` field, with `_depth` and descendant filters. */
  tree?: boolean;
  counts?: Record<string, CountSpec>;
  constraints?: UniqueConstraint[];
  /** Fields `q` searches (case-insensitive contains). */
  search?: string[];
  filters?: Record<string, CustomFilter>;
  /**
   * The filters NetBox's filter set declares for the model, derived from the fields they name; with
   * `filters` and the base filters they are all the list takes, and any other parameter is ignored.
   */
  filterset?: FilterSetSpec;
  /** Attribute a related filter (`?group=<x>`) matches; `slug` when the model has one. */
  lookupField?: string;
  /**
   * Filters over the keys of a JSON field, any parameter with the prefix (4.3's `attr_<key>[__<lookup>]` over a module
   * type's attributes; see json-key-filters.ts), where the request's dialect shows the field.
   */
  jsonKeyFilters?: { prefix: string; field: string };
  features?: { tags?: boolean; customFields?: boolean; created?: boolean; lastUpdated?: boolean; changeLog?: boolean };
  /**
   * NetBox 4.5's OwnerMixin: an `owner` (users.owner, nullable, PROTECT) after the model's own fields. By default a model
   * of NetBox's own apps has one where it is a NetBox model with a description (PrimaryModel, OrganizationalModel,
   * NestedGroupModel, device components); a plugin's where it says so, as its base is one of those.
   */
  owner?: boolean;
  /** Served read-only: GET, HEAD and OPTIONS (change records). */
  readOnlyApi?: boolean;
  /** Further indexes over several columns, by field name. */
  indexes?: string[][];
  /**
   * Fields searched by substring (`q`, `__ic`, `__isw`) on a table that grows large: trigram indexes
   * on PostgreSQL, created by a migration by hand (TypeORM cannot express them) and named by `substringIndexName`.
   */
  substringIndexes?: string[];
  /** Fields searched by their beginning only (an address's `q`): B-tree pattern indexes over `LOWER(column)` on PostgreSQL, named by `startsWithIndexName`. */
  startsWithIndexes?: string[];
  /**
   * Fields compared ignoring case with others (NetBox's constraints on `Lower('name')`, checked by the model's rules): a
   * B-tree index over `LOWER(first)` and the rest on PostgreSQL, made by a migration and named by `caseInsensitiveIndexName`.
   */
  caseInsensitiveIndexes?: string[][];
  /** The foreign key or generic relation whose object a change record names as related (an interface's device, an address's interface). */
  relatedObject?: string;
  /** Devices and virtual machines: which config contexts apply, rendered as `config_context`. */
  configContext?: ConfigContextSpec;
  /** Stored but not served: no routes, no place in the API root or the schema (sessions). */
  internal?: boolean;
  /**
   * An object type only, as Django's `managed = False` models: no table, no routes, but a content type that
   * permissions and webhooks may name (`extras.script`, whose `run` permission runs scripts).
   */
  objectTypeOnly?: boolean;
  /** Checks across fields before a write (throw FieldError keyed by field); may normalise the row. */
  validate?: (row: Row, previous: Row | null, ctx?: WriteContext) => void | Promise<void>;
  /** Side effects of a write, in its transaction, once stored; `row` null on delete (a renamed custom field renames the values stored under it). */
  afterWrite?: (em: EntityManager, row: Row | null, previous: Row | null, ctx: AfterWriteContext) => Promise<void>;
  /**
   * What the side effects of an update or delete need from other tables, read with the object's row as it starts:
   * SQL expressions over its alias `t`, by key. `afterWrite` finds their values on `previous`.
   */
  readWithPrevious?: (query: ModelQuery) => Record<string, string>;
  /** Adjusts a rendered object (hiding a secret once it has been shown). */
  present?: (rep: Record<string, unknown>, row: Row, ctx: PresentContext) => void;
  /**
   * Fills keys computed from other tables for a whole page at once, in a fixed number of queries
   * (a component's link peers). Only keys already present in a representation are to be set.
   */
  augment?: (ctx: RenderContext, rows: Row[], reps: Record<string, unknown>[], mode: 'full' | 'brief') => Promise<void>;
  /**
   * A constraint every request of this user is held to, on top of permissions (own tokens only); a list: any of them
   * (shared table configs, or one's own).
   */
  restrict?: (user: Row) => Record<string, unknown> | Array<Record<string, unknown>> | null;
}

export class ModelDef {
  readonly app: string;
  readonly name: string;
  /** `<app>.<name>`: the object type, and the key of every cache by model. */
  readonly label: string;
  readonly plural: string;
  readonly verboseName: string;
  readonly verboseNamePlural: string;
  readonly table: string;
  readonly fields: Record<string, Field<any>>;
  /** Fields the generic layer adds: id, created, last_updated, custom_field_data, tree columns. */
  readonly storedFields: Record<string, Field<any>>;
  readonly ordering: string[];
  readonly sortAs: Record<string, string[]>;
  readonly brief: string[];
  readonly full: string[];
  readonly tree: boolean;
  readonly counts: Record<string, CountSpec>;
  readonly constraints: UniqueConstraint[];
  readonly search: string[];
  readonly filters: Record<string, CustomFilter>;
  readonly filterset?: FilterSetSpec;
  readonly jsonKeyFilters?: ModelSpec['jsonKeyFilters'];
  readonly features: Required<NonNullable<ModelSpec['features']>>;
  readonly display: (row: Row) => string;
  readonly labels?: ModelSpec['labels'];
  readonly validate?: ModelSpec['validate'];
  readonly present?: ModelSpec['present'];
  readonly augment?: ModelSpec['augment'];
  readonly afterWrite?: ModelSpec['afterWrite'];
  readonly readWithPrevious?: ModelSpec['readWithPrevious'];
  readonly restrict?: ModelSpec['restrict'];
  readonly internal: boolean;
  readonly objectTypeOnly: boolean;
  readonly readOnlyApi: boolean;
  readonly indexes: string[][];
  readonly substringIndexes: string[];
  readonly startsWithIndexes: string[];
  readonly caseInsensitiveIndexes: string[][];
  readonly relatedObject?: string;
  readonly configContext?: ConfigContextSpec;
  private readonly spec: ModelSpec;
  private columnCache?: Field<any>[];
  private readColumnCache?: Field<any>[];
  private computedCache?: ComputedField[];
  private converterCache?: Array<[column: string, field: Field<any>]>;

  constructor(spec: ModelSpec) {
    this.spec = spec;
    this.app = spec.app;
    this.name = spec.name;
    this.label = `${spec.app}.${spec.name}`;
    this.plural = spec.plural;
    this.verboseName = spec.verboseName ?? spec.name;
    this.verboseNamePlural = spec.verboseNamePlural ?? `${this.verboseName}s`;
    this.table = spec.table ?? `${spec.app}_${spec.name}`;
    this.features = { tags: true, customFields: true, created: true, lastUpdated: true, changeLog: !spec.internal, ...spec.features };
    this.fields = (spec.owner ?? ownedByDefault(spec, this.features)) ? { ...spec.fields, owner: ownerField() } : spec.fields;
    this.tree = !!spec.tree;
    this.counts = spec.counts ?? {};
    this.constraints = spec.constraints ?? [];
    this.search = spec.search ?? [];
    this.filters = spec.filters ?? {};
    this.filterset = spec.filterset;
    this.jsonKeyFilters = spec.jsonKeyFilters;
    this.display = spec.display ?? ((row) => String(row.name ?? row.id));
    this.labels = spec.labels;
    this.validate = spec.validate;
    this.present = spec.present;
    this.augment = spec.augment;
    this.afterWrite = spec.afterWrite;
    this.readWithPrevious = spec.readWithPrevious;
    this.restrict = spec.restrict;
    this.internal = !!spec.internal;
    this.objectTypeOnly = !!spec.objectTypeOnly;
    this.readOnlyApi = !!spec.readOnlyApi;
    this.indexes = spec.indexes ?? [];
    this.substringIndexes = spec.substringIndexes ?? [];
    this.startsWithIndexes = spec.startsWithIndexes ?? [];
    this.caseInsensitiveIndexes = spec.caseInsensitiveIndexes ?? [];
    this.relatedObject = spec.relatedObject;
    this.configContext = spec.configContext;
    this.ordering = spec.ordering ?? (spec.tree ? ['tree_sort'] : ['name']);
    this.sortAs = spec.sortAs ?? {};
    this.brief = spec.brief;

    const stored: Record<string, Field<any>> = { id: new IntegerField({ readOnly: true }) };
    for (const [name, field] of Object.entries(this.fields)) stored[name] = field;
    for (const [name, field] of Object.entries(spec.derived ?? {})) stored[name] = field;
    if (this.features.customFields) stored.custom_field_data = new JsonField({ readOnly: true, default: () => ({}) });
    if (this.features.created) stored.created = new DateField({ readOnly: true, nullable: true });
    if (this.features.lastUpdated) stored.last_updated = new DateTimeField({ readOnly: true, nullable: true });
    if (this.tree) {
      if (!(spec.fields.parent instanceof ForeignKeyField)) throw new Error(`${this.label}: a tree needs a parent foreign key`);
      stored._depth = new IntegerField({ readOnly: true, default: 0 });
      // Zero-padded ancestor ids ending with the node's own: descendants are a prefix match.
      stored.tree_path = new TextField({ readOnly: true, max: 255, blank: true });
      // Ancestors' names then the node's own: ordering by it lists the tree depth first, siblings by name.
      stored.tree_sort = new TextField({ readOnly: true, blank: true });
    }
    for (const [name, field] of Object.entries(stored)) {
      field.name = name;
      field.model = this;
    }
    this.storedFields = stored;
    this.full = spec.full ?? this.defaultFull();
  }

  /** `TenantGroup`: names the OpenAPI schemas. */
  get className(): string {
    return this.spec.schemaName ?? titleCase(this.verboseName).replace(/\s+/g, '');
  }
  get title(): string {
    return titleCase(this.verboseName);
  }
  get path(): string {
    return `${registry.appRoot(this.app)}${this.plural}/`;
  }
  get lookupField(): string {
    // A model with neither a slug nor a name is looked up by id.
    return this.spec.lookupField ?? (this.fields.slug ? 'slug' : this.fields.name ? 'name' : 'id');
  }
  /** Fields with a column of the model's own table. */
  get columns(): Field<any>[] {
    return (this.columnCache ??= Object.values(this.storedFields).filter((f) => f.stored));
  }
  /** The columns a row is read with: all but the deferred ones. */
  get readColumns(): Field<any>[] {
    return (this.readColumnCache ??= this.columns.filter((f) => !f.opts.deferred));
  }
  /** Values computed in SQL with each row, read as if they were columns. */
  get computed(): ComputedField[] {
    return (this.computedCache ??= Object.values(this.storedFields).filter((f): f is ComputedField => f instanceof ComputedField));
  }
  /** Columns (and computed values) whose value needs converting on read: the others are read as the driver gives them. */
  get converters(): Array<[column: string, field: Field<any>]> {
    return (this.converterCache ??= [...this.readColumns, ...this.computed].filter((f) => f.fromDb !== Field.prototype.fromDb).map((f) => [f.column, f]));
  }
  /** Many-to-many relations whose target is installed: those with a through table (either side of it). */
  get manyToMany(): ManyToManyField[] {
    return this.installedOnly('manyToMany', () => Object.values(this.fields).filter((f): f is ManyToManyField => f instanceof ManyToManyField && f.installed));
  }
  get foreignKeys(): ForeignKeyField[] {
    return this.installedOnly('foreignKeys', () => Object.values(this.fields).filter((f): f is ForeignKeyField => f instanceof ForeignKeyField && f.installed));
  }
  /** Counts whose counted model is installed. */
  get activeCounts(): Record<string, CountSpec> {
    return this.installedOnly('activeCounts', () => Object.fromEntries(Object.entries(this.counts).filter(([, c]) => registry.has(c.model))));
  }

  private readonly byInstalled = new Map<string, { generation: number; value: unknown }>();
  /**
   * What depends on which models are installed, worked out again only when one is registered: every request asks, and
   * building it each time cost more than a page's SQL on the remembered-answer paths.
   */
  installedOnly<T>(key: string, compute: () => T): T {
    const known = this.byInstalled.get(key);
    if (known && known.generation === registry.generation) return known.value as T;
    const value = compute();
    this.byInstalled.set(key, { generation: registry.generation, value });
    return value;
  }
  /** Fields a request body may set. */
  get writableFields(): Field<any>[] {
    return Object.values(this.fields).filter((f) => !f.readOnly);
  }

  private defaultFull(): string[] {
    const keys = ['id', 'url', 'display', ...Object.keys(this.fields)];
    if (this.features.tags) keys.push('tags');
    if (this.features.customFields) keys.push('custom_fields');
    if (this.features.created) keys.push('created');
    if (this.features.lastUpdated) keys.push('last_updated');
    keys.push(...Object.keys(this.counts));
    if (this.tree) keys.push('_depth');
    return keys;
  }
}

/** NetBox's own apps: their models take an owner by what they are; a plugin's by what it declares. */
const NETBOX_APPS = new Set(['circuits', 'core', 'dcim', 'extras', 'ipam', 'tenancy', 'users', 'virtualization', 'vpn', 'wireless']);

function ownedByDefault(spec: ModelSpec, features: ModelDef['features']): boolean {
  return NETBOX_APPS.has(spec.app) && features.tags && features.customFields && features.changeLog && !!spec.fields.description;
}

/** 4.5's owner of an object: a users.owner it may be without, which cannot be deleted while it owns something. */
function ownerField(): ForeignKeyField {
  return new ForeignKeyField('users.owner', { nullable: true, onDelete: 'PROTECT' });
}

class ModelRegistry {
  private readonly models = new Map<string, ModelDef>();
  private readonly appRoots = new Map<string, string>();
  private readonly reverseCache = new Map<ModelDef, Map<string, ForeignKeyField>>();
  /** Counts registrations: what is worked out from the installed models holds while it stays the same. */
  generation = 0;
  /** Serves an app's models below another root than `/api/<app>/` (a plugin's `/api/plugins/<base_url>/`). */
  mountApp(app: string, root: string): void {
    const mounted = this.appRoots.get(app);
    if (mounted && mounted !== root) throw new Error(`App ${app} is already served at ${mounted}`);
    this.appRoots.set(app, root);
  }
  appRoot(app: string): string {
    return this.appRoots.get(app) ?? `/api/${app}/`;
  }
  register(model: ModelDef): void {
    if (this.models.has(model.label)) throw new Error(`Model ${model.label} is defined twice`);
    this.models.set(model.label, model);
    this.reverseCache.clear();
    this.generation++;
  }
  get(label: string): ModelDef | undefined {
    return this.models.get(label);
  }
  has(label: string): boolean {
    return this.models.has(label);
  }
  all(): ModelDef[] {
    return [...this.models.values()];
  }
  /** Models served by the API. */
  served(): ModelDef[] {
    return this.all().filter((m) => !m.internal && !m.objectTypeOnly);
  }
  byApp(app: string): ModelDef[] {
    return this.served().filter((m) => m.app === app);
  }
  /** Generic references that are deleted along with the object they name. */
  cascadingGenericRelations(): Array<{ model: ModelDef; field: GenericRelationField }> {
    return this.all().flatMap((m) =>
      Object.values(m.fields)
        .filter((f): f is GenericRelationField => f instanceof GenericRelationField && f.cascade)
        .map((field) => ({ model: m, field })),
    );
  }
  /** Many-to-many relations anywhere that point at `target`, each once: by the side that keeps its through table. */
  manyToManyTo(target: ModelDef): ManyToManyField[] {
    return this.all().flatMap((m) => m.manyToMany.filter((f) => f.ownsTable && f.target === target));
  }
  /** Foreign keys anywhere that ask to be listed, nested, in `target`'s full form, by the key they name. */
  reverseRelationsTo(target: ModelDef): Map<string, ForeignKeyField> {
    let found = this.reverseCache.get(target);
    if (!found) {
      found = new Map(this.referencesTo(target).flatMap((fk) => (fk.opts.reverse ? [[fk.opts.reverse, fk] as const] : [])));
      this.reverseCache.set(target, found);
    }
    return found;
  }
  /** Foreign keys anywhere that point at `target`. */
  referencesTo(target: ModelDef): ForeignKeyField[] {
    return this.all().flatMap((m) => m.foreignKeys.filter((fk) => safeTarget(fk) === target));
  }
}

function safeTarget(fk: ForeignKeyField): ModelDef | undefined {
  try {
    return fk.target;
  } catch {
    return undefined;
  }
}

export const registry = new ModelRegistry();
setModelLookup((label) => registry.get(label));

export function defineModel(spec: ModelSpec): ModelDef {
  const model = new ModelDef(spec);
  registry.register(model);
  return model;
}

export { FieldError };
