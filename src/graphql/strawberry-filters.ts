import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLEnumValueConfigMap,
  GraphQLError,
  GraphQLFloat,
  GraphQLID,
  GraphQLInputFieldConfigMap,
  GraphQLInputObjectType,
  GraphQLInputType,
  GraphQLInt,
  GraphQLString,
} from 'graphql';
import type { Dialect } from '../core/dialect/dialect';
import {
  BooleanField,
  ChoiceField,
  ChoiceListField,
  ComputedField,
  ContentTypeField,
  ContentTypeListField,
  DateField,
  DateTimeField,
  DecimalField,
  Driver,
  Field,
  FieldError,
  ForeignKeyField,
  IntegerField,
  IntegerListField,
  JsonField,
  ManyToManyField,
  TextField,
  TextListField,
} from '../core/model/fields';
import { ModelDef, registry } from '../core/model/model';
import { ModelQuery, q, valueSql } from '../core/query/model-query';
import { keysFor } from '../core/serialize/serializer';
import { DerivedRelation } from '../ipam/derived-relation';
import { VidRangesField } from '../ipam/vid-ranges';
import { arrayCondition, jsonCondition, rangeArrayCondition } from './json-filters';
import { AliasState, Condition, LookupValues, datePartSql, datePartsOf, lookupTerms } from './lookup-sql';
import { LookupTypes, TREE_MATCHES } from './lookup-types';
import { ModelNames, isGraphqlName } from './names';
import { BigIntScalar } from './scalars';

interface FilterEntry {
  type: GraphQLInputType;
  condition: Condition;
}

/** The filters of one operation, by model: the `filters` argument of its lists. */
export type FilterValue = Record<string, unknown>;

/**
 * NetBox 4.x's (strawberry-django's) filter inputs of each model, derived from the fields the dialect shows under the
 * names it gives them, and their translation into SQL over the model's columns: `name: {i_contains: "x"}`, a choice's
 * enum, a relation's own filter (`site: {slug: {exact: "x"}}`) and id (`site_id`), and `AND`/`OR`/`NOT` nesting.
 */
export class StrawberryFilters {
  readonly lookups = new LookupTypes();
  private readonly inputs = new Map<ModelDef, GraphQLInputObjectType>();
  private readonly entries = new Map<ModelDef, Map<string, FilterEntry>>();
  private readonly enums = new Map<string, GraphQLEnumType>();

  constructor(
    private readonly dialect: Dialect,
    private readonly names: ModelNames,
  ) {}

  /** `<Model>Filter`, with `AND`, `OR`, `NOT` and `DISTINCT` as strawberry-django adds them. */
  inputOf(model: ModelDef): GraphQLInputObjectType {
    let input = this.inputs.get(model);
    if (!input) {
      input = new GraphQLInputObjectType({
        name: `${this.names.type(model).replace(/Type$/, '')}Filter`,
        fields: () => {
          const fields: GraphQLInputFieldConfigMap = {};
          for (const [name, entry] of this.entriesOf(model)) fields[name] = { type: entry.type };
          for (const logical of ['AND', 'OR', 'NOT']) fields[logical] = { type: this.inputOf(model) };
          fields.DISTINCT = { type: GraphQLBoolean };
          return fields;
        },
      });
      this.inputs.set(model, input);
    }
    return input;
  }

  /**
   * The condition `filter` puts on `model`'s rows aliased `alias`, or null for none. As strawberry-django combines them:
   * the fields given all hold, then `AND` is added, `OR` offered as the alternative of all before, and `NOT` negated.
   */
  condition(query: ModelQuery, model: ModelDef, filter: FilterValue | null | undefined, alias = 't', state: AliasState = { next: 0 }, entries = this.entriesOf(model)): string | null {
    if (!filter) return null;
    const terms: string[] = [];
    for (const [name, value] of Object.entries(filter)) {
      const entry = entries.get(name);
      if (!entry || value === null || value === undefined) continue;
      const term = entry.condition(query, alias, value, state);
      if (term) terms.push(term);
    }
    let result = terms.length ? terms.map((t) => `(${t})`).join(' AND ') : null;
    const nested = (key: string) => this.condition(query, model, filter[key] as FilterValue | null | undefined, alias, state, entries);
    const and = nested('AND');
    if (and) result = result ? `(${result}) AND (${and})` : and;
    const or = nested('OR');
    if (or) result = result ? `(${result}) OR (${or})` : or;
    const not = nested('NOT');
    // A row the negated condition cannot decide (a null column) is selected, as Django's negation of a nullable column's lookup selects it.
    if (not) result = result ? `(${result}) AND ((${not}) IS NOT TRUE)` : `((${not}) IS NOT TRUE)`;
    return result;
  }

  /** Whether `filter` uses a regular expression anywhere: SQLite matches them only on the connection that knows the function. */
  usesRegex(filter: unknown): boolean {
    if (typeof filter !== 'object' || filter === null) return false;
    return Object.entries(filter).some(([key, value]) => ((key === 'regex' || key === 'i_regex') && value != null) || this.usesRegex(value));
  }

  private entriesOf(model: ModelDef): Map<string, FilterEntry> {
    let entries = this.entries.get(model);
    if (entries) return entries;
    entries = new Map();
    this.entries.set(model, entries);
    const shown = new Set(keysFor(model, 'full', this.dialect));
    entries.set('id', { type: this.lookups.comparison('ID', GraphQLID), condition: this.lookupCondition(model, 'id', model.storedFields.id, 'id') });
    for (const [stored, field] of Object.entries(model.storedFields)) {
      if (stored === 'id' || !shown.has(stored)) continue;
      const name = this.dialect.nameOf(model, stored);
      if (!isGraphqlName(name) || entries.has(name)) continue;
      if (field instanceof ForeignKeyField) {
        if (!field.installed || !this.names.has(field.target)) continue;
        entries.set(name, { type: this.inputOf(field.target), condition: this.relatedCondition(field) });
        if (`${name}_id` in model.storedFields) continue;
        // A relation to a tree, other than a tree's own parent, picks by a node and its relatives, as REST's tree filters pick what is below.
        const tree = field.target.tree && !(field.target === model && stored === 'parent');
        entries.set(
          `${name}_id`,
          tree ? { type: this.lookups.treeNode(), condition: this.treeNodeCondition(field, `${name}_id`) } : { type: GraphQLID, condition: this.relatedIdCondition(model, field, name) },
        );
        continue;
      }
      if (field instanceof ManyToManyField) {
        if (!field.installed || !this.names.has(field.target)) continue;
        entries.set(name, { type: this.inputOf(field.target), condition: this.membersCondition(field) });
        continue;
      }
      const special = this.specialEntry(field, name);
      if (special) {
        entries.set(name, special);
        continue;
      }
      const type = this.lookupType(model, name, field);
      if (type) entries.set(name, { type, condition: this.lookupCondition(model, stored, field, name) });
    }
    // Custom field data is filtered under its stored name, as 4.6's CustomFieldsFilterMixin names it.
    if (model.features.customFields && !entries.has('custom_field_data')) entries.set('custom_field_data', this.specialEntry(model.storedFields.custom_field_data, 'custom_field_data')!);
    const tag = registry.get('extras.tag');
    if (model.features.tags && this.names.has(tag) && !entries.has('tags')) entries.set('tags', { type: this.inputOf(tag), condition: this.tagsCondition(model, tag) });
    return entries;
  }

  /** The filters of a kind of field that are no lookup of a value: object types, JSON documents and lists. */
  private specialEntry(field: Field<any>, name: string): FilterEntry | null {
    const contentTypes = registry.get('extras.contenttype');
    if (field instanceof ContentTypeListField) return contentTypes ? { type: this.contentTypeInput(contentTypes), condition: this.contentTypeCondition(contentTypes, field, true) } : null;
    if (field instanceof ContentTypeField) return contentTypes ? { type: this.contentTypeInput(contentTypes), condition: this.contentTypeCondition(contentTypes, field, false) } : null;
    if (field instanceof IntegerListField) return { type: this.lookups.array('Integer', GraphQLInt), condition: arrayCondition(field) };
    if (field instanceof ChoiceListField || field instanceof TextListField) return { type: this.lookups.array('String', GraphQLString), condition: arrayCondition(field) };
    if (field instanceof VidRangesField) return { type: this.lookups.rangeArray(), condition: rangeArrayCondition(field) };
    if (field instanceof JsonField && field.optionsType === 'json') return { type: this.lookups.json(), condition: jsonCondition(field, name) };
    return null;
  }

  /** Django's ContentTypeFilter: an object type by its id, app label and model; the content types' own filter where they are served. */
  private contentTypeInput(contentTypes: ModelDef): GraphQLInputObjectType {
    if (this.names.has(contentTypes)) return this.inputOf(contentTypes);
    return (this.contentTypes ??= new GraphQLInputObjectType({
      name: 'ContentTypeFilter',
      fields: () => {
        const fields: GraphQLInputFieldConfigMap = {};
        for (const [name, entry] of this.contentTypeEntries(contentTypes)) fields[name] = { type: entry.type };
        for (const logical of ['AND', 'OR', 'NOT']) fields[logical] = { type: this.contentTypeInput(contentTypes) };
        fields.DISTINCT = { type: GraphQLBoolean };
        return fields;
      },
    }));
  }
  private contentTypes?: GraphQLInputObjectType;
  private contentTypeFilters?: Map<string, FilterEntry>;

  private contentTypeEntries(contentTypes: ModelDef): Map<string, FilterEntry> {
    const fields = contentTypes.storedFields;
    if (this.names.has(contentTypes)) return this.entriesOf(contentTypes);
    if (this.contentTypeFilters) return this.contentTypeFilters;
    return (this.contentTypeFilters = new Map([
      ['id', { type: this.lookups.comparison('ID', GraphQLID), condition: this.lookupCondition(contentTypes, 'id', fields.id, 'id') }],
      ['app_label', { type: this.lookups.str(), condition: this.lookupCondition(contentTypes, 'app_label', fields.app_label, 'app_label') }],
      ['model', { type: this.lookups.str(), condition: this.lookupCondition(contentTypes, 'model', fields.model, 'model') }],
    ]));
  }

  /** `object_type: {app_label: {exact: "dcim"}}`: rows whose type (or any of whose list of types) is a content type matching. */
  private contentTypeCondition(contentTypes: ModelDef, field: Field<any>, list: boolean): Condition {
    return (query, alias, value, state) => {
      const inner = `f${state.next++}`;
      const where = this.condition(query, contentTypes, value as FilterValue, inner, state, this.contentTypeEntries(contentTypes));
      if (!where) return null;
      const label = `${inner}.app_label || '.' || ${inner}.model`;
      const col = valueSql(field, alias);
      const holds = list ? `CAST(${col} AS TEXT) LIKE ('%"' || ${label} || '"%')` : `${col} = ${label}`;
      return `EXISTS (SELECT 1 FROM ${q(contentTypes.table)} ${inner} WHERE ${holds} AND (${where}))`;
    };
  }

  /** The lookup input a field of this kind takes, as NetBox's filters declare it; null for kinds it is not filtered by here. */
  private lookupType(model: ModelDef, name: string, field: Field<any>): GraphQLInputType | null {
    if (field instanceof DerivedRelation) return null;
    if (field instanceof ComputedField) return this.lookupType(model, name, field.valueField);
    if (field instanceof ChoiceField) {
      const type = this.enumOf(model, name, field);
      return type ? this.lookups.base(type.name, type) : null;
    }
    if (field instanceof TextField) return this.lookups.str();
    if (field instanceof BooleanField) return this.lookups.base('Bool', GraphQLBoolean);
    if (field instanceof IntegerField) return field.opts.big ? this.lookups.numeric('BigIntegerLookup', 'BigInt', BigIntScalar) : this.lookups.numeric('IntegerLookup', 'Int', GraphQLInt);
    if (field instanceof DecimalField) return this.lookups.numeric('FloatLookup', 'Float', GraphQLFloat);
    if (field instanceof DateTimeField) return this.lookups.date(true);
    if (field instanceof DateField) return this.lookups.date(false);
    return null;
  }

  /** `<Model><Field>Enum`: the choices as the dialect speaks them, named as NetBox's ChoiceSet.as_enum names them (`STATUS_ACTIVE`). */
  private enumOf(model: ModelDef, name: string, field: ChoiceField): GraphQLEnumType | null {
    const typeName = `${model.className}${name.split('_').map((w) => (w ? w[0].toUpperCase() + w.slice(1) : '')).join('')}Enum`;
    let type = this.enums.get(typeName);
    if (type) return type;
    const values: GraphQLEnumValueConfigMap = {};
    for (const choice of this.dialect.choicesOf(model, field.name) ?? field.choices) {
      const key = `${name}_${String(choice.value)}`.toUpperCase().replace(/[^_A-Z0-9]/g, '_');
      if (!(key in values)) values[key] = { value: choice.value, description: choice.label };
    }
    if (!Object.keys(values).length) return null;
    this.enums.set(typeName, (type = new GraphQLEnumType({ name: typeName, values })));
    return type;
  }

  /** A value given for a field as its column holds it: the dialect's spelling converted, then parsed as a REST filter's. */
  private stored(model: ModelDef, stored: string, field: Field<any>, name: string): (value: unknown, driver: Driver) => unknown {
    const convert = this.dialect.conversion(model, stored)?.filter;
    return (value, driver) => {
      try {
        const raw = convert ? convert(String(value)) : String(value);
        if (stored === 'id') {
          if (!/^-?\d+$/.test(raw)) throw new FieldError([`“${raw}” is not a valid id.`]);
          return Number(raw);
        }
        return field.toParam(field.parseFilter(raw), driver);
      } catch (e) {
        if (e instanceof FieldError) throw new GraphQLError(`Invalid filter ${name}: ${[e.messages].flat().join(' ')}`, { extensions: { code: 'BAD_FILTER', field: name } });
        throw e;
      }
    };
  }

  /** A field's lookups (`exact`, `i_contains`, `in_list`, `range`, a date's `year`...), all of those given holding; a numeric one-of lookup is unwrapped. */
  private lookupCondition(model: ModelDef, stored: string, field: Field<any>, name: string): Condition {
    const parseAs = this.stored(model, stored, field, name);
    const parts = datePartsOf(field);
    return (query, alias, given) => {
      const col = stored === 'id' ? `${alias}.id` : valueSql(field, alias);
      let lookups = given as LookupValues & { filter_lookup?: LookupValues; comparison_lookup?: LookupValues; range_lookup?: LookupValues['range'] };
      if ('range_lookup' in lookups) lookups = { range: lookups.range_lookup };
      else if ('filter_lookup' in lookups || 'comparison_lookup' in lookups) lookups = lookups.filter_lookup ?? lookups.comparison_lookup ?? {};
      const terms = lookupTerms(query, col, lookups, (value) => parseAs(value, query.driver), name);
      for (const part of parts) {
        const partLookups = (given as Record<string, LookupValues | null | undefined>)[part];
        if (partLookups) terms.push(...lookupTerms(query, datePartSql(part, col, query.driver, field instanceof DateTimeField), partLookups, Number, name));
      }
      return terms.length ? terms.join(' AND ') : null;
    };
  }

  /** `site: {...}`: rows whose related object matches the target's filter. */
  private relatedCondition(field: ForeignKeyField): Condition {
    return (query, alias, value, state) => {
      const inner = `f${state.next++}`;
      const where = this.condition(query, field.target, value as FilterValue, inner, state);
      if (!where) return null;
      return `${alias}.${q(field.column)} IN (SELECT ${inner}.id FROM ${q(field.target.table)} ${inner} WHERE ${where})`;
    };
  }

  /** `site_id: 1`: rows related to that object. */
  private relatedIdCondition(model: ModelDef, field: ForeignKeyField, name: string): Condition {
    const parse = this.stored(model, 'id', field, `${name}_id`);
    return (query, alias, value) => `${alias}.${q(field.column)} = ${query.param(parse(value, query.driver))}`;
  }

  /** `region_id: {id, match_type}`: rows related to the node, or to its relatives by their tree paths; nothing where there is no such node. */
  private treeNodeCondition(field: ForeignKeyField, name: string): Condition {
    const target = field.target;
    const parent = target.storedFields.parent.column;
    return (query, alias, value, state) => {
      const { id, match_type } = value as { id: string; match_type: (typeof TREE_MATCHES)[number] };
      if (!/^\d+$/.test(String(id))) throw new GraphQLError(`Invalid filter ${name}: “${id}” is not a valid id.`, { extensions: { code: 'BAD_FILTER', field: name } });
      const node = `f${state.next++}`;
      const relative = `f${state.next++}`;
      const under = (above: string, below: string) => `${below}.tree_path LIKE (${above}.tree_path || '%')`;
      const match = {
        exact: `${relative}.id = ${node}.id`,
        descendants: `${under(node, relative)} AND ${relative}.id <> ${node}.id`,
        self_and_descendants: under(node, relative),
        children: `${relative}.${q(parent)} = ${node}.id`,
        siblings: `${relative}.${q(parent)} = ${node}.${q(parent)} AND ${relative}.id <> ${node}.id`,
        ancestors: `${under(relative, node)} AND ${relative}.id <> ${node}.id`,
        parent: `${relative}.id = ${node}.${q(parent)}`,
      }[match_type];
      const table = q(target.table);
      return `${alias}.${q(field.column)} IN (SELECT ${relative}.id FROM ${table} ${relative} INNER JOIN ${table} ${node} ON ${node}.id = ${query.param(Number(id))} WHERE ${match})`;
    };
  }

  /** `tenants: {...}` over a many-to-many relation: rows with any member matching. */
  private membersCondition(field: ManyToManyField): Condition {
    return (query, alias, value, state) => {
      const inner = `f${state.next++}`;
      const link = `f${state.next++}`;
      const where = this.condition(query, field.target, value as FilterValue, inner, state);
      if (!where) return null;
      return `${alias}.id IN (SELECT ${link}.${q(field.sourceColumn)} FROM ${q(field.throughTable)} ${link} WHERE ${link}.${q(field.targetColumn)} IN (SELECT ${inner}.id FROM ${q(field.target.table)} ${inner} WHERE ${where}))`;
    };
  }

  /** `tags: {...}`: rows tagged with any tag matching. */
  private tagsCondition(model: ModelDef, tag: ModelDef): Condition {
    const items = registry.get('extras.taggeditem');
    return (query, alias, value, state) => {
      const inner = `f${state.next++}`;
      const link = `f${state.next++}`;
      const where = this.condition(query, tag, value as FilterValue, inner, state);
      if (!where || !items) return null;
      return `${alias}.id IN (SELECT ${link}.object_id FROM ${q(items.table)} ${link} WHERE ${link}.content_type = ${query.param(model.label)} AND ${link}.tag_id IN (SELECT ${inner}.id FROM ${q(tag.table)} ${inner} WHERE ${where}))`;
    };
  }
}

