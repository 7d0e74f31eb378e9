import { ComputedField, FieldError, FieldOptions, ForeignKeyField, INT32_MAX } from '../core/model/fields';
import { ModelDef, WriteContext } from '../core/model/model';
import { ModelQuery, q } from '../core/query/model-query';
import { RenderContext, Representation, loadNested } from '../core/serialize/serializer';
import { pythonRepr } from '../core/util/python-repr';

/**
 * A foreign key of NetBox 3.5 that 4.x replaced (a service's device, now its parent when that is a device; a contact's
 * group, now the first of its groups): computed in SQL with each row, never a column. It reads as the related object
 * nested (`nestDerived`), and is written as a foreign key is, an id or a dictionary of attributes, which the model's
 * rules check (`resolveDerived`) and store as 4.x stores it.
 */
export class DerivedRelation extends ComputedField<number> {
  /** What the related object lists these under in GraphQL, as 3.5's foreign key's related name (`contacts`); none where 4.x lists them otherwise. */
  readonly relatedName?: string;
  constructor(
    readonly target: () => ModelDef,
    sql: (alias: string) => string,
    { relatedName, ...opts }: FieldOptions & { relatedName?: string } = {},
  ) {
    const kind = new ForeignKeyField(target, { nullable: true });
    super(() => kind, sql, { readOnly: false, ...opts });
    this.relatedName = relatedName;
  }

  parse(input: unknown): number | null {
    // A dictionary of attributes waits for the model's rules, which read the database.
    if (input !== null && typeof input === 'object' && !Array.isArray(input)) return input as unknown as number;
    return super.parse(input);
  }
}

/** The derived relations of a model, by name. */
function derivedOf(model: ModelDef): Array<[string, DerivedRelation]> {
  return Object.entries(model.fields).filter((entry): entry is [string, DerivedRelation] => entry[1] instanceof DerivedRelation);
}

/** A page's derived relations as nested objects in place of their ids: one statement for each relation the page names objects of, as a foreign key costs. */
export async function nestDerived(ctx: RenderContext, model: ModelDef, reps: Representation[]): Promise<void> {
  for (const [key, field] of derivedOf(model)) {
    const shown = reps.filter((rep) => typeof rep[key] === 'number');
    if (!shown.length) continue;
    const nested = await loadNested(ctx, field.target(), [...new Set(shown.map((rep) => rep[key] as number))], false);
    for (const rep of shown) rep[key] = nested.get(rep[key] as number) ?? null;
  }
}

/**
 * The object a write names for a derived relation, by id or by a dictionary of its attributes, with the writer's
 * messages when there is none (or more than one).
 */
export async function resolveDerived(ctx: WriteContext | undefined, field: DerivedRelation, value: unknown): Promise<number | null> {
  if (value === null || value === undefined || !ctx?.em || !ctx.driver) return (value as number | null | undefined) ?? null;
  const target = field.target();
  const query = new ModelQuery(ctx.em, target, ctx.driver);
  const byAttributes = typeof value === 'object';
  // An id beyond what an id column holds names nothing (and PostgreSQL would refuse to compare it).
  if (!byAttributes) query.whereIdIn((value as number) <= INT32_MAX ? [value as number] : []);
  else {
    for (const [key, given] of Object.entries(value as Record<string, unknown>)) {
      const attribute = target.storedFields[key] ?? (key.endsWith('_id') ? target.storedFields[key.slice(0, -3)] : undefined);
      if (!attribute || (given !== null && typeof given === 'object')) throw new FieldError([`Cannot resolve keyword '${key}' into field.`]);
      let parsed: unknown;
      try {
        parsed = given === null ? null : attribute.parseFilter(String(given));
      } catch {
        query.where('1 = 0');
        continue;
      }
      query.where(parsed === null ? `t.${q(attribute.column)} IS NULL` : `t.${q(attribute.column)} = ${query.param(attribute.toParam(parsed, ctx.driver))}`);
    }
  }
  const found = await query.select({ id: 't.id' }, 2);
  if (!byAttributes && !found.length) throw new FieldError([`Related object not found using the provided numeric ID: ${value}`]);
  if (!found.length) throw new FieldError([`Related object not found using the provided attributes: ${pythonRepr(value)}`]);
  if (found.length > 1) throw new FieldError([`Multiple objects match the provided attributes: ${pythonRepr(value)}`]);
  return Number(found[0].id);
}
