import type { EntityManager } from 'typeorm';
import { choiceInUse, forgetDefinitions, provideChoiceSets } from '../core/custom-fields';
import { FieldError, JsonField, boolean, choice, pythonType, text } from '../core/model/fields';
import { CustomFilter, Row, WriteContext, defineModel, registry } from '../core/model/model';
import { ModelQuery } from '../core/query/model-query';
import iata from './choice-sets/iata.json';
import iso3166 from './choice-sets/iso-3166.json';
import { contentTypeName } from './models';

/** A choice as NetBox keeps it: its value, then its label. */
export type ChoicePair = [value: string, label: string];

/** NetBox's built-in sets a choice set may start from: those whose data its 4.6.8 checkout holds (UN/LOCODE's is empty there). */
export const BASE_CHOICES = [
  { value: 'IATA', label: 'IATA (Airport codes)' },
  { value: 'ISO_3166', label: 'ISO 3166 (Country codes)' },
] as const;

const BASE_SETS: Record<string, ChoicePair[]> = { IATA: iata as ChoicePair[], ISO_3166: iso3166 as ChoicePair[] };

/** The colors a choice may be shown in (4.6's `choice_colors`). */
export const CHOICE_COLORS = ['blue', 'indigo', 'purple', 'pink', 'red', 'orange', 'yellow', 'green', 'teal', 'cyan', 'gray', 'black', 'white'].map((value) => ({
  value,
  label: value[0].toUpperCase() + value.slice(1),
}));
const COLORS = new Set(CHOICE_COLORS.map((c) => c.value));

/** A set's choices as NetBox's `choices`: the base set's, then the extra ones, all by value when ordered alphabetically. */
export function choicesOf(set: Row): ChoicePair[] {
  const all = [...(BASE_SETS[set.base_choices] ?? []), ...((set.extra_choices as ChoicePair[] | null) ?? [])];
  return set.order_alphabetically ? all.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) : all;
}

/** How many choices a set has (`choices_count`), without listing them. */
const choicesCount = (set: Row) => (BASE_SETS[set.base_choices]?.length ?? 0) + ((set.extra_choices as ChoicePair[] | null)?.length ?? 0);

/** Django's message for an item of an ArrayField that failed its base field's check. */
const itemInvalid = (position: number, message: string) => `Item ${position + 1} in the array did not validate: ${message}`;

/** Why a member of a choice is no string of at most 100 characters (Django's CharField), or null. */
function memberProblem(member: unknown): string | null {
  if (member === null) return 'This field cannot be null.';
  if (typeof member === 'object' || typeof member === 'boolean') return 'Not a valid string.';
  const length = [...String(member)].length;
  if (!length) return 'This field cannot be blank.';
  return length > 100 ? `Ensure this value has at most 100 characters (it has ${length}).` : null;
}

/**
 * NetBox's ChoiceSetField of `[value, label]` pairs, as its serializer and model check them: each item a list of two
 * (DRF's errors under its position), each member a string of at most 100 characters (Django's, prefixed by place).
 */
class ChoicePairsField extends JsonField {
  readonly optionsType: string = 'list';
  protected parseValue(input: unknown): ChoicePair[] {
    if (!Array.isArray(input)) throw new FieldError([`Expected a list of items but got type "${pythonType(input)}".`]);
    const shape: Record<string, string[]> = {};
    input.forEach((item, i) => {
      if (!Array.isArray(item)) shape[i] = [`Expected a list of items but got type "${pythonType(item)}".`];
      else if (item.length < 2) shape[i] = ['Ensure this field has at least 2 elements.'];
      else if (item.length > 2) shape[i] = ['Ensure this field has no more than 2 elements.'];
    });
    if (Object.keys(shape).length) throw new FieldError(shape);
    // Django checks the members in order, and reports the first that fails.
    const messages: string[] = [];
    const pairs = (input as unknown[][]).map((pair, i) =>
      pair.map((member, j) => {
        const problem = memberProblem(member);
        if (problem) messages.push(itemInvalid(i, itemInvalid(j, problem)));
        return String(member);
      }) as ChoicePair,
    );
    if (messages.length) throw new FieldError(messages.slice(0, 1));
    return pairs;
  }
  openapi(): Record<string, unknown> {
    return { type: 'array', items: { type: 'array', items: {}, minItems: 2, maxItems: 2 } };
  }
}

/** DRF's DictField of color choices: a mapping of choice values to NetBox's named colors. */
class ChoiceColorsField extends JsonField {
  readonly optionsType: string = 'json';
  protected parseValue(input: unknown): Record<string, string> {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new FieldError([`Expected a dictionary of items but got type "${pythonType(input)}".`]);
    const errors: Record<string, string[]> = {};
    for (const [value, color] of Object.entries(input)) {
      if (typeof color === 'object' && color !== null) errors[value] = ['Value must be passed directly (e.g. "foo": 123); do not use a dictionary or list.'];
      else if (!COLORS.has(String(color))) errors[value] = [`"${String(color)}" is not a valid choice.`];
    }
    if (Object.keys(errors).length) throw new FieldError(errors);
    return Object.fromEntries(Object.entries(input).map(([value, color]) => [value, String(color)]));
  }
  openapi(): Record<string, unknown> {
    return { type: 'object', additionalProperties: { enum: [...COLORS], type: 'string' } };
  }
}

/** SQL: the set's extra choice values (`t.extra_choices`) hold one of those given. */
function holdsValue(driver: string, values: string): string {
  return driver === 'postgres'
    ? `EXISTS (SELECT 1 FROM jsonb_array_elements(t.extra_choices) e WHERE e ->> 0 IN (${values}))`
    : `EXISTS (SELECT 1 FROM json_each(t.extra_choices) e WHERE json_extract(e.value, '$[0]') IN (${values}))`;
}

/** `?choice=`: sets whose extra choices have any of these values (NetBox's `extra_choices__overlap`, case-sensitive). */
const choiceFilter: CustomFilter = {
  apply(values, ctx) {
    const given = values.filter((v) => v !== '');
    if (given.length) ctx.where(holdsValue(ctx.driver, given.map((v) => ctx.param(v)).join(', ')));
  },
};

/** `?choice_colors=`: sets that show any choice in one of these colors, which must be NetBox's. */
const choiceColorsFilter: CustomFilter = {
  apply(values, ctx) {
    const given = values.filter((v) => v !== '');
    const unknown = given.find((v) => !COLORS.has(v));
    if (unknown !== undefined) throw new FieldError([`Select a valid choice. ${unknown} is not one of the available choices.`]);
    if (!given.length) return;
    const colors = given.map((v) => ctx.param(v)).join(', ');
    ctx.where(
      ctx.driver === 'postgres'
        ? `EXISTS (SELECT 1 FROM jsonb_each_text(t.choice_colors) c WHERE c.value IN (${colors}))`
        : `EXISTS (SELECT 1 FROM json_each(t.choice_colors) c WHERE c.value IN (${colors}))`,
    );
  },
};

/** A set of choices for selection custom fields (NetBox 3.6), a built-in set's and its own. */
export const CustomFieldChoiceSet = defineModel({
  app: 'extras',
  name: 'customfieldchoiceset',
  plural: 'custom-field-choice-sets',
  // 4.5's OwnerMixin, which its serializer shows.
  owner: true,
  verboseName: 'custom field choice set',
  ordering: ['name'],
  fields: {
    name: text({ max: 100, unique: true }),
    description: text({ max: 200, blank: true }),
    base_choices: choice(BASE_CHOICES, { nullable: true, helpText: 'Base set of predefined choices (optional)' }),
    extra_choices: new ChoicePairsField(),
    choice_colors: new ChoiceColorsField({ default: () => ({}) }),
    order_alphabetically: boolean({ default: false, helpText: 'Choices are automatically ordered alphabetically' }),
  },
  full: ['id', 'url', 'display', 'name', 'description', 'base_choices', 'extra_choices', 'choice_colors', 'order_alphabetically', 'choices_count', 'created', 'last_updated'],
  brief: ['id', 'url', 'display', 'name', 'description', 'choices_count'],
  search: ['name', 'description'],
  features: { tags: false, customFields: false },
  filterset: { fields: ['id', 'name', 'description', 'base_choices', 'order_alphabetically'], base: 'changelog' },
  filters: { choice: choiceFilter, choice_colors: choiceColorsFilter },
  validate: validateChoiceSet,
  // Custom field values are checked against the definitions read in the transaction: they hold this set's choices.
  afterWrite: async (em) => forgetDefinitions(em),
  present(rep, row) {
    if ('choices_count' in rep) rep.choices_count = choicesCount(row);
  },
});

/** NetBox's CustomFieldChoiceSet.clean() and save(): choices to choose from, each value once, colors of existing values. */
async function validateChoiceSet(row: Row, previous: Row | null, ctx?: WriteContext): Promise<void> {
  const extra = (row.extra_choices ?? []) as ChoicePair[];
  if (!row.base_choices && !extra.length) throw new FieldError(['Must define base or extra choices.']);
  const seen = new Set<string>();
  for (const [value] of extra) {
    if (seen.has(value)) throw new FieldError([`Duplicate value '${value}' found in extra choices.`]);
    seen.add(value);
  }
  const values = new Set(choicesOf({ ...row, order_alphabetically: false }).map(([value]) => value));
  const unknown = Object.keys(row.choice_colors ?? {}).filter((value) => !values.has(value));
  if (unknown.length) {
    throw new FieldError({ choice_colors: [`Color mappings must reference an existing choice value. Invalid value(s): ${unknown.sort().join(', ')}.`] });
  }
  const removed = ((previous?.extra_choices ?? []) as ChoicePair[]).map(([value]) => value).filter((value) => !values.has(value));
  if (removed.length && previous && ctx?.em) await refuseRemovingUsed(ctx.em, previous.id, removed);
  if (row.order_alphabetically && extra.length) row.extra_choices = [...extra].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A choice still held by an object (in a field of this set) may not be taken out of the set. */
async function refuseRemovingUsed(em: EntityManager, setId: number, removed: string[]): Promise<void> {
  const fields = registry.get('extras.customfield')!;
  const driver = em.connection.options.type === 'postgres' ? 'postgres' : 'sqlite';
  const using = await new ModelQuery(em, fields, driver).where('t.choice_set_id = :set', { set: setId }).rows({ order: ['id'], columns: ['id', 'name', 'type', 'content_types'] });
  for (const field of using) {
    for (const label of field.content_types as string[]) {
      const model = registry.get(label);
      if (!model?.features.customFields) continue;
      for (const value of removed) {
        if (await choiceInUse(em, model, field.name, field.type, value)) {
          throw new FieldError([`Cannot remove choice ${value} as there are ${contentTypeName(model.app, model.name)} objects which reference it.`]);
        }
      }
    }
  }
}

provideChoiceSets({
  table: CustomFieldChoiceSet.table,
  async read(em, ids) {
    const driver = em.connection.options.type === 'postgres' ? 'postgres' : 'sqlite';
    const sets = await new ModelQuery(em, CustomFieldChoiceSet, driver).whereIdIn(ids).rows({ order: ['id'] });
    return new Map(sets.map((set) => [set.id as number, { name: set.name as string, values: choicesOf(set).map(([value]) => value) }]));
  },
});
