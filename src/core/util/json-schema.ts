import Ajv, { type AnySchema, type ErrorObject, type ValidateFunction } from 'ajv';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import { pythonRepr } from './python-repr';

/*
 * JSON schemas as NetBox checks them with Python's jsonschema: a schema under the meta-schema its `$schema` names (the
 * latest draft when it names none), and a value under a schema. Failures are worded as jsonschema words its first line.
 */

type Validators = Ajv | Ajv2019 | Ajv2020;

const options = { strict: false, allErrors: false, validateFormats: false } as const;

/**
 * A validator of the draft a schema declares: draft 7 (and 6), 2019-09, else 2020-12. A new one for each schema: a
 * validator keeps the schemas it compiled by their `$id`, and two schemas may name the same one.
 */
function engineFor(schema: Record<string, unknown>): Validators {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (/draft-0[67]\//.test(declared)) return new Ajv(options);
  if (declared.includes('2019-09')) return new Ajv2019(options);
  return new Ajv2020(options);
}

/** Compiled schemas by their text, a bounded number: module types are checked against few profiles, often. */
const compiled = new Map<string, ValidateFunction>();
const COMPILED_KEPT = 100;

function compile(schema: Record<string, unknown>): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    if (compiled.size >= COMPILED_KEPT) compiled.clear();
    validate = engineFor(schema).compile(bare(schema) as AnySchema);
    compiled.set(key, validate);
  }
  return validate;
}

/** A schema without the `$schema` the validator would look up (and refuse, for a draft it does not bundle). */
function bare(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema, ...rest } = schema;
  return /draft-07\/|2019-09|2020-12/.test(String($schema ?? '')) ? schema : rest;
}

/** The instance an error is about, found along its JSON pointer. */
function instanceAt(value: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((at, key) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), value);
}

/** jsonschema's message for a failed keyword, where the two libraries name the same keyword. */
function jsonschemaMessage(error: ErrorObject, value: unknown): string {
  const instance = pythonRepr(instanceAt(value, error.instancePath));
  const p = error.params as Record<string, any>;
  switch (error.keyword) {
    case 'type':
      return `${instance} is not of type ${String(p.type).split(',').map((t) => pythonRepr(t)).join(', ')}`;
    case 'required':
      return `${pythonRepr(p.missingProperty)} is a required property`;
    case 'enum':
      return `${instance} is not one of ${pythonRepr(p.allowedValues)}`;
    case 'const':
      return `${pythonRepr(p.allowedValue)} was expected`;
    case 'minimum':
      return `${instance} is less than the minimum of ${pythonRepr(p.limit)}`;
    case 'maximum':
      return `${instance} is greater than the maximum of ${pythonRepr(p.limit)}`;
    case 'exclusiveMinimum':
      return `${instance} is less than or equal to the minimum of ${pythonRepr(p.limit)}`;
    case 'exclusiveMaximum':
      return `${instance} is greater than or equal to the maximum of ${pythonRepr(p.limit)}`;
    case 'minLength':
      return `${instance} is too short`;
    case 'maxLength':
      return `${instance} is too long`;
    case 'pattern':
      return `${instance} does not match ${pythonRepr(p.pattern)}`;
    case 'additionalProperties':
      return `Additional properties are not allowed (${pythonRepr(p.additionalProperty)} was unexpected)`;
    case 'minItems':
      return `${instance} is too short`;
    case 'maxItems':
      return `${instance} is too long`;
    default:
      return `${instance} ${error.message ?? 'is not valid'}`;
  }
}

/** Why a value is not a usable schema (jsonschema's check_schema), or null when it is one. */
export function schemaError(schema: unknown): string | null {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return 'not a JSON object';
  const engine = engineFor(schema as Record<string, unknown>);
  const checked = bare(schema as Record<string, unknown>);
  if (engine.validateSchema(checked as AnySchema)) {
    try {
      compile(schema as Record<string, unknown>);
      return null;
    } catch (e) {
      return (e as Error).message;
    }
  }
  const [error] = engine.errors ?? [];
  return error ? jsonschemaMessage(error, checked) : 'invalid schema';
}

/** Why a value does not satisfy a schema (jsonschema's validate, its first error), or null when it does. */
export function valueError(value: unknown, schema: Record<string, unknown>): string | null {
  const validate = compile(schema);
  if (validate(value)) return null;
  const [error] = validate.errors ?? [];
  return error ? jsonschemaMessage(error, value) : 'invalid';
}
