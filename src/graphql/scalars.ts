import { GraphQLError, GraphQLScalarType, Kind, ValueNode } from 'graphql';
import { formatTimestamp } from '../core/model/fields';

/** Any JSON value: custom fields, config contexts, JSON columns (NetBox's GenericScalar). */
export const GenericScalar = new GraphQLScalarType({
  name: 'GenericScalar',
  description: 'Any JSON value.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: function literal(node: ValueNode): unknown {
    switch (node.kind) {
      case Kind.STRING:
      case Kind.BOOLEAN:
        return node.value;
      case Kind.INT:
      case Kind.FLOAT:
        return Number(node.value);
      case Kind.LIST:
        return node.values.map(literal);
      case Kind.OBJECT:
        return Object.fromEntries(node.fields.map((f) => [f.name.value, literal(f.value)]));
      default:
        return null;
    }
  },
});

/** Any JSON value, as strawberry's JSON scalar names it (NetBox 4.x's custom fields, config contexts). */
export const JsonScalar = new GraphQLScalarType({ ...GenericScalar.toConfig(), name: 'JSON', description: 'The `JSON` scalar type represents JSON values.' });

/** Integers beyond 32 bits (a 4-byte ASN), as NetBox's BigInt. */
export const BigIntScalar = new GraphQLScalarType({
  name: 'BigInt',
  description: 'An integer that may exceed 32 bits.',
  serialize: (value) => (value === null || value === undefined ? null : Number(value)),
  parseValue: (value) => Number(value),
  parseLiteral: (node) => (node.kind === Kind.INT ? Number(node.value) : undefined),
});

/** A timestamp as strawberry's `DateTime` reads it: ISO text, the same as REST's (microseconds, `Z`). */
export const DateTimeScalar = new GraphQLScalarType({
  name: 'DateTime',
  description: 'Date with time (isoformat)',
  serialize: (value) => (value instanceof Date ? formatTimestamp(value) : value === null || value === undefined ? null : String(value)),
  parseValue: (value) => parseIso(value, 'DateTime'),
  parseLiteral: (node) => parseIso(node.kind === Kind.STRING ? node.value : undefined, 'DateTime'),
});

/** A date as strawberry's `Date`: `YYYY-MM-DD`. */
export const DateScalar = new GraphQLScalarType({
  name: 'Date',
  description: 'Date (isoformat)',
  serialize: (value) => (value === null || value === undefined ? null : String(value).slice(0, 10)),
  parseValue: (value) => parseIso(value, 'Date'),
  parseLiteral: (node) => parseIso(node.kind === Kind.STRING ? node.value : undefined, 'Date'),
});

/** A fixed-point number as strawberry's `Decimal`: text, so that no digit is lost to a float. */
export const DecimalScalar = new GraphQLScalarType({
  name: 'Decimal',
  description: 'Decimal (fixed-point)',
  serialize: (value) => (value === null || value === undefined ? null : String(value)),
  parseValue: (value) => parseDecimal(value),
  parseLiteral: (node) => parseDecimal(node.kind === Kind.STRING || node.kind === Kind.INT || node.kind === Kind.FLOAT ? node.value : undefined),
});

const ISO = { Date: /^\d{4}-\d{2}-\d{2}$/, DateTime: /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?)?(Z|[+-]\d{2}:?\d{2})?$/ };

/** Text in ISO form, kept as text for the filters to parse as REST's do; anything else refused as strawberry refuses it. */
function parseIso(value: unknown, scalar: keyof typeof ISO): string {
  if (typeof value !== 'string' || !ISO[scalar].test(value) || !isCalendarDate(value.slice(0, 10))) {
    throw new GraphQLError(`${scalar} cannot represent value: ${JSON.stringify(value) ?? String(value)}`);
  }
  return value;
}

/** Whether `YYYY-MM-DD` names a day of the calendar (not February 30th, which JavaScript's Date rolls over). */
function isCalendarDate(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function parseDecimal(value: unknown): string {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text.trim())) {
    throw new GraphQLError(`Decimal cannot represent value: ${JSON.stringify(value) ?? String(value)}`);
  }
  return text.trim();
}
