import { ValidationError } from '../http/errors';
import { Choice, ChoiceField, ContentTypeField, ContentTypeListField, FieldError, ForeignKeyField, GenericRelationField } from '../model/fields';
import { CustomFilter, FilterSetSpec, ModelDef, registry } from '../model/model';

/** A value stored one way and spoken another (a virtual machine's disk: megabytes stored, gigabytes in 3.5). */
export interface ValueConversion {
  /** The stored value as the dialect shows it. */
  out(value: unknown): unknown;
  /**
   * A value the dialect was sent, as stored; unchanged when it is not one the conversion knows (the field's own check
   * refuses it). Throws FieldError for a value the field would take but the dialect does not (4.x's VLAN status `1`).
   */
  in(value: unknown): unknown;
  /** A filter's value (of the field's filter and its lookups) as stored; throws FieldError for one the dialect does not take. Absent: as given. */
  filter?(value: string): string;
}

/**
 * A choice whose stored values the dialect speaks as others (`{1: 'active'}`): answers show the dialect's values,
 * bodies and filters take them and refuse the stored ones, with NetBox's messages.
 */
function choiceConversion(spoken: Record<string, string | number>): ValueConversion {
  const stored = new Map(Object.entries(spoken).map(([value, said]) => [String(said), value]));
  const say = (value: unknown) => spoken[String(value)] ?? value;
  return {
    out: (value) => (typeof value === 'object' && value !== null && 'value' in value ? { ...value, value: say((value as Choice).value) } : say(value)),
    in(value) {
      if (value === null || value === '' || typeof value === 'object') return value;
      const known = stored.get(String(value));
      if (known === undefined) throw new FieldError([`"${String(value)}" is not a valid choice.`]);
      return known;
    },
    filter(value) {
      const known = stored.get(value);
      if (known === undefined) throw new FieldError([`Select a valid choice. ${value} is not one of the available choices.`]);
      return known;
    },
  };
}

/**
 * A choice some of whose values the dialect does not have (4.2's interface mode `q-in-q` in 3.5): filters refuse them
 * with NetBox's message, and so do writes that set one (`Dialect.lacksChoice`); a stored one reads as it is, and a
 * body writing it back unchanged keeps it.
 */
function lackedChoiceConversion(lacked: string[]): ValueConversion {
  const missing = new Set(lacked);
  return {
    out: (value) => value,
    in: (value) => value,
    filter(value) {
      if (missing.has(value)) throw new FieldError([`Select a valid choice. ${value} is not one of the available choices.`]);
      return value;
    },
  };
}

/**
 * Object types named by label where a dialect names some otherwise (`ipam.l2vpn` is 4.x's `vpn.l2vpn`): one label or a
 * list of them. A stored label the dialect has moved away is no object type there: refused in a body, matching nothing
 * in a filter.
 */
function objectTypeConversion(spoken: Record<string, string>, list: boolean): ValueConversion {
  const stored = new Map(Object.entries(spoken).map(([label, said]) => [said, label]));
  const say = (label: unknown) => (typeof label === 'string' ? spoken[label] ?? label : label);
  const take = (label: unknown) => {
    if (typeof label !== 'string') return label;
    if (label in spoken) throw new FieldError([`Invalid content type: ${label}`]);
    return stored.get(label) ?? label;
  };
  return {
    out: (value) => (list && Array.isArray(value) ? value.map(say) : say(value)),
    in(value) {
      if (!list || !Array.isArray(value)) return take(value);
      const moved = value.filter((label) => typeof label === 'string' && label in spoken);
      if (moved.length) throw new FieldError(moved.map((label) => `Invalid content type: ${label}`));
      return value.map(take);
    },
    // A label of three parts is no object type: the filters match nothing with it.
    filter: (value) => (value.toLowerCase() in spoken ? `${value}.moved` : stored.get(value.toLowerCase()) ?? value),
  };
}

/** How one model reads in a dialect, relative to how it is stored. */
export interface ModelView {
  /** Stored field name → the dialect's. A relation's filters (`<fk>`, `<fk>_id`) follow its field. */
  rename?: Record<string, string>;
  /** Stored filter name → the dialect's, or null where the dialect has no such filter. Lookups (`__n`) follow. */
  filters?: Record<string, string | null>;
  convert?: Record<string, ValueConversion>;
  /** Stored fields the dialect neither shows nor takes. */
  hide?: string[];
  /** Stored fields the dialect shows but does not take: sent, they are ignored (4.2's interface `mac_address`, its primary MAC's). */
  readOnly?: string[];
  /** Choice fields whose values the dialect speaks otherwise, stored value → the dialect's (4.x's VLAN status `active` for the spec's `1`); see `choiceConversion`. */
  choices?: Record<string, Record<string, string | number>>;
  /** Choice fields some of whose stored values the dialect does not have: see `lackedChoiceConversion`; its schema and OPTIONS leave them out. */
  lacksChoices?: Record<string, string[]>;
  /** Filters the dialect's filter set of the model has beyond the stored one, or its own meaning of a stored name. */
  filterset?: DialectFilterSet;
}

/**
 * Filters of a dialect's filter set: only that dialect's lists take them (NetBox ignores a name its release does not know).
 * Named as the stored filters are (a view's renames apply to them too); a name the stored set has keeps the stored filter.
 */
export interface DialectFilterSet {
  /** Names of its filters that replace the stored ones: the dialect means them otherwise. */
  replaces?: string[];
  /** Fields filtered under their own name, with the lookups their kind takes. */
  fields?: string[];
  /** Relation filters: `<fk>_id` by id, `<fk>` by the related object's slug or name. */
  related?: string[];
  /** Relation filters named otherwise than the relation (`wireless_lan_id`: `wireless_lans`), by id where the name ends in `_id`. */
  relations?: Record<string, string>;
  /** Filters of a field reached through foreign keys, with the lookups its kind takes (`device_status`: `device.status`). */
  through?: Record<string, string>;
  /** The base filter set the dialect's extends where the stored one does not (`changelog`: created, last_updated, `*_by_request`). */
  base?: FilterSetSpec['base'];
  filters?: Record<string, CustomFilter>;
}

export interface DialectSpec {
  /** `API-Version`: NetBox's major.minor. */
  version: string;
  /** `netbox-version` in `/api/status/`: the release whose behaviour is matched. */
  release: string;
  /** The path under which this dialect is named explicitly (`/v4`): `/v4/api/...`. */
  base: string;
  models?: Record<string, ModelView>;
  /** Filters the dialect gives every model of a kind (`tag_id` where it is tagged); a model's view adds its own after. */
  filtersets?: (model: ModelDef) => DialectFilterSet[];
  /** Models (stored object types) the dialect does not have: no routes (404), no place in its API roots or schema. */
  lacks?: string[];
  /** Fields a later generation gave every model that has them (4.5's `owner`): hidden wherever a model has one, as a view's `hide`. */
  hidesEverywhere?: string[];
  /** Routes outside the models' (`authentication-check`, below `/api/`) the dialect does not have: not found. */
  lacksRoutes?: string[];
  /** The dialect's route of a model (`app/plural`) → its stored route, where they differ. */
  paths?: Record<string, string>;
  /** Brief (and nested) forms add the model's `description` (NetBox 4.0). */
  briefDescription?: boolean;
  /** Full forms carry `display_url`, the object's page (NetBox 4.1). */
  displayUrl?: boolean;
  /** Each model's fields and brief fields as the dialect's serializers list them, in order, by the dialect's object type. */
  serializers?: Record<string, { fields: string[]; brief: string[] }>;
  /** Stored object type → the dialect's, where a model moved app (`ipam.l2vpn` → `vpn.l2vpn`). */
  objectTypes?: Record<string, string>;
  /** Write-only fields every change-logged model takes (`changelog_message`, NetBox 4.4): its change record's message. */
  writeOnly?: string[];
  /** `add_tags` and `remove_tags` on taggable models (NetBox 4.6): tags added to or taken from an object's set. */
  tagEdits?: boolean;
  /** `?fields=` and `?omit=` choose a representation's keys (NetBox 4.0, 4.5.2). */
  fieldSelection?: boolean;
  /** A single object's weak ETag, and If-Match as a precondition of its writes (NetBox 4.6). */
  etags?: boolean;
}

interface CompiledView {
  /** Stored name → the dialect's, for every field and key. */
  out: Map<string, string>;
  /** The dialect's name → stored, for every renamed field; a stored name renamed away is absent. */
  in: Map<string, string>;
  /** Stored names the dialect does not speak: renamed away, or hidden. */
  unspoken: Set<string>;
  hidden: Set<string>;
  /** Stored names the dialect shows but does not take. */
  readOnly: Set<string>;
  filtersIn: Map<string, string>;
  filtersUnspoken: Set<string>;
  convert: Map<string, ValueConversion>;
}

const EMPTY_VIEW: CompiledView = {
  out: new Map(),
  in: new Map(),
  unspoken: new Set(),
  hidden: new Set(),
  readOnly: new Set(),
  filtersIn: new Map(),
  filtersUnspoken: new Set(),
  convert: new Map(),
};

/** A renamed field renames its filter; a relation's `<name>_id` too. The view's own filter names win. */
function renamedFilters(model: ModelDef, rename: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(rename).flatMap(([stored, spoken]) => (model.fields[stored] instanceof ForeignKeyField ? [[stored, spoken], [`${stored}_id`, `${spoken}_id`]] : [[stored, spoken]])),
  );
}

/**
 * One generation of NetBox's API as this service speaks it: a view of the stored models (renamed fields and filters,
 * converted values, moved routes), read by the same serializer, filters, routes and schema for every dialect.
 */
export class Dialect {
  readonly version: string;
  readonly release: string;
  readonly base: string;
  readonly briefDescription: boolean;
  readonly displayUrl: boolean;
  readonly writeOnly: readonly string[];
  readonly tagEdits: boolean;
  readonly fieldSelection: boolean;
  readonly etags: boolean;
  private readonly views = new Map<string, CompiledView>();
  /** The dialect's route → stored, and back. */
  private readonly routesIn: Array<[string, string]>;
  private readonly routesOut: Array<[string, string]>;

  private readonly keyLists = new Map<string, string[] | null>();
  private readonly releasesReached = new Map<string, boolean>();
  /** The dialect whose names the models are stored under: its representations are the stored keys as they are. */
  isNative = false;

  constructor(private readonly spec: DialectSpec) {
    this.version = spec.version;
    this.release = spec.release;
    this.base = spec.base;
    this.briefDescription = !!spec.briefDescription;
    this.displayUrl = !!spec.displayUrl;
    this.writeOnly = spec.writeOnly ?? [];
    this.tagEdits = !!spec.tagEdits;
    this.fieldSelection = !!spec.fieldSelection;
    this.etags = !!spec.etags;
    const paths = Object.entries(spec.paths ?? {}).map(([spoken, stored]) => [`/api/${spoken}/`, `/api/${stored}/`] as [string, string]);
    this.routesIn = paths;
    this.routesOut = paths.map(([spoken, stored]) => [stored, spoken]);
  }

  /** Whether the dialect speaks NetBox `version` (`4.5`) or a later release: what a behaviour that release brought follows. */
  atLeast(version: string): boolean {
    let reached = this.releasesReached.get(version);
    if (reached === undefined) {
      const [major, minor] = this.version.split('.').map(Number);
      const [wantMajor, wantMinor] = version.split('.').map(Number);
      this.releasesReached.set(version, (reached = major > wantMajor || (major === wantMajor && minor >= wantMinor)));
    }
    return reached;
  }

  private view(model: ModelDef): CompiledView {
    let view = this.views.get(model.label);
    if (view) return view;
    const spec = this.spec.models?.[model.label] ?? {};
    const typeConversions = this.objectTypeConversions(model);
    const hiddenEverywhere = (this.spec.hidesEverywhere ?? []).filter((name) => model.fields[name]);
    // A view that only adds filters shows the model as stored.
    if (!typeConversions.length && !hiddenEverywhere.length && Object.keys(spec).every((key) => key === 'filterset')) {
      this.views.set(model.label, EMPTY_VIEW);
      return EMPTY_VIEW;
    }
    const rename = spec.rename ?? {};
    const filters = { ...renamedFilters(model, rename), ...spec.filters };
    const hidden = new Set([...(spec.hide ?? []), ...hiddenEverywhere]);
    view = {
      out: new Map(Object.entries(rename)),
      in: new Map(Object.entries(rename).map(([stored, spoken]) => [spoken, stored])),
      unspoken: new Set([...Object.keys(rename), ...hidden]),
      hidden,
      readOnly: new Set(spec.readOnly ?? []),
      filtersIn: new Map(Object.entries(filters).flatMap(([stored, spoken]) => (spoken === null ? [] : [[spoken, stored] as [string, string]]))),
      filtersUnspoken: new Set(Object.keys(filters)),
      convert: new Map([
        ...typeConversions,
        ...Object.entries(spec.convert ?? {}),
        ...Object.entries(spec.choices ?? {}).map(([field, spoken]) => [field, choiceConversion(spoken)] as const),
        ...Object.entries(spec.lacksChoices ?? {}).map(([field, lacked]) => [field, lackedChoiceConversion(lacked)] as const),
      ]),
    };
    this.views.set(model.label, view);
    return view;
  }

  /** Conversions of the fields that name object types (content types, and generic relations' types), where the dialect moved some. */
  private objectTypeConversions(model: ModelDef): Array<[string, ValueConversion]> {
    const moved = this.spec.objectTypes;
    if (!moved || !Object.keys(moved).length) return [];
    const fields = Object.values(model.fields);
    const single = new Set([
      ...fields.filter((f) => f instanceof ContentTypeField).map((f) => f.name),
      ...fields.filter((f): f is GenericRelationField => f instanceof GenericRelationField).map((f) => f.typeField),
    ]);
    const lists = fields.filter((f) => f instanceof ContentTypeListField).map((f) => f.name);
    return [...[...single].map((name) => [name, objectTypeConversion(moved, false)] as [string, ValueConversion]), ...lists.map((name) => [name, objectTypeConversion(moved, true)] as [string, ValueConversion])];
  }

  /** The dialect's name of a stored object type (`vpn.l2vpn`). */
  objectTypeOf(model: ModelDef): string {
    return this.spec.objectTypes?.[model.label] ?? model.label;
  }

  /**
   * The stored keys a representation shows, in the dialect's order, when its serializers list the model: those of
   * `known` the list names (`display_url` as itself). Brief forms keep the order of the full one, as NetBox renders them.
   * Undefined where the dialect lists nothing for the model (a plugin's): it shows the stored keys.
   */
  listedKeys(model: ModelDef, mode: 'full' | 'brief', knownKeys: () => ReadonlySet<string>): string[] | undefined {
    const cacheKey = `${model.label}|${mode}`;
    let keys = this.keyLists.get(cacheKey);
    if (keys === undefined) {
      const known = knownKeys();
      const listed = this.spec.serializers?.[this.objectTypeOf(model)];
      if (!listed) keys = null;
      else {
        const brief = new Set(listed.brief);
        // A serializer without brief fields nests whole (NetBox's object types).
        const whole = mode === 'full' || !listed.brief.length;
        const names = whole ? listed.fields : [...listed.fields.filter((f) => brief.has(f)), ...listed.brief.filter((f) => !listed.fields.includes(f))];
        // A name listed twice is one field, where it is first listed (DRF's fields: a policy's `display`).
        keys = [...new Set(names)].flatMap((name) => {
          if (name === 'display_url') return this.displayUrl && mode === 'full' ? [name] : [];
          const stored = this.storedName(model, name);
          return stored !== undefined && known.has(stored) && this.shows(model, stored) ? [stored] : [];
        });
      }
      this.keyLists.set(cacheKey, keys);
    }
    return keys ?? undefined;
  }

  /** Whether the dialect shows a model as it is stored. */
  isPlain(model: ModelDef): boolean {
    return this.view(model) === EMPTY_VIEW;
  }

  /** Whether a representation's stored keys or values read otherwise in the dialect: renamed or converted (hidden ones are never read). */
  rewrites(model: ModelDef): boolean {
    const view = this.view(model);
    return view.out.size > 0 || view.convert.size > 0;
  }

  /** The dialect's name of a stored field or key. */
  nameOf(model: ModelDef, stored: string): string {
    return this.view(model).out.get(stored) ?? stored;
  }

  /** The stored field a name of the dialect's means; undefined for a stored name the dialect does not speak. */
  storedName(model: ModelDef, spoken: string): string | undefined {
    const view = this.view(model);
    return view.in.get(spoken) ?? (view.unspoken.has(spoken) ? undefined : spoken);
  }

  /** Whether the dialect shows a stored key. */
  shows(model: ModelDef, stored: string): boolean {
    return !this.view(model).hidden.has(stored);
  }

  /** Whether the dialect takes a stored field in a body: it shows it, and not as read-only. */
  takes(model: ModelDef, stored: string): boolean {
    const view = this.view(model);
    return !view.hidden.has(stored) && !view.readOnly.has(stored);
  }

  /** Stored paths of routes the dialect does not have, models' and others' (`/api/authentication-check/`). */
  lackedPaths(): string[] {
    // A route another of its models lives at is not lacked (3.5's script classes where 4.x lists script objects).
    const kept = new Set(registry.served().filter((m) => this.serves(m)).map((m) => m.path));
    const lacked = registry.served().filter((m) => !this.serves(m) && !kept.has(m.path));
    return [...lacked.map((m) => m.path), ...(this.spec.lacksRoutes ?? []).map((route) => `/api/${route}/`)];
  }

  /** Whether a stored path falls on a route the dialect does not have. */
  lacksPath(path: string): boolean {
    return this.lackedPaths().some((lacked) => path.startsWith(lacked));
  }

  /** Whether the dialect has a model at all. */
  serves(model: ModelDef): boolean {
    return !this.spec.lacks?.includes(model.label);
  }

  conversion(model: ModelDef, stored: string): ValueConversion | undefined {
    return this.view(model).convert.get(stored);
  }

  /** Whether a stored choice value is one the dialect does not have (`lacksChoices`). */
  lacksChoice(model: ModelDef, stored: string, value: unknown): boolean {
    return !!this.spec.models?.[model.label]?.lacksChoices?.[stored]?.includes(String(value));
  }

  /** A choice field's choices as the dialect speaks them (`choices`, `lacksChoices`); undefined where they are the stored ones. */
  choicesOf(model: ModelDef, stored: string): Choice[] | undefined {
    const spoken = this.spec.models?.[model.label]?.choices?.[stored];
    const lacked = this.spec.models?.[model.label]?.lacksChoices?.[stored];
    const field = model.storedFields[stored];
    if ((!spoken && !lacked) || !(field instanceof ChoiceField)) return undefined;
    return field.choices.filter((c) => !lacked?.includes(String(c.value))).map((c) => ({ value: spoken?.[String(c.value)] ?? c.value, label: c.label }));
  }

  /**
   * A request body in the dialect's names to the stored ones: names it does not speak are left out, as DRF ignores
   * unknown fields; write-only fields (`changelog_message`) pass as they are, for the writer.
   */
  bodyIn(model: ModelDef, body: unknown): unknown {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
    const view = this.view(model);
    if (view === EMPTY_VIEW) return body;
    const out: Record<string, unknown> = {};
    const refused = new Refusals();
    for (const [key, value] of Object.entries(body)) {
      const stored = this.storedName(model, key);
      if (stored === undefined || view.readOnly.has(stored)) continue;
      const convert = view.convert.get(stored);
      out[stored] = convert ? refused.check(key, () => convert.in(value)) : value;
    }
    refused.raise();
    return out;
  }

  /**
   * An object's data as its change records keep it (stored names and values), as the dialect names it: renamed,
   * converted, without what the dialect does not show. Keys that are no field (tags, custom fields) stay.
   */
  dataOut(model: ModelDef, data: Record<string, unknown>): Record<string, unknown> {
    if (this.isPlain(model)) return data;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(data)) {
      if (!this.shows(model, key)) continue;
      const convert = this.conversion(model, key);
      out[this.nameOf(model, key)] = convert && value !== null ? convert.out(value) : value;
    }
    return out;
  }

  /** Errors keyed by stored names, in the dialect's; a bulk body's list item by item. */
  errorsOut(model: ModelDef, body: unknown): unknown {
    if (Array.isArray(body)) return body.map((item) => this.errorsOut(model, item));
    if (typeof body !== 'object' || body === null || this.isPlain(model)) return body;
    return Object.fromEntries(Object.entries(body).map(([key, value]) => [this.nameOf(model, key), value]));
  }

  /**
   * Query parameters in the dialect's filter names to the stored ones; filters it does not have are left out (ignored, as
   * NetBox ignores unknown filters). `namedAs` learns the name each renamed one was given under, to key its errors by.
   */
  filtersIn<T>(model: ModelDef, params: Record<string, T>, namedAs?: Map<string, string>): Record<string, T> {
    const view = this.view(model);
    if (view === EMPTY_VIEW) return params;
    const out: Record<string, T> = {};
    const refused = new Refusals();
    for (const [key, given] of Object.entries(params)) {
      // Custom fields the dialect does not show it does not filter by either (a contact assignment's in 3.5).
      if (key.startsWith('cf_') && view.hidden.has('custom_fields')) continue;
      const [, name, lookup = ''] = /^(.+?)((?:__[a-z]+)?)$/.exec(key) ?? [key, key, ''];
      const stored = view.filtersIn.get(name) ?? (view.filtersUnspoken.has(name) ? undefined : name);
      if (stored === undefined) continue;
      const convert = view.convert.get(stored)?.filter;
      const value = convert ? refused.check(key, () => (Array.isArray(given) ? given.map((v) => convert(String(v))) : typeof given === 'string' ? convert(given) : given)) : given;
      out[stored + lookup] = value as T;
      if (stored !== name) namedAs?.set(stored + lookup, key);
    }
    refused.raise();
    return out;
  }

  /** The filter sets the dialect adds to a model's stored one, in the order they apply (a later one's name wins). */
  addedFilters(model: ModelDef): DialectFilterSet[] {
    const own = this.spec.models?.[model.label]?.filterset;
    return [...(this.spec.filtersets?.(model) ?? []), ...(own ? [own] : [])];
  }

  /** The dialect's name of a stored filter, or null where the dialect does not have it (its schema's parameters). */
  filterNameOf(model: ModelDef, stored: string): string | null {
    const view = this.view(model);
    for (const [spoken, name] of view.filtersIn) if (name === stored) return spoken;
    return view.filtersUnspoken.has(stored) ? null : stored;
  }

  /** `?ordering=` terms in the dialect's field names to the stored ones. */
  orderingIn(model: ModelDef, terms: string): string {
    if (this.isPlain(model)) return terms;
    return terms
      .split(',')
      .map((term) => {
        const desc = term.trim().startsWith('-');
        const stored = this.storedName(model, term.trim().replace(/^-/, ''));
        return stored === undefined ? '' : `${desc ? '-' : ''}${stored}`;
      })
      .filter(Boolean)
      .join(',');
  }

  /** A model's list path in this dialect (`/api/vpn/l2vpns/`). */
  pathOf(model: ModelDef): string {
    return this.routeOut(model.path);
  }

  /** A stored path (`/api/ipam/l2vpns/...`) as the dialect names it. */
  routeOut(path: string): string {
    for (const [stored, spoken] of this.routesOut) if (path.startsWith(stored)) return spoken + path.slice(stored.length);
    return path;
  }

  /** The stored path a request's path (without the base) names; null for a stored path the dialect has moved away. */
  routeIn(path: string): string | null {
    const under = (prefix: string) => path === prefix.slice(0, -1) || path.startsWith(prefix);
    for (const [spoken, stored] of this.routesIn) if (under(spoken)) return stored.slice(0, -1) + path.slice(spoken.length - 1);
    for (const [stored] of this.routesOut) if (under(stored)) return null;
    return path;
  }

  /** The apps of the dialect's API root beside the stored ones (`vpn` in 4.x), from its moved routes. */
  extraApps(): string[] {
    return [...new Set(this.routesIn.map(([spoken]) => spoken.split('/')[2]))];
  }
}

/** Values a dialect refuses in a body or a query, keyed as they were given: one 400 for them all. */
class Refusals {
  private readonly errors: Record<string, unknown> = {};
  check<T>(key: string, convert: () => T): T | undefined {
    try {
      return convert();
    } catch (e) {
      if (!(e instanceof FieldError)) throw e;
      this.errors[key] = e.messages;
      return undefined;
    }
  }
  raise(): void {
    if (Object.keys(this.errors).length) throw new ValidationError(this.errors);
  }
}

export function defineDialect(spec: DialectSpec): Dialect {
  return new Dialect(spec);
}
