import type { Dialect } from '../core/dialect/dialect';
import { nativeDialect } from '../core/dialect/registry';
import { ContentTypeField, ForeignKeyField, GenericRelationField } from '../core/model/fields';
import { ModelDef, registry } from '../core/model/model';
import { DerivedRelation } from '../ipam/derived-relation';

/** Models kept out of GraphQL: NetBox 3.5 serves no tokens there, and a token's key is a credential. */
const UNSERVED = new Set(['users.token']);

const GRAPHQL_NAME = /^[_a-zA-Z][_a-zA-Z0-9]*$/;

export function isGraphqlName(name: string): boolean {
  return GRAPHQL_NAME.test(name) && !name.startsWith('__');
}

/** The models a dialect's GraphQL serves: those of its REST API. */
export function graphqlModels(dialect: Dialect = nativeDialect()): ModelDef[] {
  return registry.served().filter((m) => !UNSERVED.has(m.label) && dialect.serves(m));
}

/** `IPAddress` → `ip_address`, `VMInterface` → `vm_interface`, `L2VPNTermination` → `l2vpn_termination`, as NetBox names its queries. */
export function snakeCase(className: string): string {
  return className
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .replace(/([A-Z0-9]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

function pascalCase(name: string): string {
  return name
    .split(/[_-]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
}

/** The GraphQL names of every served model: `DeviceType` and `device`/`device_list`; a plugin's model that clashes is prefixed with its app. */
export class ModelNames {
  private readonly byModel = new Map<ModelDef, { type: string; query: string }>();

  constructor(models: ModelDef[]) {
    const taken = new Set<string>();
    for (const model of models) {
      let type = `${model.className}Type`;
      let query = snakeCase(model.className);
      if (taken.has(type) || taken.has(query)) {
        type = `${pascalCase(model.app)}${type}`;
        query = `${model.app}_${query}`;
      }
      taken.add(type);
      taken.add(query);
      this.byModel.set(model, { type, query });
    }
  }

  has(model: ModelDef | undefined): model is ModelDef {
    return !!model && this.byModel.has(model);
  }
  type(model: ModelDef): string {
    return this.byModel.get(model)!.type;
  }
  query(model: ModelDef): string {
    return this.byModel.get(model)!.query;
  }
  union(model: ModelDef, field: string): string {
    return `${model.className}${pascalCase(field)}Type`;
  }
}

/** A list of the objects that point at a model: through a foreign key, or a generic relation naming it. */
export type Referrer = { kind: 'foreignKey'; field: ForeignKeyField | DerivedRelation } | { kind: 'generic'; field: GenericRelationField; source: ModelDef };

/** `ip-addresses` → `ip_addresses`. */
function pluralName(model: ModelDef): string {
  return model.plural.replace(/-/g, '_');
}

/** The models a generic relation may name: those its type field allows, else any served one. */
export function genericTargets(model: ModelDef, field: GenericRelationField, served: ModelDef[]): ModelDef[] {
  const typeField = model.storedFields[field.typeField];
  const allowed = typeField instanceof ContentTypeField ? typeField.opts.allowed?.() : undefined;
  if (!allowed) return served;
  return served.filter((m) => allowed.includes(m.label));
}

/**
 * The lists of referring objects each model shows, by field name: Django's related names where the
 * declarations give them (`reverse`, `relatedName`), else the referring model's plural (`devices` on a site). A model
 * referring by several keys names each list after its key (`lag_interfaces`); a tree's own parent key lists `children`.
 */
export function referrersOf(served: ModelDef[], ownFields: (model: ModelDef) => Set<string>): Map<ModelDef, Map<string, Referrer>> {
  const result = new Map<ModelDef, Map<string, Referrer>>(served.map((m) => [m, new Map()]));
  const isServed = new Set(served);
  const add = (target: ModelDef, name: string, referrer: Referrer, fallback: string) => {
    const lists = result.get(target);
    if (!lists) return;
    const own = ownFields(target);
    for (const candidate of [name, fallback]) {
      if (isGraphqlName(candidate) && !own.has(candidate) && !lists.has(candidate)) {
        lists.set(candidate, referrer);
        return;
      }
    }
  };
  for (const source of served) {
    const keys = source.foreignKeys.filter((fk) => isServed.has(fk.target));
    for (const fk of keys) {
      const plural = pluralName(source);
      const several = keys.filter((other) => other.target === fk.target).length > 1;
      const name = fk.opts.reverse ?? (fk.target === source && fk.name === 'parent' ? 'children' : several ? `${fk.name}_${plural}` : plural);
      add(fk.target, name, { kind: 'foreignKey', field: fk }, `${plural}_by_${fk.name}`);
    }
    for (const field of Object.values(source.fields)) {
      // 3.5's foreign keys that 4.x replaced keep the lists they named (a contact group's contacts).
      if (field instanceof DerivedRelation && field.relatedName && isServed.has(field.target())) {
        add(field.target(), field.relatedName, { kind: 'foreignKey', field }, `${pluralName(source)}_by_${field.name}`);
      }
      if (!(field instanceof GenericRelationField)) continue;
      for (const target of genericTargets(source, field, served)) {
        add(target, field.relatedName ?? pluralName(source), { kind: 'generic', field, source }, `${pluralName(source)}_by_${field.name}`);
      }
    }
  }
  return result;
}
