import { pythonRepr } from './python-repr';

/**
 * JSON Schema (draft 2020-12, the keywords NetBox's users write) with the messages of Python's `jsonschema`, which NetBox
 * validates config context data, custom field values and profiles' schemas with. Formats are not checked, as
 * `jsonschema.validate` leaves them unchecked; remote references are not followed.
 */

type Schema = Record<string, unknown> | boolean;
type PathItem = string | number;

/** One way an instance fails a schema, as `jsonschema.ValidationError` describes it. */
export interface SchemaViolation {
  message: string;
  keyword: string;
  /** Where in the instance: property names and item positions. */
  path: PathItem[];
  /** Where in the schema, up to the subschema that holds the keyword. */
  schemaPath: PathItem[];
  schema: Schema;
  instance: unknown;
  /** What failed in each subschema of an `anyOf` or `oneOf`, relative to it. */
  context?: SchemaViolation[];
}

const TYPES = ['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function hasType(instance: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return instance === null;
    case 'boolean':
      return typeof instance === 'boolean';
    case 'integer':
      return typeof instance === 'number' && Number.isInteger(instance);
    case 'number':
      return typeof instance === 'number';
    case 'string':
      return typeof instance === 'string';
    case 'array':
      return Array.isArray(instance);
    case 'object':
      return isObject(instance);
    default:
      return false;
  }
}

/** `jsonschema`'s equality of JSON values: by value, a boolean equal to no number. */
function equal(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => equal(x, b[i]));
  if (isObject(a) || isObject(b)) {
    if (!isObject(a) || !isObject(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && equal(a[k], b[k]));
  }
  return a === b;
}

/** A Python regular expression as JavaScript reads it; `re.search` finds it anywhere. */
function pattern(source: string): RegExp {
  return new RegExp(source.replace(/\(\?P</g, '(?<').replace(/\(\?P=(\w+)\)/g, '\\k<$1>'), 'u');
}

/** Python's `len()` of a string: code points. */
const length = (s: string) => [...s].length;

const repr = pythonRepr;
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

class Validation {
  constructor(private readonly root: Schema) {}

  /** Every violation of `schema` by `instance`, in the order of the schema's keywords. */
  *errors(schema: Schema, instance: unknown, path: PathItem[], schemaPath: PathItem[]): Generator<SchemaViolation> {
    if (schema === true) return;
    if (schema === false) {
      yield { message: `False schema does not allow ${repr(instance)}`, keyword: 'false', path, schemaPath, schema, instance };
      return;
    }
    const fail = (keyword: string, message: string): SchemaViolation => ({ message, keyword, path, schemaPath, schema, instance });
    const sub = (s: unknown, at: PathItem[], inner: PathItem[] = []) => this.errors(s as Schema, instance, [...path, ...inner], [...schemaPath, ...at]);
    for (const [keyword, value] of Object.entries(schema)) {
      switch (keyword) {
        case '$ref': {
          // Its keyword is no step of the schema path, as `jsonschema` records it.
          const target = this.resolve(String(value));
          if (target !== undefined) yield* sub(target, []);
          break;
        }
        case 'type': {
          const types = Array.isArray(value) ? value.map(String) : [String(value)];
          if (!types.some((t) => hasType(instance, t))) yield fail(keyword, `${repr(instance)} is not of type ${types.map((t) => repr(t)).join(', ')}`);
          break;
        }
        case 'enum':
          if (Array.isArray(value) && !value.some((v) => equal(v, instance))) yield fail(keyword, `${repr(instance)} is not one of ${repr(value)}`);
          break;
        case 'const':
          if (!equal(value, instance)) yield fail(keyword, `${repr(value)} was expected`);
          break;
        case 'minimum':
          if (typeof instance === 'number' && instance < Number(value)) yield fail(keyword, `${repr(instance)} is less than the minimum of ${repr(value)}`);
          break;
        case 'maximum':
          if (typeof instance === 'number' && instance > Number(value)) yield fail(keyword, `${repr(instance)} is greater than the maximum of ${repr(value)}`);
          break;
        case 'exclusiveMinimum':
          if (typeof instance === 'number' && instance <= Number(value)) yield fail(keyword, `${repr(instance)} is less than or equal to the minimum of ${repr(value)}`);
          break;
        case 'exclusiveMaximum':
          if (typeof instance === 'number' && instance >= Number(value)) yield fail(keyword, `${repr(instance)} is greater than or equal to the maximum of ${repr(value)}`);
          break;
        case 'multipleOf':
          if (typeof instance === 'number' && typeof value === 'number' && !Number.isInteger(instance / value)) yield fail(keyword, `${repr(instance)} is not a multiple of ${repr(value)}`);
          break;
        case 'minLength':
          if (typeof instance === 'string' && length(instance) < Number(value)) yield fail(keyword, `${repr(instance)} ${value === 1 ? 'should be non-empty' : 'is too short'}`);
          break;
        case 'maxLength':
          if (typeof instance === 'string' && length(instance) > Number(value)) yield fail(keyword, `${repr(instance)} ${value === 0 ? 'is expected to be empty' : 'is too long'}`);
          break;
        case 'pattern':
          if (typeof instance === 'string' && !pattern(String(value)).test(instance)) yield fail(keyword, `${repr(instance)} does not match ${repr(value)}`);
          break;
        case 'minItems':
          if (Array.isArray(instance) && instance.length < Number(value)) yield fail(keyword, `${repr(instance)} ${value === 1 ? 'should be non-empty' : 'is too short'}`);
          break;
        case 'maxItems':
          if (Array.isArray(instance) && instance.length > Number(value)) yield fail(keyword, `${repr(instance)} ${value === 0 ? 'is expected to be empty' : 'is too long'}`);
          break;
        case 'uniqueItems':
          if (value === true && Array.isArray(instance) && instance.some((x, i) => instance.slice(i + 1).some((y) => equal(x, y)))) {
            yield fail(keyword, `${repr(instance)} has non-unique elements`);
          }
          break;
        case 'prefixItems':
          if (Array.isArray(instance) && Array.isArray(value)) {
            for (const [i, item] of value.entries()) if (i < instance.length) yield* this.errors(item as Schema, instance[i], [...path, i], [...schemaPath, keyword, i]);
          }
          break;
        case 'items':
          if (Array.isArray(instance)) {
            const from = Array.isArray(schema.prefixItems) ? schema.prefixItems.length : 0;
            for (let i = from; i < instance.length; i++) yield* this.errors(value as Schema, instance[i], [...path, i], [...schemaPath, keyword]);
          }
          break;
        case 'contains':
          if (Array.isArray(instance) && !instance.some((item) => this.valid(value as Schema, item))) {
            yield fail(keyword, `${repr(instance)} does not contain items matching the given schema`);
          }
          break;
        case 'required':
          if (isObject(instance) && Array.isArray(value)) {
            for (const name of value) if (!(String(name) in instance)) yield fail(keyword, `${repr(name)} is a required property`);
          }
          break;
        case 'minProperties':
          if (isObject(instance) && Object.keys(instance).length < Number(value)) {
            yield fail(keyword, value === 1 ? `${repr(instance)} should be non-empty` : `${repr(instance)} does not have enough properties`);
          }
          break;
        case 'maxProperties':
          if (isObject(instance) && Object.keys(instance).length > Number(value)) {
            yield fail(keyword, value === 0 ? `${repr(instance)} is expected to be empty` : `${repr(instance)} has too many properties`);
          }
          break;
        case 'properties':
          if (isObject(instance) && isObject(value)) {
            for (const [name, property] of Object.entries(value)) {
              if (name in instance) yield* this.errors(property as Schema, instance[name], [...path, name], [...schemaPath, keyword, name]);
            }
          }
          break;
        case 'patternProperties':
          if (isObject(instance) && isObject(value)) {
            for (const [source, property] of Object.entries(value)) {
              for (const name of Object.keys(instance).filter((k) => pattern(source).test(k))) {
                yield* this.errors(property as Schema, instance[name], [...path, name], [...schemaPath, keyword, source]);
              }
            }
          }
          break;
        case 'additionalProperties':
          if (isObject(instance)) {
            const extras = this.additional(schema, instance);
            if (value === false && extras.length) {
              yield fail(keyword, `Additional properties are not allowed (${extras.map((e) => repr(e)).join(', ')} ${plural(extras.length, 'was', 'were')} unexpected)`);
            } else if (value !== false) {
              for (const name of extras) yield* this.errors(value as Schema, instance[name], [...path, name], [...schemaPath, keyword]);
            }
          }
          break;
        case 'propertyNames':
          if (isObject(instance)) for (const name of Object.keys(instance)) yield* this.errors(value as Schema, name, path, [...schemaPath, keyword]);
          break;
        case 'dependentRequired':
          if (isObject(instance) && isObject(value)) {
            for (const [name, needed] of Object.entries(value)) {
              if (!(name in instance) || !Array.isArray(needed)) continue;
              for (const each of needed) if (!(String(each) in instance)) yield fail(keyword, `${repr(each)} is a dependency of ${repr(name)}`);
            }
          }
          break;
        case 'dependentSchemas':
          if (isObject(instance) && isObject(value)) {
            for (const [name, dependent] of Object.entries(value)) if (name in instance) yield* sub(dependent, [keyword, name]);
          }
          break;
        case 'allOf':
          if (Array.isArray(value)) for (const [i, each] of value.entries()) yield* sub(each, [keyword, i]);
          break;
        case 'anyOf':
        case 'oneOf':
          if (Array.isArray(value)) {
            const matching = value.filter((each) => this.valid(each as Schema, instance));
            if (!matching.length) {
              const context = value.flatMap((each, i) => [...this.errors(each as Schema, instance, [], [i])]);
              yield { ...fail(keyword, `${repr(instance)} is not valid under any of the given schemas`), context };
            } else if (keyword === 'oneOf' && matching.length > 1) {
              // The others first, then the first that matched, as `jsonschema` lists them.
              const listed = [...matching.slice(1), matching[0]];
              yield fail(keyword, `${repr(instance)} is valid under each of ${listed.map((m) => repr(m)).join(', ')}`);
            }
          }
          break;
        case 'not':
          if (this.valid(value as Schema, instance)) yield fail(keyword, `${repr(instance)} should not be valid under ${repr(value)}`);
          break;
        case 'if':
          if (this.valid(value as Schema, instance)) {
            if ('then' in schema) yield* sub(schema.then, ['then']);
          } else if ('else' in schema) {
            yield* sub(schema.else, ['else']);
          }
          break;
        default:
          break;
      }
    }
  }

  valid(schema: Schema, instance: unknown): boolean {
    return this.errors(schema, instance, [], []).next().done === true;
  }

  /** Properties neither `properties` nor `patternProperties` name. */
  private additional(schema: Record<string, unknown>, instance: Record<string, unknown>): string[] {
    const named = isObject(schema.properties) ? schema.properties : {};
    const patterns = isObject(schema.patternProperties) ? Object.keys(schema.patternProperties).map(pattern) : [];
    return Object.keys(instance).filter((k) => !(k in named) && !patterns.some((p) => p.test(k)));
  }

  /** A reference within the document (`#/$defs/name`); another document's is not followed. */
  private resolve(ref: string): Schema | undefined {
    if (!ref.startsWith('#')) return undefined;
    let node: unknown = this.root;
    for (const raw of ref.slice(1).split('/').filter(Boolean)) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
    }
    return isObject(node) || typeof node === 'boolean' ? node : undefined;
  }
}

/** Python's comparison of paths: item by item, then by length. */
function comparePaths(a: PathItem[], b: PathItem[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (typeof a[i] !== typeof b[i] || a[i] === b[i]) continue;
    return a[i] < b[i] ? -1 : 1;
  }
  return a.length - b.length;
}

/** Whether the instance is of the failing schema's `type`, where it names one. */
function matchesType(v: SchemaViolation): boolean {
  const type = typeof v.schema === 'object' ? v.schema.type : undefined;
  if (type === undefined) return false;
  return (Array.isArray(type) ? type : [type]).some((t) => hasType(v.instance, String(t)));
}

/** `jsonschema`'s relevance, compared as its key tuple: shallower, later, not `anyOf`/`oneOf`, not of the schema's type ranks higher. */
function compareRelevance(a: SchemaViolation, b: SchemaViolation): number {
  const weak = (v: SchemaViolation) => (v.keyword === 'anyOf' || v.keyword === 'oneOf' ? 0 : 1);
  return b.path.length - a.path.length || comparePaths(a.path, b.path) || weak(a) - weak(b) || Number(!matchesType(a)) - Number(!matchesType(b));
}

/** `jsonschema.best_match`: the most relevant violation, then down into an `anyOf`/`oneOf` while one of its own stands out. */
function bestMatch(violations: SchemaViolation[]): SchemaViolation | undefined {
  let best = violations.reduce<SchemaViolation | undefined>((found, v) => (!found || compareRelevance(v, found) > 0 ? v : found), undefined);
  while (best?.context?.length) {
    const [first, second] = [...best.context].sort(compareRelevance);
    if (second && compareRelevance(first, second) === 0) return best;
    best = first;
  }
  return best;
}

/** The violation `jsonschema.validate` raises, or null when the instance is valid. */
export function schemaViolation(schema: Schema, instance: unknown): SchemaViolation | null {
  return bestMatch([...new Validation(schema).errors(schema, instance, [], [])]) ?? null;
}

/** `str()` of a `jsonschema.ValidationError`: the message, then where in the schema and the instance, pretty-printed. */
export function describeViolation(v: SchemaViolation): string {
  const at = (container: string, items: PathItem[]) => (items.length ? `${container}[${items.map((i) => repr(i)).join('][')}]` : container);
  const indented = (value: unknown) => pformat(value, 0).replace(/^/gm, '    ');
  return `${v.message}\n\nFailed validating ${repr(v.keyword)} in ${at('schema', v.schemaPath)}:\n${indented(v.schema)}\n\nOn ${at('instance', v.path)}:\n${indented(v.instance)}`;
}

/** `str()` of what `jsonschema.validate(value, schema)` raises, or null when the value is valid. */
export function valueError(value: unknown, schema: Schema): string | null {
  const violation = schemaViolation(schema, value);
  return violation ? describeViolation(violation) : null;
}

/** Python's `pprint.pformat(value, width=72, sort_dicts=False)` for JSON values, starting `column` characters in. */
function pformat(value: unknown, column: number, allowance = 0): string {
  const flat = repr(value);
  if (length(flat) <= 72 - column - allowance) return flat;
  const entries: Array<[prefix: string, item: unknown]> = Array.isArray(value)
    ? value.map((item) => ['', item])
    : isObject(value)
      ? Object.entries(value).map(([k, item]) => [`${repr(k)}: `, item])
      : [];
  if (!entries.length) return flat;
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  const inner = column + 1;
  const lines = entries.map(([prefix, item], i) => prefix + pformat(item, inner + length(prefix), i === entries.length - 1 ? allowance + 1 : 1));
  return `${open}${lines.join(`,\n${' '.repeat(inner)}`)}${close}`;
}

/** Keywords whose value must be a schema, a list of schemas, or a map of them: what `check_schema` walks into. */
const SCHEMA_KEYWORDS = new Set(['items', 'contains', 'additionalProperties', 'propertyNames', 'not', 'if', 'then', 'else']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const COUNTS = new Set(['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'minContains', 'maxContains']);
const NUMBERS = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']);

/**
 * Why a schema is no valid JSON Schema (`check_schema` against the 2020-12 meta-schema), in `jsonschema`'s words
 * for the keyword at fault; null when it is one.
 */
export function schemaError(schema: unknown): string | null {
  if (typeof schema === 'boolean') return null;
  if (!isObject(schema)) return `${repr(schema)} is not of type 'object', 'boolean'`;
  for (const [keyword, value] of Object.entries(schema)) {
    let error: string | null = null;
    if (keyword === 'type') {
      const types = Array.isArray(value) ? value : [value];
      const valid = types.every((t) => typeof t === 'string' && TYPES.includes(t)) && (!Array.isArray(value) || (value.length > 0 && new Set(value).size === value.length));
      if (!valid) error = `${repr(value)} is not valid under any of the given schemas`;
    } else if (SCHEMA_KEYWORDS.has(keyword)) {
      error = schemaError(value);
    } else if (SCHEMA_LISTS.has(keyword)) {
      if (!Array.isArray(value)) error = `${repr(value)} is not of type 'array'`;
      else if (!value.length) error = `${repr(value)} should be non-empty`;
      else error = value.map(schemaError).find((e) => e !== null) ?? null;
    } else if (SCHEMA_MAPS.has(keyword)) {
      if (!isObject(value)) error = `${repr(value)} is not of type 'object'`;
      else error = Object.values(value).map(schemaError).find((e) => e !== null) ?? null;
    } else if (keyword === 'required') {
      if (!Array.isArray(value)) error = `${repr(value)} is not of type 'array'`;
      else if (value.some((v) => typeof v !== 'string')) error = `${repr(value.find((v) => typeof v !== 'string'))} is not of type 'string'`;
      else if (new Set(value).size !== value.length) error = `${repr(value)} has non-unique elements`;
    } else if (keyword === 'enum') {
      if (!Array.isArray(value)) error = `${repr(value)} is not of type 'array'`;
    } else if (COUNTS.has(keyword)) {
      if (typeof value !== 'number' || !Number.isInteger(value)) error = `${repr(value)} is not of type 'integer'`;
      else if (value < 0) error = `${repr(value)} is less than the minimum of 0`;
    } else if (NUMBERS.has(keyword)) {
      if (typeof value !== 'number') error = `${repr(value)} is not of type 'number'`;
      else if (keyword === 'multipleOf' && value <= 0) error = `${repr(value)} is less than or equal to the minimum of 0`;
    } else if (keyword === 'pattern') {
      if (typeof value !== 'string') error = `${repr(value)} is not of type 'string'`;
      else {
        try {
          pattern(value);
        } catch {
          error = `${repr(value)} is not a 'regex'`;
        }
      }
    } else if (keyword === 'uniqueItems') {
      if (typeof value !== 'boolean') error = `${repr(value)} is not of type 'boolean'`;
    } else if (keyword === '$ref') {
      if (typeof value !== 'string') error = `${repr(value)} is not of type 'string'`;
    }
    if (error !== null) return error;
  }
  return null;
}
