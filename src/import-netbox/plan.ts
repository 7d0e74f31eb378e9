import { ContentTypeField, ContentTypeListField, Field, TextField, ForeignKeyField, GenericRelationField, ManyToManyField } from '../core/model/fields';
import { ModelDef, registry } from '../core/model/model';
import { NetBox46 } from '../dialects';

/**
 * Django's own tables that NetBox 3.5 kept under the `auth` app and 4.x moved to its `users` app: the one place where
 * neither our table name nor NetBox 4.x's object type gives the source's.
 */
const DJANGO_AUTH_TABLES: Record<string, string> = {
  users_user: 'auth_user',
  users_group: 'auth_group',
  users_user_groups: 'auth_user_groups',
};

/**
 * Columns NetBox renamed in its database and not in its API, by our table and field: the column read first, the field's
 * own where that is empty. 4.5 moved a v1 token's key to `plaintext`; its `key` is a v2 token's id (ours keeps both in `key`).
 */
const RENAMED_COLUMNS: Record<string, Record<string, string>> = {
  users_token: { key: 'plaintext' },
};

/** Columns of NetBox's django-mptt trees: this service keeps its own tree columns, computed once the rows are in. */
const MPTT_COLUMNS = new Set(['lft', 'rght', 'tree_id', 'level']);
/** Our tree columns, computed from `parent` after the rows are in. */
const TREE_COLUMNS = new Set(['_depth', 'tree_path', 'tree_sort']);

/** A source column read into a field: as it is, or (a content type field) an id of `django_content_type`. */
export interface ColumnPlan {
  field: Field<any>;
  source: string;
  contentType: boolean;
  /** Read where `source` holds nothing (a 4.5+ token's `key` where its `plaintext` is empty). */
  fallback?: string;
}

/** A list of object types the source keeps in a many-to-many table of its own (`extras_customfield_content_types`). */
export interface TypeListPlan {
  field: ContentTypeListField;
  table: string;
  owner: string;
  type: string;
}

/** A many-to-many relation's through table, read from the source's of the same columns. */
export interface ThroughPlan {
  field: ManyToManyField;
  table: string;
}

/** How one of our models is read from the source. */
export interface ModelPlan {
  model: ModelDef;
  table: string;
  columns: ColumnPlan[];
  /** Values with no column of ours that the model's rules take as written (a 3.5 service's `device`): by field name. */
  inputs: ColumnPlan[];
  typeLists: TypeListPlan[];
  through: ThroughPlan[];
  /** Foreign keys written NULL and set once their target is in: to this model itself, or to one imported later. */
  deferred: ForeignKeyField[];
  /**
   * Source columns that go nowhere here: their values are reported as not brought. NetBox's caches (`_name`, `_path`)
   * and 4.x's counters (`interface_count`) are not counted: this service computes its own.
   */
  unmapped: string[];
}

/** What a source holds that this service does not take: a table and why. */
export interface NotBrought {
  table: string;
  reason: string;
}

export interface ImportPlan {
  models: ModelPlan[];
  notBrought: NotBrought[];
}

/** Our object type of a source's (`vpn.l2vpn` in 4.x is our `ipam.l2vpn`), or the source's where it did not move. */
export function storedObjectType(sourceType: string): string {
  return storedTypes().get(sourceType) ?? sourceType;
}

let storedTypeCache: { generation: number; map: Map<string, string> } | undefined;
function storedTypes(): Map<string, string> {
  if (storedTypeCache?.generation !== registry.generation) {
    const map = new Map<string, string>();
    for (const model of registry.all()) {
      const spoken = NetBox46.objectTypeOf(model);
      if (spoken !== model.label) map.set(spoken, model.label);
    }
    storedTypeCache = { generation: registry.generation, map };
  }
  return storedTypeCache.map;
}

/** The source's table of a model: NetBox 4.x's where the model moved app, ours (Django's `app_model`), or Django auth's. */
function sourceTableOf(model: ModelDef, tables: Map<string, string[]>): string | undefined {
  const [app, name] = NetBox46.objectTypeOf(model).split('.');
  return [`${app}_${name}`, model.table, DJANGO_AUTH_TABLES[model.table]].find((t) => t && tables.has(t));
}

/** A through table of the source: the one named after the relation on the source's table, or Django auth's. */
function sourceThroughOf(field: ManyToManyField, sourceTable: string, tables: Map<string, string[]>): string | undefined {
  return [`${sourceTable}_${field.name}`, field.throughTable, DJANGO_AUTH_TABLES[field.throughTable]].find((t) => {
    const columns = t && tables.get(t);
    return columns && columns.includes(field.sourceColumn) && columns.includes(field.targetColumn);
  });
}

/** NetBox keeps a list of object types in `<table>_content_types` (3.5) or `<table>_object_types` (4.x). */
function typeListOf(field: ContentTypeListField, name: string, sourceTable: string, tables: Map<string, string[]>): TypeListPlan | undefined {
  for (const table of [`${sourceTable}_${name}`, `${sourceTable}_content_types`, `${sourceTable}_object_types`]) {
    const columns = tables.get(table);
    if (!columns) continue;
    const type = columns.find((c) => c === 'contenttype_id' || c === 'objecttype_id');
    const owner = columns.find((c) => c !== 'id' && c !== type && c.endsWith('_id'));
    if (type && owner) return { field, table, owner, type };
  }
  return undefined;
}

/** Models in an order where each one's foreign keys point at models before it, as far as cycles allow. */
function dependencyOrder(models: ModelDef[]): ModelDef[] {
  const pending = new Set(models);
  const placed: ModelDef[] = [];
  // Many-to-many targets too: a set the rules make from a 3.5 value (a contact's group) is written with its object.
  const waitsFor = (m: ModelDef) => [...m.foreignKeys, ...m.manyToMany.filter((f) => f.ownsTable)].filter((f) => f.target !== m && pending.has(f.target));
  // A reference to an object of any model (a cable's termination, an address's interface) is checked by the model's
  // rules: such a model waits for the models its type field allows, or, where it names none, for every model that holds
  // no such reference; never for those that need it by foreign keys that cannot wait (a device's primary address can).
  const reaches = (from: ModelDef, to: ModelDef, seen = new Set<ModelDef>()): boolean =>
    from.foreignKeys.some(
      (fk) => !fk.nullable && (fk.target === to || (!seen.has(fk.target) && models.includes(fk.target) && reaches(fk.target, to, seen.add(fk.target)))),
    );
  const relations = (m: ModelDef) => Object.values(m.fields).filter((f): f is GenericRelationField => f instanceof GenericRelationField);
  const named = (m: ModelDef): Array<(other: ModelDef) => boolean> =>
    relations(m).map((g) => {
      const type = m.fields[g.typeField];
      const allowed = type instanceof ContentTypeField ? type.opts.allowed?.() : undefined;
      return allowed ? (other) => allowed.includes(other.label) : (other) => !relations(other).length;
    });
  const waitsForAny = (m: ModelDef) => {
    const names = named(m);
    return names.length > 0 && [...pending].some((other) => other !== m && names.some((n) => n(other)) && !reaches(other, m));
  };
  while (pending.size) {
    const ready = [...pending].filter((m) => !waitsFor(m).length && !waitsForAny(m));
    // A cycle: the model waiting on the fewest others goes first, those keys deferred (nullable ones preferred).
    const next = ready.length
      ? ready
      : [
          [...pending].filter((m, _, all) => !waitsForAny(m) || all.every(waitsForAny)).sort(
            (a, b) =>
              waitsFor(a).filter((fk) => !fk.nullable).length - waitsFor(b).filter((fk) => !fk.nullable).length || waitsFor(a).length - waitsFor(b).length,
          )[0],
        ];
    for (const m of next) {
      pending.delete(m);
      placed.push(m);
    }
  }
  return placed;
}

/** How every model of ours that the source has a table for is read, in dependency order, and what the source holds beyond them. */
export function planImport(tables: Map<string, string[]>, skip: (model: ModelDef) => boolean, fourX = false): ImportPlan {
  const consumed = new Set(['django_migrations', 'django_content_type']);
  const notBrought: NotBrought[] = [];
  const found = new Map<ModelDef, string>();
  for (const model of registry.all()) {
    if (model.objectTypeOnly || skip(model)) continue;
    const table = sourceTableOf(model, tables);
    if (!table) continue;
    consumed.add(table);
    if (model.internal) notBrought.push({ table, reason: 'this service computes or keeps these itself' });
    else found.set(model, table);
  }
  const order = dependencyOrder([...found.keys()]);
  const position = new Map(order.map((m, i) => [m, i]));
  const models = order.map((model): ModelPlan => {
    const table = found.get(model)!;
    const sourceColumns = tables.get(table)!;
    const has = new Set(sourceColumns);
    const mapped = new Set(['id', ...MPTT_COLUMNS]);
    const columns: ColumnPlan[] = [];
    const typeLists: TypeListPlan[] = [];
    for (const field of model.columns) {
      if (field.name === 'id' || (model.tree && TREE_COLUMNS.has(field.column))) continue;
      // NetBox 4.x's name for a field where it renamed ours (a device's `role`, a rack's `form_factor`), else ours.
      const spoken = NetBox46.nameOf(model, field.name);
      const names = spoken === field.name ? [field.name] : fourX ? [spoken, field.name] : [field.name, spoken];
      const column = (name: string) => (field instanceof ForeignKeyField ? `${name}_id` : name);
      if (field instanceof ContentTypeListField) {
        const list = names.map((name) => typeListOf(field, name, table, tables)).find(Boolean);
        if (list) {
          typeLists.push(list);
          consumed.add(list.table);
        }
      } else if (field instanceof ForeignKeyField && !found.has(field.target)) {
        // What it names is not brought (a cable path this service traces itself): left empty.
        continue;
      } else {
        const direct = names.map(column).find((c) => has.has(c));
        // An object type, which Django keeps as a foreign key to its content types.
        const typed = field instanceof TextField ? names.map((n) => `${n}_id`).find((c) => has.has(c)) : undefined;
        const renamed = RENAMED_COLUMNS[model.table]?.[field.name];
        if (renamed && has.has(renamed)) columns.push({ field, source: renamed, contentType: false, ...(direct ? { fallback: direct } : {}) });
        else if (direct) columns.push({ field, source: direct, contentType: false });
        else if (typed) columns.push({ field, source: typed, contentType: true });
      }
    }
    const inputs: ColumnPlan[] = [];
    for (const field of Object.values(model.fields)) {
      if (field.stored || field.readOnly || field instanceof ManyToManyField || field instanceof GenericRelationField) continue;
      const source = [`${field.name}_id`, field.name].find((c) => has.has(c) && !columns.some((p) => p.source === c));
      if (source) inputs.push({ field, source, contentType: false });
    }
    for (const p of [...columns, ...inputs]) for (const c of [p.source, p.fallback]) if (c) mapped.add(c);
    const through: ThroughPlan[] = [];
    for (const field of model.manyToMany.filter((f) => f.ownsTable && found.has(f.target))) {
      const source = sourceThroughOf(field, table, tables);
      if (!source) continue;
      through.push({ field, table: source });
      consumed.add(source);
    }
    const deferred = model.foreignKeys.filter((fk) => found.has(fk.target) && position.get(fk.target)! >= position.get(model)!);
    return { model, table, columns, inputs, typeLists, through, deferred, unmapped: sourceColumns.filter((c) => !mapped.has(c) && !c.startsWith('_') && !(c in model.counts)) };
  });
  for (const table of tables.keys()) {
    if (!consumed.has(table)) notBrought.push({ table, reason: 'no model of this service stores these' });
  }
  return { models, notBrought };
}
