import { describeViolation, schemaError, schemaViolation } from './json-schema';

const message = (schema: Record<string, unknown>, instance: unknown) => schemaViolation(schema, instance)?.message ?? null;

describe("JSON Schema with Python jsonschema's messages", () => {
  it('accepts what a schema allows', () => {
    const schema = { type: 'object', properties: { vlan: { type: 'integer', minimum: 1, maximum: 4094 } }, required: ['vlan'], additionalProperties: false };
    expect(schemaViolation(schema, { vlan: 100 })).toBeNull();
    expect(schemaViolation(true, 'anything')).toBeNull();
  });

  it.each([
    [{ type: 'object' }, [], "[] is not of type 'object'"],
    [{ type: ['string', 'null'] }, 1, "1 is not of type 'string', 'null'"],
    [{ type: 'integer' }, 1.5, "1.5 is not of type 'integer'"],
    [{ type: 'number' }, true, "True is not of type 'number'"],
    [{ required: ['ntp', 'dns'] }, { dns: [] }, "'ntp' is a required property"],
    [{ enum: ['a', 'b'] }, 'c', "'c' is not one of ['a', 'b']"],
    [{ enum: [1] }, true, "True is not one of [1]"],
    [{ const: 'x' }, 'y', "'x' was expected"],
    [{ minimum: 1 }, 0, '0 is less than the minimum of 1'],
    [{ exclusiveMaximum: 10 }, 10, '10 is greater than or equal to the maximum of 10'],
    [{ minLength: 1 }, '', "'' should be non-empty"],
    [{ maxLength: 2 }, 'abc', "'abc' is too long"],
    [{ pattern: '^ge-' }, 'xe-0', "'xe-0' does not match '^ge-'"],
    [{ minItems: 2 }, [1], '[1] is too short'],
    [{ uniqueItems: true }, [1, 2, 1], '[1, 2, 1] has non-unique elements'],
    [{ properties: { a: { type: 'string' } }, additionalProperties: false }, { a: 'x', b: 1, c: 2 }, "Additional properties are not allowed ('b', 'c' were unexpected)"],
    [{ anyOf: [{ type: 'string' }, { type: 'null' }] }, 1, '1 is not valid under any of the given schemas'],
    [{ not: { type: 'string' } }, 'x', "'x' should not be valid under {'type': 'string'}"],
    [{ $defs: { port: { type: 'integer' } }, properties: { port: { $ref: '#/$defs/port' } } }, { port: 'ssh' }, "'ssh' is not of type 'integer'"],
  ])('refuses by %j: %j', (schema, instance, expected) => {
    expect(message(schema, instance)).toBe(expected);
  });

  it('reports the failure nearest the root, and where it is, as str() of the error prints it', () => {
    const schema = { type: 'object', properties: { ntp: { type: 'array', items: { type: 'string' } } }, required: ['dns'] };
    const violation = schemaViolation(schema, { ntp: ['pool', 1] })!;
    expect(violation.message).toBe("'dns' is a required property");
    expect(describeViolation(schemaViolation(schema, { ntp: ['pool', 1], dns: [] })!)).toBe(
      "1 is not of type 'string'\n\nFailed validating 'type' in schema['properties']['ntp']['items']:\n    {'type': 'string'}\n\nOn instance['ntp'][1]:\n    1",
    );
  });

  it('descends into an anyOf to the subschema of the instance\'s type, with paths relative to it, as best_match does', () => {
    const schema = { properties: { a: { anyOf: [{ type: 'string' }, { type: 'integer', minimum: 5 }] } } };
    expect(describeViolation(schemaViolation(schema, { a: 1 })!)).toBe(
      "1 is less than the minimum of 5\n\nFailed validating 'minimum' in schema[1]:\n    {'type': 'integer', 'minimum': 5}\n\nOn instance:\n    1",
    );
    expect(message({ oneOf: [{ type: 'integer' }, { minimum: 0 }] }, 1)).toBe("1 is valid under each of {'minimum': 0}, {'type': 'integer'}");
    expect(describeViolation(schemaViolation({ $defs: { port: { type: 'integer' } }, properties: { port: { $ref: '#/$defs/port' } } }, { port: 'ssh' })!)).toMatch(
      /^'ssh' is not of type 'integer'\n\nFailed validating 'type' in schema\['properties'\]\['port'\]:/,
    );
  });

  it('prints a long schema over several lines, as pprint does at 72 columns', () => {
    const schema = { type: 'object', required: ['a'], properties: { alpha: { type: 'string', description: 'the first of several long property descriptions' } } };
    expect(describeViolation(schemaViolation(schema, {})!).split('\n').slice(2, 6)).toEqual([
      "Failed validating 'required' in schema:",
      "    {'type': 'object',",
      "     'required': ['a'],",
      "     'properties': {'alpha': {'type': 'string',",
    ]);
  });

  it('checks a schema as check_schema does', () => {
    expect(schemaError({ type: 'object', properties: { a: { type: 'string' } } })).toBeNull();
    expect(schemaError({ type: 'thing' })).toBe("'thing' is not valid under any of the given schemas");
    expect(schemaError({ properties: { a: { minLength: -1 } } })).toBe('-1 is less than the minimum of 0');
    expect(schemaError({ required: 'a' })).toBe("'a' is not of type 'array'");
    expect(schemaError({ pattern: '(' })).toBe("'(' is not a 'regex'");
  });
});
